"""The loader's in-memory sources: an editor's unsaved text stands in for the file."""

from __future__ import annotations

from pathlib import Path

from bpscript.load.loader import load

ROOT = Path(__file__).parents[2]
HOMEBREW = ROOT / "frames" / "homebrew-example"


def test_overlay_replaces_the_text_on_disk():
    path = HOMEBREW / "frame.bps"
    text = path.read_text("utf-8").replace("$DL ★♡A〜10", "$DLX ★♡A〜10")
    result = load([HOMEBREW], overlay={path: text})
    assert [d.code for d in result.diagnostics] == ["E120"]
    assert result.diagnostics[0].span.line == text.splitlines().index("  @直接-通常-クイック $DLX ★♡A〜10") + 1
    assert load([HOMEBREW]).diagnostics == []  # the file itself was not touched


def test_overlay_adds_a_file_never_saved():
    new = HOMEBREW / "unsaved.bps"
    text = ('extends "blackpoker-8.2"\n\naction extra1 "追加" (通常魔法) {\n  @直接-通常-メイン\n'
            '  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {\n    draw(me)\n  }\n  frames: miniDuel\n}\n')
    assert not new.exists()
    result = load([HOMEBREW], overlay={str(new): text})
    assert result.errors == []
    assert result.files == 2
    name, ruleset = result.rulesets[-1]
    assert "extra1" in ruleset.scripts and "up" in ruleset.scripts  # resolved on top of the base


def test_overlay_applies_to_the_base_a_package_extends():
    base = ROOT / "stdlib" / "blackpoker-8.2" / "60-fogs.bps"
    text = base.read_text("utf-8").replace('fog upFog "アップ"', 'fog upFog "アップ改"')
    result = load([HOMEBREW], overlay={base: text})
    assert result.rulesets[-1][1].scripts["upFog"].name == "アップ改"
