"""The `bpscript` command. Exit codes: 0 clean, 1 errors or findings, 2 usage error."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from . import __version__
from .diagnostics import Diagnostic, Severity, render


def _colour(stream) -> bool:
    return stream.isatty() and "NO_COLOR" not in os.environ


def print_diagnostics(diags: list[Diagnostic], sources: dict[str, str], fmt: str = "text") -> None:
    diags = sorted(diags, key=lambda d: (d.span.file, d.span.line, d.span.column, d.code))
    if fmt == "json":
        print(json.dumps([d.to_json() for d in diags], ensure_ascii=False, indent=2))
        return
    colour = _colour(sys.stdout)
    for d in diags:
        print(render(d, sources, colour))
        print()


def _summary(diags: list[Diagnostic], files: int, what: str = "") -> str:
    errors = sum(d.severity is Severity.ERROR for d in diags)
    warnings = sum(d.severity is Severity.WARNING for d in diags)
    return f"{files} file(s) checked{what}: {errors} error(s), {warnings} warning(s)"


# ---------------------------------------------------------------- commands
def cmd_check(args) -> int:
    from .loader import load
    result = load(args.paths)
    print_diagnostics(result.diagnostics, result.sources, args.format)
    scripts = result.own_scripts()
    if args.format == "text":
        print(_summary(result.diagnostics, result.files, f", {scripts} script(s)"))
    if args.coverage:
        _print_coverage(result)
    if result.files == 0 and not result.diagnostics:
        print("error: no .bps files found", file=sys.stderr)
        return 2
    return 1 if result.errors else 0


def _print_coverage(result) -> None:
    from .coverage import coverage
    for name, rs in result.rulesets:
        cov = coverage(rs)
        structured = sum(c.structured for c in cov)
        executable = sum(c.executable for c in cov)
        label = "" if name == "main" else f" [{name}]"
        print(f"\ncoverage{label}: {structured} / {len(cov)} structured, {executable} / {len(cov)} executable")
        for c in cov:
            if not c.executable:
                print(f"  not executable: {c.id} 【{c.name}】 ({c.kind}) — missing: {', '.join(c.missing) or 'engine'}")


def cmd_export(args) -> int:
    from .backends.json_backend import dumps
    from .loader import load, load_official
    result = load(args.paths) if args.paths else load_official()
    if result.errors:
        print_diagnostics(result.errors, result.sources)
        print(_summary(result.diagnostics, result.files), file=sys.stderr)
        return 1
    text = dumps(result.ruleset)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_build(args) -> int:
    from . import build
    from .loader import load_official
    started = time.perf_counter()
    build.log("loading stdlib + frames …")
    result = load_official()
    if result.errors:
        print_diagnostics(result.errors, result.sources)
        build.log("build stopped: the official scripts have errors")
        return 1
    only = set(args.only.split(",")) if args.only else None
    files = build.render_all(result.ruleset, only, progress=lambda n: build.log(f"rendering {n} …"))
    out_dir = Path(args.out)
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


def _lint(args) -> int:
    try:
        from .lint.cli import run_lint
    except ImportError:
        print("error: the linter is not available in this build", file=sys.stderr)
        return 2
    return run_lint(args)


# ---------------------------------------------------------------- parser
def make_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bpscript",
        description="bpscript — BlackPoker scripts (公式ルール 第8.2版): check, export, build and lint them.",
        epilog="Run `bpscript COMMAND --help` for the options of a command.")
    p.add_argument("--version", action="version", version=f"bpscript {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    c = sub.add_parser("check", help="parse and check .bps files (exit 0 clean, 1 errors)",
                       description="Parse and resolve .bps files and report every error.")
    c.add_argument("paths", nargs="+", metavar="PATH", help="files or directories of .bps files")
    c.add_argument("--coverage", action="store_true",
                   help="also list every script whose effect is not yet structured or executable")
    c.add_argument("--format", choices=["text", "json"], default="text", help="output format")
    c.set_defaults(func=cmd_check)

    e = sub.add_parser("export", help="export the model as JSON",
                       description="Export the checked model as JSON (docs/schema/ruleset.schema.json).")
    e.add_argument("paths", nargs="*", metavar="PATH", help="files or directories (default: stdlib + frames)")
    e.add_argument("--json", action="store_true", default=True, help="JSON output (the only format)")
    e.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    e.set_defaults(func=cmd_export)

    b = sub.add_parser("build", help="build stdlib + frames into generated/",
                       description="Build every output (JSON, Python, HTML, Markdown, PDF) of the official "
                                   "scripts into generated/.")
    b.add_argument("--check", action="store_true", help="exit 1 if generated/ differs from a fresh build")
    b.add_argument("--out", default="generated", metavar="DIR", help="output directory (default: generated)")
    b.add_argument("--only", metavar="NAMES", help="comma-separated backends to run (json,python,html,markdown,pdf)")
    b.set_defaults(func=cmd_build)

    lint = sub.add_parser("lint", help="check scripts against the authoring guidelines (10.2.2)",
                          description="Lint .bps files: the six authoring guidelines (G1–G6) and structural "
                                      "errors. Exit 0 clean, 1 findings at error severity, 2 usage error. "
                                      "Silence one rule for one script with `allow G2 \"reason\"`.")
    lint.add_argument("paths", nargs="+", metavar="PATH", help="files or directories of .bps files")
    lint.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text",
                      help="text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)")
    lint.add_argument("--select", metavar="CODES", help="only these rule codes (comma-separated)")
    lint.add_argument("--ignore", metavar="CODES", help="skip these rule codes (comma-separated)")
    lint.add_argument("--no-engine", action="store_true",
                      help="G4: keep the static result, do not play the lines found on the engine")
    lint.set_defaults(func=_lint)

    try:
        from .engine.cli import add_commands
        add_commands(sub)
    except ImportError:
        pass
    return p


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
