"""Battle scenarios (アタック, ブロック, ダメージ判定) from the rulebook, on the core flow
with the ライト scripts, through the public API: P0 requests アタック and both players pass;
ブロック and ダメージ判定 are triggered and resolve as both pass again."""

from __future__ import annotations

import pytest
from scenes import actions, attackers, board, passed, resolve, start, top_up_life

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.explicit import RequestError


def battle(rs, rules, attacker_cards, blockers):
    """P0 attacks with one unit; P1 has the units `blockers` (cards, face up, whether it
    blocks). The game after ダメージ判定, the attacker and P1's units."""
    pos = board(rs)
    attacker = pos.unit(0, attacker_cards)
    theirs = [pos.unit(1, cards, face_up=face_up) for cards, face_up, _ in blockers]
    chosen = [u for u, (_, _, blocks) in zip(theirs, blockers) if blocks]
    p0 = ScriptedAgent(choices=[[attacker]], strict=True)
    p1 = ScriptedAgent(choices=[chosen] if theirs else [], strict=True)
    game = start(pos, [p0, p1], rules=rules)
    st = game.state
    resolve(game, 0, "attack")
    assert attacker.charged is False and attackers(game) == [attacker]
    assert [r.action for r in st.stage] == ["block"]  # triggered for the turn player, on the stage
    passed(game, st.stage[-1])
    assert [r.action for r in st.stage] == ["damageJudge"]
    assert [u for u in theirs if "blocking" in u.statuses] == chosen
    passed(game, st.stage[-1])
    assert st.stage == [] and attackers(game) == []
    return game, attacker, theirs


def test_unblocked_attacker_deals_its_number(rs, rules):
    game, attacker, _ = battle(rs, rules, "♢7", [])
    assert len(game.state.players[1].life) == 10 - 7 and attacker in game.state.players[0].field


def test_soldier_against_a_weaker_soldier(rs, rules):
    game, attacker, (five,) = battle(rs, rules, "♣10", [("♠5", True, True)])
    them = game.state.players[1]
    assert attacker in game.state.players[0].field and five not in them.field
    assert [str(c) for c in them.grave] == ["♠5"]
    assert len(them.life) == 10  # blocked: no damage


def test_equal_numbers_both_go(rs, rules):
    game, attacker, _ = battle(rs, rules, "♣6", [("♣6", True, True)])
    assert attacker not in game.state.players[0].field and game.state.players[1].field == []


def test_several_blockers_add_up(rs, rules):
    game, attacker, blockers = battle(rs, rules, "♡8", [("♠3", True, True), ("♣6", True, True)])
    assert attacker not in game.state.players[0].field  # 8 < 3 + 6
    assert game.state.players[1].field == blockers


def test_bulwark_with_the_same_number_kills_the_attacker(rs, rules):
    game, attacker, _ = battle(rs, rules, "♢10", [("♣10", False, True)])
    assert attacker not in game.state.players[0].field
    assert game.state.players[1].field == [] and [str(c) for c in game.state.players[1].grave] == ["♣10"]


def test_joker_bulwark_kills_any_attacker(rs, rules):
    game, attacker, (joker,) = battle(rs, rules, "♣K", [("Joker", False, True)])
    assert attacker not in game.state.players[0].field and game.state.players[1].field == []
    assert [c.is_joker for c in game.state.players[1].grave] == [True]


def test_other_bulwark_goes_and_the_attacker_stays(rs, rules):
    game, attacker, _ = battle(rs, rules, "♢10", [("♠5", False, True)])
    assert attacker in game.state.players[0].field and game.state.players[1].field == []
    assert len(game.state.players[1].life) == 10


def test_block_is_not_triggered_without_attackers(rs, rules):
    """ブロック triggers only when アタック resolved with an attacker (1体以上)."""
    pos = board(rs)
    pos.unit(0, "♣6", charged=False)  # driven: cannot attack
    game = start(pos, rules=rules)
    resolve(game, 0, "attack")
    summary = game.summary()
    assert summary["resolved"]["attack"] == 1 and "block" not in summary["requested"]
    assert game.state.stage == [] and attackers(game) == []


def test_block_is_triggered_for_whichever_player_has_the_turn(rs, rules):
    """9.4.1 [6-1]: games of one `Rules` share what the check learns of each event (an
    アタック resolved by a player, kept per turn player). ブロック is triggered for the player
    who has the turn and attacked, P0 or P1, and for P0 again after P1's game."""
    for turn_player in (0, 1, 0):
        pos = board(rs, turn=3 + turn_player, turn_player=turn_player, chance=turn_player)
        attacker = pos.unit(turn_player, "♢7")
        agents = [ScriptedAgent(choices=[[attacker]], strict=True), ScriptedAgent(strict=True)]
        game = start(pos, agents[::-1] if turn_player else agents, rules=rules)
        resolve(game, turn_player, "attack")
        assert attackers(game) == [attacker]
        assert [(r.action, r.controller) for r in game.state.stage] == [("block", turn_player)]


def test_attack_restrictions_and_haste(rs, rules):
    """Attackers: charged, with <アタッカー>; not one that came this turn unless <速攻>
    (エース); a bulwark cannot attack."""
    pos = board(rs)
    fresh = pos.unit(0, "♢10", arrived_this_turn=True)
    ace = pos.unit(0, "♡A", arrived_this_turn=True)
    pos.unit(0, "♣6", charged=False)
    pos.unit(0, "♠3", face_up=False)
    offered = []
    p0 = ScriptedAgent(choices=[lambda opts: offered.extend(opts) or opts], strict=True)
    game = start(pos, [p0, ScriptedAgent()], rules=rules)
    resolve(game, 0, "attack")
    assert offered == [ace] and attackers(game) == [ace] and fresh.charged


def test_attack_once_per_turn(rs, rules):
    pos = board(rs)
    pos.unit(0, "♣6")
    game = start(pos, rules=rules)
    assert "attack" in actions(game, 0)
    resolve(game, 0, "attack")
    while game.state.stage:  # ブロック, then ダメージ判定
        passed(game, game.state.stage[-1])
    assert game.summary()["resolved"]["damageJudge"] == 1
    assert "attack" not in actions(game, 0)
    with pytest.raises(RequestError) as e:
        game.request(0, "attack")
    assert e.value.section == "5.1"  # the activation condition: once per turn


def test_next_generation_triggers_once_per_royal_card(rs, rules):
    """世代交代: each Joker/A/J/Q/K card moving from my field to the grave triggers once;
    an armed soldier ♡A♡J dying in battle triggers twice, a ♠5 soldier not at all."""
    pos = board(rs)
    armed = pos.unit(0, "♡A ♡J")
    plain = pos.unit(0, "♠5")
    pos.life(0, "♠3 ♣K ♠2 ♢Q")  # ♠3 is the top
    king, six = pos.unit(1, "♣K"), pos.unit(1, "♢6")
    top_up_life(pos, 1)
    p0 = ScriptedAgent(choices=[[armed, plain]], strict=True)
    p1 = ScriptedAgent(choices=[[king], [six]], strict=True)  # ♣K blocks ♡A♡J (13 > 12), ♢6 blocks ♠5
    game = start(pos, [p0, p1], rules=rules, life=False)
    resolve(game, 0, "attack")
    passed(game, game.state.stage[-1])  # ブロック
    passed(game, game.state.stage[-1])  # ダメージ判定
    me = game.state.players[0]
    assert me.field == [] and game.state.players[1].field == [king, six]
    assert game.summary()["resolved"]["nextGeneration"] == 2
    assert sorted(str(c) for c in me.hand) == ["♢Q", "♣K"]
