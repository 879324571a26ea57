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
    lint.add_argument("--docs-url", metavar="URL",
                      help="sarif: the base URL of a published docs site, for each rule's helpUri "
                           "(default: the docs/ of the source tree, when there is one)")
    lint.add_argument("--select", metavar="CODES", help="only these rule codes (comma-separated)")
    lint.add_argument("--ignore", metavar="CODES", help="skip these rule codes (comma-separated)")
    lint.add_argument("--no-engine", action="store_true",
                      help="G4: keep the static result, do not play the lines found on the engine")
    lint.set_defaults(func=run)


def run(args) -> int:
    from .. import cache
    from ..lint.output import as_json, github, text
    from ..lint.runner import UsageError, lint_result, parse_codes
    from ..lint.sarif import as_sarif
    try:
        select = parse_codes(getattr(args, "select", None))
        ignore = parse_codes(getattr(args, "ignore", None))
    except UsageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    use_engine = not getattr(args, "no_engine", False)
    report, k = _cached(_load_key(args), f"lint select={select} ignore={ignore} engine={use_engine}")
    if report is None:
        result = load_args(args)
        if result is None:
            return 2
        engine = None
        if use_engine:
            from ..engine.players.first_turn import EngineFirstTurnSearch
            engine = EngineFirstTurnSearch  # made per ruleset, used only when G4 finds a line
        report = lint_result(result, select, ignore, engine=engine)
        if k is not None:
            cache.put(k, report)
    fmt = getattr(args, "format", "text") or "text"
    if fmt == "json":
        out = as_json(report)
    elif fmt == "sarif":
        out = as_sarif(report, getattr(args, "docs_url", None))
    elif fmt == "github":
        out = github(report)
    else:
        out = text(report, colour(sys.stdout))
    sys.stdout.write(out + "\n")
    return 1 if report.errors else 0


def _load_key(args):
    """The cache key of the load `load_args(args)` would make (None: no cache, or the
    arguments need loading to be judged)."""
    import os

    from ..load.loader import UnknownRuleset, bundled_ruleset, cache_key
    from ._load import default_ruleset
    paths = list(getattr(args, "paths", None) or [])
    name = getattr(args, "ruleset", None)
    if not all(os.path.exists(p) for p in paths):
        return None
    try:
        if paths:
            return cache_key(paths, ruleset=name)
        return cache_key(bundled_ruleset(name or default_ruleset()).files(), ruleset=name or default_ruleset())
    except UnknownRuleset:
        return None


def _cached(load_key, options):
    """(the lint report of the same rules linted with the same options before, or None;
    the key to keep a new one under): a report depends on nothing else."""
    from .. import cache
    from ..lint.core import LintReport
    if load_key is None:
        return None, None
    k = cache.derived(load_key, options)
    report = cache.get(k)
    return (report if isinstance(report, LintReport) else None), k
