"""`bpscript diff OLD NEW`: what changed between two rulesets (bundled names or paths)."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import colour, print_diagnostics, to_terminal


def register(sub) -> None:
    d = sub.add_parser("diff", help="what changed from one ruleset to another",
                       description="Compare two rulesets, each a bundled ruleset name (blackpoker-8.2, "
                                   "blackpoker-9.0) or a path (a homebrew package): every script added, removed or "
                                   "changed, field by field, with the text difference inline. By default the "
                                   "scripts of the formats and frames NEW has are compared (8.2 → 9.0: ライト).")
    d.add_argument("old", metavar="OLD", help="a bundled ruleset name or a path")
    d.add_argument("new", metavar="NEW", help="a bundled ruleset name or a path")
    d.add_argument("--in", dest="scope", action="append", metavar="ID",
                   help="compare only the scripts of this format or frame (repeatable)")
    d.add_argument("--all", action="store_true", help="compare every script of both rulesets")
    d.add_argument("--format", choices=["text", "json", "html", "markdown"], default="text",
                   help="text (default), json, html (a page) or markdown")
    d.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    d.set_defaults(func=run)


def _ruleset(arg: str):
    """(name, ruleset) for a bundled ruleset name or a path; or an exit code after printing why not."""
    from ..load.catalog import catalog
    from ..load.loader import UnknownRuleset, load, load_bundled
    from ._load import primary
    if not Path(arg).exists():
        if arg in catalog():
            result = load_bundled(arg)
        else:
            known = ", ".join(catalog())
            print(f"error: '{arg}' is neither a bundled ruleset ({known}) nor a path "
                  f"(looked for {Path(arg).absolute()})", file=sys.stderr)
            return 2
    else:
        try:
            result = load([arg])
        except UnknownRuleset as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        if result.files == 0 and not result.diagnostics:
            print(f"error: no .bps files found in {arg}", file=sys.stderr)
            return 2
    if result.errors:
        print_diagnostics(result.errors, result.sources, stream=sys.stderr)  # stdout carries the diff
        return 1
    return primary(result)


def run(args) -> int:
    from ..backends import changes
    from ..backends.diff import diff_rulesets
    old, new = _ruleset(args.old), _ruleset(args.new)
    for side in (old, new):
        if isinstance(side, int):
            return side
    (_, a), (_, b) = old, new  # type: ignore[misc]
    scope = args.scope or None
    unknown = [x for x in scope or () if x not in a.formats and x not in a.frames
               and x not in b.formats and x not in b.frames]
    if unknown:
        known = sorted({*a.formats, *a.frames, *b.formats, *b.frames})
        print(f"error: unknown format or frame '{unknown[0]}': the two rulesets define {', '.join(known)}",
              file=sys.stderr)
        return 2
    formats = [x for x in scope if x in a.formats or x in b.formats] if scope else None
    frames = [x for x in scope if x in a.frames or x in b.frames] if scope else None
    result = diff_rulesets(a, b, formats, frames, everything=args.all)
    if args.format == "json":
        text = changes.render_json(result)
    elif args.format == "html":
        text = changes.render_html(result, b, standalone=True)
    elif args.format == "markdown":
        text = changes.render_markdown(result)
    else:
        text = changes.render_text(result, colour(sys.stdout) and not args.output)
    if args.output:
        from ..write.single import write_atomically
        write_atomically(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    else:  # a terminal shows the text, never obeys it: every format, when stdout is one
        sys.stdout.write(to_terminal(text, sys.stdout) if args.format != "text" else text)
    return 0
