"""Balance statistics of a set of simulated games: what the balance report shows.

Input is the game summaries `bpscript simulate` produces (one dict per game: winner, first
player, turns, end reason, agents, and the actions requested and resolved, per player
where the engine records it). Rates carry 95 % Wilson score intervals: they stay inside
[0, 1] and behave for rates near 0 or 1 and for few games.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    """`wins` of `n`, with its 95 % Wilson interval."""

    wins: int
    n: int

    @property
    def value(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        if not self.n:
            return 0.0, 1.0
        p, n, z = self.value, self.n, Z95
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class ActionStats:
    """One action: how often it was requested and resolved, and how the players who
    requested it fared (a player counts once per game in which they requested it)."""

    id: str
    requested: int = 0
    resolved: int = 0
    requester_wins: Rate = field(default_factory=lambda: Rate(0, 0))


@dataclass
class Balance:
    """The statistics of one set of games (one regulation, one pair of agents)."""

    label: str
    games: int
    agents: list[str]
    seats: list[Rate]
    first_player: Rate
    lengths: list[int]
    ended_by_limit: int
    actions: list[ActionStats]
    names: dict[str, str]
    #: the designers' measures (`backends.measures.Measures`), when the games were traced
    measures: Any = None

    @property
    def average_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def to_json(self) -> dict[str, Any]:
        def rate(r: Rate) -> dict[str, Any]:
            lo, hi = r.interval
            return {"rate": round(r.value, 4), "wins": r.wins, "games": r.n, "ci95": [round(lo, 4), round(hi, 4)]}
        return {
            "label": self.label, "games": self.games, "agents": self.agents,
            "seats": {f"P{i}": rate(r) for i, r in enumerate(self.seats)},
            "first_player": rate(self.first_player),
            "turns": {"average": round(self.average_length, 3), "min": min(self.lengths, default=0),
                      "max": max(self.lengths, default=0)},
            "ended_by_turn_limit": self.ended_by_limit,
            "actions": {a.id: {"requested": a.requested, "resolved": a.resolved,
                               "requester_win_rate": rate(a.requester_wins)} for a in self.actions},
            **({"measures": self.measures.to_json()} if self.measures is not None else {}),
        }


def balance(results: Iterable[dict[str, Any]], label: str, names: dict[str, str] | None = None) -> Balance:
    """The statistics of the games `results` (summaries from `bpscript simulate`)."""
    results = list(results)
    n = len(results)
    wins = Counter(r["winner"] for r in results)
    first = sum(r["winner"] == r["first"] for r in results)
    requested: Counter[str] = Counter()
    resolved: Counter[str] = Counter()
    by_player_games: Counter[str] = Counter()
    by_player_wins: Counter[str] = Counter()
    agents: list[str] = []
    for r in results:
        requested.update(r["requested"])
        resolved.update(r["resolved"])
        for p, acts in enumerate(r.get("requested_by", ())):
            for a in acts:
                by_player_games[a] += 1
                by_player_wins[a] += r["winner"] == p
        if not agents and r.get("agents"):
            agents = list(r["agents"])
    ids = sorted(set(requested) | set(resolved), key=lambda a: (-requested[a], -resolved[a], a))
    actions = [ActionStats(a, requested[a], resolved[a], Rate(by_player_wins[a], by_player_games[a])) for a in ids]
    return Balance(label, n, agents or ["random", "random"], [Rate(wins[p], n) for p in (0, 1)], Rate(first, n),
                   [r["turns"] for r in results], sum(r["reason"] == "turn limit" for r in results),
                   actions, dict(names or {}))
