"""`bpscript play`, `bpscript simulate` and `bpscript replay`.

This is the CLI layer: it loads the ruleset (`bpscript.loader`) and passes it to the
engine, which never imports the loader or the parser itself.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

from .state import RulesError


def add_commands(sub: Any) -> None:
    play = sub.add_parser("play", help="play a game against a random agent in the terminal",
                          description="Play BlackPoker against a seeded random agent. Pick requests by number; "
                                      "0 passes. Works with stdin from a pipe.")
    _common(play)
    play.add_argument("--seed", type=int, default=None, help="game seed (random when omitted)")
    play.add_argument("--seat", type=int, choices=[0, 1], default=0, help="your seat (P0 or P1)")
    play.add_argument("--log", metavar="FILE", help="append the game as a JSON line to FILE")
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("simulate", help="play many random games and report statistics",
                         description="Play N games between seeded random agents; progress on stderr, then win "
                                     "rate by seat, average turns and how often each action was requested and "
                                     "resolved.")
    _common(sim)
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--jobs", type=int, nargs="?", const=0, default=1, metavar="K",
                     help="worker processes (default 1; --jobs alone or --jobs 0: one per core)")
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim.add_argument("--log", metavar="FILE", help="write each game as a JSON line (replayable)")
    sim.add_argument("--force", action="store_true", help="overwrite an existing --log file")
    sim.set_defaults(func=cmd_simulate)

    rep = sub.add_parser("replay", help="re-run logged games and compare their final state",
                         description="Re-run every game of a JSON-lines log from its seed and recorded "
                                     "decisions; exit 0 when every final state digest matches.")
    rep.add_argument("log", metavar="LOG", help="a log written by play --log or simulate --log")
    rep.set_defaults(func=cmd_replay)


def _common(p: Any) -> None:
    p.add_argument("--format", default="lite", help="format id (default lite)")
    p.add_argument("--frame", default="entry20", help="frame id (default entry20)")


def _ruleset():
    """The official ruleset: loading is the CLI layer's job, not the engine's."""
    from ..loader import load_official
    return load_official().ruleset


def cmd_play(args: Any) -> int:
    import random as _random

    from .agents import RandomAgent, Recorder, TerminalAgent
    from .game import Game, describe
    from .runner import dumps
    rs = _ruleset()
    seed = args.seed if args.seed is not None else _random.randrange(1 << 30)
    decisions: list[Any] = []
    me = TerminalAgent(describe=describe)
    bot = RandomAgent(seed * 2 + 2 - args.seat)
    agents: list[Any] = [None, None]
    agents[args.seat], agents[1 - args.seat] = Recorder(me, decisions), Recorder(bot, decisions)
    try:
        game = Game(rs, args.format, args.frame, seed, agents)
    except RulesError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"BlackPoker {args.format} / {args.frame}, seed {seed}: you are P{args.seat}, "
          f"P{game.state.first_player} goes first.")
    abandoned = None
    try:
        winner = game.play()
    except EOFError:
        abandoned = "input ended"
    except KeyboardInterrupt:
        abandoned = "interrupted"
    if abandoned is None:
        print(f"\nP{winner} wins ({game.state.end_reason}) after {game.state.turn} turns — "
              f"{'you win' if winner == args.seat else 'you lose'}.")
    else:
        print(f"\n{abandoned}: game abandoned after {len(decisions)} decision(s)", file=sys.stderr)
    if args.log:  # appended, never overwritten; an abandoned game replays up to where it stopped
        with open(args.log, "a", encoding="utf-8") as f:
            entry = {"format": args.format, "frame": args.frame, "agents": ["terminal", "random"],
                     **game.summary(), "decisions": decisions}
            if abandoned is not None:
                entry["abandoned"] = True
            f.write(dumps(entry) + "\n")
        print(f"log appended to {args.log}", file=sys.stderr)
    return 0 if abandoned is None else 1


def cmd_simulate(args: Any) -> int:
    from .runner import aggregate, dumps, simulate
    rs = _ruleset()
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
                          record=bool(log), progress=progress, load_ruleset=_ruleset):
            results.append(r)
            if log:
                log.write(dumps(r) + "\n")
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
    print(f"{stats['games']} games of {args.format} / {args.frame} (seeds {args.seed}–{args.seed + args.games - 1}), "
          f"{elapsed:.1f} s, {stats['games_per_second']} games/s")
    print(f"win rate: P0 {stats['win_rate']['P0']:.1%}  P1 {stats['win_rate']['P1']:.1%}  "
          f"first player {stats['first_player_win_rate']:.1%}")
    print(f"average turns: {stats['average_turns']:.1f}  (ended by the turn limit: {stats['ended_by_turn_limit']})")
    print(f"{'action':<18}{'requested':>10}{'resolved':>10}")
    for action, n in stats["requested"].items():
        print(f"{action:<18}{n:>10}{stats['resolved'].get(action, 0):>10}")
    return 0


def cmd_replay(args: Any) -> int:
    from .rules import Rules
    from .runner import replay
    rs = _ruleset()
    bad = total = 0
    rules: dict[tuple[str, str], Rules] = {}
    try:
        f = open(args.log, encoding="utf-8")
    except OSError as e:
        print(f"error: cannot read {args.log}: {e.strerror}", file=sys.stderr)
        return 2
    with f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            total += 1
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as e:
                print(f"{args.log}:{n}:{e.colno}: not a JSON line: {e.msg}", file=sys.stderr)
                bad += 1
                continue
            missing = [k for k in ("format", "frame", "seed", "digest", "decisions")
                       if not isinstance(entry, dict) or k not in entry]
            if missing:
                print(f"{args.log}:{n}: not a game log entry (missing {', '.join(missing)})", file=sys.stderr)
                bad += 1
                continue
            key = (entry["format"], entry["frame"])
            try:
                if key not in rules:
                    rules[key] = Rules(rs, *key)
                game = replay(rs, entry, rules[key])
            except (RulesError, KeyError) as e:
                print(f"{args.log}:{n}: cannot replay {key[0]} / {key[1]}: {e}", file=sys.stderr)
                bad += 1
                continue
            except (EOFError, IndexError, TypeError, ValueError):
                print(f"{args.log}:{n}: seed {entry['seed']}: the recorded decisions do not fit the game",
                      file=sys.stderr)
                bad += 1
                continue
            digest = game.state.digest()
            if digest != entry["digest"]:
                bad += 1
                print(f"{args.log}:{n}: seed {entry['seed']}: final state differs "
                      f"({digest[:12]} != {entry['digest'][:12]})")
    print(f"replayed {total} game(s): {total - bad} identical, {bad} different or unreadable")
    return 1 if bad else 0
