"""How `simulate --jobs K` scales, and where the time of a run goes.

    python benchmarks/bench_scale.py [--games 4000] [--max-jobs N]

1. The efficiency curve: `bpscript simulate --games G --jobs K --json` as a whole process
   (what a user waits for), for K = 1, 2, 4, … up to the machine's cores (or --max-jobs):
   games/s and efficiency = rate(K) / (K · rate(1)). The results of every K are checked
   to be those of K = 1.
2. Where the time goes, measured apart: process start (`python -c pass`), imports (the
   modules `simulate` needs), loading and compiling the rules, the first game (the extra
   over a steady game: generated classes loaded, caches filled; each forked worker pays
   it again), forking one worker, the transfer of one game's summary (pickled and read
   back, as the pool sends it), and the final merge (`aggregate`).
3. The projection: a run of G games on K workers takes about
   start + imports + load, plus K forks and one first-game extra, plus the games shared
   over K, plus every summary sent back and merged (`projected`); its
   efficiency at 16 workers for 16,000 games (issue 30's goal: ≥ 85 %).
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}


def whole(games: int, jobs: int) -> tuple[float, dict]:
    """Wall seconds of the whole `simulate` process, and its statistics."""
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "bpscript.cli", "simulate", "--games", str(games), "--jobs", str(jobs),
                          "--json"], capture_output=True, text=True, env=ENV, cwd=ROOT, check=True)
    took = time.perf_counter() - t
    stats = json.loads(out.stdout)
    for k in ("seconds", "games_per_second"):
        stats.pop(k, None)
    return took, stats


def wall(code: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], env=ENV, cwd=ROOT, check=True)
    return time.perf_counter() - t


def parts(games: int) -> dict[str, float]:
    """The parts of a run, in seconds (the per-game ones per game)."""
    start = min(wall("pass") for _ in range(3))
    imports = min(wall("import bpscript.cli, bpscript.commands.simulate, bpscript.engine.players.runner, "
                       "bpscript.load.loader") for _ in range(3)) - start
    from bpscript.engine.kernel.rules import Rules
    from bpscript.engine.players.runner import aggregate, random_game
    from bpscript.load.loader import load_official
    t = time.perf_counter()
    rs = load_official().ruleset
    rules = Rules(rs, "lite", "entry20")
    load = time.perf_counter() - t
    t = time.perf_counter()
    random_game(rs, "lite", "entry20", 0, rules)
    first = time.perf_counter() - t
    n = min(games, 500)
    t = time.perf_counter()
    results = [random_game(rs, "lite", "entry20", s, rules)[1] for s in range(1, n + 1)]
    game = (time.perf_counter() - t) / n
    t = time.perf_counter()
    for _ in range(20):
        pickle.loads(pickle.dumps(results, protocol=pickle.HIGHEST_PROTOCOL))
    transfer = (time.perf_counter() - t) / 20 / n
    t = time.perf_counter()
    aggregate(results * max(1, games // n))
    merge = time.perf_counter() - t
    fork = _fork_cost()
    return {"process start": start, "imports": imports, "load + compile": load, "game (steady)": game,
            "first game extra": max(0.0, first - game), "fork one worker": fork,
            "transfer per game": transfer, "final merge": merge}


def _fork_cost() -> float:
    if not hasattr(os, "fork"):
        return 0.0
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
        best = min(best, time.perf_counter() - t)
    return best


def projected(p: dict[str, float], games: int, k: int) -> float:
    """Modelled whole-process seconds on k workers (perfect cores, no contention): the fixed
    start, imports and load; per worker its fork (in the parent, one after another) and
    first-game extra (in parallel); the games shared; every summary sent to the parent and
    merged there."""
    fixed = p["process start"] + p["imports"] + p["load + compile"]
    workers = (k * p["fork one worker"] + p["first game extra"]) if k > 1 else p["first game extra"]
    return fixed + workers + games * p["game (steady)"] / k + (games * p["transfer per game"] if k > 1 else 0) \
        + p["final merge"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--max-jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; {args.games} random ライト games per run")
    ks, k = [], 1
    while k <= args.max_jobs:
        ks.append(k)
        k *= 2
    if ks[-1] != args.max_jobs:
        ks.append(args.max_jobs)
    base_rate, base_stats = None, None
    print(f"{'jobs':>5}{'seconds':>10}{'games/s':>10}{'efficiency':>12}  same results as --jobs 1")
    for k in ks:
        took, stats = whole(args.games, k)
        rate = args.games / took
        if base_rate is None:
            base_rate, base_stats = rate, stats
        print(f"{k:>5}{took:>10.2f}{rate:>10.0f}{rate / (k * base_rate):>12.1%}  {stats == base_stats}", flush=True)
    p = parts(args.games)
    print("where the time goes (seconds; per game where it says so):")
    for name, v in p.items():
        print(f"  {name:<20}{v:>12.6f}")
    per_worker = p["fork one worker"] + p["first game extra"]
    print(f"per-worker overhead: {per_worker * 1000:.1f} ms (fork {p['fork one worker'] * 1000:.1f} ms + first game "
          f"extra {p['first game extra'] * 1000:.1f} ms); per game sent back {p['transfer per game'] * 1e6:.1f} µs")
    for k in sorted({2, 4, 8, 16, args.max_jobs}):
        g = 16000 if k == 16 else args.games
        t1, tk = projected(p, g, 1), projected(p, g, k)
        print(f"projected: {g} games on {k:>2} workers: {tk:.2f} s, efficiency {t1 / (k * tk):.1%}")
    print(f"load average now {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
