"""Random ライト + エントリー20 games per second on one process, and the speed-up with two.

    python benchmarks/bench_engine.py [GAMES]
"""

from __future__ import annotations

import sys
import time

from bpscript.engine.kernel.rules import Rules
from bpscript.engine.players.runner import simulate
from bpscript.load.loader import load_official


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rs = load_official().ruleset
    Rules(rs, "lite", "entry20")  # compile once, outside the timing
    timings = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        n = sum(1 for _ in simulate(rs, "lite", "entry20", games, 0, jobs=jobs))
        timings[jobs] = time.perf_counter() - start
        print(f"{jobs} process(es): {n} games in {timings[jobs]:.2f} s = {n / timings[jobs]:.0f} games/s")
    print(f"speed-up with 2 processes: {timings[1] / timings[2]:.2f}x")


if __name__ == "__main__":
    main()
