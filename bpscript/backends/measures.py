"""Designers' measures of a set of games (issue 30; defined, with their sources, in
docs/simulation.md): first-player advantage, game length, lead changes, comebacks,
decisiveness, per-script use, dead scripts, branching factor, and the games each figure
needs to converge. Each is computed from the games' summaries as `simulate --report`
logs them (`life_lead` and `branching` come from `engine.trace`).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from .balance import Z95, Rate

#: the half-width a figure's 95 % interval should reach to count as converged
RATE_PRECISION = 0.05  # ±5 points for a rate
MEAN_PRECISION = 0.05  # ±5 % of the mean for an average
#: a script chosen in fewer than this share of games is "dead"
DEAD_SHARE = 0.01


def leader(lead: int) -> int | None:
    """Who leads by life: 0, 1, or None on equal life."""
    return 0 if lead > 0 else 1 if lead < 0 else None


def lead_changes(lead: Sequence[int]) -> int:
    """How often the player ahead by life changes; equal life leaves the lead where it was."""
    changes, ahead = 0, None
    for x in lead:
        now = leader(x)
        if now is not None:
            changes += ahead is not None and now != ahead
            ahead = now
    return changes


def comeback(lead: Sequence[int], winner: int) -> bool:
    """Whether the winner was behind by life at some point of the game."""
    return any(leader(x) == 1 - winner for x in lead)


def decided_at(lead: Sequence[int], winner: int) -> float:
    """The share of the game (0 … 1) after which the winner led by life to the end: the
    first sample from which every later one has the winner ahead, over the samples."""
    at = len(lead)
    for i in range(len(lead) - 1, -1, -1):
        if leader(lead[i]) != winner:
            break
        at = i
    return at / len(lead) if lead else 1.0


def games_for_rate(p: float) -> int:
    """Games for a 95 % interval of ±`RATE_PRECISION` around a rate near `p`."""
    return math.ceil(Z95 * Z95 * max(p * (1 - p), 1e-9) / RATE_PRECISION ** 2)


def games_for_mean(values: Sequence[float]) -> int:
    """Games for a 95 % interval of ±`MEAN_PRECISION` of the mean of `values`."""
    if len(values) < 2 or not statistics.fmean(values):
        return len(values)
    sd, mean = statistics.stdev(values), statistics.fmean(values)
    return math.ceil((Z95 * sd / (MEAN_PRECISION * abs(mean))) ** 2)


@dataclass
class ScriptUse:
    """One script a player may request: the games where a player requested it, and the
    requests of those players that won."""

    id: str
    used: Rate  # games in which some player requested it, of all games
    wins: Rate  # the requesting player won, of (game, player) pairs that requested it


@dataclass
class Measures:
    games: int
    first_player: Rate
    first_player_advantage: float  # first-player win rate − 0.5
    length_mean: float
    length_median: float
    length_sd: float
    lead_changes: float  # per game
    comebacks: Rate  # games the winner had been behind, of the games with a life trace
    decided_at: float  # mean share of the game after which the winner led for good
    branching: float  # options (with the pass) per request decision
    scripts: list[ScriptUse] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    converge: dict[str, int] = field(default_factory=dict)  # figure → games needed

    def to_json(self) -> dict[str, Any]:
        def rate(r: Rate) -> dict[str, Any]:
            return {"rate": round(r.value, 4), "n": r.n, "ci95": [round(x, 4) for x in r.interval]}
        return {"games": self.games, "first_player": rate(self.first_player),
                "first_player_advantage": round(self.first_player_advantage, 4),
                "length": {"mean": round(self.length_mean, 3), "median": self.length_median,
                           "sd": round(self.length_sd, 3)},
                "lead_changes": round(self.lead_changes, 3), "comebacks": rate(self.comebacks),
                "decided_at": round(self.decided_at, 3), "branching": round(self.branching, 3),
                "scripts": {s.id: {"used": rate(s.used), "wins": rate(s.wins)} for s in self.scripts},
                "dead": self.dead, "converge": self.converge}


def measures(results: Iterable[dict[str, Any]], actions: Sequence[str] = ()) -> Measures:
    """The measures of the games `results`; `actions` are the scripts a player may request
    in the regulation (a dead script is one of them chosen in under `DEAD_SHARE` of games)."""
    results = list(results)
    n = len(results)
    first = Rate(sum(r["winner"] == r["first"] for r in results), n)
    turns = [r["turns"] for r in results]
    traced = [r for r in results if r.get("life_lead")]
    changes = [lead_changes(r["life_lead"]) for r in traced]
    options = sum(r["branching"][0] for r in results if r.get("branching"))
    decisions = sum(r["branching"][1] for r in results if r.get("branching"))
    used: dict[str, int] = {}
    pairs: dict[str, int] = {}
    wins: dict[str, int] = {}
    for r in results:
        by = r.get("requested_by", ())
        for a in set().union(*map(set, by)) if by else ():
            used[a] = used.get(a, 0) + 1
        for p, acts in enumerate(by):
            for a in acts:
                pairs[a] = pairs.get(a, 0) + 1
                wins[a] = wins.get(a, 0) + (r["winner"] == p)
    ids = sorted(set(used) | set(actions), key=lambda a: (-used.get(a, 0), a))
    scripts = [ScriptUse(a, Rate(used.get(a, 0), n), Rate(wins.get(a, 0), pairs.get(a, 0))) for a in ids]
    dead = [s.id for s in scripts if s.id in actions and s.used.value < DEAD_SHARE]
    comebacks = Rate(sum(comeback(r["life_lead"], r["winner"]) for r in traced), len(traced))
    decided = [decided_at(r["life_lead"], r["winner"]) for r in traced]
    out = Measures(n, first, first.value - 0.5, statistics.fmean(turns) if turns else 0.0,
                   statistics.median(turns) if turns else 0.0, statistics.pstdev(turns) if turns else 0.0,
                   statistics.fmean(changes) if changes else 0.0, comebacks,
                   statistics.fmean(decided) if decided else 0.0,
                   options / decisions if decisions else 0.0, scripts, dead)
    out.converge = {"first_player_advantage": games_for_rate(first.value), "length": games_for_mean(turns),
                    "lead_changes": games_for_mean(changes), "comebacks": games_for_rate(comebacks.value),
                    "decided_at": games_for_mean(decided)}
    return out
