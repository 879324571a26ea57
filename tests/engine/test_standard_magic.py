"""Scenario tests of the summons and magic actions of スタンダード, プロ and マスター that are not
in ライト (7.3.1 アクションリスト), on a マスター + パック board, through the public API: a
`Position`, `Game.request`, both players passing the chance, `ScriptedAgent` for the
effect's choices. The pack scripts are not in play (`partial=True`, as in test_packs.py)."""

from __future__ import annotations

from enum import Enum

import pytest
from scenes import actions, board, passed, resolve, start

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.rules import Rules
from bpscript.model.values import ScriptRef


@pytest.fixture(scope="module")
def mast(rs):
    return Rules(rs, "mast", "pack")


def names(cards) -> list[str]:
    return [str(c) for c in cards]


def go(rs, mast, pos, p0=None, p1=None):
    """The game from `pos` (lives topped up to 10 each), strict agents unless given."""
    return start(pos, [p0 or ScriptedAgent(strict=True), p1 or ScriptedAgent(strict=True)], rules=mast,
                 partial=True)


def option(value):
    """A choice among the options of choose_option: the one whose value is `value` (a
    constant is offered as its enum member, a script as its `ScriptRef`, a number as itself)."""
    return lambda opts: [o for o in opts if (o.value if isinstance(o, Enum) else o.id if isinstance(o, ScriptRef)
                                             else o) == value]


# ---------------------------------------------------------------- 召喚
@pytest.mark.parametrize("pick, component, face_up", [("ace", "ace", True), ("bulwark", "bulwark", False)])
def test_quick_summons_ace_puts_the_key_as_an_ace_or_a_bulwark_off_turn(rs, mast, pick, component, face_up):
    """7.3.1 クイック召喚 @直接-通常-クイック $D ★A, 起動条件「ターンを持っていない時しか…」:
    the non-turn player puts the A key as a face-up ace or a face-down bulwark, charged; the
    turn player, with an A in hand too, is not offered it."""
    pos = board(rs, "mast", "pack", chance=1)
    pos.hand(0, "♡A ♣3")
    key, pay = pos.hand(1, "♠A ♣2")
    game = go(rs, mast, pos, p1=ScriptedAgent(choices=[option(pick)], strict=True))
    assert "quickSummonsAce" in actions(game, 1) and "quickSummonsAce" not in actions(game, 0)
    them = game.state.players[1]
    resolve(game, 1, "quickSummonsAce", [key], costs=[[pay]])
    assert [(u.component, u.cards, u.face_up, u.charged) for u in them.field] == [(component, [key], face_up, True)]
    assert them.grave == [pay] and them.hand == []  # D paid; the key is on the field, not in the grave


def test_summons_magic_puts_the_joker_as_a_magician(rs, mast):
    """7.3.1 魔術士召喚 @直接-通常-メイン $BD ★Joker: the Joker becomes a face-up charged
    魔術士; a bulwark is driven and a hand card discarded for the cost."""
    pos = board(rs, "mast", "pack")
    wall = pos.unit(0, "♣10", face_up=False)
    joker, pay = pos.hand(0, "Joker ♡4")
    game = go(rs, mast, pos)
    me = game.state.players[0]
    resolve(game, 0, "summonsMagic", [joker], costs=[[wall], [pay]])
    magician = [u for u in me.field if u is not wall]
    assert [(u.component, u.cards, u.face_up, u.charged) for u in magician] == [("magician", [joker], True, True)]
    assert wall.charged is False and me.grave == [pay] and me.hand == []


# ---------------------------------------------------------------- 速攻魔法
def test_kill_sends_the_target_soldier_to_the_grave(rs, mast):
    """7.3.1 キル ★♠A〜10 を 2枚, 対象 兵士1体: the soldier (both its cards) to its owner's
    grave; the keys to the requester's grave (5.4.5)."""
    pos = board(rs, "mast", "pack")
    armed = pos.unit(1, "♣6 ♣9")
    other = pos.unit(1, "♡5")
    keys = pos.hand(0, "♠3 ♠7")
    game = go(rs, mast, pos)
    resolve(game, 0, "kill", keys, target=armed)
    them, me = game.state.players[1], game.state.players[0]
    assert them.field == [other] and sorted(names(them.grave)) == ["♣6", "♣9"]
    assert sorted(names(me.grave)) == ["♠3", "♠7"]


def test_reunion_returns_a_chosen_grave_card_to_the_hand(rs, mast):
    """7.3.1 再会 ★♡A〜10 を 2枚: a card chosen from one's own grave is shown to the opponent
    and added to the hand; the others stay."""
    pos = board(rs, "mast", "pack")
    pos.grave(0, "♣K ♢4")
    keys = pos.hand(0, "♡2 ♡9")
    game = go(rs, mast, pos, p0=ScriptedAgent(choices=[["♣K"]], strict=True))
    resolve(game, 0, "reunion", keys)
    me = game.state.players[0]
    assert names(me.hand) == ["♣K"] and "reveal ♣K to P1" in game.state.log  # shown to the opponent
    assert sorted(names(me.grave)) == ["♡2", "♡9", "♢4"]


def test_truce_removes_the_damage_judge_request_from_the_stage(rs, mast):
    """7.3.1 停戦 ★♢A〜10 を 2枚, 対象 ダメージ判定アクションのリクエスト: the request is
    nullified and taken off the stage — no damage is dealt, the attacker is not judged."""
    pos = board(rs, "mast", "pack")
    attacker = pos.unit(0, "♢7")
    keys = pos.hand(1, "♢3 ♢5")
    game = go(rs, mast, pos, p0=ScriptedAgent(choices=[[attacker]], strict=True),
              p1=ScriptedAgent(choices=[[]]))
    st = game.state
    life = len(st.players[1].life)
    resolve(game, 0, "attack")
    passed(game, st.stage[-1])  # ブロック: P1 blocks with nothing
    (judge,) = st.stage
    assert judge.action == "damageJudge" and game.chance == 0
    game.pass_chance(0)  # P0 passes: P1 has the chance with ダメージ判定 on the stage
    truce = game.request(1, "truce", keys, target=judge)
    passed(game, truce)
    assert st.stage == [] and len(st.players[1].life) == life  # no damage
    assert attacker in st.players[0].field
    assert attacker.statuses == {}  # the battle is over: no アタッカー left for a later one
    assert sorted(names(st.players[1].grave)) == ["♢3", "♢5"]


def test_rsf_deals_40_damage_to_the_target_player(rs, mast):
    """7.3.1 R・S・F $BB ★同じスートのA,10〜K を 5枚, 対象 プレイヤー: 40 damage (3.8: one
    life card to the grave per point) — a life of 10 runs out and the player loses (3.7)."""
    pos = board(rs, "mast", "pack")
    walls = [pos.unit(0, c, face_up=False) for c in ("♢2", "♢3")]
    keys = pos.hand(0, "♠A ♠10 ♠J ♠Q ♠K")
    game = go(rs, mast, pos)
    st = game.state
    resolve(game, 0, "rsf", keys, target=1, costs=[[walls[0]], [walls[1]]])
    assert st.players[1].life == [] and len(st.players[1].grave) == 10
    assert st.winner == 0


@pytest.mark.parametrize("charged", [True, False])
def test_unsummons_returns_a_charged_character_and_the_keys_to_the_hand(rs, mast, charged):
    """7.3.1 帰還 $B ★同じスートを2枚, 対象 自分のキャラクター1体: step 1 returns the target to
    the hand only if it is charged; step 2 returns the keys to the hand (not the grave)."""
    pos = board(rs, "mast", "pack")
    hero = pos.unit(0, "♣Q", charged=charged)
    wall = pos.unit(0, "♢9", face_up=False)
    keys = pos.hand(0, "♡3 ♡8")
    game = go(rs, mast, pos)
    me = game.state.players[0]
    resolve(game, 0, "unsummons", keys, target=hero, costs=[[wall]])
    assert sorted(names(me.hand)) == sorted(["♡3", "♡8"] + (["♣Q"] if charged else []))
    assert me.field == ([wall] if charged else [hero, wall]) and me.grave == [] and not wall.charged


# ---------------------------------------------------------------- 通常魔法
def test_death_lance_sends_a_divisible_soldier_to_its_owners_life_then_damages(rs, mast):
    """7.3.1 死の槍 ★♠A〜K と ♢A〜K, 対象 兵士: size 6 divisible by the ♢3 (not by the ♠4) —
    the soldier goes face down to the top of its owner's life, then the owner takes the ♠
    number (4) in damage: the top four life cards, the soldier's card first, to the grave."""
    pos = board(rs, "mast", "pack")
    soldier = pos.unit(1, "♣6")
    pos.life(1, "♡10 ♡9 ♢8 ♢2 ♠J")
    keys = pos.hand(0, "♠4 ♢3")
    game = go(rs, mast, pos)
    them = game.state.players[1]
    life = len(them.life)
    resolve(game, 0, "deathLance", keys, target=soldier)
    assert them.field == [] and names(them.grave) == ["♣6", "♡10", "♡9", "♢8"]  # in the order they left
    assert str(them.life[-1]) == "♢2" and len(them.life) == life + 1 - 4


def test_death_lance_does_nothing_to_a_size_that_does_not_divide(rs, mast):
    """7.3.1 死の槍: size 7 is not divisible by the ♢3 (it is by the ♠7) — no effect but the
    keys to the grave."""
    pos = board(rs, "mast", "pack")
    soldier = pos.unit(1, "♣7")
    keys = pos.hand(0, "♠7 ♢3")
    game = go(rs, mast, pos)
    resolve(game, 0, "deathLance", keys, target=soldier)
    assert game.state.players[1].field == [soldier] and len(game.state.players[1].life) == 10
    assert sorted(names(game.state.players[0].grave)) == ["♠7", "♢3"]


@pytest.mark.parametrize("count, charged", [(1, True), (2, False)])
def test_add_bulwark_puts_the_top_of_the_life_as_bulwarks(rs, mast, count, charged):
    """7.3.1 防壁補充 ★♡A〜K と ♣A〜K: one card from the top of one's life as a face-down
    charged bulwark, or two as face-down driven bulwarks."""
    pos = board(rs, "mast", "pack")
    top = pos.life(0, "♠9 ♢J ♡5")
    keys = pos.hand(0, "♡K ♣4")
    game = go(rs, mast, pos, p0=ScriptedAgent(choices=[option(count)], strict=True))
    me = game.state.players[0]
    life = len(me.life)
    resolve(game, 0, "addBulwark", keys)
    assert [(u.component, u.cards, u.face_up, u.charged) for u in me.field] == [
        ("bulwark", [c], False, charged) for c in top[:count]]
    assert len(me.life) == life - count and sorted(names(me.grave)) == ["♡K", "♣4"]


def test_reanimate_trades_an_own_character_for_a_grave_card_as_a_soldier(rs, mast):
    """7.3.1 リアニメイト ★♠A〜K と ♡A〜K, 対象 自分のキャラクター1体: a card of one's grave is
    chosen; the target goes to the grave, so the chosen card comes out as a face-up charged
    soldier."""
    pos = board(rs, "mast", "pack")
    wall = pos.unit(0, "♢5", face_up=False)
    pos.grave(0, "♣7 ♡2")
    keys = pos.hand(0, "♠4 ♡6")
    game = go(rs, mast, pos, p0=ScriptedAgent(choices=[["♣7"]], strict=True))
    me = game.state.players[0]
    resolve(game, 0, "reanimate", keys, target=wall)
    assert [(u.component, names(u.cards), u.face_up, u.charged) for u in me.field] == [
        ("soldier", ["♣7"], True, True)]
    assert sorted(names(me.grave)) == sorted(["♢5", "♡2", "♠4", "♡6"])


def test_handeth_discards_the_card_the_requester_names(rs, mast):
    """7.3.1 ハンデス ★♢A〜K と ♣A〜K, 対象 対戦相手: the requester sees the opponent's hand,
    names a card; the opponent discards it (to their grave)."""
    pos = board(rs, "mast", "pack")
    pos.hand(1, "♠8 ♡Q ♣2")
    keys = pos.hand(0, "♢6 ♣J")
    seen = []
    p0 = ScriptedAgent(choices=[lambda opts: seen.extend(names(opts)) or [o for o in opts if str(o) == "♡Q"]],
                       strict=True)
    game = go(rs, mast, pos, p0=p0)
    them = game.state.players[1]
    resolve(game, 0, "handeth", keys, target=1)
    assert sorted(seen) == ["♠8", "♡Q", "♣2"] and "reveal ♠8 ♡Q ♣2 to P0" in game.state.log
    assert names(them.hand) == ["♠8", "♣2"] and names(them.grave) == ["♡Q"]
