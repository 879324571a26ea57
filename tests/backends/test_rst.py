"""RST chapters for the Sphinx rulebook: they build with `sphinx-build -W`, carry the official
structure (labels, index entries, membership tables, every field, nested lists, 関連), and
print any script text as text."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest
from docutils import nodes
from docutils.core import publish_doctree
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bpscript.backends import rst_text as rt
from bpscript.backends.rst_backend import build_rst
from bpscript.backends.textfmt import parse_blocks
from bpscript.load.loader import load_official

FIXTURE = Path(__file__).parent / "fixtures" / "hostile"
VOCABULARY = Path(__file__).parents[2] / "stdlib" / "blackpoker-8.2" / "00-vocabulary.bps"  # the words the fixture uses
pytest.importorskip("sphinx")


def _text(page: str) -> str:
    """The visible text of an HTML page (tags removed, entities decoded)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", page))


@pytest.fixture(scope="module")
def official() -> dict[str, str]:
    return {k: v.decode("utf-8") for k, v in build_rst(load_official().ruleset).items()}


@pytest.fixture(scope="module")
def hostile(load_on_vocabulary) -> dict[str, str]:
    result = load_on_vocabulary(FIXTURE)
    assert not result.errors
    return {k: v.decode("utf-8") for k, v in build_rst(result.ruleset).items()}


@pytest.fixture(scope="module")
def site(tmp_path_factory, official, hostile) -> Path:
    """A minimal Sphinx project including every generated chapter, built with -W."""
    root = tmp_path_factory.mktemp("sphinx")
    chapters = []
    for prefix, files in (("official", official), ("hostile", hostile)):
        for name, text in files.items():
            path = root / prefix / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
            chapters.append(f"{prefix}/{name[:-4]}")
    (root / "conf.py").write_text("project = 'rulebook'\nlanguage = 'ja'\n", "utf-8")
    (root / "index.rst").write_text("公式ルール\n==========\n\n.. toctree::\n   :maxdepth: 2\n\n"
                                    + "".join(f"   {c}\n" for c in chapters), "utf-8")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           str(root), str(root / "_build")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return root / "_build"


def test_one_chapter_per_format_and_per_frame(official):
    rs = load_official().ruleset
    assert sorted(official) == sorted([f"rst/format-{f}.rst" for f in rs.formats] +
                                      [f"rst/frame-{f}.rst" for f in rs.frames])


def test_chapters_build_with_sphinx_warnings_as_errors(site):
    assert (site / "official" / "rst" / "format-mast.html").is_file()
    assert (site / "hostile" / "rst" / "format-evil.html").is_file()


def test_labels_are_unique_and_links_stay_in_their_chapter(official):
    seen: set[str] = set()
    for name, text in official.items():
        defined = set(re.findall(r"^\.\. _([^:]+):$", text, flags=re.M))
        assert not {d.lower() for d in defined} & seen, name
        seen |= {d.lower() for d in defined}
        refs = set(re.findall(r":ref:`[^`]*<([^>]+)>`", text))
        assert refs <= defined, (name, refs - defined)  # each chapter builds on its own too
    for label in ("act-end", "act-summonReanimator", "char-reanimator", "fog-closeFog", "trump-sJ",
                  "format-mast-act-end", "frame-extra-act-packopen"):
        assert label.lower() in seen


def test_an_action_carries_every_field(official):
    text = official["rst/format-lite.rst"]  # the first chapter listing it: its plain label
    section = text[text.index(".. _act-summonsHero:"):text.index(".. _act-summonsAce:")]
    for line in (".. index::", "   single: え|英雄召喚(アクション)", "英雄召喚 \\(召喚\\)", "**フォーマット:**",
                 '   "ライト", "スタンダード", "プロ", "マスター"', '   "◯", "◯", "◯", "◯"',
                 "**@** 直接\\-通常\\-メイン", "**キーカード条件:** J〜K", "**コスト:** BBL",
                 "**効果:**", "**ストーリー:**", "**フレーバー:**", "| *「実力はわからんが一応英雄様の出陣じゃ。粗相のないようしっかりやれよ。」*",
                 "~ 古参兵より ~", "**導入バージョン:** v3\\.0", "**更新バージョン:** v8\\.0"):
        assert line in section.split("\n"), line


def test_nested_lists_and_membership_in_the_built_page(site):
    page = (site / "official" / "rst" / "format-lite.html").read_text("utf-8")
    judge = page[page.index('id="act-damagejudge"'):page.index('id="act-nextgeneration"')]
    # ダメージ判定: 1. 2. (1. (A. B.) 2.) 3. as nested ordered lists
    assert re.search(r'<ol class="arabic[^"]*">.*<ol class="arabic[^"]*">.*<ol class="upperalpha[^"]*">', judge, re.S)
    visible = _text(judge)
    assert "防壁がJokerの場合" in visible and "兵士（アタッカー）と防壁（ブロッカー）の場合、次を行う。" in visible
    kill = (site / "official" / "rst" / "format-pro.html").read_text("utf-8")
    row = _text(kill[kill.index('id="act-kill"'):kill.index('id="act-reunion"')])
    assert re.search(r"x\s+x\s+◯\s+◯", row)  # ライト スタンダード プロ マスター


def test_trump_lists_its_related_scripts_as_links(site):
    page = (site / "official" / "rst" / "frame-extra.html").read_text("utf-8")
    trump = page[page.index('id="trump-sj"'):page.index('id="trump-sk"')]
    links = re.findall(r'href="#([^"]+)"', trump)
    for target in ("act-summonreanimator", "act-quicksummonreanimator", "act-reanimatorreanimate",
                   "act-reanimatorrevive", "char-reanimator"):
        assert target in links
    assert "関連" in _text(trump)
    # 「リアニメーター召喚」を参照 links to the action (same_as), inside the chapter
    quick = page[page.index('id="act-quicksummonreanimator"'):page.index('id="act-reanimatorreanimate"')]
    assert 'href="#act-summonreanimator"' in quick


def test_index_entries_carry_the_ruby(site):
    index = _text((site / "genindex.html").read_text("utf-8"))
    assert "せ|世代交代(アクション)" in index
    assert "エンド(アクション)" in index


def test_hostile_text_is_printed_as_text(site, hostile):
    page = _text((site / "hostile" / "rst" / "format-evil.html").read_text("utf-8"))
    for literal in ("`名前` *強調* :ref:`act-end`", "※ .. include:: /etc/passwd",
                    ":doc:`index` と |sub| と [1]_ と name_", ".. raw:: html", "<script>alert(1)</script>",
                    "**太字** https://example.com/a_b a@b.com", "``literal`` と \\back\\slash", "----------",
                    "- 箇条書きではない", "本当の箇条書き", ".. image:: x.png", "====", "「*強調*じゃない」",
                    "2行目 `x`", "~話者~ |x|", "キャラ <b>太</b>", ":math:`x`", "<アタッカー>(:ref:`x`)",
                    ".. warning:: 警告", "悪*い*フォーマット"):
        assert literal in page, literal
    raw = (site / "hostile" / "rst" / "format-evil.html").read_text("utf-8")
    assert "<script>alert(1)" not in raw and "<b>太</b>" not in raw
    assert 'href="https://example.com' not in raw and "mailto:" not in raw


PRINTABLE = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")),
                    min_size=1, max_size=60)


@settings(max_examples=200, deadline=None)
@given(PRINTABLE)
@example("\\\\")  # found by CI: escaped, two backslashes made a line of four, a transition
def test_inline_text_is_literal(text):
    text = " ".join(text.split())
    if not text:
        return
    doc = publish_doctree(rt.inline(text), settings_overrides={"report_level": 1, "halt_level": 1,
                                                               "smart_quotes": True})
    assert doc.astext() == text
    assert not list(doc.findall(nodes.reference)) and not list(doc.findall(nodes.system_message))
    assert [type(n) for n in doc.children] == [nodes.paragraph]


@pytest.mark.parametrize("n", range(1, 7))
@pytest.mark.parametrize("char", "=-~")
def test_a_run_of_backslashes_is_text_as_paragraph_and_as_title(n, char):
    text = "\\" * n
    quiet = {"report_level": 1, "halt_level": 1}
    doc = publish_doctree(rt.inline(text), settings_overrides=quiet)
    assert doc.astext() == text and [type(c) for c in doc.children] == [nodes.paragraph]
    doc = publish_doctree("\n".join(rt.title(text, char)), settings_overrides=quiet)
    assert [type(c) for c in doc.children] == [nodes.title] and doc.children[0].astext() == text


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", "1. ", "2. ", "A. ", "・", "  1. ", "  ・", "    A. ", "I. "]),
                          PRINTABLE), min_size=1, max_size=6))
@example([("", "0.0")])  # a body that is itself a numbered item (item 0, text `0`)
def test_nested_blocks_are_valid_rst(lines):
    text = "\n".join(prefix + " ".join(body.split()) for prefix, body in lines if " ".join(body.split()))
    if not text.strip():
        return
    doc = publish_doctree("\n".join(rt.text_blocks(text)),
                          settings_overrides={"report_level": 2, "halt_level": 2, "smart_quotes": True})
    # (a list starting at 2 gets an INFO note, which Sphinx does not report)
    assert not [m for m in doc.findall(nodes.system_message) if m["level"] >= 2]
    shown = doc.astext()
    # every text is shown; a line's leading `1.` / `A.` / `・` is a list marker, shown as the
    # list's numbering (a body may start with one too: `0.0` is item 0, `0`)
    for body in _texts(parse_blocks(text)):
        assert body in shown


def _texts(blocks):
    for b in blocks:
        if b.kind == "p":
            yield b.text
        for it in b.items:
            yield it.text
            yield from _texts(it.children)
