"""Instructions per random ライト + エントリー20 game, counted by callgrind: the engine's speed
as a figure that does not depend on the machine or its load (a time would).

    python benchmarks/instructions.py [--games 200] [--warmup 20] [--format lite] [--frame entry20]

The script runs itself under `valgrind --tool=callgrind` with `PYTHONHASHSEED=0`. Loading
the ruleset, compiling its rules and `--warmup` games (other seeds) run with collection off;
the measured games run inside `sys.call_tracing`, the one C function callgrind is told to
collect in (`--collect-atstart=no --toggle-collect=sys_call_tracing`), so the count is the
games' alone. It prints the Python version, the games and the instructions per game.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

#: the seeds of the warm-up games start here, away from the measured ones (0, 1, …)
WARMUP_SEED = 100_000
INNER = "BPSCRIPT_INSTRUCTIONS_INNER"


def _arguments(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="measured games, seeds 0 … games-1 (200)")
    p.add_argument("--warmup", type=int, default=20, help="games played first, not counted (20)")
    p.add_argument("--format", default="lite")
    p.add_argument("--frame", default="entry20")
    return p.parse_args(argv)


def _inner(args: argparse.Namespace) -> None:
    """Under callgrind: load and warm up with collection off, then play the measured games."""
    from bpscript.engine.kernel.rules import Rules
    from bpscript.engine.players.runner import random_game
    from bpscript.load.loader import load_official

    rs = load_official().ruleset
    rules = Rules(rs, args.format, args.frame)
    for seed in range(WARMUP_SEED, WARMUP_SEED + args.warmup):
        random_game(rs, args.format, args.frame, seed, rules)

    def games() -> int:
        return sum(random_game(rs, args.format, args.frame, s, rules)[1]["turns"] for s in range(args.games))

    turns = sys.call_tracing(games, ())  # the one call callgrind collects in
    print(f"turns: {turns}")


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    if os.environ.get(INNER):
        _inner(args)
        return 0
    with tempfile.TemporaryDirectory(prefix="bpscript-instructions-") as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {**os.environ, INNER: "1", "PYTHONHASHSEED": "0"}
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=sys_call_tracing",
               f"--callgrind-out-file={out}", sys.executable, str(Path(__file__).resolve()),
               "--games", str(args.games), "--warmup", str(args.warmup),
               "--format", args.format, "--frame", args.frame]
        run = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if run.returncode != 0 or not out.exists():
            sys.stderr.write(run.stdout + run.stderr)
            return 1
        total = _total(out.read_text())
    turns = re.search(r"turns: (\d+)", run.stdout)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{args.format} / {args.frame}, PYTHONHASHSEED=0")
    print(f"{args.games} games (seeds 0–{args.games - 1}) after {args.warmup} warm-up games, "
          f"{turns.group(1) if turns else '?'} turns")
    print(f"instructions: {total:,} in all, {total / args.games / 1e6:.2f} M per game")
    return 0


def _total(report: str) -> int:
    """The instructions (Ir) of callgrind's output: its `totals:` (or `summary:`) line."""
    found = re.search(r"^(?:totals|summary):\s*(\d+)", report, re.MULTILINE)
    if found is None:
        raise SystemExit("callgrind wrote no totals")
    return int(found.group(1))


if __name__ == "__main__":
    sys.exit(main())
