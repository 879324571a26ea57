"""`bpscript simulate`: many random games and their statistics."""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

from ..engine.state import RulesError
from ._games import game_ruleset, regulation_options


def register(sub: Any) -> None:
    sim = sub.add_parser("simulate", help="play many random games and report statistics",
                         description="Play N games between seeded random agents, of a bundled ruleset or of "
                                     "the rules under PATH (a homebrew package: `simulate my-frame --frame "
                                     "myFrame`); progress on stderr, then win rate by seat, average turns and "
                                     "how often each action was requested and resolved.")
    regulation_options(sim)
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--jobs", type=int, nargs="?", const=0, default=1, metavar="K",
                     help="worker processes (default 1; --jobs alone or --jobs 0: one per core)")
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim.add_argument("--log", metavar="FILE", help="write each game as a JSON line (replayable)")
    sim.add_argument("--force", action="store_true", help="overwrite an existing --log file")
    sim.set_defaults(func=run)


def run(args: Any) -> int:
    from ..engine.runner import aggregate, dumps, simulate
    found = game_ruleset(args)
    if not isinstance(found, tuple):
        if isinstance(found, str):
            print(f"error: {found}", file=sys.stderr)
        return found if isinstance(found, int) else 2
    name, rs, (args.format, args.frame), load_again = found
    if args.games < 1 or args.jobs < 0:
        print("error: --games must be at least 1 and --jobs at least 0", file=sys.stderr)
        return 2
    if args.jobs == 0:
        args.jobs = os.cpu_count() or 1
    if args.log and os.path.exists(args.log) and not args.force:
        print(f"error: {args.log} exists; choose another file or pass --force to overwrite it",
              file=sys.stderr)
        return 2
    start = time.perf_counter()
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            end = "\r" if tty and done < total else "\n"
            bar = "#" * (20 * done // total)
            print(f"simulate [{bar:<20}] {done}/{total} games", end=end, file=sys.stderr, flush=True)

    results = []
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    try:
        for r in simulate(rs, args.format, args.frame, args.games, args.seed, args.jobs,
                          record=bool(log), progress=progress, load_ruleset=load_again):
            results.append(r)
            if log:
                log.write(dumps({"ruleset": rs.info.name, **r}) + "\n")
    except RulesError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    finally:
        if log:
            log.close()
    elapsed = time.perf_counter() - start
    stats = aggregate(results)
    stats["seconds"] = round(elapsed, 3)
    stats["games_per_second"] = round(len(results) / elapsed, 1) if elapsed else None
    if args.json:
        print(json.dumps(stats, ensure_ascii=False, indent=2))
        return 0
    print(f"{stats['games']} games of {rs.info.title or name}: {args.format} / {args.frame} (seeds {args.seed}–{args.seed + args.games - 1}), "
          f"{elapsed:.1f} s, {stats['games_per_second']} games/s")
    print(f"win rate: P0 {stats['win_rate']['P0']:.1%}  P1 {stats['win_rate']['P1']:.1%}  "
          f"first player {stats['first_player_win_rate']:.1%}")
    print(f"average turns: {stats['average_turns']:.1f}  (ended by the turn limit: {stats['ended_by_turn_limit']})")
    print(f"{'action':<18}{'requested':>10}{'resolved':>10}")
    for action, n in stats["requested"].items():
        print(f"{action:<18}{n:>10}{stats['resolved'].get(action, 0):>10}")
    return 0
