"""A homebrew frame builds on the 8.2 base; it overrides only by explicit `override`."""

from __future__ import annotations

from pathlib import Path

from bpscript.loader import load, load_official

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "frames" / "homebrew-example"


def test_example_package_is_clean_and_extends_base():
    result = load([EXAMPLE])
    assert not result.errors, [d.message for d in result.errors]
    rs = result.ruleset
    assert "miniDuel" in rs.frames and "entry20" in rs.frames
    assert rs.scripts["up"].cost.text == "$DL"          # the override
    assert "duelDraw" in rs.scripts
    assert len(rs.scripts) == 138


def test_override_does_not_leak_into_the_official_rules():
    both = load([ROOT / "stdlib", ROOT / "frames"])
    assert not both.errors
    official = dict(both.rulesets)["main"]
    assert official.scripts["up"].cost.text == "$D"
    assert "duelDraw" not in official.scripts
    assert load_official().ruleset.scripts["up"].cost.text == "$D"


def test_redefining_without_override_is_an_error(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.bps").write_text('extends "blackpoker-8.2"\n\naction up "アップ改" (速攻魔法) {\n'
                               '  @直接-通常-クイック $D ★♡A〜10\n  effect: "x"\n  formats: lite\n}\n', "utf-8")
    result = load([pkg])
    assert [d.code for d in result.errors] == ["E201"]
    assert result.errors[0].span.line == 3


def test_override_of_nothing_is_an_error(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.bps").write_text('extends "blackpoker-8.2"\n\noverride action nothingHere "無" (速攻魔法) {\n'
                               '  @直接-通常-クイック $D ★♡A〜10\n  effect: "x"\n  formats: lite\n}\n', "utf-8")
    result = load([pkg])
    assert [d.code for d in result.errors] == ["E202"]


def test_unknown_base(tmp_path):
    f = tmp_path / "a.bps"
    f.write_text('extends "blackpoker-7.0"\n', "utf-8")
    assert [d.code for d in load([f]).errors] == ["E203"]
