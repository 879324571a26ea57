"""`bpscript replay LOG`: re-run logged games and compare their final state."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from ..engine.state import RulesError
from ._games import regulation
from ._load import load_args


def register(sub: Any) -> None:
    rep = sub.add_parser("replay", help="re-run logged games and compare their final state",
                         description="Re-run every game of a JSON-lines log from its seed and recorded "
                                     "decisions; exit 0 when every final state digest matches.")
    rep.add_argument("log", metavar="LOG", help="a log written by play --log or simulate --log")
    rep.add_argument("paths", nargs="*", metavar="PATH",
                     help="the rules the games were played with, when not a bundled ruleset (a homebrew package)")
    rep.add_argument("--ruleset", metavar="NAME", help="with PATHs: the ruleset loose files are read on")
    rep.set_defaults(func=run)


def run(args: Any) -> int:
    from ..engine.rules import Rules
    from ..engine.runner import replay
    given: dict[str, Any] = {}
    if args.paths:
        loaded = load_args(args)
        if loaded is None:
            return 2
        given = {rs.info.name or name: rs for name, rs in loaded.rulesets}
    bad = total = unknown = 0
    rules: dict[tuple[str, str, str], Rules] = {}
    try:
        f = open(args.log, encoding="utf-8")
    except OSError as e:
        print(f"error: cannot read {args.log}: {e.strerror} (looked for {os.path.abspath(args.log)})",
              file=sys.stderr)
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
            if not all(isinstance(entry[k], str) for k in ("format", "frame")):
                print(f"{args.log}:{n}: not a game log entry (format and frame are not names)", file=sys.stderr)
                bad += 1
                continue
            key = (entry.get("ruleset") or _default(), entry["format"], entry["frame"])
            try:
                rs = given.get(key[0]) or _bundled(key[0])
            except LookupError as e:  # a ruleset that does not exist: the line names the ones that do
                print(f"{args.log}:{n}: {e}", file=sys.stderr)
                bad, unknown = bad + 1, unknown + 1
                continue
            found = regulation(rs, key[1], key[2])
            if isinstance(found, str):  # a regulation the rules do not define: one line naming theirs
                print(f"{args.log}:{n}: {found}", file=sys.stderr)
                bad, unknown = bad + 1, unknown + 1
                continue
            try:
                if key not in rules:
                    rules[key] = Rules(rs, *key[1:])
                game = replay(rs, entry, rules[key])
            except (RulesError, KeyError, LookupError) as e:
                print(f"{args.log}:{n}: cannot replay {key[0]}: {key[1]} / {key[2]}: {e}", file=sys.stderr)
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
    return 2 if unknown else 1 if bad else 0


def _default() -> str:
    from ..catalog import DEFAULT
    return DEFAULT


_LOADED: dict[str, Any] = {}


def _bundled(name: str) -> Any:
    """A bundled ruleset by name (`UnknownRuleset`, a LookupError, when there is none):
    a homebrew game's rules are given as PATHs."""
    if name not in _LOADED:
        from ..loader import load_bundled
        _LOADED[name] = load_bundled(name).ruleset
    return _LOADED[name]
