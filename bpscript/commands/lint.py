"""`bpscript lint PATH…`: exit 0 clean, 1 findings at error severity, 2 usage error."""

from __future__ import annotations

import sys

from ._load import load_args, paths_option, ruleset_option
from .common import colour


def register(sub) -> None:
    lint = sub.add_parser("lint", help="check scripts against the authoring guidelines (10.2.2)",
                          description="Lint .bps files: the six authoring guidelines (G1–G6) and structural "
                                      "errors. Exit 0 clean, 1 findings at error severity, 2 usage error. "
                                      "Silence one rule for one script with `allow G2 \"reason\"`.")
    paths_option(lint)
    ruleset_option(lint)
    lint.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text",
                      help="text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)")
    lint.add_argument("--select", metavar="CODES", help="only these rule codes (comma-separated)")
    lint.add_argument("--ignore", metavar="CODES", help="skip these rule codes (comma-separated)")
    lint.add_argument("--no-engine", action="store_true",
                      help="G4: keep the static result, do not play the lines found on the engine")
    lint.set_defaults(func=run)


def run(args) -> int:
    from ..lint.output import as_json, github, text
    from ..lint.runner import UsageError, lint_result, parse_codes
    from ..lint.sarif import as_sarif
    try:
        select = parse_codes(getattr(args, "select", None))
        ignore = parse_codes(getattr(args, "ignore", None))
    except UsageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    result = load_args(args)
    if result is None:
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
        out = text(report, colour(sys.stdout))
    sys.stdout.write(out + "\n")
    return 1 if report.errors else 0
