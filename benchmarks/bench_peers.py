"""Random games per CPU-second: bpscript's ライト + エントリー20 against RLCard's UNO, side by side.

    python benchmarks/bench_peers.py [--seconds 5] [--rounds 3]

RLCard (https://rlcard.org, `pip install rlcard`: an optional benchmark dependency, not one of
bpscript's) is the standard Python toolkit for card-game agents; its UNO is a two-player game
of similar length played by its random agents. Both run in this one process, in alternating
rounds of about `--seconds` of CPU each, so a busy machine slows both alike; the figure is
games per CPU-second (`time.process_time`), best and median of the rounds, and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bpscript.engine.kernel.rules import Rules  # noqa: E402
from bpscript.engine.players.runner import random_game  # noqa: E402
from bpscript.load.loader import load_official  # noqa: E402


def bpscript_games() -> Callable[[int], None]:
    rs = load_official().ruleset
    rules = Rules(rs, "lite", "entry20")
    return lambda seed: random_game(rs, "lite", "entry20", seed, rules)


def uno_games() -> Callable[[int], None] | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return lambda seed: env.run(is_training=False)


def rate(play: Callable[[int], None], seconds: float, start: int) -> float:
    """Games per CPU-second over about `seconds` of CPU."""
    t0, n = time.process_time(), 0
    while time.process_time() - t0 < seconds:
        play(start + n)
        n += 1
    return n / (time.process_time() - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per round and side (default 5)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    args = ap.parse_args()
    ours, uno = bpscript_games(), uno_games()
    if uno is None:
        print("RLCard is not installed (pip install rlcard): only bpscript is measured")
    ours(0)  # the first game loads the generated classes
    if uno is not None:
        uno(0)
    mine, theirs = [], []
    for r in range(args.rounds):
        mine.append(rate(ours, args.seconds, 1000 * r))
        if uno is not None:
            theirs.append(rate(uno, args.seconds, 1000 * r))
        print(f"round {r + 1}: bpscript ライト {mine[-1]:.0f} games/CPU-s"
              + (f", RLCard UNO {theirs[-1]:.0f} games/CPU-s" if theirs else ""), flush=True)
    print(f"bpscript random ライト + エントリー20: best {max(mine):.0f}, median {statistics.median(mine):.0f} "
          "games per CPU-second")
    if theirs:
        print(f"RLCard UNO, random agents:        best {max(theirs):.0f}, median {statistics.median(theirs):.0f} "
              "games per CPU-second")
        print(f"ratio (medians): {statistics.median(mine) / statistics.median(theirs):.2f}× (goal ≥ 2×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
