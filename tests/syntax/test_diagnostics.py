"""Broken scripts give diagnostics with place, excerpt, expectation and code — several per run."""

from __future__ import annotations

from pathlib import Path

from bpscript.diagnostics import render
from bpscript.load.loader import load
from bpscript.syntax.parser import parse_module

FIXTURES = Path(__file__).parent.parent / "fixtures"
BASE = [str(Path(__file__).parents[2] / "stdlib")]


def _codes(result):
    return sorted((d.code, d.span.line, d.span.column) for d in result.diagnostics)


def test_every_broken_script_is_reported_in_one_run():
    result = load(BASE + [str(FIXTURES / "broken.bps")])
    codes = [(c, line) for c, line, _ in _codes(result)]
    assert ("E102", 6) in codes      # typo in the header: 通上
    assert ("E130", 15) in codes     # unknown suit X
    assert ("E153", 20) in codes     # missing 効果
    package = dict(result.rulesets)[str(FIXTURES.relative_to(FIXTURES.parents[1]))]
    assert "fine" in package.scripts and "typoHeader" in package.scripts
    assert not any(d.code == "E160" for d in result.diagnostics)  # the base's formats are known


def test_header_typo_points_at_the_word():
    result = load(BASE + [str(FIXTURES / "broken.bps")])
    d = next(d for d in result.diagnostics if d.code == "E102")
    assert (d.span.line, d.span.column, d.span.end_column - d.span.column) == (6, 7, 2)
    text = render(d, result.sources)
    assert "unknown speed '通上'" in text
    assert "@直接-通上-クイック" in text
    assert "^^^^" in text  # two wide characters, four columns
    assert "expected: 即時 (immediate) or 通常 (normal)" in text


def test_unknown_suit_points_at_the_letter():
    result = load(BASE + [str(FIXTURES / "broken.bps")])
    d = next(d for d in result.diagnostics if d.code == "E130")
    line = result.sources[d.span.file].splitlines()[d.span.line - 1]
    assert line[d.span.column - 1] == "X"
    assert d.expected


def test_syntax_errors_recover_at_the_next_item():
    text = (FIXTURES / "syntax_errors.bps").read_text("utf-8")
    module, diags = parse_module(text, "syntax_errors.bps")
    assert [i.id.value for i in module.items if hasattr(i, "kind")] == ["goodOne"]
    assert len(diags) == 2
    assert all(d.code.startswith("E00") for d in diags)
    colon = diags[1]
    assert colon.span.line == 20 and colon.expected and "':'" in colon.expected
    for d in diags:
        rendered = render(d, {"syntax_errors.bps": text})
        assert rendered.startswith(f"syntax_errors.bps:{d.span.line}:{d.span.column}: error[{d.code}]")
        assert "^" in rendered


def test_unterminated_string():
    text = 'action a "名前 (基本) {\n  @直接-通常-メイン\n}\n'
    _, diags = parse_module(text, "x.bps")
    assert diags and diags[0].code == "E002"
    assert (diags[0].span.line, diags[0].span.column) == (1, 10)


def test_duplicate_id_and_unknown_format(tmp_path):
    f = tmp_path / "dup.bps"
    f.write_text('format lite "ライト" {\n  summary: "x"\n}\n'
                 'action a "A" (基本) {\n  @直接-通常-メイン\n  effect: "x"\n  formats: lite\n}\n'
                 'action a "A2" (基本) {\n  @直接-通常-メイン\n  effect: "x"\n  formats: nosuch\n}\n', "utf-8")
    result = load([str(f)])
    codes = {d.code for d in result.diagnostics}
    assert {"E201"} <= codes
    assert result.errors
