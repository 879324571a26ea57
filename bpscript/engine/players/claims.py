"""The agents a log claims, checked while it replays.

`simulate` seeds its agents from the game's seed (P0 with `seed * 2 + 1`, P1 with
`seed * 2 + 2`), and so does `play` for the random opponent: a claim such as
`["greedy", "random"]` can be checked. Each seat plays back the log's decisions
(`ReplayAgent`) and asks the claimed agent, seeded the same way, what it would decide at
the same point, recorded as the log records it (`Recorder`: the option's index, the
list of indices, the answer). The first decision where they differ is kept; from there
the claimed agent's state no longer follows the game, so it is asked no more. An agent
that cannot be rebuilt (a person at a terminal, a name bpscript does not know) is not
checked, and the replay says so.
"""

from __future__ import annotations

from typing import Any, Sequence

from .agents import Agent, Decision, PlayerView, Recorder, ReplayAgent, T, Withdrawn
from ..kernel.legal import Option

#: agents that decide as a person does, or by a name bpscript does not know: not checked
UNCHECKED = "terminal"


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the agent in `seat` of the game of `seed`."""
    return seed * 2 + 1 + seat


def claimed_agent(name: object, seed: int, seat: int) -> Agent | None:
    """The seeded agent a log names for a seat, or None when it cannot be rebuilt."""
    from .roster import known_agent, make_agent
    if not known_agent(name):
        return None
    return make_agent(name, seat_seed(seed, seat))


class Checked(Agent):
    """One seat in a replay: decides as the log says, and notes where the claimed agent
    (if any) would have decided otherwise (`differs_at`, the 1-based decision)."""

    def __init__(self, log: ReplayAgent, claimed: Agent | None):
        self.log = log
        self.claimed = claimed
        self.differs_at: int | None = None

    def _ask(self, method: str, *args: object) -> Any:  # Any: the answer of the agent's method `method`
        at = self.log.at
        withdrawn = False
        try:
            answer = getattr(self.log, method)(*args)  # raises as the log does: ended, not offered
        except Withdrawn:  # the log takes a request back: the claimed agent must do the same
            withdrawn, answer = True, None
        if self.claimed is not None and self.differs_at is None:
            mine: list[Decision] = []
            try:
                getattr(Recorder(self.claimed, mine), method)(*args)
            except Withdrawn:
                pass
            if mine != [self.log.record[at]]:
                self.differs_at = at + 1
        if withdrawn:
            raise Withdrawn()
        return answer

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        answer: Option | None = self._ask("request", view, player, options)
        return answer

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        chosen: list[T] = self._ask("choose", view, player, options, count, prompt, at_least)
        return chosen

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        answer: bool = self._ask("yes", view, player, question)
        return answer
