"""What a game's designers' measures need beyond its summary (`simulate --report`): the
life lead over the game and the number of choices at each request decision.

`Traced` wraps an agent and notes, at each of its request decisions, the options offered
(plus the pass) and, on the first decision of each turn, the life lead (P0's life minus
P1's). `fields` adds both to a game's summary: `life_lead` (one per turn as first seen,
then the lead when the game ends) and `branching` ([options counted, decisions]).
"""

from __future__ import annotations

from typing import Sequence

from .agents import Agent, PlayerView, T
from ..kernel.legal import Option
from ..kernel.state import GameState


class Trace:
    """The notes of one game, shared by both seats' `Traced`."""

    def __init__(self) -> None:
        self.turn = -1
        self.lead: list[int] = []
        self.options = 0
        self.decisions = 0

    def at(self, state: GameState) -> None:
        if state.turn != self.turn:
            self.turn = state.turn
            self.lead.append(len(state.players[0].life) - len(state.players[1].life))

    def fields(self, state: GameState) -> dict[str, list[int]]:
        """`life_lead` and `branching`, for the game's summary (the lead at the end added)."""
        lead = self.lead + [len(state.players[0].life) - len(state.players[1].life)]
        return {"life_lead": lead, "branching": [self.options, self.decisions]}


class Traced(Agent):
    """An agent whose request decisions are noted in `trace`; it decides as `inner` does."""

    def __init__(self, inner: Agent, trace: Trace):
        self.inner, self.trace = inner, trace

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        game = getattr(view, "game", None)
        if game is not None:
            self.trace.at(game.state)
        self.trace.options += len(options) + 1  # the pass is a choice too
        self.trace.decisions += 1
        return self.inner.request(view, player, options)

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        return self.inner.choose(view, player, options, count, prompt, at_least)

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        return self.inner.yes(view, player, question)
