"""The public API a rule author drives a game with: `Position` (validation, fog marks, the
chance), `Game.request` (legality and costs, errors naming the rule), `Game.pass_chance`,
and `ScriptedAgent`'s queues per kind of decision."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent, ScriptExhausted
from bpscript.engine.kernel.costs import CostError
from bpscript.engine.kernel.explicit import RequestError
from bpscript.engine.kernel.game import Game
from bpscript.engine.setup.position import Position, PositionError
from bpscript.engine.kernel.rules import Rules
from bpscript.model.values import State
from bpscript.load.loader import load_official


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


@pytest.fixture(scope="module")
def lite(rs):
    return Rules(rs, "lite", "entry20")


def _board(rs, **kw):
    pos = Position(rs, "lite", "entry20", turn=3, turn_player=0, **kw)
    pos.life(0, "♠2 ♠3 ♠4 ♠6")
    pos.life(1, "♢2 ♢3 ♢4 ♢6")
    return pos


# ---------------------------------------------------------------- Position validation
def test_a_card_placed_twice_is_refused(rs):
    pos = _board(rs)
    with pytest.raises(PositionError, match="placed twice"):
        pos.hand(0, "♠2")


def test_cards_that_are_no_character_are_refused_and_leave_nothing_behind(rs, lite):
    pos = _board(rs)
    with pytest.raises(PositionError, match=r"no character of lite / entry20 \(4\.1\.3\)"):
        pos.unit(1, "♠7 ♡8")  # two cards of different suits: no component takes them
    with pytest.raises(PositionError, match="not a character"):
        pos.unit(1, "♠7", as_="upFog")
    pos.hand(1, "♠7 ♡8")  # the refused cards were not placed
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=lite)
    game.state.check_invariants()


def test_a_frame_not_played_in_the_format_is_refused(rs):
    with pytest.raises(PositionError, match="not played in format 'master'"):
        Position(rs, "master", "entry20")


def test_a_fog_mark_acts_on_the_unit_it_marks(rs, lite):
    """4.3: a fog's effect lasts until the end of the turn; the mark is linked to what it marks."""
    pos = _board(rs)
    soldier = pos.unit(1, "♣7")
    mark = pos.fog(0, "♡5", on=soldier, as_="upFog")
    game = pos.game([ScriptedAgent(requests=["end"]), ScriptedAgent()], rules=lite)
    assert mark.component == "upFog" and game.size(soldier) == 12
    game.run_until(lambda g: g.state.turn == 4)
    assert game.size(soldier) == 7


def test_the_chance_can_be_given_to_the_other_player(rs, lite):
    pos = _board(rs, chance=1)
    pos.unit(0, "♣7")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=lite)
    with pytest.raises(RequestError, match="P0 does not have the chance") as e:
        game.request(0, "attack")
    assert e.value.section == "9.1.5"


# ---------------------------------------------------------------- Game.request
@pytest.mark.parametrize("args, section, message", [
    (dict(action="up", keys="♡5"), "5.3.1", "needs a target"),
    (dict(action="up", keys="♣9", target="soldier"), "5.3", "do not meet 'up''s key card condition"),
    (dict(action="up", keys="♡9", target="soldier"), "5.3", "not in the player's hand"),
    (dict(action="block"), "5.1", "triggered action"),
    (dict(action="nothing"), "5.1", "no action 'nothing'"),
    (dict(action="attack", target="soldier"), "5.3.1", "takes no target"),
    (dict(action="draw"), "5.1", "triggered action"),
])
def test_a_request_the_rules_forbid_names_the_rule(rs, lite, args, section, message):
    pos = _board(rs)
    soldier = pos.unit(0, "♠7")
    pos.hand(0, "♡5 ♣9")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=lite)
    if args.get("target") == "soldier":
        args = {**args, "target": soldier}
    with pytest.raises(RequestError, match=message) as e:
        game.request(0, **args)
    assert e.value.section == section
    assert game.state.stage == [] and len(game.state.players[0].hand) == 2  # nothing moved


def test_main_timing_only_for_the_turn_player_on_an_empty_stage(rs, lite):
    """5.1 タイミング: メイン — the turn player, with the stage empty."""
    pos = _board(rs, chance=1)
    pos.unit(1, "♣7")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=lite)
    with pytest.raises(RequestError, match="main timing") as e:
        game.request(1, "attack")
    assert e.value.section == "5.1"


def test_a_request_pays_its_costs_with_the_answer_given(rs, lite):
    pos = _board(rs)
    soldier = pos.unit(0, "♠7")
    heart5, club9 = pos.hand(0, "♡5 ♣9")
    game = Game.from_position(pos, [ScriptedAgent(), ScriptedAgent()], rules=lite)
    with pytest.raises(CostError, match=r"\(5\.2\)"):
        game.request(0, "up", keys="♡5", target=soldier, costs=[["♠K"]])  # ♠K does not pay D
    assert game.state.stage == [] and game.state.players[0].hand == [heart5, club9]
    req = game.request(0, "up", keys=[heart5], target=soldier, costs=[[club9]])
    assert game.state.stage == [req] and club9 in game.state.players[0].grave
    assert game.chance == 1  # [16]: a request on the stage moves the chance
    game.pass_chance(1)
    game.pass_chance(0)  # both passed: アップ resolves
    assert game.state.stage == [] and game.size(soldier) == 12 and game.chance == 0


@pytest.mark.parametrize("answers", [[], [["♣9"], ["♡5"]]])
def test_cost_answers_must_match_the_cost_decisions_one_for_one(rs, lite, answers):
    """アップ $D asks one cost decision: no answer, or one left over, is an error before
    anything moves (a spare answer used to be dropped in silence)."""
    pos = _board(rs)
    soldier = pos.unit(0, "♠7")
    heart5, club9 = pos.hand(0, "♡5 ♣9")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=lite)
    with pytest.raises(RequestError, match=rf"{len(answers)} cost answer\(s\) given; paying 'up' asks 1 ") as e:
        game.request(0, "up", keys="♡5", target=soldier, costs=answers)
    assert e.value.section == "5.2"
    assert game.state.stage == [] and game.state.players[0].hand == [heart5, club9]


def test_a_cost_without_a_decision_takes_no_answer(rs, lite):
    """$L (damage) leaves nothing to choose: the request takes an empty answer list."""
    pos = _board(rs)
    pos.hand(0, "♠5 ♡9")
    game = pos.game([ScriptedAgent(choices=[["♡9"]]), ScriptedAgent()], rules=lite)
    game.request(0, "setBulwark", costs=[])
    assert [u.component for u in game.state.players[0].field] == ["bulwark"]


def test_an_immediate_request_resolves_at_once(rs, lite):
    pos = _board(rs)
    _, nine = pos.hand(0, "♠5 ♡9")
    agent = ScriptedAgent(choices=[["♡9"]], strict=True)  # the effect's choice: the card to place
    game = pos.game([agent, ScriptedAgent()], rules=lite)
    game.request(0, "setBulwark")  # $L: one card of life, no choice to make
    me = game.state.players[0]
    assert game.state.stage == [] and [(u.component, u.cards) for u in me.field] == [("bulwark", [nine])]
    assert len(me.life) == 3
    with pytest.raises(RequestError, match="setBulwark"):  # once per turn
        game.request(0, "setBulwark")


def test_passing_without_the_chance_is_an_error(rs, lite):
    game = _board(rs).game([ScriptedAgent(), ScriptedAgent()], rules=lite)
    with pytest.raises(RequestError, match="9.1.5"):
        game.pass_chance(1)


# ---------------------------------------------------------------- ScriptedAgent
def test_scripted_answers_are_kept_per_kind_of_decision(rs, lite):
    """ツイスト: the D cost is answered from `costs` (5.2), the effect's choice (drive or
    charge) from `choices`; the effect's answer listed first does not reach the cost."""
    pos = _board(rs)
    soldier = pos.unit(1, "♠5")
    pos.hand(0, "♢3 ♡9")
    on_soldier = lambda o: o.action == "twist" and o.target is soldier  # noqa: E731
    driven = lambda opts: [o for o in opts if o is State.DRIVEN]  # noqa: E731
    agent = ScriptedAgent(requests=[on_soldier, None], choices=[driven], costs=[["♡9"]], strict=True)
    game = pos.game([agent, ScriptedAgent(requests=[None], strict=True)], rules=lite)
    game.step()  # P0 requests ツイスト, paying ♡9
    assert [r.action for r in game.state.stage] == ["twist"]
    game.step()  # P1 passes
    game.step()  # P0 passes: ツイスト resolves
    assert game.state.stage == [] and soldier.charged is False
    assert [getattr(p, "kind", "effect") for p in agent.seen] == ["cost", "effect"]


def test_a_strict_agent_with_no_cost_answer_raises(rs, lite):
    pos = _board(rs)
    soldier = pos.unit(0, "♠7")
    pos.hand(0, "♡5 ♣9")
    on_soldier = lambda o: o.action == "up" and o.target is soldier  # noqa: E731
    agent = ScriptedAgent(requests=[on_soldier], choices=[["♣9"]], strict=True)  # the answer in the wrong queue
    game = pos.game([agent, ScriptedAgent()], rules=lite)
    with pytest.raises(ScriptExhausted, match="no scripted cost choice left"):
        game.step()
    assert game.state.stage == []


def test_cards_print_alike_for_both_players(rs):
    """A card's text never shows its owner: player 1's Jokers print as player 0's do (they
    once printed as "Joker3" and "Joker4"), and so does every suited card."""
    pos = Position(rs, "std", "pack", turn=3, turn_player=0)
    pos.life(0, "♠2 ♠3")
    pos.life(1, "♢2 ♢3")
    mine = pos.hand(0, "Joker Joker2 ♡5")
    theirs = pos.hand(1, "Joker Joker2 ♡5")
    game = pos.game([ScriptedAgent(), ScriptedAgent()])
    assert [str(c) for c in game.state.players[1].hand] == ["Joker", "Joker2", "♡5"]
    assert [str(c) for c in theirs] == [str(c) for c in mine]
    assert [c is d for c, d in zip(mine, theirs)] == [False, False, False]  # still two players' cards
