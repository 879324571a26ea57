"""Abilities of characters (9.3; scope this / your as 9.4.2 orders them): 魔術士's waived cost,
the trump characters of エクストラ (8.3.3: cannot be targeted, counted as two suits, 巨人
must attack and survives a bulwark's block). Through the public API."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.explicit import RequestError


def _cards(cards):
    return sorted(str(c) for c in cards)


# ---------------------------------------------------------------- 魔術士 (50-characters: 魔力増加)
def test_magician_waives_the_discard_of_quick_magic(board):
    """魔術士: このキャラクターが場にいる間、タイプ：速攻魔法のコストDが無しになる (scope your)."""
    b = board()
    b.unit(0, "Joker", as_="magician")
    target = b.unit(0, "♠4")
    b.hand(0, "♡5")  # the key card only: nothing left to discard
    game = b.game()
    game.request(0, "up", keys="♡5", target=target)  # no cost answer is needed: D is waived
    b.settle(game)
    assert game.size(target) == 9 and game.state.players[0].grave == []


def test_without_the_magician_quick_magic_pays_its_discard(board):
    b = board()
    target = b.unit(0, "♠4")
    b.hand(0, "♡5")
    game = b.game()
    assert "up" not in {o.action for o in game.legal_requests(0)}  # D: nothing left to discard
    with pytest.raises(RequestError):
        game.request(0, "up", keys="♡5", target=target)


def test_the_magician_waives_its_own_player_s_cost_only(board):
    """scope your: the opponent's quick magic still pays D."""
    b = board(turn_player=1)
    b.unit(0, "Joker", as_="magician")
    b.unit(1, "♣4")
    b.hand(1, "♡5")
    game = b.game()
    game.pass_chance(1)
    game.pass_chance(0)  # P1 has the chance again, on an empty stage
    assert "up" not in {o.action for o in game.legal_requests(1)}


# ---------------------------------------------------------------- 装備アクションの対象にできない
@pytest.mark.parametrize("character, cards, key", [
    ("reanimator", "♠J ♡7", "♠Q"), ("chariot", "♡J ♢8", "♡Q"),
    ("strategist", "♢J ♣7", "♢Q"), ("knight", "♣J ♠7", "♣Q")])
def test_trump_characters_cannot_be_targeted_by_mount_soldier(board, character, cards, key):
    """8.3.3 リアニメーター / チャリオット / 策士 / 騎士: 装備アクションの対象にできない — other
    actions may target them (アップ)."""
    b = board()
    special = b.unit(0, cards, as_=character)
    plain = b.unit(0, key[0] + "4")
    wall = b.unit(0, "♠9", face_up=False)
    b.hand(0, key + " ♡5 ♣2")
    game = b.game()
    mounts = {o.target for o in game.legal_requests(0) if o.action == "mountSoldier"}
    assert mounts == {plain}
    with pytest.raises(RequestError, match="not a target"):
        game.request(0, "mountSoldier", keys=key, target=special, costs=[[wall]])
    assert special in {o.target for o in game.legal_requests(0) if o.action == "up"}


@pytest.mark.parametrize("character, cards", [("darklord", "♠K ♣K"), ("giant", "♡K ♢K")])
def test_dark_lord_and_giant_cannot_be_targeted_at_all(board, character, cards):
    """8.3.3 魔王 / 巨人: アクションの対象にできない."""
    b = board(turn_player=1)
    special = b.unit(0, cards, as_=character)
    other = b.unit(0, "♠4")
    b.hand(1, "♠5 ♡5 ♣4 ♣7")
    game = b.game()
    targets = {o.target for o in game.legal_requests(1) if isinstance(o.target, type(other))}
    assert other in targets and special not in targets
    with pytest.raises(RequestError, match="not a target"):
        game.request(1, "down", keys="♠5", target=special, costs=[["♣4"]])


@pytest.mark.parametrize("character, cards, suits", [
    ("reanimator", "♠J ♡7", ("♠2", "♡3")), ("darklord", "♠K ♣K", ("♠2", "♣4")),
    ("chariot", "♡J ♢8", ("♡3", "♢3")), ("giant", "♡K ♢K", ("♡3", "♢3")),
    ("strategist", "♢J ♣7", ("♢3", "♣4")), ("knight", "♣J ♠7", ("♣4", "♠2"))])
def test_trump_characters_count_as_soldiers_of_both_suits(board, character, cards, suits):
    """8.3.3: 〜兵士としても〜兵士としても扱う — the trumps that give a label to the soldiers of a
    suit (♠2 <スラッシュ>, ♡3 <激励>, ♢3 <交渉>, ♣4 <スイッチ>) give it for both suits. (Each
    of these characters holds a card of both suits, so its cards alone already say as much.)"""
    b = board()
    unit = b.unit(0, cards, as_=character)
    b.trump(0, " ".join(suits))
    game = b.game()
    game.legal_requests(0)
    labels = {"♠2": "slash", "♡3": "encourage", "♢3": "negotiate", "♣4": "switch"}
    assert {labels[s] for s in suits} <= unit.ability_labels
    assert game.state.rules_on == set()


# ---------------------------------------------------------------- 巨人
def test_giant_must_attack_whenever_it_can(board):
    """巨人: 自分のターンに可能な限りアタックアクションをリクエストし、チャージ状態の場合アタッカーに指定する."""
    b = board(life1="♠6 ♠8 ♢10 ♢2 ♣3 ♣2 ♣6 ♣8 ♣9 ♣10 ♡2 ♡3 ♡4 ♡5 ♡6 ♡7 ♡8 ♡9 ♡10 ♡A ♢A ♢3 ♢4 ♢5 ♢6 ♢7 ♢8 ♢9")
    giant = b.unit(0, "♡K ♢K", as_="giant")
    other = b.unit(0, "♠4")
    game = b.game(ScriptedAgent(choices=[[other]]), ScriptedAgent(choices=[[]]))
    assert {o.action for o in game.legal_requests(0)} == {"attack"}  # not エンド, not another action
    game.request(0, "attack")
    b.settle(game)
    assert "attacking" in giant.statuses and "attacking" in other.statuses  # named though not chosen
    game.run_until(lambda g: g.resolved["damageJudge"] >= 1, limit=20)
    assert "attack" not in {o.action for o in game.legal_requests(0)}  # once a turn: the rest is free
    assert "end" in {o.action for o in game.legal_requests(0)}


def test_a_driven_giant_still_requests_the_attack_but_is_not_named(board):
    """The attack is requested whenever possible; the giant is named only when charged."""
    b = board()
    giant = b.unit(0, "♡K ♢K", as_="giant", charged=False)
    other = b.unit(0, "♠4")
    game = b.game(ScriptedAgent(choices=[[other]]))
    assert {o.action for o in game.legal_requests(0)} == {"attack"}
    game.request(0, "attack")
    b.settle(game)
    assert "attacking" not in giant.statuses and "attacking" in other.statuses


def test_giant_survives_a_bulwark_that_shares_its_number(board):
    """巨人: 「ダメージ判定」にてブロッカーが防壁の場合、条件に該当してもこの巨人は墓地に移されない."""
    b = board(life1="♠6 ♠8 ♢10 ♢2 ♣3 ♣2 ♣6 ♣8 ♣9 ♣10 ♡2 ♡3 ♡4 ♡5 ♡6 ♡7 ♡8 ♡9 ♡10 ♡A ♢A ♢3 ♢4 ♢5 ♢6 ♢7 ♢8 ♢9")
    giant = b.unit(0, "♡K ♢K", as_="giant")
    wall = b.unit(1, "♣K", face_up=False)
    game = b.game(a1=ScriptedAgent(choices=[[wall]]))
    game.request(0, "attack")
    game.run_until(lambda g: g.resolved["damageJudge"] >= 1, limit=20)
    assert giant in game.state.players[0].field and wall not in game.state.players[1].field


def test_another_soldier_falls_to_a_bulwark_that_shares_its_number(board):
    b = board()
    soldier = b.unit(0, "♣5 ♣K")  # an armed soldier with a K
    wall = b.unit(1, "♠K", face_up=False)
    game = b.game(ScriptedAgent(choices=[[soldier]]), ScriptedAgent(choices=[[wall]]))
    game.request(0, "attack")
    game.run_until(lambda g: g.resolved["damageJudge"] >= 1, limit=20)
    assert soldier not in game.state.players[0].field


def test_a_suit_an_ability_gives_is_seen_by_the_abilities_of_scope_your():
    """9.4.2 applies scope your (切札♠2: ♠ soldiers have <スラッシュ>) before scope this (the
    character's 「♠兵士としても扱う」); the suit is a characteristic, so the label reaches a unit
    none of whose cards is a ♠ (fixture: キメラ ♡Q ♡3). docs/engine.md."""
    from pathlib import Path

    from bpscript.engine.setup.position import Position
    from bpscript.engine.kernel.rules import Rules
    from bpscript.load.loader import load

    result = load([Path(__file__).parent.parent / "fixtures" / "suits.bps"])
    assert not result.errors, [d.message for d in result.errors]
    rs = result.ruleset
    pos = Position(rs, "mast", "extra", turn=3, turn_player=0)
    pos.life(0, "♡10 ♢10 ♢7")
    pos.life(1, "♣2 ♣3 ♣6")
    chimera = pos.unit(0, "♡Q ♡3", as_="chimera")
    plain = pos.unit(0, "♡4")
    pos.trump(0, "♠2")
    target = pos.unit(1, "♣4")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=Rules(rs, "mast", "extra"), partial=True)
    assert {o.key_unit for o in game.legal_requests(0) if o.action == "slash"} == {chimera}
    game.request(0, "slash", key_unit=chimera, target=target)
    assert target not in game.state.players[1].field and plain.charged
