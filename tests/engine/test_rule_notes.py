"""Rule notes (※) with machine meaning: every note is enforced or text only with a reason,
and the engine enforces the structured ones (rulebook 8.2, 剣の雨 / フォース / 徴募 / 奇襲:
「※このアクションはカウンターアクションの対象にならない。」)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.coverage import note_coverage
from bpscript.engine.setup.position import Position
from bpscript.engine.kernel.rules import Rules
from bpscript.load.loader import load, load_official

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


@pytest.fixture(scope="module")
def mast(rs):
    return Rules(rs, "mast", "pack")


def _counter_targets(rs, mast, on_stage: str, keys: str):
    """P1's カウンター targets with P0's アップ (one key card, no note) at the bottom of the
    stage and P0's `on_stage` on top of it: the targets P1 may take, and the two requests."""
    pos = Position(rs, "mast", "pack", turn=3, turn_player=0)
    pos.life(0, "♠2 ♠3 ♠4")
    pos.life(1, "♡2 ♡3 ♡4")
    pos.hand(1, "♣9 ♢4")  # ♣9: カウンター's key card; ♢4 pays its D
    up = pos.request(0, "up", keys="♡8", target=pos.unit(0, "♣7"))
    top = pos.request(0, on_stage, keys=keys)
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=mast, partial=True)
    return [o.target for o in game.legal_requests(1) if o.action == "counter"], up, top


@pytest.mark.parametrize("shielded,keys", [("force", "♡5 ♡6"), ("swordRain", "♠5 ♠6"),
                                           ("recruit", "♢5 ♢6"), ("surprise", "♣5 ♣6")])
def test_counter_cannot_target_a_shielded_request(rs, mast, shielded, keys):
    assert rs.scripts[shielded].note_def.untargetable_by == ("counter",)
    targets, up, _ = _counter_targets(rs, mast, shielded, keys)
    assert targets == [up]  # カウンター is legal, only not on the shielded request


def test_counter_targets_an_unshielded_request(rs, mast):
    targets, up, top = _counter_targets(rs, mast, "throwing", "♠5 ♣6")  # 投擲, two key cards, no note
    assert targets == [up, top]


def test_every_note_is_enforced_or_says_why(rs):
    notes = note_coverage(rs)
    assert len(notes) == 6  # the six ※ of the 8.2 lists
    for n in notes:
        assert n.enforced or n.reason, n
    assert {n.script for n in notes if not n.enforced} == {"summonsRare", "trapCounter"}


def test_a_note_needs_a_meaning_or_a_reason(tmp_path):
    f = tmp_path / "notes.bps"
    f.write_text('note vague "※なにか。"\n', encoding="utf-8")
    result = load([str(ROOT / "stdlib" / "blackpoker-8.2"), str(f)])
    assert [(d.code, d.span.line) for d in result.errors] == [("E402", 1)]


def test_a_note_naming_no_action_and_an_unknown_note_are_located(tmp_path):
    f = tmp_path / "notes.bps"
    f.write_text('note shield "※盾。" { untargetable_by: nosuch }\n'
                 'action a "あ" (通常魔法) {\n  @直接-通常-メイン $B\n  note: unknownNote\n'
                 '  effect: "1枚ドローする。" { draw(me, 1) }\n  formats: lite\n}\n', encoding="utf-8")
    result = load([str(ROOT / "stdlib" / "blackpoker-8.2"), str(f)])
    assert sorted((d.code, d.span.line) for d in result.errors) == [("E114", 4), ("E115", 1)]
