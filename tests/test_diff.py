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
from bpscript.diff import diff_rulesets
from bpscript.loader import load_bundled

ROOT = Path(__file__).parent.parent


@pytest.fixture(scope="module")
def eight():
    return load_bundled("blackpoker-8.2").ruleset


@pytest.fixture(scope="module")
def lite(eight):
    return diff_rulesets(eight, load_bundled("blackpoker-9.0").ruleset)


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
    assert main(["diff", "blackpoker-8.2", "blackpoker-9.0"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (
        "blackpoker-8.2 → blackpoker-9.0 (compared: formats lite, frames entry20): 22 changed "
        "(8 only in spelling or renamed words), 0 added, 0 removed, 4 with the same rules "
        "(3 differ in ruby, story or flavor, 1 in metadata only, 0 unchanged)")
    assert "\nchanged action draw 【ドロー → ドロウ】\n" in out
    assert "\nchanged action end " not in out
    assert "the same rules, metadata only (since, update, dev_note):\n  action end 【エンド】: since (removed), " \
           "update (removed)" in out


def test_json_and_the_committed_page_carry_the_counts(capsys):
    assert main(["diff", "blackpoker-8.2", "blackpoker-9.0", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counts"]["changed"] == 22 and data["counts"]["metadata"] == 1
    assert {s["id"]: s["status"] for s in data["scripts"]}["end"] == "metadata"
    page = (ROOT / "generated" / "blackpoker-9.0" / "html" / "changes.html").read_text("utf-8")
    assert "変更 22 (うち表記・名称のみ 8)、追加 0、削除 0、ルールは同じ 4" in page
    assert '<h2 id="metadata">' in page and 'id="change-action-end"' in page
