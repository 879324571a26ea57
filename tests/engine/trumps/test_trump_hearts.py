"""The ♡ trumps of エクストラ and the actions listed under them (8.3.2 / 8.3.5: 切札♡2 援軍 …
切札♡K 巨人), each in a scene set through the public API."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.explicit import RequestError


def _cards(cards):
    return sorted(str(c) for c in cards)


# ---------------------------------------------------------------- 切札♡2 援軍
def test_reinforcement_summons_one_of_the_top_two_once_a_turn(board):
    """援軍 $BL, 1ターンに1回: ライフの上から2枚をめくり1枚を兵士として出し、もう1枚をライフの一番下へ."""
    b = board(life0="♣6 ♢9 ♡10 ♢10 ♣3")  # ♣6 is the top
    b.trump(0, "♡2")
    walls = [b.unit(0, "♠9", face_up=False), b.unit(0, "♡9", face_up=False)]
    game = b.game(ScriptedAgent(choices=[["♡10"]]))
    game.request(0, "summonReinforcement", costs=[[walls[0]]])  # L: ♣6 to the grave
    b.settle(game)
    soldiers = [u for u in game.state.players[0].field if u not in walls]
    assert [(str(u), u.component, u.charged) for u in soldiers] == [("♡10", "soldier", True)]
    assert str(game.state.players[0].life[0]) == "♢9"  # the other one, at the bottom
    with pytest.raises(RequestError, match="activation condition"):
        game.request(0, "summonReinforcement", costs=[[walls[1]]])


# ---------------------------------------------------------------- 切札♡3 激励
def test_encourage_adds_the_key_soldiers_size_until_the_turn_ends(board):
    """激励 ★<激励>を持つ兵士 $C: 対象の兵士のサイズをこのターンが終わるまでX加算 (X: key size);
    切札♡3: ♡ soldiers have <激励>."""
    b = board()
    b.trump(0, "♡3")
    key = b.unit(0, "♡8")
    other = b.unit(0, "♠5")
    game = b.game(ScriptedAgent(requests=["end"]))
    assert {o.key_unit for o in game.legal_requests(0) if o.action == "encourage"} == {key}
    game.request(0, "encourage", key_unit=key, target=other)
    assert game.size(other) == 13
    game.run_until(lambda g: g.state.turn == 4)
    assert game.size(other) == 5


# ---------------------------------------------------------------- 切札♡4 休戦
def test_truce_stops_an_attack_closes_itself_and_charges(board):
    """休戦 (速攻): 1. 対象のアタックのリクエストを無効にし取り除く 2. 切札の♡4を裏向きに 3. 自分の
    キャラクターを全てチャージ状態にする."""
    b = board()
    h4, = b.trump(1, "♡4")
    attacker = b.unit(0, "♠9")
    tired = b.unit(1, "♣5", charged=False)
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[attacker]]))
    game.step()  # P0 requests the attack
    attack = game.state.stage[-1]
    game.request(1, "retreat", target=attack)
    assert game.state.stage == [] and not h4.face_up and tired.charged
    assert not attacker.statuses  # the attack never resolved


# ---------------------------------------------------------------- 切札♡5 追撃
def test_pursuit_charges_the_soldiers_and_requests_an_attack(board):
    """追撃 $BDD, 1ターンに1回: 1. 自分の兵士を全てチャージ状態にする 2. アタックをリクエストする."""
    b = board()
    b.trump(0, "♡5")
    tired = b.unit(0, "♠9", charged=False)
    wall = b.unit(0, "♡9", face_up=False)
    b.hand(0, "♣4 ♣5")
    game = b.game()
    game.request(0, "pursuit", costs=[[wall], ["♣4"], ["♣5"]])
    b.settle(game)
    assert tired.charged
    assert [r.action for r in game.state.stage] == ["attack"]


def test_pursuit_after_the_attack_of_the_turn_requests_none(board):
    b = board()
    b.trump(0, "♡5")
    wall = b.unit(0, "♡9", face_up=False)
    b.hand(0, "♣4 ♣5")
    b.request(0, "attack")  # the attack of this turn was already requested (1ターンに1回)
    game = b.game()
    b.settle(game)  # it resolves with no attackers
    game.request(0, "pursuit", costs=[[wall], ["♣4"], ["♣5"]])
    b.settle(game)
    assert [r.action for r in game.state.stage] == []


# ---------------------------------------------------------------- 切札♡7 ファントム
def test_phantom_reverse_turns_a_bulwark_into_a_charged_soldier(board):
    """ファントムリバース ★<ファントム>を持つ防壁 $C: キーカードの防壁をチャージ状態の兵士にする;
    切札♡7: own bulwarks have <ファントム>."""
    b = board()
    b.trump(0, "♡7")
    wall = b.unit(0, "♠9", face_up=False)
    game = b.game()
    game.request(0, "phantomReverse", key_unit=wall)  # C drives it; the effect charges it again
    b.settle(game)
    assert wall.face_up and wall.component == "soldier" and wall.charged


def test_illusion_turns_soldiers_into_bulwarks_when_the_turn_ends(board):
    """幻影 (誘発, on エンド added to the stage): 兵士を好きな数だけチャージ状態の防壁にし、1枚ずつ; 防壁を
    並び替えてよい."""
    b = board()
    b.trump(0, "♡7")
    wall = b.unit(0, "♠9", face_up=False)
    armed = b.unit(0, "♣5 ♣7", charged=False)
    game = b.game(ScriptedAgent(choices=[[armed], lambda opts: [opts[-1]], lambda opts: [opts[0]]]))
    game.request(0, "end")
    game.run_until(lambda g: g.resolved["illusion"] >= 1, limit=10)
    field = game.state.players[0].field
    assert [u.component for u in field] == ["bulwark"] * 3 and all(u.charged and not u.face_up for u in field)
    assert field[0] is not wall  # reordered: the last bulwark was put first


# ---------------------------------------------------------------- 切札♡8 救済
def test_salvation_returns_big_soldiers_to_their_owners_life(board):
    """救済 $B ★♡A〜K: キーカードの数字以上の全ての兵士をオーナーのライフの一番上に移す."""
    b = board()
    b.trump(0, "♡8")
    wall = b.unit(0, "♠9", face_up=False)
    small, big = b.unit(0, "♠4"), b.unit(1, "♣5 ♣7")
    b.hand(0, "♡5")
    game = b.game(a1=ScriptedAgent(choices=[["♣7"]]))  # its owner orders: ♣7 first
    game.request(0, "salvation", keys="♡5", costs=[[wall]])
    b.settle(game)
    assert small in game.state.players[0].field and big not in game.state.players[1].field
    assert [str(c) for c in game.state.players[1].life[-2:]] == ["♣7", "♣5"]  # ♣5 on the top


# ---------------------------------------------------------------- 切札♡J チャリオット
def test_summon_chariot_breaks_a_bulwark_and_joins_the_trump(board):
    """チャリオット召喚 $BL ★♢2〜10: 1. 防壁1体を墓地へ 2. キーカードと切札の♡Jをチャリオットに."""
    b = board()
    b.trump(0, "♡J")
    wall = b.unit(0, "♠9", face_up=False)
    theirs = b.unit(1, "♣9", face_up=False)
    b.hand(0, "♢8")
    game = b.game(ScriptedAgent(choices=[[theirs]]))
    game.request(0, "summonChariot", keys="♢8", costs=[[wall]])
    b.settle(game)
    assert theirs not in game.state.players[1].field
    assert [(u.component, _cards(u.cards)) for u in game.state.players[0].field if u is not wall] == \
        [("chariot", ["♡J", "♢8"])]


def test_quick_summon_chariot(board):
    """クイックチャリオット召喚 $D: the same effect at quick timing."""
    b = board(turn_player=1)
    b.trump(0, "♡J")
    b.hand(0, "♢8 ♣4")
    game = b.game()
    game.pass_chance(1)
    game.request(0, "quickSummonChariot", keys="♢8", costs=[["♣4"]])
    b.settle(game)
    assert [u.component for u in game.state.players[0].field] == ["chariot"]


def test_chariot_destroys_a_bulwark(board):
    """チャリオット防壁破壊 ★「チャリオット」 $C: the effect of 防壁破壊."""
    b = board()
    chariot = b.unit(0, "♡J ♢8", as_="chariot")
    wall = b.unit(1, "♣9", face_up=False)
    game = b.game()
    game.request(0, "chariotDestroy", key_unit=chariot, target=wall)
    b.settle(game)
    assert game.state.players[1].field == [] and not chariot.charged


def test_chariot_revive(board):
    """チャリオット再生: 「チャリオット」が場から墓地に移った時、墓地の♡Jを表切札として置く."""
    b2 = board(life0="♢Q ♢10 ♢6 ♣6 ♣3 ♡6")
    chariot = b2.unit(0, "♡J ♢8", as_="chariot")
    blocker = b2.unit(1, "♣Q ♣K")
    g = b2.game(ScriptedAgent(requests=["attack"], choices=[[chariot], ["♡J"]]), ScriptedAgent(choices=[[blocker]]))
    g.run_until(lambda g: g.resolved["chariotRevive"] >= 1 or g.state.winner is not None, limit=40)
    assert [(str(u.cards[0]), u.face_up, u.component) for u in g.state.players[0].trumps] == [("♡J", True, "hJ")]


# ---------------------------------------------------------------- 切札♡K 巨人
def test_summon_giant_breaks_every_bulwark_and_finds_the_diamond_king(board):
    """巨人召喚 $SS: 1. 全ての防壁を墓地へ 2. ♢Kを探す 3. 切札の♡Kと♢Kを巨人としてチャージ状態で場に."""
    b = board()
    b.trump(0, "♡K")
    s1, s2 = b.unit(0, "♠4"), b.unit(0, "♠5")
    walls = [b.unit(0, "♠9", face_up=False), b.unit(1, "♣9", face_up=False)]
    b.grave(0, "♢K")
    game = b.game()
    game.request(0, "summonGiant", costs=[[s1], [s2]])
    b.settle(game)
    assert [(u.component, _cards(u.cards), u.charged) for u in game.state.players[0].field] == \
        [("giant", ["♡K", "♢K"], True)]
    assert game.state.players[1].field == [] and all(w not in game.state.players[0].field for w in walls)


def test_summon_giant_without_the_diamond_king_loses_the_trump(board):
    b = board()
    b.trump(0, "♡K")
    s1, s2 = b.unit(0, "♠4"), b.unit(0, "♠5")
    game = b.game()
    game.request(0, "summonGiant", costs=[[s1], [s2]])
    b.settle(game)
    assert game.state.players[0].trump == [] and "♡K" in _cards(game.state.players[0].grave)
