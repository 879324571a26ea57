"""A round robin among agents, and the ratings it gives (`bpscript tournament`).

Every pair of agents plays the same deals twice, once with each agent in each seat
(seed `S + i` with A as P0, then with B as P0): what the deal or the seat gives cancels
out in each pair. Ratings are Bradley–Terry strengths (Bradley & Terry 1952; fitted by
Hunter's MM algorithm, 2004) on the Elo scale (400·log10 of the odds, the mean agent at 0),
with 95 % intervals from a seeded bootstrap over the games. Each pair of agents carries
half a win each way (a prior): an agent that wins every game gets a large but finite
rating, and the fit always converges.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

#: half a win each way per pair of agents (see the module's docstring)
PRIOR = 0.5
#: bootstrap resamples for the intervals
RESAMPLES = 200


@dataclass(frozen=True)
class Match:
    """One game of the round robin: the agents in seat order, its seed and its winner's seat."""

    p0: str
    p1: str
    seed: int
    winner: int

    @property
    def winner_name(self) -> str:
        return self.p0 if self.winner == 0 else self.p1


@dataclass
class Rating:
    name: str
    elo: float
    low: float
    high: float
    games: int
    wins: int


@dataclass
class Table:
    """The ratings, best first, and the games won between each ordered pair (row beat column)."""

    ratings: list[Rating]
    won: dict[tuple[str, str], int] = field(default_factory=dict)
    played: dict[tuple[str, str], int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:  # Any: JSON values
        return {"ratings": [{"agent": r.name, "elo": round(r.elo, 1), "ci95": [round(r.low, 1), round(r.high, 1)],
                             "games": r.games, "wins": r.wins} for r in self.ratings],
                "pairs": [{"agent": a, "opponent": b, "wins": self.won.get((a, b), 0), "games": n}
                          for (a, b), n in sorted(self.played.items())]}


def schedule(agents: Sequence[str], games: int, seed: int) -> list[tuple[tuple[str, str], list[int]]]:
    """The round robin: for each pair, both seat orders over seeds `seed … seed + games - 1`."""
    out = []
    for i, a in enumerate(agents):
        for b in agents[i + 1:]:
            seeds = list(range(seed, seed + games))
            out += [((a, b), seeds), ((b, a), seeds)]
    return out


def play(agents: Sequence[str], games: int, seed: int,
         run: Callable[[tuple[str, str], list[int]], Iterable[dict[str, Any]]]) -> list[Match]:  # Any: summaries
    """Every game of the round robin; `run(pair, seeds)` plays the seeds with that pair
    seated P0, P1 and yields their summaries (any executor: the results are the same)."""
    matches = []
    for pair, seeds in schedule(agents, games, seed):
        for s, result in zip(seeds, run(pair, seeds)):
            matches.append(Match(pair[0], pair[1], s, result["winner"]))
    return matches


def strengths(names: Sequence[str], matches: Sequence[Match], iterations: int = 500) -> dict[str, float]:
    """Bradley–Terry strengths (geometric mean 1) by Hunter's MM updates, with `PRIOR`."""
    wins = {n: 0.0 for n in names}
    pairs: dict[tuple[str, str], float] = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            wins[a] += PRIOR
            wins[b] += PRIOR
            pairs[(a, b)] = 2 * PRIOR
    for m in matches:
        a, b = sorted((m.p0, m.p1), key=names.index)
        pairs[(a, b)] += 1
        wins[m.winner_name] += 1
    s = {n: 1.0 for n in names}
    for _ in range(iterations):
        new = {}
        for n in names:
            denom = sum(k / (s[a] + s[b]) for (a, b), k in pairs.items() if n in (a, b))
            new[n] = wins[n] / denom if denom else s[n]
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {n: v / mean for n, v in new.items()}
        done = max(abs(new[n] - s[n]) for n in names) < 1e-10
        s = new
        if done:
            break
    return s


def elo(strength: float) -> float:
    """A Bradley–Terry strength on the Elo scale: 400 points is 10-to-1 odds."""
    return 400 * math.log10(strength)


def ratings(names: Sequence[str], matches: Sequence[Match], seed: int = 0, resamples: int = RESAMPLES) -> Table:
    """The table: each agent's Elo, its 95 % bootstrap interval (percentiles of `resamples`
    fits to the games drawn with replacement, from `seed`), its games and wins."""
    names = list(names)
    point = {n: elo(v) for n, v in strengths(names, matches).items()}
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(resamples):
        drawn = [matches[rng.randrange(len(matches))] for _ in matches] if matches else []
        for n, v in strengths(names, drawn, 200).items():
            samples[n].append(elo(v))
    table = Table([])
    for m in matches:
        pair = (m.winner_name, m.p1 if m.winner == 0 else m.p0)
        table.won[pair] = table.won.get(pair, 0) + 1
        for a, b in ((m.p0, m.p1), (m.p1, m.p0)):
            table.played[(a, b)] = table.played.get((a, b), 0) + 1
    for n in names:
        xs = sorted(samples[n])
        low, high = (xs[int(0.025 * (len(xs) - 1))], xs[int(math.ceil(0.975 * (len(xs) - 1)))]) if xs else (0, 0)
        games = sum(n in (m.p0, m.p1) for m in matches)
        table.ratings.append(Rating(n, point[n], low, high, games, sum(m.winner_name == n for m in matches)))
    table.ratings.sort(key=lambda r: (-r.elo, r.name))
    return table
