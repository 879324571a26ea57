"""`bpscript lint PATH…`: exit 0 clean, 1 findings at error severity, 2 usage error."""

from __future__ import annotations

import os
import sys

from .output import as_json, github, text
from .runner import UsageError, lint_result, parse_codes
from .sarif import as_sarif


def _colour(stream) -> bool:
    return hasattr(stream, "isatty") and stream.isatty() and "NO_COLOR" not in os.environ


def run_lint(args) -> int:
    from ..loader import load
    try:
        select = parse_codes(getattr(args, "select", None))
        ignore = parse_codes(getattr(args, "ignore", None))
    except UsageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    result = load(args.paths)
    if result.files == 0 and not result.diagnostics:
        print("error: no .bps files found", file=sys.stderr)
        return 2
    engine = None
    if not getattr(args, "no_engine", False):
        from ..engine.first_turn import EngineFirstTurnSearch
        engine = EngineFirstTurnSearch  # made per ruleset, used only when G4 finds a line
    report = lint_result(result, select, ignore, engine=engine)
    fmt = getattr(args, "format", "text") or "text"
    if fmt == "json":
        out = as_json(report)
    elif fmt == "sarif":
        out = as_sarif(report)
    elif fmt == "github":
        out = github(report)
    else:
        out = text(report, _colour(sys.stdout))
    sys.stdout.write(out + "\n")
    return 1 if report.errors else 0
