"""Engine corrections against the rulebook (issue: exactly the rulebook), each a scenario
through the public API (`Position`, `Game`, `ScriptedAgent`)."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.setup.position import Position
from bpscript.engine.kernel.rules import Rules
from bpscript.load.loader import load_official


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


@pytest.fixture(scope="module")
def lite(rs):
    return Rules(rs, "lite", "entry20")


def _board(rs, turn_player=0):
    pos = Position(rs, "lite", "entry20", turn=3, turn_player=turn_player)
    pos.life(0, "♠2 ♠3 ♠4 ♠6 ♠8 ♠9")
    pos.life(1, "♢2 ♢3 ♢4 ♢6 ♢8 ♢9")
    return pos


def test_until_end_of_turn_ends_with_the_turn_whoever_owns_the_fog(rs, lite):
    """4.3 「効果はターン終了時に自然に失われます」: アップ played by the non-turn player on
    their own soldier lasts until the end of this turn, not into their own turn. The card
    stays in their fog (エンド step 2 moves only the turn player's fog) but is inert."""
    pos = _board(rs, turn_player=0)
    soldier = pos.unit(1, "♣7")
    pos.hand(1, "♣2")
    up = pos.request(1, "up", keys="♡5", target=soldier)
    p1 = ScriptedAgent(choices=[])
    game = pos.game([ScriptedAgent(requests=["end"]), p1], rules=lite)
    game.pass_chance(0)
    game.pass_chance(1)  # both passed: アップ resolves
    assert game.state.stage == [] and game.size(soldier) == 12  # 7 + ♡5, this turn
    game.run_until(lambda g: g.state.turn == 4)
    assert game.state.turn_player == 1
    assert game.size(soldier) == 7  # the turn ended: so did アップ
    assert game.state.players[1].fog == up.keys  # the card stays, inert


def test_until_end_of_turn_for_the_turn_players_own_fog_too(rs, lite):
    """The turn player's アップ: its card goes to the grave with エンド, its effect ends."""
    pos = _board(rs, turn_player=0)
    soldier = pos.unit(0, "♣7")
    up = pos.request(0, "up", keys="♡5", target=soldier)
    game = pos.game([ScriptedAgent(requests=["end"]), ScriptedAgent()], rules=lite)
    game.pass_chance(0)
    game.pass_chance(1)  # both passed: アップ resolves
    assert game.state.stage == [] and game.size(soldier) == 12
    game.run_until(lambda g: g.state.turn == 4)
    assert game.size(soldier) == 7
    assert game.state.players[0].fog == [] and up.keys[0] in game.state.players[0].grave


def test_the_trigger_check_comes_before_the_request_goes_on_the_stage():
    """9.4: [5] request → [6] trigger check → … → [10] onto the stage. A 誘発-通常-メイン
    triggered by the request finds the stage still empty (9.4.1 [6-10-4]: it is staged
    only on an empty stage), so it sits under the request."""
    from pathlib import Path

    from bpscript.load.loader import load
    root = Path(__file__).parents[2]
    result = load([str(root / "stdlib" / "blackpoker-8.2"), str(root / "frames" / "10-entry20"),
                   str(Path(__file__).parent / "fixtures" / "trigger_on_request.bps")])
    assert result.errors == []
    rs = result.ruleset
    pos = _board(rs, turn_player=0)
    soldier = pos.unit(0, "♣7")
    pos.hand(0, "♡5 ♣2")
    on_soldier = lambda o: o.action == "up" and o.target is soldier  # noqa: E731
    game = pos.game([ScriptedAgent(requests=[on_soldier], costs=[["♣2"]]), ScriptedAgent()],
                    rules=Rules(rs, "lite", "entry20"))
    game.step()
    assert [(r.action, r.controller) for r in game.state.stage] == [("watch", 1), ("up", 0)]


def test_a_strict_scripted_agent_never_passes_silently(rs, lite):
    from bpscript.engine.players.agents import ScriptExhausted
    pos = _board(rs)
    soldier = pos.unit(0, "♣7")
    pos.hand(0, "♡5 ♣2")
    on_soldier = lambda o: o.action == "up" and o.target is soldier  # noqa: E731
    strict = ScriptedAgent(requests=[on_soldier], costs=[["♠K"]], strict=True)  # ♠K is not in hand
    game = pos.game([strict, ScriptedAgent()], rules=lite)
    with pytest.raises(ScriptExhausted, match="does not match"):
        game.step()
    assert game.state.stage == []  # nothing staged: the D cost was not paid
    empty = ScriptedAgent(strict=True)
    game = _board(rs).game([empty, ScriptedAgent()], rules=lite)
    with pytest.raises(ScriptExhausted, match="no scripted request left"):
        game.step()


def test_an_answer_that_does_not_pay_never_stages_the_request(rs, lite):
    """5.2: costs are paid in full or the request is not made (a lenient agent's unmatched
    answer is refused by the engine, and nothing moves)."""
    from bpscript.engine.kernel.costs import CostError
    pos = _board(rs)
    soldier = pos.unit(0, "♣7")
    hand = pos.hand(0, "♡5 ♣2")
    on_soldier = lambda o: o.action == "up" and o.target is soldier  # noqa: E731
    game = pos.game([ScriptedAgent(requests=[on_soldier], costs=[["♠K"]]), ScriptedAgent()], rules=lite)
    with pytest.raises(CostError):
        game.step()
    assert game.state.stage == [] and game.state.players[0].hand == hand


@pytest.mark.parametrize("seed", range(5))
def test_the_preset_bulwark_is_face_up_and_stays_a_bulwark(rs, seed):
    """3.9.1 1.「ライフの一番上のカードを表向きにして「防壁」として場に出す」: face up, and a
    bulwark by its placement (a face-up card alone would be a soldier, 4.1.3); 2. the next
    card face up as a soldier."""
    from bpscript.engine.kernel.game import Game
    game = Game(rs, "lite", "entry20", seed, [ScriptedAgent(), ScriptedAgent()])
    bulwark = game.state.face_down_character()
    for p in game.state.players:
        (wall, soldier) = p.field
        assert (wall.component, wall.face_up) == (bulwark, True)
        assert soldier.face_up and soldier.component != bulwark


@pytest.mark.parametrize("attacking, dies", [("♢10", True), ("♢3", False)])
def test_damage_judgement_against_a_face_up_preset_bulwark(rs, lite, attacking, dies):
    """ダメージ判定 2.: a bulwark with the attacker's number sends the attacker to the grave;
    the bulwark goes to the grave either way — a face-up preset bulwark too (3.9.1). Were it
    judged as the soldier its face shows, ♣10 would survive ♢3 and kill it."""
    pos = _board(rs)
    attacker = pos.unit(0, attacking)
    wall = pos.unit(1, "♣10", as_="bulwark")
    assert wall.component == "bulwark" and wall.face_up
    p0 = ScriptedAgent(requests=["attack"], choices=[[attacking]])
    p1 = ScriptedAgent(choices=[["♣10"]])
    game = pos.game([p0, p1], rules=lite)
    assert game.run_until(lambda g: g.summary()["resolved"].get("damageJudge") == 1)
    assert (attacker not in game.state.players[0].field) is dies
    assert wall not in game.state.players[1].field
    assert [str(c) for c in game.state.players[1].grave][-1] == "♣10"
    assert len(game.state.players[1].life) == 6  # blocked: no damage
