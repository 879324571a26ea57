"""Observation records (`bpscript.engine.kernel.observe`): what `Game.observers` are told, with
the public position API; a watched game plays exactly as an unwatched one; a request
withdrawn while its costs are chosen pays nothing and replays."""

from __future__ import annotations

import pytest

from bpscript.engine.kernel import observe as ob
from bpscript.engine.players.agents import RandomAgent, Recorder, ReplayAgent, ScriptedAgent, Withdrawn
from bpscript.engine.kernel.game import Game
from bpscript.engine.setup.position import Position
from bpscript.engine.players.runner import random_game
from bpscript.load.loader import load_official


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


def _position(rs):
    pos = Position(rs, "lite", "entry20", turn=3, turn_player=0)
    pos.life(0, "♠2 ♠3 ♠4 ♡8")
    pos.life(1, "♢2 ♢3 ♢4 ♢5")
    pos.hand(0, "♡5 ♢6 ♣9 ♠7")
    pos.unit(0, "♣K", face_up=False, as_="bulwark")
    pos.unit(1, "♠3", face_up=False, as_="bulwark")
    second = pos.unit(1, "♠4", face_up=False, as_="bulwark")
    return pos, second


def test_a_request_its_costs_and_what_its_resolution_changed(rs):
    """防壁破壊 on P1's second face-down bulwark (its place on the field tells it from the
    first), then 兵士召喚 paying $BL (5.2): each record in order."""
    pos, second = _position(rs)
    game = pos.game([ScriptedAgent(), ScriptedAgent()])
    seen: list = []
    game.observers.append(seen.append)
    game.request(0, "destroyBulwark", keys="♡5 ♢6", target=second)
    game.pass_chance(1)
    game.pass_chance(0)
    requested, passed1, passed0, resolved, left = seen
    assert requested == ob.Requested(0, "destroyBulwark", requested.keys, None, requested.target, False)
    assert [str(c) for c in requested.keys] == ["♡5", "♢6"]
    target = requested.target
    assert (target.owner, target.position, target.component, target.face_up) == (1, 2, "bulwark", False)
    assert (passed1, passed0) == (ob.Passed(1), ob.Passed(0))
    assert resolved == ob.Resolved(0, "destroyBulwark", True, False)
    assert left == ob.UnitLeft(target, "grave")

    seen.clear()
    game.request(0, "summonsSoldier", keys="♠7", costs=[[game.state.players[0].field[0]]])
    requested, drive, damage = seen[:3]
    assert requested.action == "summonsSoldier" and not requested.at_once
    assert drive.letter == "B" and [(u.owner, u.position, u.charged) for u in drive.units] == [(0, 1, True)]
    assert (damage.letter, damage.damage, [str(c) for c in damage.cards]) == ("L", 1, ["♠2"])  # the top of the life
    game.pass_chance(1)
    game.pass_chance(0)
    entered = [r for r in seen if isinstance(r, ob.UnitEntered)]
    assert [(r.unit.owner, r.unit.position, r.unit.component, [str(c) for c in r.unit.cards])
            for r in entered] == [(0, 2, "soldier", ["♠7"])]


def test_damage_and_draws_are_cards_moved_between_piles(rs):
    pos = Position(rs, "lite", "entry20", turn=3, turn_player=0)
    pos.life(0, "♠2 ♠3 ♠4 ♡8")
    pos.life(1, "♢2 ♢3 ♢4 ♢5")
    pos.hand(0, "♣9")
    pos.unit(0, "♣K", face_up=False, as_="bulwark")
    game = pos.game([ScriptedAgent(), ScriptedAgent()])
    seen: list = []
    game.observers.append(seen.append)
    game.request(0, "setBulwark")  # $L, at once: the cost is a point of damage
    assert isinstance(seen[0], ob.Requested) and seen[0].at_once
    assert (seen[1].letter, seen[1].damage, [str(c) for c in seen[1].cards]) == ("L", 1, ["♠2"])
    assert any(isinstance(r, ob.UnitEntered) and not r.unit.face_up for r in seen)


def test_a_watched_game_plays_as_an_unwatched_one(rs):
    for seed in range(6):
        plain = random_game(rs, "lite", "entry20", seed)[0]
        game = Game(rs, "lite", "entry20", seed, [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)])
        seen: list = []
        game.observers.append(seen.append)
        game.play()
        assert game.state.digest() == plain.state.digest()
        assert sum(isinstance(r, ob.Resolved) for r in seen) == sum(game.resolved.values())
        assert seen[-1] == ob.GameOver(game.state.winner, game.state.end_reason)
        assert sum(isinstance(r, ob.TurnBegan) for r in seen) == game.state.turn - 1


def test_an_unwatched_game_builds_no_record(rs, monkeypatch):
    """No observer: no snapshot, no record, no unit seen — a game nobody watches pays nothing."""
    from bpscript.engine.kernel import costs, triggers

    built: list[str] = []

    def counting(name):
        def build(*args, **kwargs):
            built.append(name)
            raise AssertionError(f"{name} built with no observer")
        return build

    for name in ("Snapshot", "seen_target", "seen", "Requested", "Resolved", "Passed", "GameOver", "Triggered",
                 "CostPaid"):
        monkeypatch.setattr(ob, name, counting(name))
    for module, name in ((triggers, "Triggered"), (costs, "CostPaid"), (costs, "seen")):
        monkeypatch.setattr(module, name, counting(name))
    for seed in range(4):
        game = Game(rs, "lite", "entry20", seed, [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)])
        game.play()
        assert sum(game.resolved.values()) > 0 and game.state.winner is not None
    assert built == []


def test_a_request_withdrawn_while_choosing_its_costs_pays_nothing_and_replays(rs):
    pos, _ = _position(rs)

    def withdraw(options):
        raise Withdrawn()
    decisions: list = []
    p0 = ScriptedAgent(requests=["summonsSoldier", "end"], costs=[withdraw])
    game = pos.game([Recorder(p0, decisions), Recorder(ScriptedAgent(), decisions)])
    before = game.state.digest()
    game.step()  # 兵士召喚 chosen, then taken back at its B cost
    assert game.state.digest() == before and game.chance == 0 and not game.state.stage
    game.step()  # P0 still has the chance: エンド
    assert [r.action for r in game.state.stage] == ["end"]
    assert decisions[:3] == [decisions[0], "withdrawn", decisions[2]]
    again, _ = _position(rs)
    replayed = again.game([ReplayAgent(decisions), ReplayAgent([])])
    replayed.step()
    replayed.step()
    assert replayed.state.digest() == game.state.digest()
