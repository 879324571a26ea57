"""`bpscript diff`: what counts as a changed rule, and the 8.2 → 9.0 ライト report.

9.0 ライト prints no since/update (the official generator's bookkeeping) and no ruby,
story or flavor: a script that differs only there keeps its rules, and the counts say so.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from bpscript.backends import changes
from bpscript.cli import main
from bpscript.backends.diff import diff_rulesets
from bpscript.load.loader import load_bundled

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def eight():
    return load_bundled("blackpoker-8.2").ruleset


@pytest.fixture(scope="module")
def lite(eight):
    """8.2 → 9.0 ライト: the format lite and the frame entry20 (the frames are compared apart)."""
    return diff_rulesets(eight, load_bundled("blackpoker-9.0").ruleset, formats=("lite",), frames=("entry20",))


def test_the_counts_are_rule_changes(lite):
    assert changes.counts(lite) == {"changed": 22, "added": 0, "removed": 0, "extras": 3, "metadata": 1,
                                    "unchanged": 0, "wording_only": 8}
    assert [c.id for c in lite.by_status("metadata")] == ["end"]
    assert [c.id for c in lite.by_status("extras")] == ["nextGeneration", "setBulwark", "summonsAce"]
    # the labels renamed (アタッカー → 攻撃) and 〜 → ~ are all that changed in these
    assert {c.id for c in lite.scripts if c.wording_only} == {
        "summonsSoldier", "summonsHero", "mountSoldier", "soldier", "hero", "ace", "armedsoldier", "bulwark"}
    assert len(lite.scripts) + lite.unchanged == 26


def test_draw_has_a_new_effect_and_throwing_reads_the_club_key(lite):
    by_id = {c.id: c for c in lite.scripts}
    draw = by_id["draw"]
    assert draw.status == "changed" and (draw.old_name, draw.new_name) == ("ドロー", "ドロウ")
    effect = {f.field: f for f in draw.rule_fields()}
    assert "カードを2枚引き" in effect["effect"].new and "statements" in effect
    throwing = {f.field: f for f in by_id["throwing"].rule_fields()}
    assert ("-", "♠") in throwing["effect"].ops and ("+", "♣") in throwing["effect"].ops
    assert "key_of(club)" in throwing["statements"].new and "key_of(spade)" in throwing["statements"].old
    # the fields the 9.0 list does not print are listed apart, never as rule changes
    assert {f.field for f in by_id["throwing"].extra_fields()} == {"ruby", "story", "flavor", "since", "update"}


def test_metadata_and_printed_extras_are_set_aside(eight):
    new = replace(eight, scripts=dict(eight.scripts))
    new.scripts["end"] = replace(eight.scripts["end"], since="v9.0", update=("v9.0",), dev_note="moved")
    new.scripts["charge"] = replace(eight.scripts["charge"], ruby="ちゃーじ", since=None)
    new.scripts["draw"] = replace(eight.scripts["draw"], name="ドロウ", since=None)
    d = diff_rulesets(eight, new, everything=True)
    assert {c.id: c.status for c in d.scripts} == {"end": "metadata", "charge": "extras", "draw": "changed"}
    assert [f.field for f in d.scripts[0].extra_fields()] == ["since", "update", "dev_note"]
    assert d.unchanged == len(eight.scripts) - 3
    n = changes.counts(d)
    assert (n["changed"], n["extras"], n["metadata"], n["wording_only"]) == (1, 1, 1, 0)


def test_the_report_says_how_many_rules_changed(capsys):
    assert main(["diff", "blackpoker-8.2", "blackpoker-9.0", "--in", "lite", "--in", "entry20"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (
        "blackpoker-8.2 → blackpoker-9.0 (compared: formats lite, frames entry20): 22 changed "
        "(8 only in spelling or renamed words), 0 added, 0 removed, 4 with the same rules "
        "(3 differ in ruby, story or flavor, 1 in metadata only, 0 unchanged)")
    assert "\nchanged action draw 【ドロー → ドロウ】\n" in out
    assert "\nchanged action end " not in out
    assert "the same rules, metadata only (since, update, dev_note):\n  action end 【エンド】: since (removed), " \
           "update (removed)" in out


def test_the_default_scope_covers_the_9_0_frames(capsys):
    """8.2 → 9.0 compares ライト and エントリー20, and the frames of the 9.0 frame data with 8.2's
    frames of the same ids: 9.0's new scripts are added, 8.2's that 9.0 dropped removed."""
    assert main(["diff", "blackpoker-8.2", "blackpoker-9.0"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith(
        "blackpoker-8.2 → blackpoker-9.0 (compared: formats lite, frames entry20 pack rarePack strategy extra): ")
    assert "\nadded action break 【ブレイク】\n" in out and "\nadded action quickSoldierSummonS " in out
    assert "\nremoved action encourage " in out
    assert "\nchanged action pursuit 【追撃】\n" in out and "\nchanged action packopen " not in out


def test_json_and_the_committed_page_carry_the_counts(capsys):
    assert main(["diff", "blackpoker-8.2", "blackpoker-9.0", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    counts = data["counts"]
    assert (counts["changed"], counts["added"], counts["removed"], counts["metadata"]) == (67, 5, 2, 6)
    assert {s["id"]: s["status"] for s in data["scripts"]}["end"] == "metadata"
    page = (ROOT / "generated" / "blackpoker-9.0" / "html" / "changes.html").read_text("utf-8")
    assert "変更 67 (うち表記・名称のみ 9)、追加 5、削除 2、ルールは同じ 48" in page
    assert '<h2 id="metadata">' in page and 'id="change-action-end"' in page
