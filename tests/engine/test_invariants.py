"""Each rulebook invariant (`bpscript.engine.kernel.invariants`, `invariants_flow`) catches a breach:
a position that breaks it, or a verb deliberately broken inside the test. The checks work
from the model, so a unit the engine locked to the wrong component is caught (4.1.3)."""

from __future__ import annotations

import pytest
from scenes import board, resolve, start

from bpscript.engine.kernel import observe as ob
from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.invariants import InvariantViolation, components, one_place, turn_ended
from bpscript.engine.kernel.invariants_play import abilities_recomputed, hidden, sizes
from bpscript.engine.kernel.legal import Option
from bpscript.engine.kernel.request import Request
from bpscript.engine.kernel.rules import Rules


@pytest.fixture(scope="module")
def mast(rs):
    return Rules(rs, "mast", "pack")


def _breach(section: str):
    return pytest.raises(InvariantViolation, match=rf"^{section}: ")


def _game(rs, rules=None, fmt="lite", frame="entry20", **kw):
    pos = board(rs, fmt, frame)
    soldier = pos.unit(0, "♠7")
    wall = pos.unit(1, "♣9", face_up=False)
    hand = pos.hand(0, "♡3 ♢4")
    pos.hand(1, "♠5 ♣6")
    game = start(pos, rules=rules, partial=fmt != "lite", **kw)
    return game, soldier, wall, hand


# ---------------------------------------------------------------- 3.6: one place, constant count
def test_a_card_in_two_places_breaks_3_6(rs, rules):
    game, soldier, _, hand = _game(rs, rules)
    one_place(game.state)
    game.state.players[0].grave.append(hand[0])  # still in the hand too
    with _breach("3.6"):
        one_place(game.state)


def test_a_lost_card_breaks_3_6(rs, rules):
    game, *_ = _game(rs, rules)
    game.state.players[1].hand.pop()
    with _breach("3.6"):
        one_place(game.state)


# ---------------------------------------------------------------- 4.1.3: the component of the conditions
def test_the_old_reanimate_that_locked_a_heart_ace_to_soldier_breaks_4_1_3(rs, mast, monkeypatch):
    """The engine before the fix designated a card put 「兵士として」 as 一般兵 (`soldier`): with
    that verb restored, the checker (which matches the unit conditions itself) flags the ♡A."""
    from bpscript.engine.kernel.state import GameState
    monkeypatch.setattr(GameState, "designation", lambda self, as_: as_)  # the old `summon`
    pos = board(rs, "mast", "pack")
    wall = pos.unit(0, "♢5", face_up=False)
    pos.grave(0, "♡A")
    keys = pos.hand(0, "♠4 ♡6")
    game = start(pos, [ScriptedAgent(choices=[["♡A"]]), ScriptedAgent()], rules=mast, partial=True)
    with _breach("4.1.3") as err:
        resolve(game, 0, "reanimate", keys, target=wall)
    assert "♡A" in err.value.message and "ace" in err.value.message and "reanimate" in err.value.event


def test_a_unit_the_engine_calls_another_component_breaks_4_1_3(rs, rules):
    game, soldier, *_ = _game(rs, rules)
    components(game.state)
    soldier.component = "hero"
    with _breach("4.1.3"):
        components(game.state)


def test_the_preset_bulwark_face_up_keeps_3_9_1(rs, rules):
    """3.9.1, the specific passage: the face-up preset bulwark is no breach of 4.1.3."""
    from bpscript.engine.kernel.game import Game
    from bpscript.engine.players.agents import RandomAgent
    game = Game(rs, "lite", "entry20", 3, [RandomAgent(1), RandomAgent(2)], rules=rules, check=True)
    assert [(u.component, u.face_up) for u in game.state.players[0].field][0] == ("bulwark", True)
    components(game.state)


# ---------------------------------------------------------------- 4.2, 9.4.2: sizes and abilities
def test_a_size_that_is_not_printed_plus_modifiers_breaks_4_2(rs, rules, monkeypatch):
    from bpscript.engine.kernel.context import EffectContext
    game, soldier, *_ = _game(rs, rules)
    ctx = game.ctx(Request("", 0))
    sizes(game.state, ctx, rules.load)
    real = EffectContext.size
    monkeypatch.setattr(EffectContext, "size", lambda self, u: real(self, u) + 1)  # a broken size
    with _breach("4.2"):
        sizes(game.state, ctx, rules.load)


def test_a_modifier_left_behind_by_an_ability_breaks_9_4_2(rs, rules):
    game, soldier, *_ = _game(rs, rules)
    abilities_recomputed(game.state, game.seats, rules.load)
    soldier.ability_size += 2  # no ability gives it
    with _breach("9.4.2"):
        abilities_recomputed(game.state, game.seats, rules.load)


# ---------------------------------------------------------------- 4.3, 7.3.1: what ends with the turn
def test_a_size_change_until_the_end_of_the_turn_that_outlives_it_breaks_4_3(rs, rules):
    game, soldier, *_ = _game(rs, rules)
    turn_ended(game.state, 0)
    soldier.size_bonus = 3  # アップ's kind of change, 「このターンが終わるまで」, still there
    with _breach("4.3"):
        turn_ended(game.state, 0)


def test_a_battle_status_kept_after_the_turn_breaks_7_3_1(rs, rules):
    game, soldier, *_ = _game(rs, rules)
    soldier.statuses["attacking"] = None
    with _breach("7.3.1"):
        turn_ended(game.state, 0)


def test_fog_left_by_the_player_who_ended_the_turn_breaks_7_3_1(rs, rules):
    game, soldier, _, hand = _game(rs, rules)
    p = game.state.players[0]
    p.hand.remove(hand[0])
    p.fog.append(hand[0])
    with _breach("7.3.1"):
        turn_ended(game.state, 0)


def test_a_battle_status_off_the_stage_breaks_7_3_1_at_a_decision(rs, rules):
    game, soldier, *_ = _game(rs, rules)
    soldier.statuses["attacking"] = None
    with _breach("7.3.1"):
        game.pass_chance(0)


def test_a_driven_unit_at_the_first_decision_of_a_turn_breaks_4_2_1(rs, rules):
    """At the turn player's first decision of a turn チャージ has charged their characters."""
    pos = board(rs, "lite", "entry20")
    pos.unit(0, "♠7", charged=False)
    game = start(pos, rules=rules)
    game.invariants.first_decision = True  # as when a turn has just begun
    with _breach("4.2.1"):
        game.pass_chance(0)


def test_the_charge_of_a_new_turn_keeps_4_2_1(rs, rules):
    pos = board(rs, "lite", "entry20")
    pos.unit(1, "♣9", face_up=False, charged=False)
    game = start(pos, rules=rules)
    resolve(game, 0, "end")
    assert game.state.turn_player == 1 and game.invariants.first_decision
    game.pass_chance(game.chance)  # P1's first decision: their bulwark was charged
    assert not game.invariants.first_decision


# ---------------------------------------------------------------- 6.1: hidden information
def test_a_view_showing_the_opponents_hand_breaks_6_1(rs, rules, monkeypatch):
    from bpscript.engine.kernel import invariants_play as view
    game, *_ = _game(rs, rules)
    hidden(game, 0)
    real = view.full_view

    def leaky(g, p):
        out = real(g, p)
        out["opponent_hand"] = [str(c) for c in g.state.players[1 - p].hand]
        return out
    monkeypatch.setattr(view, "full_view", leaky)
    with _breach("6.1"):
        hidden(game, 0)


def test_a_view_showing_a_face_down_unit_breaks_6_1(rs, rules, monkeypatch):
    from bpscript.engine.kernel import invariants_play as view
    game, _, wall, _ = _game(rs, rules)
    real = view.full_view
    monkeypatch.setattr(view, "full_view", lambda g, p: {**real(g, p), "peek": [str(c) for c in wall.cards]})
    with _breach("6.1"):
        hidden(game, 0)


def test_the_view_handed_to_the_player_who_gets_the_chance_is_checked(rs, rules, monkeypatch):
    """A pass changes nothing on the board, but hands the chance (and a view) to the other
    player: a view of P1 that shows P0's hand is caught at P1's decision."""
    from bpscript.engine.kernel import invariants_play as view
    game, *_ = _game(rs, rules)
    real = view.full_view

    def leaky(g, p):
        out = real(g, p)
        if p == 1:
            out["opponent_hand"] = [str(c) for c in g.state.players[0].hand]
        return out
    monkeypatch.setattr(view, "full_view", leaky)
    game.pass_chance(0)  # P0's view is checked: it is sound
    with _breach("6.1"):
        game.pass_chance(1)


# ---------------------------------------------------------------- 9.1.5, 9.2.1, 5.3, 5.3.1: requests
def test_a_request_without_the_chance_breaks_9_1_5(rs, rules):
    game, *_ = _game(rs, rules)
    (end,) = [o for o in game.legal_requests(0) if o.action == "end"]
    with _breach("9.1.5"):
        game.take_request(1, end)


def test_a_main_request_of_the_non_turn_player_breaks_9_2_1(rs, rules):
    pos = board(rs, "lite", "entry20", chance=1)
    pos.unit(0, "♠7")
    game = start(pos, rules=rules)
    with _breach("9.2.1"):
        game.take_request(1, Option("end", "エンド"))


def test_a_triggered_action_requested_directly_breaks_9_2_1(rs, rules):
    game, *_ = _game(rs, rules)
    with _breach("9.2.1"):
        game.take_request(0, Option("draw", "ドロー"))


def test_key_cards_that_miss_the_key_condition_break_5_3(rs, mast):
    game, soldier, wall, hand = _game(rs, mast, "mast", "pack")
    with _breach("5.3"):
        game.take_request(0, Option("up", "アップ", (hand[1],), None, soldier))  # ♢4: アップ needs ♡A〜10


def test_a_target_the_script_does_not_allow_breaks_5_3_1(rs, mast):
    game, soldier, wall, hand = _game(rs, mast, "mast", "pack")
    with _breach("5.3.1"):
        game.take_request(0, Option("up", "アップ", (hand[0],), None, wall))  # a bulwark: アップ targets a soldier


# ---------------------------------------------------------------- 5.2: costs
def test_a_cost_not_paid_breaks_5_2(rs, mast, monkeypatch):
    """A broken cost table that drops アップ's D: the request is made without it."""
    from bpscript.engine.kernel.costs import Costs
    game, soldier, wall, hand = _game(rs, mast, "mast", "pack")
    monkeypatch.setattr(Costs, "needs", lambda self, cls, player=None: ())
    (up,) = [o for o in game.legal_requests(0) if o.action == "up" and o.target is soldier]
    with _breach("5.2"):
        game.take_request(0, up)


def test_a_cost_paid_short_breaks_5_2(rs, rules):
    game, *_ = _game(rs, rules)
    game.invariants(ob.Requested(0, "summonsSoldier", (), None, None, False))
    with _breach("5.2"):
        game.invariants(ob.CostPaid(0, "summonsSoldier", "L", damage=0))


# ---------------------------------------------------------------- 9.4.1: triggered requests
def test_a_triggered_request_handled_against_9_4_1_is_caught(rs, rules):
    game, *_ = _game(rs, rules)
    with _breach("9.4.1"):
        game.invariants(ob.Triggered(0, "draw", ob.AT_ONCE))  # ドロー is 通常: on the stage
    with _breach("9.4.1"):
        game.invariants(ob.Triggered(0, "end", ob.ON_STAGE))  # エンド is no 誘発 action


# ---------------------------------------------------------------- games
@pytest.mark.parametrize("fmt, frame", [("lite", "entry20"), ("mast", "extra")])
def test_random_games_hold_every_invariant(rs, fmt, frame):
    from bpscript.engine.players.runner import random_game
    rules = Rules(rs, fmt, frame)
    for seed in range(20):
        game, _ = random_game(rs, fmt, frame, seed, rules, check=True)
        assert game.state.winner in (0, 1)


def test_paying_a_drive_cost_reads_the_abilities_that_count_charged_units_anew(board):
    """Found by the 9.4.2 check: 喪失 (切札♢5) switches チャージ off while its owner has two
    charged bulwarks; driving one to pay B ends that at once (the state is marked changed),
    not at the next change of cards."""
    b = board()
    b.trump(0, "♢5")
    walls = [b.unit(0, c, face_up=False) for c in ("♠9", "♡9")]
    key = b.hand(0, "♣8")
    game = b.game(check=True)
    game.legal_requests(0)
    assert "noCharging" in game.state.rules_on
    game.request(0, "summonsSoldier", key, costs=[[walls[0]]])  # $BL: B drives a bulwark
    assert not walls[0].charged and "noCharging" not in game.state.rules_on
