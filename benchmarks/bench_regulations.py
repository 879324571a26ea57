"""Random games per second in each official regulation (8.3), on one process: each game
set up by the frame's own steps (packs, rare cards, trumps, chosen hands) and played by
two seeded random agents. A regulation the engine cannot play is listed with why.

    python benchmarks/bench_regulations.py [GAMES]
"""

from __future__ import annotations

import sys
import time

from bpscript.engine.kernel.registry import NotExecutable
from bpscript.engine.kernel.rules import Rules
from bpscript.engine.players.runner import simulate
from bpscript.engine.kernel.state import RulesError
from bpscript.load.loader import load_official


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rs = load_official().ruleset
    print(f"{'regulation':<18} {'games/s':>8} {'turns':>6}  ({games} random games each, seeds 0–{games - 1})")
    for frame in rs.frames.values():
        for fmt in frame.formats:
            name = f"{fmt} / {frame.id}"
            try:
                Rules(rs, fmt, frame.id)  # compiled once, outside the timing
                start = time.perf_counter()
                results = list(simulate(rs, fmt, frame.id, games, 0))
                elapsed = time.perf_counter() - start
            except (RulesError, NotExecutable) as e:
                print(f"{name:<18} {'-':>8} {'-':>6}  not playable: {e}")
                continue
            turns = sum(r["turns"] for r in results) / len(results)
            print(f"{name:<18} {len(results) / elapsed:>8.1f} {turns:>6.1f}")


if __name__ == "__main__":
    main()
