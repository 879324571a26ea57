"""The scripts of 9.0's エクストラ whose text 9.0 changed or added (frames/blackpoker-9.0),
each in a scene of 9.0 ライト + エクストラ set through the public API: the effect follows
9.0's text, not 8.2's."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.setup.position import Position
from bpscript.engine.kernel.rules import Rules
from bpscript.load.loader import load_bundled


@pytest.fixture(scope="module")
def nine():
    rs = load_bundled("blackpoker-9.0").ruleset
    return rs, Rules(rs, "lite", "extra")


class Board:
    """A `Position` of 9.0 ライト + エクストラ, turn 3, P0 to play, a short life each."""

    def __init__(self, rs, rules, turn_player=0, life0="♡10 ♢10 ♢7 ♣6 ♣3 ♡6", life1="♠6 ♠8 ♢10 ♢2 ♣3 ♣2"):
        self.rules = rules
        self.pos = Position(rs, "lite", "extra", turn=3, turn_player=turn_player)
        self.pos.life(0, life0)
        self.pos.life(1, life1)

    def __getattr__(self, name):
        return getattr(self.pos, name)

    def game(self, a0=None, a1=None):
        return self.pos.game([a0 or ScriptedAgent(), a1 or ScriptedAgent()], rules=self.rules)

    @staticmethod
    def settle(game) -> None:
        game.pass_chance(game.chance)
        game.pass_chance(game.chance)


@pytest.fixture
def board(nine):
    return lambda **kw: Board(*nine, **kw)


def _cards(cards):
    return sorted(str(c) for c in cards)


def test_every_regulation_of_9_0_runs_every_script(nine):
    rs, rules = nine
    assert not rules.not_executable


# ---------------------------------------------------------------- 切札♡3 ブレイク (9.0: was 激励)
def test_break_returns_the_target_soldier_to_its_owners_hand(board):
    """ブレイク $C ★<ブレイク> を持つ兵士1体 (即時): 対象の兵士をオーナー手札に戻す; 切札♡3: ♡ soldiers
    have <ブレイク>."""
    b = board()
    b.trump(0, "♡3")
    key = b.unit(0, "♡8")
    theirs = b.unit(1, "♠5")
    game = b.game()
    assert {o.key_unit for o in game.legal_requests(0) if o.action == "break"} == {key}
    game.request(0, "break", key_unit=key, target=theirs)
    assert theirs not in game.state.players[1].field and _cards(game.state.players[1].hand) == ["♠5"]
    assert not key.charged  # C: the key unit is driven


# ---------------------------------------------------------------- クイック兵士召喚 (new in 9.0)
@pytest.mark.parametrize("action,trump,key", [("quickSoldierSummonS", "♠2", "♠5"), ("quickSoldierSummonH", "♡3", "♡5"),
                                              ("quickSoldierSummonD", "♢3", "♢5"), ("quickSoldierSummonC", "♣4", "♣5")])
def test_quick_soldier_summon_needs_its_trump_and_puts_a_charged_soldier(board, action, trump, key):
    """クイック兵士召喚 $D ★2〜10 of the trump's suit: キーカードを一般兵として表向きかつチャージ状態で場に出す."""
    b = board()
    b.hand(0, f"{key} ♠9")
    without = b.game()
    assert action not in {o.action for o in without.legal_requests(0)}  # no face-up trump: no request
    b = board()
    b.trump(0, trump)
    b.hand(0, f"{key} ♠9")
    game = b.game()
    game.request(0, action, keys=key, costs=[["♠9"]])
    b.settle(game)
    assert [(str(u), u.component, u.charged) for u in game.state.players[0].field] == [(key, "soldier", True)]


# ---------------------------------------------------------------- 切札♡5 追撃 (9.0: no cost, ♡5 turned down)
def test_pursuit_costs_nothing_and_turns_its_trump_face_down(board):
    """追撃 (9.0): 1. 兵士を全てチャージ 2. アタックをリクエスト 3. 自分の切札にある♡5を裏向きにする."""
    b = board()
    h5, = b.trump(0, "♡5")
    tired = b.unit(0, "♠9", charged=False)
    game = b.game()
    game.request(0, "pursuit")
    b.settle(game)
    assert tired.charged and not h5.face_up
    assert [r.action for r in game.state.stage] == ["attack"]


# ---------------------------------------------------------------- 切札♡2 援軍 (9.0: not once a turn)
def test_reinforcement_may_be_requested_twice_a_turn(board):
    b = board(life0="♣6 ♢9 ♡10 ♢10 ♣3 ♡6 ♡7 ♡8")
    b.trump(0, "♡2")
    walls = [b.unit(0, "♠9", face_up=False), b.unit(0, "♡9", face_up=False)]
    game = b.game(ScriptedAgent(choices=[["♡10"], ["♡6"]]))
    for wall in walls:
        game.request(0, "summonReinforcement", costs=[[wall]])
        b.settle(game)
    assert game.resolved["summonReinforcement"] == 2


# ---------------------------------------------------------------- 切札♢4 相殺 (9.0: no threshold)
def test_reckoning_under_five_removes_the_request_too(board):
    b = board()
    b.trump(0, "♢4")
    b.hand(0, "♣4")
    req = b.request(1, "throwing", keys="♣A ♠3", target=0)  # ★ total 4
    game = b.game()
    game.request(0, "reckoning", target=req, costs=[["♣4"]])
    assert game.state.stage == [] and len(game.state.players[0].life) == 6 - 4


# ---------------------------------------------------------------- 切札♢5 喪失 (9.0: no condition)
def test_loss_stops_the_charge_action_without_any_bulwark(board):
    b = board(turn_player=1)
    b.trump(0, "♢5")
    tired = b.unit(0, "♠4", charged=False)
    game = b.game(ScriptedAgent(answers=[True]), ScriptedAgent(requests=["end"]))
    game.run_until(lambda g: g.resolved["charge"] >= 1, limit=20)
    assert "noCharging" in game.state.rules_on and not tired.charged


# ---------------------------------------------------------------- 切札♢8 修繕 (9.0: a card of the soldier's suit)
def test_repair_mounts_a_card_of_the_soldiers_suit(board):
    """修繕 (9.0): 対象 自分の場にいる兵士1体; 1. 対象とした兵士と同じスートのカードを墓地から1枚選ぶ."""
    b = board()
    b.trump(0, "♢8")
    soldier = b.unit(0, "♠9")
    b.grave(0, "♢Q ♠3")
    game = b.game()
    game.request(0, "repair", target=soldier)
    assert [(r.action, _cards(r.keys), r.target) for r in game.state.stage] == [("mountSoldier", ["♠3"], soldier)]


# ---------------------------------------------------------------- 切札♣7 手札補充 (9.0: always two)
def test_hand_refill_draws_two_whatever_the_hand(board):
    b = board()
    b.trump(0, "♣7")
    b.hand(0, "♠2 ♠3 ♠4 ♠5")
    game = b.game()
    game.request(0, "end")
    game.run_until(lambda g: g.resolved["handRefill"] >= 1, limit=10)
    assert len(game.state.players[0].hand) == 6


# ---------------------------------------------------------------- 切札♠K 魔王の囁き (9.0: a 魔王 on the field)
def test_dark_whisper_triggers_while_a_dark_lord_is_on_the_field(board):
    """魔王の囁き (9.0): 自分の場に「魔王」がいるかつ、エンドをリクエストした時に誘発する (no trump needed)."""
    b = board(life0="♢7 ♣3 ♡Q ♣6")
    lord = b.unit(0, "♠K ♣K", as_="darklord")
    assert lord.component == "darklord"
    game = b.game()
    game.request(0, "end")
    assert game.resolved["darkWhisper"] == 1
    b2 = board(life0="♢7 ♣3 ♡Q ♣6")
    b2.trump(0, "♠K")  # 8.2's condition, the trump face up, is not 9.0's
    g2 = b2.game()
    g2.request(0, "end")
    assert g2.resolved["darkWhisper"] == 0


# ---------------------------------------------------------------- 9.0 ライト's basic actions read the frame's trumps
def _battle(game):
    return game.run_until(lambda g: g.resolved["damageJudge"] >= 1 or g.state.winner is not None, limit=50)


@pytest.mark.parametrize("face_up", [True, False])
def test_revolution_swaps_who_loses_a_soldier_battle_in_9_0(board, face_up):
    """切札♠A 革命 (scope all) changes 9.0 ライト's ダメージ判定: the bigger goes, the difference is
    damage to its player; face down, the smaller goes as ライト says."""
    b = board()
    b.trump(0, "♠A", face_up=face_up)
    attacker = b.unit(0, "♠9")
    blocker = b.unit(1, "♣5")
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[attacker]]), ScriptedAgent(choices=[[blocker]]))
    assert _battle(game)
    if face_up:
        assert attacker not in game.state.players[0].field and blocker in game.state.players[1].field
        assert len(game.state.players[0].life) == 6 - 4
    else:
        assert attacker in game.state.players[0].field and blocker not in game.state.players[1].field
        assert len(game.state.players[0].life) == 6


def test_giant_survives_a_bulwark_that_shares_its_number_in_9_0(board):
    """巨人: 「ダメージ判定」にてブロッカーが防壁の場合、条件に該当してもこの巨人は墓地に移されない."""
    b = board(life1="♠6 ♠8 ♢10 ♢2 ♣3 ♣2 ♣6 ♣8 ♣9 ♣10 ♡2 ♡3 ♡4 ♡5 ♡6 ♡7 ♡8 ♡9 ♡10 ♡A ♢A ♢3 ♢4 ♢5 ♢6 ♢7 ♢8 ♢9")
    giant = b.unit(0, "♡K ♢K", as_="giant")
    wall = b.unit(1, "♣K", face_up=False)
    game = b.game(a1=ScriptedAgent(choices=[[wall]]))
    game.request(0, "attack")
    game.run_until(lambda g: g.resolved["damageJudge"] >= 1, limit=20)
    assert giant in game.state.players[0].field and wall not in game.state.players[1].field
