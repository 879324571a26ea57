"""`bpscript tournament`: a round robin among agents, seats alternating, with ratings."""

from __future__ import annotations

import json
import sys
from typing import Any

from ..diagnostics import printable
from ..engine.kernel.game import ScriptError
from ..engine.kernel.registry import NotExecutable
from ..engine.players.runner import SimulationError
from ..engine.kernel.state import RulesError
from ..extras import require
from ._games import game_ruleset, local_jobs, regulation_options
from .common import to_terminal

DEFAULT_AGENTS = "random,greedy,ismcts-20,ismcts-50"


def register(sub: Any) -> None:
    t = sub.add_parser("tournament", help="a round robin among agents, with Bradley–Terry (Elo) ratings",
                       description="Every pair of agents plays the same N deals twice, each agent once in each "
                                   "seat (seeds S … S+N-1). Prints each agent's rating on the Elo scale "
                                   "(Bradley–Terry, the mean agent at 0) with a 95 % bootstrap interval, and "
                                   "each pair's record with its 95 % Wilson interval. Agents: random, greedy, "
                                   "ismcts-N (N iterations per decision), ismcts-N-greedy (greedy rollouts).")
    regulation_options(t)
    t.add_argument("--agents", default=DEFAULT_AGENTS, metavar="A,B,…",
                   help=f"the agents, comma-separated (default {DEFAULT_AGENTS})")
    t.add_argument("--games", type=int, default=10, help="deals per pair; each is played in both seat orders "
                                                         "(default 10)")
    t.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    t.add_argument("--jobs", type=int, nargs="?", const=0, default=1, metavar="K",
                   help="worker processes (default 1; --jobs alone or --jobs 0: one per core)")
    t.add_argument("--executor", choices=("local", "ray"), default="local",
                   help="where games run: this machine (default), or a Ray cluster (pip install 'bpscript[ray]')")
    t.add_argument("--ray-address", metavar="ADDR", help="join this Ray cluster (with --executor ray)")
    t.add_argument("--json", action="store_true", help="print the ratings and records as JSON")
    t.set_defaults(func=run)


def _problem(args: Any, names: list[str]) -> str | None:
    from ..engine.players.roster import known_agent
    if args.games < 1 or args.jobs < 0:
        return "--games must be at least 1 and --jobs at least 0"
    if len(names) < 2 or len(set(names)) != len(names):
        return "--agents needs at least two different agents"
    unknown = [n for n in names if not known_agent(n) or n.startswith("ismcts-0")]
    if unknown:
        return (f"unknown agent {unknown[0]!r}: random, greedy, ismcts-N or ismcts-N-greedy "
                "(N iterations per decision, at least 1)")
    if args.ray_address and args.executor != "ray":
        return "--ray-address needs --executor ray"
    return None


def run(args: Any) -> int:
    from ..engine.players import tournament as tm
    names = [n.strip() for n in args.agents.split(",") if n.strip()]
    problem = _problem(args, names)
    if problem:
        print(printable(f"error: {problem}"), file=sys.stderr)
        return 2
    if args.executor == "ray":
        require("ray", "tournament --executor ray")
    jobs = local_jobs(args.jobs, args.executor)
    found = game_ruleset(args)
    if not isinstance(found, tuple):
        if isinstance(found, str):
            print(printable(f"error: {found}"), file=sys.stderr)
        return found if isinstance(found, int) else 2
    name, rs, (fmt, frame), load_again = found
    total = len(tm.schedule(names, args.games, args.seed)) * args.games
    done = [0]

    def games(pair: tuple[str, str], seeds: list[int]) -> Any:
        if args.executor == "ray":
            from ..engine.players.distributed import simulate_ray
            out = simulate_ray(load_again, fmt, frame, len(seeds), seeds[0], pair, address=args.ray_address)
        else:
            from ..engine.players.runner import simulate
            out = simulate(rs, fmt, frame, len(seeds), seeds[0], jobs, load_ruleset=load_again, agents=pair)
        for r in out:
            done[0] += 1
            print(f"tournament {done[0]}/{total} games ({pair[0]} vs {pair[1]})", end="\r" if sys.stderr.isatty()
                  else "\n", file=sys.stderr, flush=True) if done[0] % max(1, total // 20) == 0 else None
            yield r

    try:
        matches = tm.play(names, args.games, args.seed, games)
    except (RulesError, SimulationError, NotExecutable) as e:
        print(printable(f"error: {e}"), file=sys.stderr)
        return 2
    except ScriptError as e:
        print(printable(f"error: {e}"), file=sys.stderr)
        return 1
    table = tm.ratings(names, matches, seed=args.seed)
    if args.json:
        data = {"rules": rs.info.title or name, "format": fmt, "frame": frame, "seeds": [args.seed,
                args.seed + args.games - 1], **table.to_json()}
        for pair in data["pairs"]:
            pair["ci95"] = [round(x, 4) for x in _wilson(pair["wins"], pair["games"])]
        print(to_terminal(json.dumps(data, ensure_ascii=False, indent=2), sys.stdout))
        return 0
    print(printable(f"{len(matches)} games of {rs.info.title or name}: {fmt} / {frame}, deals {args.seed}–"
                    f"{args.seed + args.games - 1}, each in both seat orders"))
    print(f"{'agent':<20}{'Elo':>8}  {'95 % interval':<18}{'wins':>12}")
    for r in table.ratings:
        print(printable(f"{r.name:<20}{r.elo:>8.0f}  [{r.low:>6.0f}, {r.high:>6.0f}]   {r.wins:>5}/{r.games}"))
    print("pairs (row against column): wins/games, win rate [95 % Wilson interval]")
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            w, n = table.won.get((a, b), 0), table.played.get((a, b), 0)
            lo, hi = _wilson(w, n)
            print(printable(f"  {a} vs {b}: {w}/{n}, {w / n if n else 0:.1%} [{lo:.1%}, {hi:.1%}]"))
    return 0


def _wilson(wins: int, n: int) -> tuple[float, float]:
    from ..backends.balance import Rate
    return Rate(wins, n).interval
