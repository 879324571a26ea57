"""`bpscript fmt`: one canonical layout, idempotent, comments kept, meaning preserved.

Meaning is the JSON export of the loaded ruleset: it must be identical before and after
formatting. Where formatting moves lines (blank lines), only the `source` positions
may differ, and the comparison says so explicitly.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpscript.backends.json_backend import dumps
from bpscript.load.catalog import catalog
from bpscript.cli import main
from bpscript.load.loader import base_files, load
from bpscript.syntax.format import FormatError, format_text
from bpscript.syntax.parser import parse_module

ROOT = Path(__file__).parents[2]
FIXTURES = Path(__file__).parent / "fixtures"
OFFICIAL = base_files()


def export(texts: dict[Path, str], paths: list[Path] | None = None) -> str:
    """The JSON export of the ruleset made of these texts (files need not exist)."""
    return dumps(load(paths or list(texts), overlay=texts).ruleset)


def without_positions(text: str) -> str:
    data = json.loads(text)
    for s in data["scripts"] + data.get("scoped_overrides", []):
        s.pop("source")
    return json.dumps(data, ensure_ascii=False, indent=1)


# ---------------------------------------------------------------- the layout
def test_messy_file_gets_the_canonical_layout():
    messy = (FIXTURES / "messy.bps").read_text("utf-8")
    assert format_text(messy) == (FIXTURES / "messy.formatted.bps").read_text("utf-8")


def test_formatting_is_idempotent():
    for text in [(FIXTURES / "messy.bps").read_text("utf-8")] + [p.read_text("utf-8") for p in OFFICIAL]:
        once = format_text(text)
        assert format_text(once) == once


def test_comments_are_kept_in_order():
    messy = (FIXTURES / "messy.bps").read_text("utf-8")
    comments = [m.group().rstrip() for m in re.finditer(r"#[^\n]*", messy)]
    assert len(comments) == 4
    out = format_text(messy)
    assert [m.group() for m in re.finditer(r"#[^\n]*", out)] == comments


def test_long_text_keeps_its_value_when_reindented():
    src = 'action a "A" {\n        effect: """\n              1. x\n                 ・y\n\n              2. z\n        """\n}\n'
    out = format_text(src)
    assert '  effect: """\n    1. x\n       ・y\n\n    2. z\n  """\n' in out
    before = parse_module(src)[0].items[0].fields[0].text.value
    after = parse_module(out)[0].items[0].fields[0].text.value
    assert before == after == "1. x\n   ・y\n\n2. z"


def test_bom_and_crlf_are_kept():
    src = '\ufeffcost B Bulwark "x"\r\n\r\n\r\ncost L Life "y"\r\n'
    assert format_text(src) == '\ufeffcost B Bulwark "x"\r\n\r\ncost L Life "y"\r\n'


def test_text_that_does_not_parse_is_refused_with_diagnostics():
    with pytest.raises(FormatError) as err:
        format_text('action a "A" {\n  effect "x"\n}\n', "bad.bps")
    assert err.value.diagnostics and err.value.diagnostics[0].span.file == "bad.bps"


# ---------------------------------------------------------------- the command
def test_official_scripts_are_formatted(capsys):
    """What CI checks: stdlib/ and frames/ are kept in the canonical layout."""
    assert main(["fmt", "--check", str(ROOT / "stdlib"), str(ROOT / "frames")]) == 0
    assert "0 file(s) would be reformatted" in capsys.readouterr().err


def test_fmt_check_lists_files_and_writes_nothing(tmp_path, capsys):
    messy = (FIXTURES / "messy.bps").read_text("utf-8")
    (tmp_path / "a.bps").write_text(messy, encoding="utf-8")
    (tmp_path / "b.bps").write_text(format_text(messy), encoding="utf-8")
    assert main(["fmt", "--check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "a.bps" in out and "b.bps" not in out
    assert (tmp_path / "a.bps").read_text("utf-8") == messy


def test_fmt_writes_changed_files_only(tmp_path):
    messy = (FIXTURES / "messy.bps").read_text("utf-8")
    a, b = tmp_path / "a.bps", tmp_path / "b.bps"
    a.write_text(messy, encoding="utf-8")
    b.write_text(format_text(messy), encoding="utf-8")
    b_stat = b.stat()
    assert main(["fmt", str(tmp_path)]) == 0
    assert a.read_text("utf-8") == format_text(messy)
    assert b.stat().st_mtime_ns == b_stat.st_mtime_ns and b.stat().st_ino == b_stat.st_ino
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.bps", "b.bps"]  # no temporary left behind
    assert main(["fmt", "--check", str(tmp_path)]) == 0


def test_fmt_leaves_a_broken_file_untouched(tmp_path, capsys):
    broken = (ROOT / "tests" / "fixtures" / "syntax_errors.bps").read_text("utf-8")
    path = tmp_path / "broken.bps"
    path.write_text(broken, encoding="utf-8")
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert "error[E001]" in err and "left untouched" in err
    assert path.read_text("utf-8") == broken


def test_fmt_usage_errors_exit_2(tmp_path):
    assert main(["fmt", str(tmp_path / "missing.bps")]) == 2
    assert main(["fmt", str(tmp_path)]) == 2  # no .bps files


# ---------------------------------------------------------------- meaning: every official script
def _line_kept_mess(text: str, rng: random.Random) -> str:
    """The same tokens on the same lines, with other indentation and spacing."""
    out = []
    in_text = False
    for line in text.split("\n"):
        quotes = line.count('"""')
        if in_text or not line.strip() or not line.startswith(" "):
            out.append(line)  # a text's lines, and the lines that name an item (its position is exported)
        elif line.lstrip().startswith(("@", "$", "★", "☆", "category", "labels")):  # text in tokens
            out.append(rng.choice(["", " ", "\t", "      "]) + line.strip())
        else:
            parts = re.split(r'("(?:[^"\\]|\\.)*")', line.strip())
            for i in range(0, len(parts), 2):  # outside string literals only
                seg = re.sub(r" ", lambda _: rng.choice([" ", "  ", "\t", " \u3000"]), parts[i])
                seg = re.sub(r"([(\[,{])", lambda m: m.group(1) + rng.choice(["", " "]), seg)
                parts[i] = re.sub(r"([)\],}])", lambda m: rng.choice(["", " "]) + m.group(1), seg)
            lead = rng.choice([" ", "   ", "\t", "        "])
            tail = "" if quotes % 2 else rng.choice(["", " ", "\t"])  # after an opening """ it is text
            out.append(lead + "".join(parts) + tail)
        if quotes % 2:
            in_text = not in_text
    return "\n".join(out)


def _blank_line_mess(text: str, rng: random.Random) -> str:
    """Blank lines added and removed outside texts, where the layout fixes their number:
    inside an item (none) and after an item over several lines (one). Between one-line
    items and comments the author's 0 or 1 blank lines stay as written."""
    out = []
    in_text = False
    for line in text.split("\n"):
        fixed = bool(out) and (out[-1] == "}" or out[-1].startswith((" ", "\t")))
        if not in_text and not line.strip() and fixed and rng.random() < 0.5:
            continue
        out.append(line)
        if line.count('"""') % 2:
            in_text = not in_text
        if not in_text and (line == "}" or line.startswith((" ", "\t"))) and rng.random() < 0.3:
            out.extend([""] * rng.randint(1, 3))
    return "\n".join(out)


#: every .bps under stdlib/ and frames/, by package: each bundled ruleset, and the example
#: homebrew frame (which `extends` one)
PACKAGES = {**{name: b.files() for name, b in catalog().items()},
            "homebrew-example": sorted((ROOT / "frames" / "homebrew-example").glob("*.bps"))}


def test_the_packages_cover_every_file_under_stdlib_and_frames():
    every = {p.resolve() for d in ("stdlib", "frames") for p in (ROOT / d).rglob("*.bps")}
    assert every == {p.resolve() for files in PACKAGES.values() for p in files}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_official_script_keeps_its_meaning(package, seed):
    files = PACKAGES[package]
    rng = random.Random(seed)
    original = {p.resolve(): p.read_text("utf-8") for p in files}
    reference = export(original, files)
    assert json.loads(reference)["scripts"]
    messy = {p: _line_kept_mess(t, rng) for p, t in original.items()}
    assert messy != original
    assert export(messy, files) == reference  # the mess itself means the same
    formatted = {p: format_text(t) for p, t in messy.items()}
    assert formatted == original  # the official files are in the canonical layout
    assert {p: format_text(t) for p, t in formatted.items()} == formatted  # idempotent
    assert export(formatted, files) == reference
    moved = {p: _blank_line_mess(t, rng) for p, t in messy.items()}
    assert without_positions(export(moved, files)) == without_positions(reference)
    refolded = {p: format_text(t) for p, t in moved.items()}
    assert refolded == original
    assert export(refolded, files) == reference


# ---------------------------------------------------------------- meaning: generated scripts
WS = st.sampled_from([" ", "  ", "\t", " \u3000 "])
NAMES = st.sampled_from(["target", "key", "me", "it", "unit", "grave", "x", "card"])
VERBS = st.sampled_from(["move", "draw", "damage", "size", "count", "choose_cards", "cards_in"])


@st.composite
def expr(draw, depth=0):
    kind = draw(st.integers(0, 7 if depth < 3 else 2))
    if kind == 0:
        return [str(draw(st.integers(0, 99)))]
    if kind == 1:
        return [draw(NAMES)]
    if kind == 2:
        return [draw(NAMES), ".", draw(st.sampled_from(["suit", "number", "key_count"]))]
    if kind == 3:
        args = [draw(expr(depth + 1)) for _ in range(draw(st.integers(0, 3)))]
        kw = [[draw(st.sampled_from(["to", "as", "on"])), "="] + draw(expr(depth + 1))
              for _ in range(draw(st.integers(0, 2)))]
        inner: list[str] = []
        for i, a in enumerate(args + kw):
            inner += ([","] if i else []) + a
        return [draw(VERBS), "("] + inner + [")"]
    if kind == 4:
        op = draw(st.sampled_from(["+", "-", "*", "==", "!=", "<", "<=", ">", ">=", "and", "or", "in"]))
        return ["("] + draw(expr(depth + 1)) + [op] + draw(expr(depth + 1)) + [")"]
    if kind == 5:
        return ["not", "("] + draw(expr(depth + 1)) + [")"]
    if kind == 6:
        if draw(st.booleans()):  # a comparison chain without parentheses: `a < b and c > d`
            side = [draw(expr(3)) for _ in range(4)]  # simple operands: comparisons do not chain
            return (["("] + side[0] + [draw(st.sampled_from(["<", ">"]))] + side[1]
                    + ["and"] + side[2] + [draw(st.sampled_from(["<", ">"]))] + side[3] + [")"])
        return ["-"] + draw(expr(depth + 1))
    if kind == 7 and draw(st.booleans()):  # a comprehension, with or without a condition
        cond = ["if"] + draw(expr(depth + 1)) if draw(st.booleans()) else []
        return ["[", *draw(expr(depth + 1)), "for", "v", "in", *draw(expr(depth + 1)), *cond, "]"]
    items = [draw(expr(depth + 1)) for _ in range(draw(st.integers(0, 3)))]
    out = ["["]
    for i, a in enumerate(items):
        out += ([","] if i else []) + a
    return out + ["]"]


def _join(draw, tokens: list[str]) -> str:
    out = tokens[0]
    for prev, tok in zip(tokens, tokens[1:]):
        wordy = re.match(r"[\w.]+$", prev) and re.match(r"[\w]", tok)
        out += draw(WS) if wordy or draw(st.booleans()) else ""
        out += tok
    return out


@st.composite
def block(draw, depth):
    lines = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.integers(0, 3 if depth < 2 else 1))
        if kind == 0:
            verb = draw(st.sampled_from(["move", "draw", "damage", "shuffle"]))  # `size` opens a field
            lines.append([_join(draw, [verb, "("] + draw(expr()) + [")"])])
        elif kind == 1:
            lines.append([_join(draw, ["let", draw(NAMES), "="] + draw(expr()))])
        elif kind == 2:
            lines.append([_join(draw, ["if"] + draw(expr())) + draw(WS) + "{", draw(block(depth + 1)),
                          "}" + draw(WS) + "else" + draw(WS) + "{", draw(block(depth + 1)), "}"])
        else:
            lines.append([f"step{draw(WS)}{draw(st.integers(1, 9))}{draw(WS)}{{", draw(block(depth + 1)), "}"])
    return lines


def _render(draw, lines, depth: int) -> list[str]:
    out = []
    for parts in lines:
        for p in parts:
            if isinstance(p, list):
                out += _render(draw, p, depth + 1)
            else:
                pad = draw(st.sampled_from(["", " ", "  " * depth, "\t" * depth, "   " * depth]))
                comment = draw(st.sampled_from(["", "", "  # note", "\t#x#"]))
                out.append(pad + p + comment)
                out += [""] * draw(st.integers(0, 2)) if draw(st.integers(0, 4)) == 0 else []
    return out


@st.composite
def script(draw):
    header = draw(st.sampled_from(["@直接-通常-クイック $D ★♡A〜10", "@誘発-即時-メイン", "★同じスートを2枚"]))
    text = draw(st.sampled_from(['"効果。"', '"""\n      1. 一\n        ・二\n    """', '"a\\"b"']))
    body = _render(draw, draw(block(0)), 1)
    where = _join(draw, ["where"] + draw(expr())) if draw(st.booleans()) else ""
    lines = [f'action{draw(WS)}a{draw(st.integers(0, 9))}{draw(WS)}"エー"{draw(WS)}(速攻魔法){draw(WS)}{{',
             draw(WS) + header + draw(st.sampled_from(["", "  # key"])),
             f"  target:{draw(WS)}soldier 1 of self {where}",
             f"{draw(WS)}effect:{draw(WS)}{text}{draw(WS)}{{", *body, "  }",
             f"formats: lite{draw(WS)}std", "}"]
    if draw(st.booleans()):
        lines = ["# " + draw(st.text(st.characters(blacklist_categories=["Cs", "Cc"]), max_size=10)), *lines]
    return "\n".join(lines) + "\n" * draw(st.integers(0, 3))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(script(), min_size=1, max_size=3))
def test_generated_scripts_keep_their_meaning(scripts):
    text = "\n".join(scripts)
    _, diags = parse_module(text)
    assert not diags, (diags, text)
    path = Path("/generated/h.bps")
    before = export({path: text})
    out = format_text(text)
    assert format_text(out) == out
    after = export({path: out})
    assert without_positions(after) == without_positions(before)


def test_the_docs_example_formats_as_shown():
    page = (ROOT / "docs" / "formatting.md").read_text("utf-8")
    before, after = re.findall(r"```bps\n(.*?)```", page, re.S)
    assert format_text(before) == after


def test_vocabulary_declarations_keep_their_grouping():
    src = ('zone  field "場"{holds:units}\nzone fog "フォグ" { holds: marks }\n\n\n\n'
           'component character "キャラクター" {zone:field counter:"体"}\n'
           'label attacker "アタッカー" { roles: attack,block }\naction a "A" {\n  effect: "x"\n}\nlabel x "X"\n')
    assert format_text(src) == (
        'zone field "場" { holds: units }\nzone fog "フォグ" { holds: marks }\n\n'
        'component character "キャラクター" { zone: field  counter: "体" }\n'
        'label attacker "アタッカー" { roles: attack, block }\n\naction a "A" {\n  effect: "x"\n}\n\nlabel x "X"\n')


def test_comprehensions_comparisons_and_guards_get_the_layout():
    src = ('character c "C" (兵士) {\n  ☆2〜10\n  size: unit.number\n'
           '  labels: <アタッカー>when unit.size<3 and unit.size>1 ,<ブロッカー>\n'
           '  ability: "x" scope this {\n    let xs=[ u for u in units(soldier,me)if u.size<3 ]\n  }\n}\n'
           'rule  revolution "革命"\nphrase targets   "{what}を対象と" {means:target}\n')
    assert format_text(src) == (
        'character c "C" (兵士) {\n  ☆2〜10\n  size: unit.number\n'
        '  labels: <アタッカー> when unit.size < 3 and unit.size > 1, <ブロッカー>\n'
        '  ability: "x" scope this {\n    let xs = [u for u in units(soldier, me) if u.size < 3]\n  }\n}\n\n'
        'rule revolution "革命"\nphrase targets "{what}を対象と" { means: target }\n')
