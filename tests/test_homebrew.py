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
    # the override holds in its frame only: ライト on エントリー20 keeps the official アップ
    assert rs.view("lite", "miniDuel").scripts["up"].cost.text == "$DL"
    assert rs.scripts["up"].cost.text == "$D" and rs.view("lite", "entry20").scripts["up"].cost.text == "$D"
    assert "duelDraw" in rs.scripts
    assert len(rs.scripts) == 138
    assert rs.info.homebrew and rs.info.base.name == "blackpoker-8.2" and rs.info.title == "ミニ決闘"


def test_the_example_adds_the_size_once():
    """アップ puts its key card in the fog; the fog's ability adds the size. The example's
    override once also added it in the effect: twice in all."""
    from bpscript.effects import NodeWalker
    rs = load([EXAMPLE]).ruleset.view("lite", "miniDuel")

    class Calls(NodeWalker):
        def __init__(self):
            self.names = []

        def visit_Call(self, node):
            self.names.append(node.func)
            self.walk_children(node)
    calls = Calls()
    for st in rs.scripts["up"].effect.body:
        calls.visit(st)
    assert calls.names == ["place_fog"]


def test_override_does_not_leak_into_the_official_rules():
    both = load([ROOT / "stdlib", ROOT / "frames"])
    assert not both.errors
    official = dict(both.rulesets)["blackpoker-8.2"]
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
