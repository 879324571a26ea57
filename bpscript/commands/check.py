"""`bpscript check PATH…`: parse and check; exit 0 clean, 1 errors, 2 usage."""

from __future__ import annotations

from .common import missing_paths, no_files, print_diagnostics, summary


def register(sub) -> None:
    c = sub.add_parser("check", help="parse and check .bps files (exit 0 clean, 1 errors)",
                       description="Parse and resolve .bps files and report every error.")
    c.add_argument("paths", nargs="+", metavar="PATH", help="files or directories of .bps files")
    c.add_argument("--coverage", action="store_true",
                   help="also list every script whose effect is not yet structured or executable")
    c.add_argument("--format", choices=["text", "json"], default="text",
                   help="output format; json prints one document (with --coverage: diagnostics and coverage)")
    c.add_argument("--json", dest="format", action="store_const", const="json", help="the same as --format json")
    c.set_defaults(func=run)


def run(args) -> int:
    from ..loader import load
    if missing_paths(args.paths):
        return 2
    result = load(args.paths)
    if args.coverage and args.format == "json":
        _json_coverage(result)
        return 2 if result.files == 0 and not result.diagnostics else 1 if result.errors else 0
    print_diagnostics(result.diagnostics, result.sources, args.format)
    scripts = result.own_scripts()
    if args.format == "text":
        print(summary(result.diagnostics, result.files, f", {scripts} script(s)"))
    if args.coverage:
        _print_coverage(result)
    if result.files == 0 and not result.diagnostics:
        no_files(args.paths)
        return 2
    return 1 if result.errors else 0


def _json_coverage(result) -> None:
    """One JSON document on stdout: the diagnostics, and per ruleset the coverage facts."""
    import json

    from ..engine.coverage import coverage_json
    diags = sorted(result.diagnostics, key=lambda d: (d.span.file, d.span.line, d.span.column, d.code))
    doc = {"diagnostics": [d.to_json() for d in diags],
           "rulesets": [{"name": name, **coverage_json(rs)} for name, rs in result.rulesets]}
    print(json.dumps(doc, ensure_ascii=False, indent=2))


def _print_coverage(result) -> None:
    from ..engine.coverage import coverage, note_coverage, setup_coverage, supported_setup_steps
    for name, rs in result.rulesets:
        cov = coverage(rs)
        structured = sum(c.structured for c in cov)
        executable = sum(c.executable for c in cov)
        label = "" if name == "main" else f" [{name}]"
        print(f"\ncoverage{label}: {structured} / {len(cov)} structured, {executable} / {len(cov)} executable")
        for c in cov:
            if not c.executable:
                what = "not executable" if c.structured else "unstructured"
                print(f"  {what}: {c.id} 【{c.name}】 ({c.kind}) — missing: {', '.join(c.missing) or 'engine'}")
        frames = setup_coverage(rs)
        if frames:
            runs = " ".join(sorted(k.value for k in supported_setup_steps()))
            playable = sum(f.playable for f in frames)
            print(f"setup{label}: {playable} / {len(frames)} frame(s) the engine sets up (it runs: {runs})")
            for f in frames:
                if not f.playable:
                    print(f"  not set up: {f.id} 【{f.name}】 — steps: {', '.join(f.unsupported)}")
        notes = note_coverage(rs)
        if notes:
            enforced = sum(n.enforced for n in notes)
            print(f"rule notes{label}: {enforced} / {len(notes)} enforced by the engine")
            for n in notes:
                if not n.enforced:
                    print(f"  text only: {n.script} — {n.text} ({n.reason})")
