"""Running games for the commands: one game, many games (optionally on several
processes), their JSON-lines logs and replays."""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ...model import ruleset as m
from .agents import Decision, LogMismatch, Recorder, ReplayAgent
from .claims import Checked, claimed_agent, seat_seed
from ..kernel.game import DEFAULT_MAX_TURNS, Game
from .roster import make_agent
from .trace import Trace, Traced
from ..kernel.invariants import InvariantViolation
from .pool import WorkerError, ordered, portable
from ..kernel.rules import Rules

#: a game's summary as JSON (a log entry is one)
Summary = dict[str, Any]  # Any: the values its keys hold (numbers, texts, counts, decisions), read from JSON


def random_game(ruleset: m.Ruleset, fmt: str, frame: str, seed: int, rules: Rules | None = None,
                record: bool = False, check: bool = False, max_turns: int = 200,
                agents: tuple[str, str] = ("random", "random"), measure: bool = False) -> tuple[Game, Summary]:
    """One game of two seeded agents (`agents`: their names, P0 then P1; random by
    default); its summary (with the decisions when `record`). With `check`, the rulebook's
    invariants are checked throughout: the first breach raises `InvariantViolation` with
    the game's seed. With `measure`, the summary adds the life lead and the branching
    (`trace`)."""
    a, b = make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2)
    trace = Trace() if measure else None
    if trace is not None:
        a, b = Traced(a, trace), Traced(b, trace)
    decisions: list[Decision] = []
    players = [Recorder(a, decisions), Recorder(b, decisions)] if record else [a, b]
    try:
        game = Game(ruleset, fmt, frame, seed, players, rules=rules, check=check, max_turns=max_turns)
        game.play()
    except InvariantViolation as e:
        e.seed = seed
        raise
    out = {"format": fmt, "frame": frame, "agents": list(agents), **game.summary()}
    if record:
        out["decisions"] = decisions
    if trace is not None:
        out.update(trace.fields(game.state))
    return game, out


def play_seeds(ruleset: m.Ruleset, rules: Rules, seeds: Iterable[int], record: bool = False,
               agents: tuple[str, str] = ("random", "random"), check: bool = False,
               measure: bool = False) -> list[Summary]:
    """The summaries of the games of `seeds`, in order: what every executor runs."""
    return [random_game(ruleset, rules.format, rules.frame, s, rules, record, check=check, agents=agents,
                        measure=measure)[1] for s in seeds]


@dataclass
class Replayed:
    """A logged game played again: the game, how many logged decisions it consumed, and
    whether it asked for more than the log holds (an abandoned game's log ends so)."""

    game: Game
    consumed: int
    ran_out: bool
    #: per seat, the first decision (1-based) the agent the log claims would not have made
    #: (None: it made them all, or it is not checked)
    claims_differ: tuple[int | None, ...] = (None, None)


def replay_entry(ruleset: m.Ruleset, entry: Summary, rules: Rules | None = None,
                 check_agents: bool = False) -> Replayed:
    """Re-run a logged game from its seed and recorded decisions, each checked against the
    options offered (`LogMismatch` names the first that is not one of them). With
    `check_agents`, each seat also asks the agent the entry claims (`claims`)."""
    agent = ReplayAgent(entry["decisions"])
    claimed = entry.get("agents") if check_agents else None
    if not isinstance(claimed, list) or len(claimed) != 2:
        claimed = [None, None]
    seats = [Checked(agent, claimed_agent(name, entry["seed"], p)) for p, name in enumerate(claimed)]
    try:  # the setup may ask the players already (a chosen hand)
        game = Game(ruleset, entry["format"], entry["frame"], entry["seed"], list(seats), rules=rules,
                    max_turns=entry.get("max_turns", DEFAULT_MAX_TURNS))
    except EOFError:
        raise LogMismatch(f"the log's {len(entry['decisions'])} decision(s) end during the setup") from None
    ran_out = False
    try:
        game.play()
    except EOFError:
        ran_out = True
    return Replayed(game, agent.at, ran_out, tuple(s.differs_at for s in seats))


def replay(ruleset: m.Ruleset, entry: Summary, rules: Rules | None = None) -> Game:
    """Re-run a logged game; EOFError when its decisions end before the game does and it is
    not marked abandoned."""
    done = replay_entry(ruleset, entry, rules)
    if done.ran_out and not entry.get("abandoned"):
        raise EOFError("the log's decisions ended")
    return done.game


#: what a log entry states about its game, each checked by `differences`
VERIFIED = ("winner", "reason", "turns", "first", "requested", "resolved", "requested_by", "discarded", "digest")


class Said(str):
    """A description standing for a value in a difference (not a value of the log)."""


ABSENT = Said("(absent)")


def differences(entry: Summary, done: Replayed, optional: Iterable[str] = ()) -> list[tuple[str, object, object]]:
    """Every field of `entry` its replay does not reproduce, as (field, logged, replayed):
    the decisions — all of them consumed, none left over, unless the game was abandoned,
    when the log ends where the game stopped — then the summary fields (a count by action
    and by seat as e.g. `requested[attack]`). A log that ends before its game does is that
    one difference: every other field follows from it. A field of `optional` is compared
    only when the entry has it (a log written before it was recorded); a claimed agent
    that decides otherwise than the log is a difference of `agents[seat]`."""
    out: list[tuple[str, object, object]] = []
    logged = len(entry["decisions"])
    abandoned = entry.get("abandoned", False)
    if done.ran_out and abandoned is not True:
        return [("decisions", logged, Said(f"more than {logged}: the game goes on (it is not marked abandoned)"))]
    if not done.ran_out and done.consumed != logged:
        out.append(("decisions", logged, Said(f"{done.consumed} ({logged - done.consumed} left over)")))
    elif not done.ran_out and abandoned is True:
        out.append(("abandoned", True, Said("false: the game ends with the logged decisions")))
    summary = done.game.summary()
    for field in VERIFIED:
        if field in entry or field not in optional:
            _compare(field, entry.get(field, ABSENT), summary[field], out)
    for seat, at in enumerate(done.claims_differ):
        if at is not None:
            name = entry["agents"][seat]
            out.append((f"agents[{seat}]", name, Said(f"not '{name}' seeded {seat_seed(entry['seed'], seat)}: "
                                                       f"decision {at} is not the one it makes")))
    return out


def _compare(field: str, logged: object, got: object, out: list[tuple[str, object, object]]) -> None:
    if isinstance(got, dict) and isinstance(logged, dict):
        for key in sorted(set(logged) | set(got), key=str):
            _compare(f"{field}[{key}]", logged.get(key, ABSENT), got.get(key, ABSENT), out)
    elif isinstance(got, list) and isinstance(logged, list) and len(got) == len(logged):
        for i, (a, b) in enumerate(zip(logged, got)):
            _compare(f"{field}[{i}]", a, b, out)
    elif not _same(logged, got):
        out.append((field, logged, got))


def _same(a: object, b: object) -> bool:
    """Equal as JSON values: `true` is not 1, nor 6.0 the 6 turns."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict) and isinstance(b, dict):  # both or neither: their types are one
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


# ---------------------------------------------------------------- many games
class SimulationError(Exception):
    """Games that could not be played: which seeds, and why."""


_WORKER: dict[str, Any] = {}  # Any: a worker's setup (`_init_worker`): ruleset, rules, flags


def _init_worker(load_ruleset: Callable[[], m.Ruleset], fmt: str, frame: str, record: bool = False,
                 agents: tuple[str, str] = ("random", "random"), check: bool = False,
                 measure: bool = False) -> None:
    _WORKER.update(record=record, agents=agents, check=check, measure=measure)
    if isinstance(load_ruleset, _Given) and load_ruleset.rules is not None:  # forked: all inherited
        _WORKER.update(ruleset=load_ruleset.ruleset, rules=load_ruleset.rules)
        return
    rs = load_ruleset()  # given by the CLI layer: the engine never imports the loader
    _WORKER.update(ruleset=rs, rules=Rules(rs, fmt, frame))


def _run_chunk(seeds: range) -> list[Summary]:
    try:
        return play_seeds(_WORKER["ruleset"], _WORKER["rules"], seeds, _WORKER["record"], _WORKER["agents"],
                          _WORKER["check"], _WORKER["measure"])
    except Exception as e:  # noqa: BLE001 - one that cannot be pickled reaches the parent with its seeds
        carried = portable(e, f"seeds {seeds[0]}–{seeds[-1]}: ")
        if carried is e:
            raise
        raise carried from None


class Chunks(Sequence[range]):
    """Consecutive seeds cut into chunks, each made when asked for: the memory of a run
    does not grow with its number of games (`--games 1000000000000` starts at once)."""

    def __init__(self, seeds: range, size: int):
        self.seeds, self.size = seeds, size

    def __len__(self) -> int:
        return -(-len(self.seeds) // self.size)

    def __getitem__(self, i: int) -> range:  # type: ignore[override]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.seeds[i * self.size:(i + 1) * self.size]


def chunks_of(seeds: range, workers: int, most: int = 50) -> Chunks:
    """Seeds cut into chunks: about four per worker so they stay busy, at most `most`."""
    return Chunks(seeds, max(1, min(most, len(seeds) // (workers * 4) or 1)))


def simulate(ruleset: m.Ruleset, fmt: str, frame: str, games: int, seed: int, jobs: int = 1,
             record: bool = False, progress: Callable[[int, int], object] | None = None,
             load_ruleset: Callable[[], m.Ruleset] | None = None,
             agents: tuple[str, str] = ("random", "random"), check: bool = False,
             measure: bool = False) -> Iterable[Summary]:
    """Yield the summary of each game, in seed order. With `jobs` > 1, worker processes
    get their ruleset from `load_ruleset` (a picklable function), or inherit it (fork),
    and compile its rules once each. `check`: the rulebook's invariants are checked in
    every game (`InvariantViolation` at the first breach)."""
    seeds = range(seed, seed + games)  # never a list: made one at a time
    if jobs <= 1:
        rules = Rules(ruleset, fmt, frame)
        for i, s in enumerate(seeds, 1):
            yield random_game(ruleset, fmt, frame, s, rules, record, check=check, agents=agents, measure=measure)[1]
            if progress:
                progress(i, games)
        return
    chunks = chunks_of(seeds, jobs)
    done = 0
    fork = hasattr(os, "fork")
    # forked workers inherit the ruleset and its compiled rules: nothing is loaded or compiled again
    given = _Given(ruleset, Rules(ruleset, fmt, frame)) if fork or load_ruleset is None else load_ruleset
    try:
        for results in ordered(chunks, jobs, _run_chunk, _init_worker,
                               (given, fmt, frame, record, tuple(agents), check, measure),
                               "fork" if fork else "spawn"):
            for r in results:
                done += 1
                yield r
            if progress:
                progress(done, games)
    except WorkerError as e:
        raise SimulationError(str(e)) from None


class _Given:
    """The parent's ruleset, handed to workers (pickled, or shared by fork)."""

    def __init__(self, ruleset: m.Ruleset, rules: Rules | None = None):
        self.ruleset = ruleset
        self.rules = rules  # shared with forked workers only (never pickled)

    def __getstate__(self) -> Summary:
        return {"ruleset": self.ruleset, "rules": None}

    def __call__(self) -> m.Ruleset:
        return self.ruleset


def aggregate(results: list[Summary]) -> Summary:
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


def dumps(entry: Summary) -> str:
    return json.dumps(entry, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
