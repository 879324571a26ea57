"""The seeded games a refactor must leave identical: a fixed set of seeds over every
regulation of every bundled ruleset, each game's summary (its `state.digest()`, winner,
turns and the requests and resolutions it counted), as committed in
`data/seeded_games.json`.

    PYTHONPATH=. python tests/engine/seeded_games.py   # writes the record again

Write it again only for a change that is meant to change games, and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bpscript.engine.kernel.rules import Rules
from bpscript.engine.players.runner import random_game
from bpscript.load.loader import load_bundled

RECORD = Path(__file__).parent / "data" / "seeded_games.json"
#: the bundled rulesets whose regulations are played
RULESETS = ("blackpoker-8.2", "blackpoker-9.0")
#: the seeds played in each regulation, with each pair of agents
SEEDS = range(12)
AGENTS = (("random", "random"), ("greedy", "random"))


def regulations(rs: Any) -> list[tuple[str, str]]:
    """(format, frame) of every regulation a ruleset declares, in a stable order."""
    return sorted((fmt, frame.id) for frame in rs.frames.values() for fmt in frame.formats)


def play(name: str) -> dict[str, list[dict[str, Any]]]:
    """`format/frame/agents` → the summaries of the seeded games of ruleset `name`."""
    rs = load_bundled(name).ruleset
    out: dict[str, list[dict[str, Any]]] = {}
    for fmt, frame in regulations(rs):
        rules = Rules(rs, fmt, frame)
        for agents in AGENTS:
            out[f"{fmt}/{frame}/{'-'.join(agents)}"] = [
                random_game(rs, fmt, frame, seed, rules, agents=agents)[1] for seed in SEEDS]
    return out


def record() -> dict[str, dict[str, list[dict[str, Any]]]]:
    return {name: play(name) for name in RULESETS}


def dumps(found: dict[str, dict[str, list[dict[str, Any]]]]) -> str:
    """The record as JSON, one game a line (a changed game is one line of a diff)."""
    lines = ["{"]
    for i, (name, regs) in enumerate(sorted(found.items())):
        lines.append(f" {json.dumps(name)}: {{")
        for j, (reg, games) in enumerate(sorted(regs.items())):
            lines.append(f"  {json.dumps(reg)}: [")
            lines += [f"   {json.dumps(g, ensure_ascii=False, sort_keys=True)}{',' if k < len(games) - 1 else ''}"
                      for k, g in enumerate(games)]
            lines.append("  ]" + ("," if j < len(regs) - 1 else ""))
        lines.append(" }" + ("," if i < len(found) - 1 else ""))
    return "\n".join(lines) + "\n}\n"


def main() -> None:
    RECORD.write_text(dumps(record()), "utf-8")
    print(f"wrote {RECORD}", file=sys.stderr)


if __name__ == "__main__":
    main()
