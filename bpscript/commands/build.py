"""`bpscript build [PATH…] [--check]`: every backend's output into generated/ (or --out)."""

from __future__ import annotations

import time
from pathlib import Path

from .common import missing_paths, print_diagnostics


def register(sub) -> None:
    b = sub.add_parser("build", help="build stdlib + frames into generated/",
                       description="Build every output (JSON, Python, HTML, Markdown, RST, CSV, PDF) of the "
                                   "official scripts into generated/, or of the scripts under PATH into --out DIR.")
    b.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or directories of .bps to build instead of the bundled rules (needs --out)")
    b.add_argument("--check", action="store_true", help="exit 1 if generated/ differs from a fresh build")
    b.add_argument("--out", metavar="DIR", help="output directory (default: generated, for the bundled rules)")
    b.add_argument("--only", metavar="NAMES", help="comma-separated backends to run (json,python,html,markdown,rst,csv,pdf)")
    b.set_defaults(func=run)


def run(args) -> int:
    from .. import build
    from ..loader import load, load_official
    started = time.perf_counter()
    if args.paths and not args.out:
        build.log("error: give --out DIR when building your own scripts (generated/ holds the bundled rules)")
        return 2
    if missing_paths(args.paths):
        return 2
    build.log(f"loading {' '.join(args.paths) if args.paths else 'stdlib + frames'} …")
    result = load(args.paths) if args.paths else load_official()
    if result.errors:
        print_diagnostics(result.errors, result.sources)
        build.log("build stopped: the scripts have errors")
        return 1
    only = set(args.only.split(",")) if args.only else None
    files = build.render_all(result.ruleset, only, progress=lambda n: build.log(f"rendering {n} …"))
    out_dir = Path(args.out or "generated")
    if args.check:
        changed = build.diff(out_dir, files) if not only else [p for p in build.diff(out_dir, files)
                                                              if p in files]
        if changed:
            for p in changed:
                print(f"stale: {out_dir / p}")
            print(f"{len(changed)} file(s) in {out_dir}/ differ from a fresh build; run `bpscript build`")
            return 1
        print(f"{out_dir}/ is up to date ({len(files)} files)")
        return 0
    if only:
        # a partial build writes its files but leaves the manifest and other files alone
        for p, data in files.items():
            target = out_dir / p
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        changed = list(files)
    else:
        changed = build.write(out_dir, files)
    print(f"built {len(files)} files into {out_dir}/ ({len(changed)} changed) in {time.perf_counter() - started:.2f}s")
    return 0
