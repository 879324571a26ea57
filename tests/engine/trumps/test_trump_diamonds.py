"""The ♢ trumps of エクストラ and the actions listed under them (8.3.2 / 8.3.5: 切札♢A 防壁追加
… 切札♢J 策士), each in a scene set through the public API."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.explicit import RequestError


def _cards(cards):
    return sorted(str(c) for c in cards)


# ---------------------------------------------------------------- 切札♢A 防壁追加
def test_put_bulwark_when_the_opponent_has_as_many(board):
    """防壁追加 $L, 1ターンに1回: 対戦相手の防壁の数が自分の防壁の数以上なら、ライフの上から1枚を防壁
    として裏向きかつチャージ状態で場に出す."""
    b = board(life0="♡10 ♢10 ♢7 ♣6 ♣3")  # L takes ♡10; the new bulwark is ♢10
    b.trump(0, "♢A")
    b.unit(1, "♣9", face_up=False)
    game = b.game()
    game.request(0, "putBulwark")  # 即時
    assert [(str(u.cards[0]), u.component, u.face_up, u.charged) for u in game.state.players[0].field] == \
        [("♢10", "bulwark", False, True)]
    with pytest.raises(RequestError, match="activation condition"):
        game.request(0, "putBulwark")


def test_put_bulwark_with_more_bulwarks_than_the_opponent_adds_none(board):
    b = board()
    b.trump(0, "♢A")
    b.unit(0, "♠9", face_up=False)
    game = b.game()
    game.request(0, "putBulwark")
    assert len(game.state.players[0].field) == 1 and len(game.state.players[0].life) == 5


# ---------------------------------------------------------------- 切札♢3 交渉
def test_negotiate_drives_a_character(board):
    """交渉 ★<交渉>を持つ兵士 $C (即時): 対象のキャラクターをドライブする; 切札♢3: ♢ soldiers have <交渉>."""
    b = board()
    b.trump(0, "♢3")
    key = b.unit(0, "♢9")
    b.unit(0, "♠9")
    target = b.unit(1, "♣9")
    game = b.game()
    assert {o.key_unit for o in game.legal_requests(0) if o.action == "negotiate"} == {key}
    game.request(0, "negotiate", key_unit=key, target=target)
    assert not target.charged and not key.charged


# ---------------------------------------------------------------- 切札♢4 相殺
def test_reckoning_takes_the_damage_and_removes_the_request(board):
    """相殺 $D (即時): キーカードの数字の合計が5以上なら 1. その分のダメージを受け 2. リクエストを取り除き
    キーカードを墓地へ."""
    b = board()
    b.trump(0, "♢4")
    b.hand(0, "♣4")
    req = b.request(1, "throwing", keys="♣4 ♠A", target=0)  # ★ total 5
    game = b.game()
    game.request(0, "reckoning", target=req, costs=[["♣4"]])
    assert game.state.stage == [] and len(game.state.players[0].life) == 6 - 5
    assert _cards(game.state.players[1].grave) == ["♠A", "♣4"]


def test_reckoning_under_five_does_nothing(board):
    b = board()
    b.trump(0, "♢4")
    b.hand(0, "♣4")
    req = b.request(1, "throwing", keys="♣A ♠3", target=0)  # ★ total 4
    game = b.game()
    game.request(0, "reckoning", target=req, costs=[["♣4"]])
    assert game.state.stage == [req] and len(game.state.players[0].life) == 6


# ---------------------------------------------------------------- 切札♢5 喪失
def test_exhaustion_closes_the_trump_or_takes_two(board):
    """疲弊 (on エンド requested): 自分の表切札にある「喪失」を裏切札にする。そうしたくない場合、2点."""
    b = board()
    d5, = b.trump(0, "♢5")
    game = b.game(ScriptedAgent(answers=[False]))
    game.request(0, "end")
    game.run_until(lambda g: g.resolved["exhaustion"] >= 1, limit=10)
    assert d5.face_up and len(game.state.players[0].life) == 4
    b2 = board()
    d5b, = b2.trump(0, "♢5")
    g2 = b2.game(ScriptedAgent(answers=[True]))
    g2.request(0, "end")
    g2.run_until(lambda g: g.resolved["exhaustion"] >= 1, limit=10)
    assert not d5b.face_up and len(g2.state.players[0].life) == 6


def test_loss_stops_the_charge_action_with_two_charged_bulwarks(board):
    """切札♢5 喪失 (scope all): あなたの場にチャージ状態の防壁が2体以上いる場合、全てのプレイヤーは
    チャージアクションでキャラクターをチャージ状態にできない."""
    b = board(turn_player=1)
    loss, = b.trump(0, "♢5")
    assert loss.component == "d5"
    b.unit(0, "♠9", face_up=False)
    b.unit(0, "♡9", face_up=False)
    tired = b.unit(0, "♠4", charged=False)
    game = b.game(ScriptedAgent(answers=[True]), ScriptedAgent(requests=["end"]))
    game.run_until(lambda g: g.resolved["charge"] >= 1, limit=20)
    assert "noCharging" in game.state.rules_on and not tired.charged


# ---------------------------------------------------------------- 切札♢8 修繕
def test_repair_mounts_a_diamond_face_card_from_the_grave(board):
    """修繕 $L: 対象の兵士(♢2〜10)が装備の対象にできる場合 1. 墓地から♢J〜Kを選び 2. 装備をコストを支払わず
    リクエストする (対象は対象の兵士、キーカードは選んだカード)."""
    b = board()
    b.trump(0, "♢8")
    soldier = b.unit(0, "♢9")
    b.grave(0, "♢Q")
    game = b.game()
    game.request(0, "repair", target=soldier)  # 即時: 装備 goes on the stage
    assert [(r.action, _cards(r.keys), r.target) for r in game.state.stage] == [("mountSoldier", ["♢Q"], soldier)]
    b.settle(game)
    assert _cards(soldier.cards) == ["♢9", "♢Q"] and soldier.component == "armedsoldier"


def test_repair_without_a_face_card_sends_the_soldier_away(board):
    b = board()
    b.trump(0, "♢8")
    soldier = b.unit(0, "♢9")
    game = b.game()
    game.request(0, "repair", target=soldier)
    assert soldier not in game.state.players[0].field and game.state.stage == []


# ---------------------------------------------------------------- 切札♢9 充足
def test_rest_charges_every_own_soldier(board):
    """休息 $B: 自分の場にいる全ての兵士をチャージ状態にする."""
    b = board()
    b.trump(0, "♢9")
    wall = b.unit(0, "♠9", face_up=False)
    tired = b.unit(0, "♠4", charged=False)
    theirs = b.unit(1, "♣4", charged=False)
    game = b.game()
    game.request(0, "rest", costs=[[wall]])
    b.settle(game)
    assert tired.charged and not wall.charged and not theirs.charged


def test_satisfaction_charges_every_own_character_when_the_turn_ends(board):
    """充足 (on エンド requested): 自分の場にいる全てのキャラクターをチャージ状態にする."""
    b = board()
    b.trump(0, "♢9")
    wall = b.unit(0, "♠9", face_up=False, charged=False)
    tired = b.unit(0, "♠4", charged=False)
    game = b.game()
    game.request(0, "end")
    game.run_until(lambda g: g.resolved["satisfaction"] >= 1, limit=10)
    assert tired.charged and wall.charged


# ---------------------------------------------------------------- 切札♢J 策士
def test_summon_strategist(board):
    """策士召喚 $BL ★♣2〜10: キーカードと切札の♢Jをあわせて策士としてチャージ状態で場に出す."""
    b = board()
    b.trump(0, "♢J")
    wall = b.unit(0, "♠9", face_up=False)
    b.hand(0, "♣5")
    game = b.game()
    game.request(0, "summonStrategist", keys="♣5", costs=[[wall]])
    b.settle(game)
    assert [(u.component, _cards(u.cards)) for u in game.state.players[0].field if u is not wall] == \
        [("strategist", ["♢J", "♣5"])]


def test_quick_summon_strategist_cancels_a_request(board):
    """クイック策士召喚 $D: 1. ステージのリクエスト1つ (キーカード1枚で数字X以下、または2枚) を無効化し
    取り除く 2. 策士として場に出す."""
    b = board(turn_player=1)
    b.trump(0, "♢J")
    b.hand(0, "♣5 ♡4")
    thrown = b.request(1, "throwing", keys="♣4 ♠Q", target=0)
    game = b.game()
    game.pass_chance(1)
    game.request(0, "quickSummonStrategist", keys="♣5", costs=[["♡4"]])
    b.settle(game)
    assert thrown not in game.state.stage
    assert _cards(game.state.players[1].hand) == ["♠Q", "♣4"]  # keys_to_grave=false: back to the hand
    assert [u.component for u in game.state.players[0].field] == ["strategist"]


def test_strategist_predicts(board):
    """先読み ★「策士」 $C: 1. 2枚引く 2. 手札から1枚選びライフの一番上もしくは一番下に移す."""
    b = board(life0="♡10 ♢10 ♢7 ♣6 ♣3")
    strategist = b.unit(0, "♢J ♣5", as_="strategist")
    game = b.game(ScriptedAgent(choices=[["♢10"], lambda options: [options[1]]]))  # [top, bottom]
    game.request(0, "strategistPredict", key_unit=strategist)
    assert _cards(game.state.players[0].hand) == ["♡10"] and str(game.state.players[0].life[0]) == "♢10"


def test_strategist_revive(board):
    """策士再生: 自分の「策士」が場から墓地に移った時、墓地から♢Jを表切札として置く."""
    b = board(life0="♢Q ♢10 ♢6 ♣6 ♣3 ♡6")
    strategist = b.unit(0, "♢J ♣5", as_="strategist")
    blocker = b.unit(1, "♣Q ♣K")
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[strategist], ["♢J"]]), ScriptedAgent(choices=[[blocker]]))
    game.run_until(lambda g: g.resolved["strategistRevive"] >= 1 or g.state.winner is not None, limit=40)
    assert [(str(u.cards[0]), u.face_up, u.component) for u in game.state.players[0].trumps] == [("♢J", True, "dJ")]
