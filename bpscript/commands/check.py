"""`bpscript check [PATH…]`: parse and check; exit 0 clean, 1 errors, 2 usage."""

from __future__ import annotations

from ._load import load_args, paths_option, ruleset_option
from .common import ordered, print_diagnostics, summary


def register(sub) -> None:
    c = sub.add_parser("check", help="parse and check .bps files (exit 0 clean, 1 errors)",
                       description="Parse and resolve .bps files (or a bundled ruleset) and report every error.")
    paths_option(c)
    ruleset_option(c)
    c.add_argument("--coverage", action="store_true",
                   help="also list every script whose effect is not yet structured or executable (a homebrew "
                        "package's own scripts apart from those of the ruleset it extends)")
    c.add_argument("--format", choices=["text", "json"], default="text",
                   help="output format; json prints one document (with --coverage: diagnostics and coverage)")
    c.add_argument("--json", dest="format", action="store_const", const="json", help="the same as --format json")
    c.set_defaults(func=run)


def run(args) -> int:
    result = load_args(args)
    if result is None:
        return 2
    if args.coverage and args.format == "json":
        _json_coverage(result)
        return 1 if result.errors else 0
    print_diagnostics(result.diagnostics, result.sources, args.format)
    scripts = result.own_scripts()
    if args.format == "text":
        print(summary(result.diagnostics, result.files, f", {scripts} script(s)"))
    if args.coverage:
        _print_coverage(result)
    return 1 if result.errors else 0


def _json_coverage(result) -> None:
    """One JSON document on stdout: the diagnostics, and per ruleset the coverage facts."""
    import json

    from ..engine.kernel.coverage import coverage_json
    doc = {"diagnostics": [d.to_json() for d in ordered(result.diagnostics)],
           "rulesets": [{"name": name, **coverage_json(rs)} for name, rs in result.rulesets]}
    print(json.dumps(doc, ensure_ascii=False, indent=2))


def _print_coverage(result) -> None:
    from ..engine.kernel.coverage import coverage, note_coverage, setup_coverage, supported_setup_steps
    for name, rs in result.rulesets:
        owns = result.owns(name)
        scoped = [s for overs in rs.scoped.values() for s in overs]  # overrides written `in …`
        cov = coverage(rs, [*rs.scripts.values(), *scoped])
        where = {id(c): s for c, s in zip(cov, [*rs.scripts.values(), *scoped])}
        groups = [("", cov, True)]
        if rs.info.homebrew and owns is not None:  # the package's own scripts, then its base's in one line
            own = [c for c in cov if owns(where[id(c)].span.file)]
            base = [c for c in cov if not owns(where[id(c)].span.file)]
            base_name = rs.info.base.name  # type: ignore[union-attr]
            groups = [(" own scripts", own, True), (f" base {base_name} (list: bpscript check --coverage "
                                                    f"--ruleset {base_name})", base, False)]
        label = "" if name == "main" else f" [{name}]"
        for part, items, listed in groups:
            structured = sum(c.structured for c in items)
            executable = sum(c.executable for c in items)
            print(f"\ncoverage{label}{part}: {structured} / {len(items)} structured, "
                  f"{executable} / {len(items)} executable")
            for c in items if listed else ():
                if not c.executable:
                    what = "not executable" if c.structured else "unstructured"
                    print(f"  {what}: {c.id} 【{c.name}】 ({c.kind}) — missing: {', '.join(c.missing) or 'engine'}")
        frames = setup_coverage(rs)
        if owns is not None and rs.info.homebrew:
            frames = [f for f in frames if owns(rs.frames[f.id].span.file)]
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
