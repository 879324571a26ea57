"""The Pygments lexer: registered as `bps`, it highlights every official script without
an error token, and a ```bps fence renders with highlighted spans as on the docs site."""

from __future__ import annotations

from pathlib import Path

import markdown
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import find_lexer_class_for_filename, get_lexer_by_name
from pygments.token import Error

from bpscript.load.loader import base_files
from bpscript.syntax.highlight import BpsLexer

ROOT = Path(__file__).parents[2]
UP = (ROOT / "frames" / "homebrew-example" / "frame.bps").read_text("utf-8")


def test_registered_as_bps_through_the_entry_point():
    assert isinstance(get_lexer_by_name("bps"), BpsLexer)
    assert find_lexer_class_for_filename("my-frame.bps") is BpsLexer


def test_official_scripts_lex_without_errors_and_lose_nothing():
    lexer = BpsLexer(stripnl=False)
    for path in base_files() + [ROOT / "tests" / "syntax" / "fixtures" / "messy.bps"]:
        text = path.read_text("utf-8")
        tokens = list(lexer.get_tokens(text))
        assert not [v for t, v in tokens if t in Error], path
        assert "".join(v for _, v in tokens) == text


def test_a_script_renders_with_highlighted_spans():
    html = highlight(UP, BpsLexer(), HtmlFormatter(nowrap=True))
    for expected in ('<span class="kd">override</span>', '<span class="kd">action</span>',
                     '<span class="nd">@直接-通常-クイック</span>', '<span class="kt">$DL</span>',
                     '<span class="ss">★♡A〜10</span>', '<span class="na">effect</span>',
                     '<span class="nf">place_fog</span>', '<span class="nc">(速攻魔法)</span>',
                     '<span class="c1"># In this frame アップ also costs a life point. The effect is the official one: the key</span>',
                     '<span class="ss">♠A</span>'):
        assert expected in html, expected


def test_script_text_stays_inert_in_html():
    html = highlight('action x "<script>alert(1)</script>" {\n}\n', BpsLexer(), HtmlFormatter(nowrap=True))
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_a_bps_fence_is_highlighted_as_on_the_docs_site():
    """The docs' Markdown set-up (mkdocs.yml): pymdownx.highlight over superfences."""
    page = markdown.markdown(f"```bps\n{UP}```\n", extensions=["pymdownx.highlight", "pymdownx.superfences"],
                             extension_configs={"pymdownx.highlight": {"pygments_lang_class": True}})
    assert 'class="language-bps highlight"' in page
    assert '<span class="nd">@直接-通常-メイン</span>' in page


def test_every_keyword_of_the_grammar_is_highlighted():
    import re

    from pygments.token import Name, Text
    rules = re.sub(r"//[^\n]*", "", (ROOT / "bpscript" / "syntax" / "grammar.lark").read_text("utf-8"))
    words = set(re.findall(r'"([a-z_]+)"', rules))
    lexer = BpsLexer()
    plain = []
    for word in sorted(words):
        if word in ("action", "character", "fog", "trump", "format", "frame", "cost", "extends", "override",
                    "speed", "timing", "zone", "component", "type", "role", "label", "status", "owner", "spelling",
                    "rule", "phrase", "note", "ruleset", "supplement"):
            line = f'{word} someId "名前"\n'
        elif word in ("allow", "disclosure"):
            line = f"  {word} x\n"
        elif re.fullmatch(r"[a-z_]+", word) and word not in ("and", "or", "not", "in", "if", "elif", "else", "for",
                                                              "let", "step", "repeat", "until", "where", "when",
                                                              "on", "each", "scope", "of", "by", "same_as", "any"):
            line = f"  {word}: x\n"
        else:
            line = f"    x {word} y\n"
        kinds = [t for t, v in lexer.get_tokens(line) if v == word]
        if not kinds or kinds[0] in (Name, Text):
            plain.append(word)
    assert not plain and len(words) >= 50, plain


def _kinds(line: str) -> list[tuple[str, str]]:
    return [(v, str(t)) for t, v in BpsLexer().get_tokens(line) if v.strip()]


def test_every_vocabulary_kind_of_the_grammar_is_a_declaration():
    import re

    from pygments.token import Keyword
    rules = (ROOT / "bpscript" / "syntax" / "grammar.lark").read_text("utf-8")
    kinds = re.findall(r'"([a-z]+)"', re.search(r"!vocab_kind:(.*?)\nvocab_attrs", rules, re.S).group(1))
    assert "rule" in kinds and "phrase" in kinds
    for kind in kinds:
        tokens = list(BpsLexer().get_tokens(f'{kind} someId "名前" {{ a: b }}\n'))
        assert tokens[0] == (Keyword.Declaration, kind), kind


def test_a_phrase_shows_where_the_printed_thing_stands():
    assert ("{what}", "Token.Literal.String.Interpol") in _kinds('phrase targets "{what}を対象と" { means: target }\n')


def test_comparisons_are_operators_and_labels_are_labels():
    effect = _kinds("    if life(me) < 3 and life(opponent) > 2 {\n")
    assert ("<", "Token.Operator") in effect and (">", "Token.Operator") in effect
    assert not [v for v, t in effect if t == "Token.Name.Tag"]
    line = _kinds("  labels: <アタッカー> when has_number(unit, 1) and unit.size < 3 and x > 1, <ブロッカー>\n")
    assert [v for v, t in line if t == "Token.Name.Tag"] == ["<アタッカー>", "<ブロッカー>"]
    assert [v for v, t in line if t == "Token.Operator"] == ["<", ">"]


def test_a_comprehension_is_highlighted_as_code():
    line = _kinds("    let xs = [u for u in units(soldier, me) if u.size < 3]\n")
    assert [v for v, t in line if t == "Token.Keyword"] == ["let", "for", "in", "if"]
    assert ("units", "Token.Name.Function") in line
