"""Trump operations of エクストラ (8.3.2 切札操作, 4.4 切札): メインオープン and クイックオープン
turn a 裏切札 face up, クローズ turns a 表切札 face down until the end of the turn (its fog
mark, 8.3.4 クローズ), 切札破壊 destroys a 表切札 of the same card. Played through the public
API: `Position.trump`, `Game.request`, `pass_chance`, `ScriptedAgent`."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.explicit import RequestError


def _faces(game, player):
    return {str(u.cards[0]): (u.face_up, u.component) for u in game.state.players[player].trumps}


def test_main_open_turns_a_face_down_trump_face_up(board):
    """メインオープン ($BBL): 自分の裏切札を1枚表にし表切札とする; its abilities then hold (4.4)."""
    b = board()
    b.trump(0, "♠A ♣9", face_up=False)
    walls = [b.unit(0, "♠9", face_up=False), b.unit(0, "♡9", face_up=False)]
    game = b.game(ScriptedAgent(choices=[["♠A"]]))
    assert _faces(game, 0)["♠A"] == (False, "secretTrump")
    game.request(0, "open", costs=[[walls[0]], [walls[1]]])  # 即時: resolves at once
    assert _faces(game, 0) == {"♠A": (True, "sA"), "♣9": (False, "secretTrump")}
    assert len(game.state.players[0].life) == 5  # L paid
    game.legal_requests(0)
    assert "revolution" in game.state.rules_on  # 革命's ability of scope all now holds


def test_main_open_is_main_timing_and_quick_open_is_not(board):
    """クイックオープン ($DD, クイック) may be requested on the opponent's turn; メインオープン not."""
    b = board(turn_player=1)
    b.trump(0, "♡4", face_up=False)
    b.unit(0, "♠9", face_up=False)
    b.unit(0, "♡9", face_up=False)
    b.hand(0, "♣4 ♣5")
    game = b.game()
    game.pass_chance(1)
    with pytest.raises(RequestError, match="main timing"):
        game.request(0, "open")
    game.request(0, "quickOpen", costs=[["♣4"], ["♣5"]])
    assert _faces(game, 0) == {"♡4": (True, "h4")}
    assert game.state.players[0].hand == []


def test_close_turns_a_face_up_trump_down_until_the_end_of_the_turn(board):
    """クローズ ★Q $D: 対象の表切札を裏向きにする。このターンが終わるまで、それは表切札にならない;
    the key card goes to the fog as the mark (クローズ fog: 表向きにできない)."""
    b = board()
    sA, = b.trump(1, "♠A")
    b.trump(1, "♠2", face_up=False)
    b.hand(0, "♣Q ♢3")
    b.hand(1, "♣4 ♣5")
    b.unit(1, "♠9", face_up=False)
    b.unit(1, "♡9", face_up=False)
    game = b.game(ScriptedAgent(requests=["end"]), ScriptedAgent(choices=[["♠A"], ["♠2"]]))
    game.request(0, "close", keys="♣Q", target=sA, costs=[["♢3"]])
    b.settle(game)
    assert _faces(game, 1)["♠A"] == (False, "secretTrump")
    mark = game.state.players[0].marks[0]
    assert mark.component == "closeFog" and mark.link is sA
    # P1 tries to open it again at once: the closed trump stays face down, another one opens
    game.pass_chance(0)
    game.request(1, "quickOpen", costs=[["♣4"], ["♣5"]])
    assert _faces(game, 1) == {"♠A": (False, "secretTrump"), "♠2": (False, "secretTrump")}
    # no face-up trump: nothing for クローズ to target, and the mark leaves with the turn
    game.run_until(lambda g: g.state.turn == 4)
    assert game.state.players[0].marks == [] and not sA.ability_locked


def test_close_targets_face_up_trumps_only(board):
    b = board()
    up, = b.trump(1, "♠A")
    down, = b.trump(1, "♠2", face_up=False)
    b.hand(0, "♣Q ♢3")
    game = b.game()
    targets = [o.target for o in game.legal_requests(0) if o.action == "close"]
    assert targets == [up]
    with pytest.raises(RequestError, match="not a target"):
        game.request(0, "close", keys="♣Q", target=down, costs=[["♢3"]])


@pytest.mark.parametrize("key, destroyed", [("♠A", True), ("♣A", False)])
def test_trump_destroy_needs_the_same_suit_and_number(board, key, destroyed):
    """切札破壊 ★A〜K $B: 対象の表切札とキーカードのスートと数字が同じ場合、墓地に移す."""
    b = board()
    sA, = b.trump(1, "♠A")
    b.hand(0, key)
    wall = b.unit(0, "♠9", face_up=False)
    game = b.game()
    game.request(0, "trumpDestroy", keys=key, target=sA, costs=[[wall]])
    b.settle(game)
    p1 = game.state.players[1]
    assert (p1.trumps == []) is destroyed
    assert ([str(c) for c in p1.grave] == ["♠A"]) is destroyed
    game.legal_requests(0)
    assert ("revolution" in game.state.rules_on) is not destroyed


def test_a_face_down_trump_is_a_secret_trump_with_no_ability(board):
    """8.3.5 裏切札 (☆全て(裏向き)): any card face down in the trump zone; 4.4: only a face-up
    trump has its abilities."""
    b = board()
    b.trump(0, "♣9 ♠A", face_up=False)
    game = b.game()
    game.legal_requests(0)
    assert {u.component for u in game.state.players[0].trumps} == {"secretTrump"}
    assert game.state.rules_on == set() and game.state.shields == set()


def test_a_player_sees_own_trumps_and_the_opponent_s_face_up_ones(board):
    """エクストラ disclosure of the trump zone: 表裏を変えずに見えるカード — a face-down trump is
    seen by its owner only (6.1)."""
    b = board()
    b.trump(0, "♠A")
    b.trump(0, "♣9", face_up=False)
    game = b.game()
    mine, theirs = game.full_view(0), game.full_view(1)
    assert mine["trumps"] == [{"card": "♠A", "face_up": True, "trump": "sA"},
                              {"card": "♣9", "face_up": False, "trump": "secretTrump"}]
    assert theirs["opponent_trumps"] == [{"card": "♠A", "trump": "sA"}]


def test_what_a_closed_trump_gave_is_forgotten(board):
    """4.4: only a 表切札 holds its abilities. ♠2's gives the soldiers of ♠ <スラッシュ>; once
    クローズ turns it face down, the next application of abilities forgets the label it gave
    (9.4.2: abilities are applied from a clean state); the game checks its invariants after
    every resolution (`check=True`)."""
    b = board()
    s2, = b.trump(1, "♠2")
    soldier = b.unit(1, "♠5")
    b.hand(0, "♣Q ♢3")
    game = b.game(check=True)
    game.legal_requests(0)
    assert "slash" in soldier.ability_labels
    game.request(0, "close", keys="♣Q", target=s2, costs=[["♢3"]])
    b.settle(game)
    assert _faces(game, 1)["♠2"] == (False, "secretTrump") and s2.ability_locked
    game.legal_requests(0)
    assert "slash" not in soldier.ability_labels and soldier in game.state.players[1].field
