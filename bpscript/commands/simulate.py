"""`bpscript simulate`: many games between seeded agents, their statistics, a balance report."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable

from ..diagnostics import printable
from ..engine.kernel.game import ScriptError
from ..extras import require
from ..engine.kernel.invariants import InvariantViolation
from ..engine.kernel.registry import NotExecutable
from ..engine.players.runner import SimulationError
from ..engine.kernel.state import RulesError
from ..write.single import atomic_output
from ._agents import AGENTS, budget_error, engine_name, ismcts_options
from ._games import game_ruleset, local_jobs, log_fields, regulation_options, seeds_problem
from .common import to_terminal


def register(sub: Any) -> None:
    sim = sub.add_parser("simulate", help="play many games between agents and report statistics",
                         description="Play N games between seeded agents, of a bundled ruleset or of the rules "
                                     "under PATH (a homebrew package: `simulate my-frame --frame myFrame`); "
                                     "progress on stderr, then win rate by seat, average turns and how often each "
                                     "action was requested and resolved. --report writes a self-contained HTML "
                                     "balance report; --compare plays the same games with other rules beside them.")
    regulation_options(sim)
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--jobs", type=int, nargs="?", const=0, default=1, metavar="K",
                     help="worker processes (default 1; --jobs alone or --jobs 0: one per core)")
    sim.add_argument("--agent", choices=AGENTS, default="random", help="P0's agent (default random)")
    sim.add_argument("--opponent", choices=AGENTS, default="random", help="P1's agent (default random)")
    ismcts_options(sim)
    sim.add_argument("--compare", metavar="RULES",
                     help="also play the same games with other rules, side by side: a path (a homebrew "
                          "package, .bps files) or a bundled ruleset's name (blackpoker-8.2, blackpoker-9.0)")
    sim.add_argument("--executor", choices=("local", "ray"), default="local",
                     help="where games run: this machine (default), or a Ray cluster (pip install 'bpscript[ray]')")
    sim.add_argument("--ray-address", metavar="ADDR",
                     help="join this Ray cluster (e.g. HEAD:6379); without it a local Ray runtime is started")
    sim.add_argument("--check-invariants", action="store_true",
                     help="check the rulebook's invariants after every resolution and decision of every game "
                          "(docs/simulation.md); stop at the first breach, printing the game's seed, what "
                          "happened last and the rulebook section (exit 1). About five times slower")
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim.add_argument("--log", metavar="FILE",
                     help="write each game as a JSON line (replayable; with --compare, the first rules' games)")
    sim.add_argument("--report", metavar="FILE.html", help="write a balance report (HTML, works offline)")
    sim.add_argument("--report-language", choices=("ja", "en"), default="ja",
                     help="the balance report's language (default ja: Japanese)")
    sim.add_argument("--force", action="store_true", help="overwrite an existing --log or --report file")
    sim.set_defaults(func=run)


@dataclass
class Run:
    """One set of games: its rules and regulation, how workers load the rules again, the results."""

    label: str
    ruleset: Any
    fmt: str
    frame: str
    load_again: Callable[[], Any]
    results: list[dict[str, Any]]


def _usage_error(args: Any) -> str | None:
    if args.games < 1 or args.jobs < 0:
        return "--games must be at least 1 and --jobs at least 0"
    if budget_error(args):
        return budget_error(args)
    seeds = seeds_problem(args.seed, args.games)
    if seeds:
        return seeds
    if args.ray_address and args.executor != "ray":
        return "--ray-address needs --executor ray"
    if args.check_invariants and args.executor == "ray":
        return "--check-invariants runs on the local executor only"
    for out in (args.log, args.report):
        if out and os.path.exists(out) and not args.force:
            return f"{out} exists; choose another file or pass --force to overwrite it"
    return None


def _runs(args: Any) -> list[Run] | int:
    """The rules to play (PATH / --ruleset, then --compare), or an exit code after an error."""
    specs = [args]
    if args.compare:
        path = os.path.exists(args.compare)
        specs.append(argparse.Namespace(**{**vars(args), "paths": [args.compare] if path else [],
                                           "ruleset": None if path else args.compare}))
    runs = []
    for spec in specs:
        found = game_ruleset(spec)
        if not isinstance(found, tuple):
            if isinstance(found, str):
                print(printable(f"error: {found}"), file=sys.stderr)
            return found if isinstance(found, int) else 2
        name, rs, (fmt, frame), load_again = found
        label = rs.info.title or name
        runs.append(Run(label, rs, fmt, frame, load_again, []))
    if len(runs) == 2 and runs[0].label == runs[1].label:
        runs[1].label += " (compared)"
    return runs


def run(args: Any) -> int:
    problem = _usage_error(args)
    if problem:
        print(printable(f"error: {problem}"), file=sys.stderr)
        return 2
    if args.report:  # before any game is played: the charts need matplotlib
        require("report", "simulate --report")
    if args.executor == "ray":
        require("ray", "simulate --executor ray")
    args.jobs = local_jobs(args.jobs, args.executor)
    # the agents as the engine names them (`ismcts-200`): what is played, logged and shown
    args.seats = (engine_name(args.agent, args), engine_name(args.opponent, args))
    runs = _runs(args)
    if isinstance(runs, int):
        return runs
    args.format, args.frame = runs[0].fmt, runs[0].frame
    start = time.perf_counter()
    try:
        for i, r in enumerate(runs):
            r.results = _play(args, r, log=args.log if i == 0 else None)
    except (RulesError, SimulationError, NotExecutable) as e:
        print(printable(f"error: {e}"), file=sys.stderr)
        return 2
    except ScriptError as e:  # a script of the rules failed in a game: the rules are at fault
        print(printable(f"error: {e}"), file=sys.stderr)
        return 1
    except InvariantViolation as e:  # the engine broke a rule of the rulebook (or the rules let it)
        print(printable(f"error: invariant broken in game seed {e.seed} ({args.format} / {args.frame}): "
                        f"rulebook {e.section}: {e.message}"), file=sys.stderr)
        print(printable(f"  after: {e.event or 'the setup'}"), file=sys.stderr)
        return 1
    return _print(args, runs, time.perf_counter() - start)


def _play(args: Any, r: Run, log: str | None) -> list[dict[str, Any]]:
    from ..engine.players.runner import dumps, simulate
    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 20) == 0:
            end = "\r" if tty and done < total else "\n"
            bar = "#" * (20 * done // total)
            print(f"simulate [{bar:<20}] {done}/{total} games", end=end, file=sys.stderr, flush=True)

    agents = args.seats
    if args.executor == "ray":
        from ..engine.players.distributed import simulate_ray
        games = simulate_ray(r.load_again, r.fmt, r.frame, args.games, args.seed, agents, record=bool(log),
                             progress=progress, address=args.ray_address, measure=bool(args.report))
    else:
        games = simulate(r.ruleset, r.fmt, r.frame, args.games, args.seed, args.jobs, record=bool(log),
                         progress=progress, load_ruleset=r.load_again, agents=agents,
                         check=args.check_invariants, measure=bool(args.report))
    results = []
    rules = log_fields(r.ruleset) if log else {}
    # the log replaces an older one only when every game is in it (an interruption keeps the old)
    with atomic_output(log) if log else contextlib.nullcontext() as out:
        for g in games:
            results.append(g)
            if out:
                out.write(dumps({**rules, **g}) + "\n")
    return results


def _print(args: Any, runs: list[Run], elapsed: float) -> int:
    from ..engine.players.runner import aggregate
    stats = []
    for r in runs:
        s = aggregate(r.results)
        s["rules"] = r.label
        s["agents"] = list(args.seats)
        s["seconds"] = round(elapsed, 3)
        s["games_per_second"] = round(len(r.results) * len(runs) / elapsed, 1) if elapsed else None
        stats.append(s)
    if args.report:
        _write_report(args, runs)
    if args.json:
        print(to_terminal(json.dumps(stats[0] if len(stats) == 1 else stats, ensure_ascii=False, indent=2),
                          sys.stdout))
        return 0
    for r, s in zip(runs, stats):
        who = "" if (len(runs), *args.seats) == (1, "random", "random") else \
            f"; {args.seats[0]} (P0) vs {args.seats[1]} (P1)"
        print(printable(f"{s['games']} games of {r.label}: {r.fmt} / {r.frame} "
              f"(seeds {args.seed}–{args.seed + args.games - 1}), {elapsed:.1f} s, {s['games_per_second']} games/s{who}"))
        print(f"win rate: P0 {s['win_rate']['P0']:.1%}  P1 {s['win_rate']['P1']:.1%}  "
              f"first player {s['first_player_win_rate']:.1%}")
        print(f"average turns: {s['average_turns']:.1f}  (ended by the turn limit: {s['ended_by_turn_limit']})")
        print(f"{'action':<18}{'requested':>10}{'resolved':>10}")
        for action, n in s["requested"].items():
            print(printable(f"{action:<18}{n:>10}{s['resolved'].get(action, 0):>10}"))
    if args.report:
        print(f"report: {args.report}", file=sys.stderr)
    return 0


def _write_report(args: Any, runs: list[Run]) -> None:
    from ..backends.balance import balance
    from ..backends.report import render_report
    from ..backends.measures import measures
    from ..engine.kernel.rules import Rules
    balances = [balance(r.results, r.label, {sid: s.name for sid, s in r.ruleset.scripts.items()}) for r in runs]
    for b, r in zip(balances, runs):  # the scripts a player may request: a dead one is among them
        b.measures = measures(r.results, [c.id for c in Rules(r.ruleset, r.fmt, r.frame).direct])
    meta = {"regulation": " · ".join(f"{r.label}: {r.fmt} / {r.frame}" for r in runs),
            "seeds": f"{args.seed}–{args.seed + args.games - 1}",
            "agents": f"{args.seats[0]} (P0) vs {args.seats[1]} (P1)"}
    from ..write.single import write_atomically  # all of it first: a failure leaves the old file or none
    write_atomically(args.report, render_report(balances, command_line(args), meta, language=args.report_language))


def command_line(args: Any) -> str:
    """The command that plays the same games, written out in full (what the report says
    it was made by; the executor, the jobs and the outputs change nothing in it)."""
    return " ".join(["bpscript simulate", *(args.paths or []),
                     *([f"--ruleset {args.ruleset}"] if args.ruleset else []),
                     f"--format {args.format} --frame {args.frame}",
                     f"--games {args.games} --seed {args.seed} --agent {args.agent} --opponent {args.opponent}",
                     *([f"--ismcts-iterations {args.ismcts_iterations}"]
                       + ([f"--ismcts-rollout {args.ismcts_rollout}"] if args.ismcts_rollout != "random" else [])
                       if "ismcts" in (args.agent, args.opponent) else []),
                     *([f"--compare {args.compare}"] if args.compare else [])])
