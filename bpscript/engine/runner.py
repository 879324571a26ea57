"""Running games for the commands: one game, many games (optionally on several
processes), their JSON-lines logs and replays."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Iterable

from .. import model as m
from .agents import RandomAgent, Recorder, ReplayAgent
from .game import Game
from .rules import Rules


def random_game(ruleset: m.Ruleset, fmt: str, frame: str, seed: int, rules: Rules | None = None,
                record: bool = False, check: bool = False, max_turns: int = 200) -> tuple[Game, dict[str, Any]]:
    """One game of two seeded random agents; its summary (with the decisions when `record`)."""
    a, b = RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)
    decisions: list[Any] = []
    agents = [Recorder(a, decisions), Recorder(b, decisions)] if record else [a, b]
    game = Game(ruleset, fmt, frame, seed, agents, rules=rules, check=check, max_turns=max_turns)
    game.play()
    out = {"format": fmt, "frame": frame, "agents": ["random", "random"], **game.summary()}
    if record:
        out["decisions"] = decisions
    return game, out


def replay(ruleset: m.Ruleset, entry: dict[str, Any], rules: Rules | None = None) -> Game:
    """Re-run a logged game from its seed and recorded decisions."""
    agent = ReplayAgent(entry["decisions"])
    game = Game(ruleset, entry["format"], entry["frame"], entry["seed"], [agent, agent], rules=rules,
                max_turns=entry.get("max_turns", 200))
    try:
        game.play()
    except EOFError:
        if not entry.get("abandoned"):
            raise
    return game


# ---------------------------------------------------------------- many games
_WORKER: dict[str, Any] = {}


def _init_worker(load_ruleset: Any, fmt: str, frame: str) -> None:
    rs = load_ruleset()  # given by the CLI layer: the engine never imports the loader
    _WORKER.update(ruleset=rs, rules=Rules(rs, fmt, frame), fmt=fmt, frame=frame)


def _run_chunk(args: tuple[list[int], bool]) -> list[dict[str, Any]]:
    seeds, record = args
    w = _WORKER
    return [random_game(w["ruleset"], w["fmt"], w["frame"], s, w["rules"], record)[1] for s in seeds]


def simulate(ruleset: m.Ruleset, fmt: str, frame: str, games: int, seed: int, jobs: int = 1,
             record: bool = False, progress: Any = None, load_ruleset: Any = None) -> Iterable[dict[str, Any]]:
    """Yield the summary of each game, in seed order. With `jobs` > 1, worker processes
    get their ruleset from `load_ruleset` (a picklable function), or inherit it (fork)."""
    seeds = list(range(seed, seed + games))
    if jobs <= 1:
        rules = Rules(ruleset, fmt, frame)
        for i, s in enumerate(seeds, 1):
            yield random_game(ruleset, fmt, frame, s, rules, record)[1]
            if progress:
                progress(i, games)
        return
    import multiprocessing as mp
    size = max(1, min(50, games // (jobs * 4) or 1))
    chunks = [(seeds[i:i + size], record) for i in range(0, len(seeds), size)]
    done = 0
    with mp.get_context("fork" if hasattr(__import__("os"), "fork") else "spawn").Pool(
            jobs, initializer=_init_worker, initargs=(load_ruleset or _Given(ruleset), fmt, frame)) as pool:
        for results in pool.imap(_run_chunk, chunks):
            for r in results:
                done += 1
                yield r
            if progress:
                progress(done, games)


class _Given:
    """The parent's ruleset, handed to workers (pickled, or shared by fork)."""

    def __init__(self, ruleset: m.Ruleset):
        self.ruleset = ruleset

    def __call__(self) -> m.Ruleset:
        return self.ruleset


def aggregate(results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    wins = Counter(r["winner"] for r in results)
    first_wins = sum(r["winner"] == r["first"] for r in results)
    requested: Counter[str] = Counter()
    resolved: Counter[str] = Counter()
    for r in results:
        requested.update(r["requested"])
        resolved.update(r["resolved"])
    return {
        "games": n,
        "win_rate": {f"P{p}": wins[p] / n if n else 0.0 for p in (0, 1)},
        "first_player_win_rate": first_wins / n if n else 0.0,
        "average_turns": sum(r["turns"] for r in results) / n if n else 0.0,
        "ended_by_turn_limit": sum(r["reason"] == "turn limit" for r in results),
        "requested": dict(sorted(requested.items(), key=lambda kv: (-kv[1], kv[0]))),
        "resolved": dict(sorted(resolved.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def dumps(entry: dict[str, Any]) -> str:
    return json.dumps(entry, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
