"""対象変更 (pro / mast 速攻魔法): 対象のリクエストで指定されている対象をそのアクションが指定できる範囲で
変更する。リクエストの対象を対象変更に変更することは可能、アクションの対象にできないものへの変更は不可能
(5.3.1, 9.3). Through the public API."""

from __future__ import annotations

from bpscript.engine.players.agents import ScriptedAgent


def test_change_target_moves_an_up_to_another_soldier(board):
    b = board(turn_player=1)
    theirs = b.unit(1, "♣4")
    mine = b.unit(0, "♠4")
    lord = b.unit(0, "♠K ♣K", as_="darklord")
    up = b.request(1, "up", keys="♡5", target=theirs)
    b.hand(0, "♣7 ♣8")
    offered = []

    def pick(options):
        offered.extend(options)
        return [mine]
    game = b.game(ScriptedAgent(choices=[pick]))
    game.pass_chance(1)
    game.request(0, "changeTarget", keys="♣7 ♣8", target=up)
    b.settle(game)  # 対象変更 resolves: P0 chooses the new target
    assert up.target is mine and theirs not in offered and lord not in offered  # 魔王: no action's target
    b.settle(game)  # アップ resolves on its new target
    assert game.size(mine) == 9 and game.size(theirs) == 4


def test_change_target_may_point_a_request_s_target_at_itself(board):
    """A request-targeting request (カウンター) may be turned onto the 対象変更 request itself;
    never onto itself, nor kept on its present target."""
    b = board(turn_player=1)
    soldier = b.unit(0, "♠4")
    b.hand(0, "♣7 ♣8")
    up = b.request(0, "up", keys="♡5", target=soldier)
    counter = b.request(1, "counter", keys="♠9", target=up)
    offered = []

    def pick(options):
        offered.extend(options)
        return options[:1]
    game = b.game(ScriptedAgent(choices=[pick]))
    game.pass_chance(1)
    change = game.request(0, "changeTarget", keys="♣7 ♣8", target=counter)
    b.settle(game)
    assert counter.target is change and offered == [change]
    b.settle(game)  # カウンター resolves on 対象変更, which has left the stage: no effect (5.4.1)
    b.settle(game)  # アップ resolves
    assert game.size(soldier) == 9
