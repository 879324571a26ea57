"""`bpscript export --json [PATH…]`: the checked model as JSON."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import missing_paths, no_files, print_diagnostics, summary


def register(sub) -> None:
    e = sub.add_parser("export", help="export the model as JSON",
                       description="Export the checked model as JSON (docs/schema/ruleset.schema.json).")
    e.add_argument("paths", nargs="*", metavar="PATH", help="files or directories (default: stdlib + frames)")
    e.add_argument("--json", action="store_true", default=True, help="JSON output (the only format)")
    e.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    e.set_defaults(func=run)


def run(args) -> int:
    from ..backends.json_backend import dumps
    from ..loader import load, load_official
    if missing_paths(args.paths):
        return 2
    result = load(args.paths) if args.paths else load_official()
    if result.files == 0 and not result.diagnostics:
        no_files(args.paths)
        return 2
    if result.errors:
        print_diagnostics(result.errors, result.sources)
        print(summary(result.diagnostics, result.files), file=sys.stderr)
        return 1
    text = dumps(result.ruleset)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
