"""`bpscript replay LOG`: re-run logged games and compare their final state."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from ..engine.state import RulesError
from ._games import official_ruleset


def register(sub: Any) -> None:
    rep = sub.add_parser("replay", help="re-run logged games and compare their final state",
                         description="Re-run every game of a JSON-lines log from its seed and recorded "
                                     "decisions; exit 0 when every final state digest matches.")
    rep.add_argument("log", metavar="LOG", help="a log written by play --log or simulate --log")
    rep.set_defaults(func=run)


def run(args: Any) -> int:
    from ..engine.rules import Rules
    from ..engine.runner import replay
    rs = official_ruleset()
    bad = total = 0
    rules: dict[tuple[str, str], Rules] = {}
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
