"""`bpscript replay LOG`: re-run logged games and verify everything their log states.

Each entry is played again from its seed with its decisions, each checked against the
options the game offers and against the seeded agents the entry claims (`engine.claims`);
then every field the entry states (winner, reason, turns, first player, the counts by
action and by seat, discarded, the final state digest) is compared, and the decisions
must be used up exactly. What cannot be verified is counted and printed as "not verified".
A homebrew entry names its package by title, frames and digest: the PATH given whose rules
have that digest replays it, whatever its directory is called. A mismatch is printed by field, logged against
replayed (exit 1). An entry whose ruleset digest is not that of the rules at hand is
refused unplayed (exit 2): another ruleset, or another version of it; so is one whose
ruleset, format or frame does not exist (one line naming those that do). The log is read
line by line in bounded memory: a line longer than `MAX_LINE` is reported, not parsed.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Iterator

from ._games import LOG_SCHEMA, MAX_SEED, regulation
from ._load import load_args

#: the longest log line read (a game of the engine's 200 turns writes some kilobytes)
MAX_LINE = 16 * 1024 * 1024
#: the most turns a log may ask a replay to allow
MAX_TURNS = 10_000
#: mismatches printed per entry (the rest are counted)
MAX_SHOWN = 12


def register(sub: Any) -> None:
    rep = sub.add_parser("replay", help="re-run logged games and verify their logs",
                         description="Re-run every game of a JSON-lines log from its seed and recorded "
                                     "decisions and verify what the log states: winner, reason, turns, "
                                     "counts, agents, final state, and that exactly the logged decisions are used. "
                                     "Exit 0 when every game matches, 1 when one differs or a line is not a "
                                     "game, 2 when the log cannot be read, was played with other rules or "
                                     "names a ruleset, format or frame that does not exist.")
    rep.add_argument("log", metavar="LOG", help="a log written by play --log or simulate --log")
    rep.add_argument("paths", nargs="*", metavar="PATH",
                     help="the rules the games were played with, when not a bundled ruleset (a homebrew package)")
    rep.add_argument("--ruleset", metavar="NAME", help="with PATHs: the ruleset loose files are read on")
    rep.set_defaults(func=run)


@dataclass
class Tally:
    total: int = 0
    bad: int = 0
    refused: int = 0
    unknown: int = 0
    undigested: int = 0
    rules: dict[Any, Any] = field(default_factory=dict)
    digests: dict[int, str] = field(default_factory=dict)
    #: what the entries state that replay cannot verify, with the number of games
    unverified: dict[str, int] = field(default_factory=dict)


def run(args: Any) -> int:
    given: dict[str, Any] = {}
    if args.paths:
        loaded = load_args(args)
        if loaded is None:
            return 2
        given = {rs.info.name or name: rs for name, rs in loaded.rulesets}
    try:
        f = open(args.log, "rb")
    except OSError as e:
        print(f"error: cannot read {args.log}: {e.strerror} (looked for {os.path.abspath(args.log)})",
              file=sys.stderr)
        return 2
    t = Tally()
    with f:
        try:
            for n, line in _lines(f):
                t.total += 1
                where = _short(f"{args.log}:{n}", 400)  # a file name may hold an escape too
                entry = _parse(where, line)
                if entry is None:
                    t.bad += 1
                    continue
                verdict = _replay(where, entry, given, t)
                t.bad += verdict in ("bad", "unknown")
                t.unknown += verdict == "unknown"
                t.refused += verdict == "refused"
        except OSError as e:
            print(f"error: cannot read {args.log}: {e.strerror}", file=sys.stderr)
            return 2
    for what, n in t.unverified.items():
        print(f"note: not verified in {n} game(s): {what}", file=sys.stderr)
    if t.undigested:
        print(f"note: {t.undigested} game(s) record no ruleset digest (a log from before logs recorded it): "
              f"replayed with the rules they name; every field is still verified", file=sys.stderr)
    ok = t.total - t.bad - t.refused
    refused = f", {t.refused} refused (played with other rules)" if t.refused else ""
    print(f"replayed {t.total} game(s): {ok} identical, {t.bad} different or unreadable{refused}")
    return 2 if t.refused or t.unknown else 1 if t.bad else 0


def _lines(f: BinaryIO) -> Iterator[tuple[int, bytes | int]]:
    """(line number, bytes) of each non-blank line; the length instead of the bytes for a
    line longer than MAX_LINE, which is skipped in chunks, never held whole."""
    n = 0
    while True:
        line = f.readline(MAX_LINE + 1)
        if not line:
            return
        n += 1
        if len(line) > MAX_LINE:
            size = len(line)
            while not line.endswith(b"\n"):
                line = f.readline(1 << 20)
                if not line:
                    break
                size += len(line)
            yield n, size
        elif line.strip():
            yield n, line


def _parse(where: str, line: bytes | int) -> dict[str, Any] | None:
    """The entry of a line, or None after saying why it is not one."""
    if isinstance(line, int):
        print(f"{where}: a line of {line:,} bytes, longer than a game log line can be "
              f"({MAX_LINE // (1024 * 1024)} MiB): not read", file=sys.stderr)
        return None
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        col = len(line[:e.start].decode("utf-8", "replace")) + 1
        print(f"{where}:{col}: not UTF-8 text (byte 0x{line[e.start]:02x}): not a game log", file=sys.stderr)
        return None
    try:
        entry = json.loads(text)
    except json.JSONDecodeError as e:
        print(f"{where}:{e.colno}: not a JSON line: {e.msg}", file=sys.stderr)
        return None
    except RecursionError:
        print(f"{where}: not a game log entry (JSON nested too deeply)", file=sys.stderr)
        return None
    except ValueError as e:  # a number beyond Python's digit limit for int
        why = "a number of more than 4,300 digits" if "digits" in str(e) else _short(str(e), 80)
        print(f"{where}: not a game log entry ({why})", file=sys.stderr)
        return None
    problem = _shape(entry)
    if problem:
        print(f"{where}: not a game log entry ({problem})", file=sys.stderr)
        return None
    return entry


def _shape(entry: Any) -> str | None:
    """What makes `entry` no game log entry, if anything: the fields replay reads, typed."""
    if not isinstance(entry, dict):
        return f"a JSON {type(entry).__name__.replace('NoneType', 'null')}, not an object"
    missing = [k for k in ("format", "frame", "seed", "digest", "decisions") if k not in entry]
    if missing:
        return f"missing {', '.join(missing)}"
    schema = entry.get("schema", 1)
    if type(schema) is not int or schema < 1:
        return "schema: not a version number"
    if schema > LOG_SCHEMA:
        return (f"a log of schema {_short(str(schema), 12)}, newer than this bpscript reads ({LOG_SCHEMA}): "
                "replay it with a newer bpscript")
    package = entry.get("package")
    if package is not None and (not isinstance(package, dict) or not all(
            isinstance(package.get(k), str) for k in ("title", "extends"))):
        return "package: not an object with a title and the ruleset it extends"
    for k in ("format", "frame", "digest", "ruleset", "ruleset_digest", "bpscript"):
        if k in entry and not isinstance(entry[k], str) and not (k == "ruleset" and entry[k] is None):
            return f"{k}: not a string"
    seed = entry["seed"]
    if type(seed) is not int:
        return f"seed: {_short(json.dumps(seed), 24)} is not an integer"
    if not -MAX_SEED < seed < MAX_SEED:
        return "seed: an integer of more than 19 digits (logs write the engine's 64-bit seeds)"
    if not isinstance(entry["decisions"], list):
        return "decisions: not a list"
    turns = entry.get("max_turns", 1)
    if type(turns) is not int or not 0 < turns <= MAX_TURNS:
        return f"max_turns: not an integer from 1 to {MAX_TURNS}"
    if type(entry.get("abandoned", False)) is not bool:
        return "abandoned: not true or false"
    return None


def _replay(where: str, entry: dict[str, Any], given: dict[str, Any], t: Tally) -> str:
    """Play one entry again and print what differs: "ok", "bad", "refused" (other rules)
    or "unknown" (a ruleset or regulation that does not exist)."""
    from ..engine.players.agents import LogMismatch
    from ..engine.kernel.rules import Rules
    from ..engine.players.runner import differences, replay_entry
    fmt, frame, seed = entry["format"], entry["frame"], entry["seed"]
    package = entry.get("package")
    name = _package_name(package) if package else entry.get("ruleset") or _default()
    rs = _rules_for(entry, given, t)
    if rs is None and package:  # a homebrew game, and no package given has its rules
        if not given:
            print(f"{where}: a game of the homebrew package {name}: give the package's directory to replay it "
                  f"(any directory name: the log knows the package by its rules): "
                  f"bpscript replay LOG PATH", file=sys.stderr)
            return "unknown"
        rs = next(iter(given.values()))  # refused below: it has other rules
    elif rs is None:
        try:
            rs = _bundled(name)
        except LookupError as e:  # a ruleset that does not exist: the line names the ones that do
            print(f"{where}: {_short(str(e), 300)}; a homebrew package's games replay with its directory: "
                  f"bpscript replay LOG PATH", file=sys.stderr)
            return "unknown"
    if "ruleset_digest" in entry:
        if not _same_rules(entry, rs, t):
            version = _short(entry.get("bpscript", "an unknown version"), 20)
            print(f"{where}: seed {seed}: played with other rules: the log's {_short(name, 60)} has digest "
                  f"{_short(entry['ruleset_digest'], 12, ellipsis=False)}, these rules {t.digests[id(rs)][:12]} "
                  f"(the log was written by bpscript {version}); not replayed — give the rules it was played "
                  f"with as PATH, or replay with that version", file=sys.stderr)
            return "refused"
    else:
        t.undigested += 1
    found = regulation(rs, fmt, frame)
    if isinstance(found, str):  # a regulation the rules do not define: one line naming theirs
        print(f"{where}: {_short(found, 300)}", file=sys.stderr)
        return "unknown"
    try:
        key = (id(rs), fmt, frame)
        if key not in t.rules:
            t.rules[key] = Rules(rs, fmt, frame)
        done = replay_entry(rs, entry, t.rules[key], check_agents=entry.get("schema", 1) >= 2)
    except LogMismatch as e:
        print(f"{where}: seed {seed}: decisions: {e}")
        return "bad"
    except (LookupError, ValueError, TypeError, RecursionError) as e:
        print(f"{where}: seed {seed}: cannot replay {_short(name, 60)}: {_short(fmt, 30)} / {_short(frame, 30)}: "
              f"{_short(str(e), 200)}", file=sys.stderr)
        return "bad"
    except Exception as e:  # the rules refuse the regulation, or a script raises: reported, never a traceback
        inner = getattr(e, "error", None)  # a decision asked inside a script's effect (ScriptError)
        if isinstance(inner, LogMismatch):
            print(f"{where}: seed {seed}: decisions: {inner}")
            return "bad"
        print(f"{where}: seed {seed}: cannot replay {_short(name, 60)}: {_short(fmt, 30)} / {_short(frame, 30)}: "
              f"{type(e).__name__}: {_short(str(e), 200)}", file=sys.stderr)
        return "bad"
    found = differences(entry, done, optional=() if entry.get("schema", 1) >= 2 else ("discarded",))
    _unverified(entry, t)
    for fld, logged, replayed in found[:MAX_SHOWN]:
        print(f"{where}: seed {seed}: {_short(fld, 120)}: logged {_show(logged)}, replayed {_show(replayed)}")
    if len(found) > MAX_SHOWN:
        print(f"{where}: seed {seed}: and {len(found) - MAX_SHOWN} more field(s) differ")
    return "bad" if found else "ok"


def _package_name(package: dict[str, Any]) -> str:
    """How a log's package is named to the user: its declared name, its title, its frames."""
    frames = package.get("frames")
    frames = ", ".join(str(f) for f in frames) if isinstance(frames, list) and frames else "no frame of its own"
    name = f"'{package['name']}' " if isinstance(package.get("name"), str) else ""
    return _short(f"{name}「{package['title']}」 (frames {frames}; extends {package['extends']})", 200)


def _rules_for(entry: dict[str, Any], given: dict[str, Any], t: Tally) -> Any:
    """The rules given as PATH that the entry was played with: by name, else by digest (a
    package's directory may have been renamed since), else None."""
    name = entry.get("ruleset")
    if isinstance(name, str) and name in given and not entry.get("package"):
        return given[name]
    return next((rs for rs in given.values() if _same_rules(entry, rs, t)), None)


def _same_rules(entry: dict[str, Any], rs: Any, t: Tally) -> bool:
    """Whether `rs` has the digest the entry records (for a log of schema 1, also the
    digest as it was computed then)."""
    from ._games import legacy_digest, ruleset_digest
    if id(rs) not in t.digests:
        t.digests[id(rs)] = ruleset_digest(rs)
    if entry.get("ruleset_digest") == t.digests[id(rs)]:
        return True
    if entry.get("schema", 1) < 2:
        key = -id(rs)
        if key not in t.digests:
            t.digests[key] = legacy_digest(rs)
        return entry.get("ruleset_digest") == t.digests[key]
    return False


#: what an entry may state that replay cannot verify, and why
UNVERIFIABLE = {"bpscript": "bpscript (the version that wrote the log: information only)"}


def _unverified(entry: dict[str, Any], t: Tally) -> None:
    """Count what this entry states and replay did not verify (printed as a note)."""
    from ..engine.players.claims import claimed_agent
    known = {"schema", "ruleset", "ruleset_digest", "package", "format", "frame", "seed", "decisions", "max_turns",
             "abandoned", "agents", "winner", "reason", "turns", "first", "requested", "resolved", "requested_by",
             "discarded", "digest", *UNVERIFIABLE}
    notes = [UNVERIFIABLE[k] for k in UNVERIFIABLE if k in entry]
    agents = entry.get("agents")
    if agents is not None:
        if entry.get("schema", 1) < 2 or not isinstance(agents, list) or len(agents) != 2:
            notes.append("agents (a log of schema 1: its agents claim is not checked)")
        else:
            notes += [f"agents[{p}] {_short(json.dumps(a, ensure_ascii=False), 30)} (not an agent bpscript can "
                      f"seed again: a person, or a name it does not know)"
                      for p, a in enumerate(agents) if claimed_agent(a, 0, p) is None]
    if entry.get("schema", 1) < 2 and "discarded" not in entry:
        notes.append("discarded (a log written before it was recorded)")
    notes += [f"{_short(k, 40)} (a field replay does not know)" for k in sorted(entry) if k not in known]
    for what in notes:
        t.unverified[what] = t.unverified.get(what, 0) + 1


def _show(value: Any) -> str:
    from ..engine.players.runner import Said
    text = value if isinstance(value, Said) else json.dumps(value, ensure_ascii=False)
    return _short(text, 60)


def _short(text: str, most: int, ellipsis: bool = True) -> str:
    """Text of a log (hostile, perhaps) as shown: capped, control characters never echoed."""
    from ..diagnostics import capped, printable
    return printable(capped(text, most) if ellipsis else text[:most])


def _default() -> str:
    from ..load.catalog import DEFAULT
    return DEFAULT


_LOADED: dict[str, Any] = {}


def _bundled(name: str) -> Any:
    """A bundled ruleset by name (`UnknownRuleset`, a LookupError, when there is none):
    a homebrew game's rules are given as PATHs."""
    if name not in _LOADED:
        from ..load.loader import load_bundled
        _LOADED[name] = load_bundled(name).ruleset
    return _LOADED[name]
