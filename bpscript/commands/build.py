"""`bpscript build [PATH… --out DIR] [--check]`: every backend's output.

Each ruleset gets DIR/<ruleset>/: the bundled rulesets in DIR (default generated/), the
rules under PATH (a homebrew package) in --out DIR, which they must name: generated/ holds
the bundled rules. That directory is bpscript's: it is replaced whole, in one step, and
only when everything in it is what bpscript wrote there (bpscript/write/tree.py).
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from ._load import load_args, paths_option
from .common import print_diagnostics


def register(sub) -> None:
    b = sub.add_parser("build", help="build the pages, PDFs, JSON and Python of rulesets",
                       description="Build every output (JSON, Python, HTML, Markdown, RST, CSV, PDF) of the bundled "
                                   "rulesets, or of the rules under PATH (a homebrew package, with --out DIR), into "
                                   "DIR/<ruleset>/, replaced whole in one step and only when all of it is "
                                   "bpscript's; a ruleset that follows another also gets its change history (html/changes.html).")
    paths_option(b, "a homebrew package or other .bps files to build")
    b.add_argument("--ruleset", metavar="NAME",
                   help="without PATH: build only this bundled ruleset (default: all of them); with PATHs, the ruleset "
                        "that files without `extends` build on")
    b.add_argument("--check", action="store_true", help="exit 1 if DIR differs from a fresh build")
    b.add_argument("--out", metavar="DIR",
                   help="output directory (default: generated, for the bundled rules; required with PATH)")
    from ..backends.build import BACKENDS
    b.add_argument("--only", metavar="NAMES", help=f"comma-separated backends to run ({','.join(BACKENDS)})")
    b.add_argument("--rst-layout", choices=["chapters", "official"], default="chapters",
                   help="chapters (default): one RST chapter per format and frame; official: the official "
                        "generator's documents, rst/act.rst and rst/act-frame.rst with its labels (act-act, "
                        "actionlist-act, …), and rst/frame.rst, the frame list")
    b.add_argument("--rst-label-prefix", metavar="PREFIX", default="",
                   help="official layout: put PREFIX before every RST label (one Sphinx project holding "
                        "two editions: --rst-label-prefix 9.0-)")
    b.set_defaults(func=run)


def _targets(args):
    """(directory name, ruleset) for each ruleset to build; or an exit code."""
    from ..load.catalog import catalog
    from ..load.loader import UnknownRuleset, load_bundled
    if args.paths:
        result = load_args(args)
        if result is None:
            return 2
        if result.errors:
            print_diagnostics(result.errors, result.sources)
            return 1
        return [(rs.info.name or name, rs) for name, rs in result.rulesets]
    names = [args.ruleset] if args.ruleset else list(catalog())
    out = []
    for name in names:
        try:
            result = load_bundled(name)
        except UnknownRuleset as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        if result.errors:
            print_diagnostics(result.errors, result.sources)
            return 1
        out.append((name, result.ruleset))
    return out


def _usage_problem(args) -> str | None:
    """What is wrong with --only or --out before anything is loaded, or None."""
    from ..backends.build import BACKENDS
    if args.only is not None:
        unknown = [n for n in args.only.split(",") if n not in BACKENDS]
        if unknown or not args.only:
            return (f"--only: unknown backend(s) {', '.join(repr(n[:40]) for n in unknown) or repr('')}: "
                    f"give some of {','.join(BACKENDS)}")
        if "pdf" in args.only.split(","):
            from ..extras import require
            require("pdf", "build --only pdf")
    prefix = getattr(args, "rst_label_prefix", "") or ""
    if prefix and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", prefix):
        return f"--rst-label-prefix {prefix[:40]!r}: letters, digits, '.', '_' and '-', starting with a letter or digit"
    if prefix and getattr(args, "rst_layout", "chapters") != "official":
        return "--rst-label-prefix: only with --rst-layout official (the chapters' labels are unique already)"
    out = Path(args.out or "generated")
    if args.check and not out.is_dir():
        return (f"--check compares a directory built before, and there is no {out}/ here (looked for "
                f"{out.absolute()}): run it where `bpscript build` wrote one (the clone), or give --out DIR")
    if out.exists() and not out.is_dir():
        return f"--out {args.out}: exists and is not a directory"
    parent = next((p for p in [out, *out.absolute().parents] if p.exists()), None)
    if parent is not None and not parent.is_dir():
        return f"--out {args.out}: {parent} is not a directory"
    if parent is not None and not args.check and not os.access(parent, os.W_OK | os.X_OK):
        return f"--out {args.out or 'generated'}: cannot write in {parent}"
    return None


def run(args) -> int:
    from ..backends import build
    from ..load.catalog import catalog
    from ..load.loader import UnknownRuleset, bundled_ruleset
    started = time.perf_counter()
    if args.paths and not args.out:
        build.log("error: give --out DIR when building your own scripts (generated/ holds the bundled rules)")
        return 2
    problem = _usage_problem(args)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    if args.ruleset:
        try:
            bundled_ruleset(args.ruleset)
        except UnknownRuleset as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    build.log("loading " + (", ".join(args.paths) if args.paths else args.ruleset or ", ".join(catalog())) + " …")
    targets = _targets(args)
    if isinstance(targets, int):
        if targets == 1:
            build.log("build stopped: the scripts have errors")
        return targets
    only = set(args.only.split(",")) if args.only else None
    out_dir = Path(args.out or "generated")
    total = changed_total = 0
    stale: list[str] = []
    for name, rs in targets:
        files = build.render_ruleset(rs, only, progress=lambda n, name=name: build.log(f"rendering {name}: {n} …"),
                                     rst_layout=args.rst_layout, rst_prefix=args.rst_label_prefix)
        target = out_dir / build.directory_name(name)
        total += len(files)
        if args.check:
            diff = build.diff(target, files, build.unbuilt())
            stale += [f"{target / p}" for p in (diff if not only else [p for p in diff if p in files])]
            continue
        # a partial build (--only) keeps the other backends' files of the directory it replaces,
        # and a build without WeasyPrint the PDFs built before
        changed_total += len(build.write(target, files, only, build.unbuilt()))
    if args.check:
        if stale:
            for p in stale:
                print(f"stale: {p}")
            print(f"{len(stale)} file(s) in {out_dir}/ differ from a fresh build; run `bpscript build`")
            return 1
        print(f"{out_dir}/ is up to date ({total} files)")
        return 0
    print(f"built {total} files of {len(targets)} ruleset(s) into {out_dir}/ ({changed_total} changed) "
          f"in {time.perf_counter() - started:.2f}s")
    if _earlier_flat_build(out_dir):
        build.log(f"note: {out_dir / 'MANIFEST'} lists the outputs an earlier bpscript wrote straight into "
                  f"{out_dir}/ (a package's outputs now go to {out_dir}/<name>/); they were left as they are: "
                  f"remove them, and that MANIFEST, when you no longer need them")
    return 0


def _earlier_flat_build(out_dir: Path) -> bool:
    """Whether `out_dir` holds a package build of an earlier release (its MANIFEST at the top)."""
    from ..write.tree import NotOurs, read_manifest
    try:
        found = read_manifest(out_dir)
    except NotOurs:
        return False
    return found is not None and found.earlier
