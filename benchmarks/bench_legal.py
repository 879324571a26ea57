"""The legal requests of one decision, as a random agent looks at them (which actions have a
way, then the ways of one) and in full, in microseconds of CPU time per decision, over the
decisions of seeded random ライト + エントリー20 games (the look is the first at its state,
as in play; the full list follows on the same state). Then what the look costs a game as
played: the same games with a second random agent looking at every decision before the
player does (its look discarded), against the games without it, in CPU time per game
(timers around each look would cost as much as a look).

    python benchmarks/bench_legal.py [GAMES]
"""

from __future__ import annotations

import sys
import time

from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.kernel.rules import Rules
from bpscript.load.loader import load_official


class Timed(RandomAgent):
    """A random agent that first times the two ways of looking at the options it is given."""

    def __init__(self, seed: int, game_of, spent: dict[str, float]):
        super().__init__(seed)
        self.game_of, self.spent = game_of, spent

    def request(self, view, player, options):
        legal, clock = self.game_of().legal, time.process_time
        start = clock()
        looked = legal.options(player)
        actions = looked.actions()
        if actions:
            looked.of(sorted(actions)[0])
        middle = clock()
        legal.requests(player)
        self.spent["look"] += middle - start
        self.spent["full"] += clock() - middle
        self.spent["decisions"] += 1
        return super().request(view, player, options)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rs = load_official().ruleset
    rules = Rules(rs, "lite", "entry20")
    spent = {"look": 0.0, "full": 0.0, "decisions": 0}
    for seed in range(games):
        box: list[Game] = []
        agents = [Timed(seed * 2 + 1, lambda: box[0], spent), Timed(seed * 2 + 2, lambda: box[0], spent)]
        box.append(Game(rs, "lite", "entry20", seed, agents, rules=rules))
        box[0].play()
    n = spent["decisions"]
    print(f"{n} decisions of {games} games")
    print(f"as a random agent looks (actions, then the ways of one): {spent['look'] / n * 1e6:.1f} µs per decision")
    print(f"in full (Game.legal_requests):                            {spent['full'] / n * 1e6:.1f} µs per decision")
    plain = looked = 0.0
    for _ in range(3):  # alternated: a shared machine's load falls on both
        plain += _per_game(rs, rules, games, None)
        looked += _per_game(rs, rules, games, RandomAgent(12345))
    plain, looked = plain / 3, looked / 3
    print(f"a game: {plain * 1e6:.0f} µs of CPU; with a second look at each decision {looked * 1e6:.0f} µs: "
          f"the look costs {(looked - plain) * 1e6:.0f} µs per game ({(looked - plain) / plain * 100:.0f}%)")


class _Looking(Game):
    """A game in which `shadow` looks at the options of each decision before the player."""

    shadow: RandomAgent | None = None

    def step(self) -> None:
        if self.shadow is not None:
            p = self.chance
            self.shadow.request(self.view(p), p, self.legal.options(p))
        super().step()


def _per_game(rs, rules: Rules, games: int, shadow: RandomAgent | None) -> float:
    """CPU seconds per game of random games, with `shadow` looking at each decision."""
    start = time.process_time()
    for seed in range(games):
        game = _Looking(rs, "lite", "entry20", seed, [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)],
                        rules=rules)
        game.shadow = shadow
        game.play()
    return (time.process_time() - start) / games


if __name__ == "__main__":
    main()
