"""Scenes for the scenario tests, built with the public API only: a `Position` filled in by
the test, a `Game` from it, requests made with `Game.request` and resolved by both players
passing the chance (9.4 [11]-[15]). Nothing here writes the engine's state."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.setup.position import Position, PositionError
from bpscript.engine.kernel.request import Request
from bpscript.engine.kernel.state import Unit

ROOT = Path(__file__).parents[2]
FIXTURES = Path(__file__).parent / "fixtures"

#: the cards a life is topped up with (listed from the top down), less any the scene placed
FILLER = "♠2 ♠3 ♠4 ♡8 ♡9 ♡10 ♢3 ♢7 ♣5 ♣6"


def board(rs, fmt: str = "lite", frame: str = "entry20", **kwargs: Any) -> Position:
    """An empty board on turn 3, player 0 to play (arguments as `Position`)."""
    kwargs.setdefault("turn", 3)
    return Position(rs, fmt, frame, **kwargs)


def top_up_life(pos: Position, player: int, cards: str = FILLER) -> None:
    """Put under `player`'s life each card of `cards` the scene has not placed already
    (a card is in one place only: Position refuses the ones placed elsewhere)."""
    for text in cards.split():
        try:
            pos.life(player, text)
        except PositionError as e:
            assert "placed twice" in str(e), e


def start(pos: Position, agents: Sequence[Any] = (), *, rules: Any = None, life: bool = True,
          **kwargs: Any) -> Game:
    """The game that goes on from `pos` (lives topped up unless `life=False`), with scripted
    agents that pass unless told otherwise."""
    if life:
        for p in (0, 1):
            top_up_life(pos, p)
    agents = list(agents) or [ScriptedAgent(), ScriptedAgent()]
    return Game.from_position(pos, agents, rules=rules, check=True, **kwargs)


def resolve(game: Game, player: int, action: str, keys: Any = (), **kwargs: Any) -> Request:
    """`player` requests `action` (`Game.request`: keys, target, costs, …); a request that
    goes on the stage resolves when both players pass in turn (9.4 [11]-[15])."""
    req = game.request(player, action, keys, **kwargs)
    return passed(game, req)


def passed(game: Game, req: Request) -> Request:
    """Both players pass, in turn, until `req` has left the stage (it resolved)."""
    for _ in range(6):
        if req not in game.state.stage:
            return req
        game.pass_chance(game.chance)
    raise AssertionError(f"{req} did not resolve: the stage is {[str(r) for r in game.state.stage]}")


def attackers(game: Game) -> list[Unit]:
    """The units holding the status アタック gives (the vocabulary's `attacking`)."""
    return [u for p in game.state.players for u in p.field if "attacking" in u.statuses]


def actions(game: Game, player: int) -> set[str]:
    """The actions `player` may request now (5.3)."""
    return {o.action for o in game.legal_requests(player)}


def with_fixture(name: str, frame: str = "10-entry20"):
    """The official 8.2 ruleset with one fixture script of tests/engine/fixtures added."""
    from bpscript.load.loader import load
    result = load([str(ROOT / "stdlib" / "blackpoker-8.2"), str(ROOT / "frames" / frame), str(FIXTURES / name)])
    assert result.errors == [], result.errors
    return result.ruleset
