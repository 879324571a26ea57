"""Generate docs/lint/ from the rules: one page per rule (its module docstring) and an index.

    python -m bpscript.lint.docs          # write docs/lint/
    python -m bpscript.lint.docs --check  # exit 1 when docs/lint/ is stale

A test keeps the pages fresh and lints every example of every page: the failing example
must give the rule's finding, the passing one none.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from .core import Level, Rule
from .rules import DOCS, RULES

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "docs" / "lint"
SEVERITY = {Level.MUST: "error (must)", Level.SHOULD: "warning (should)", Level.STRUCTURAL: "error (structural)"}
EXAMPLE = re.compile(r"## (Failing|Passing) example\s*\n+```bps\n(.*?)```", re.S)


def examples(rule: Rule) -> dict[str, str]:
    """{'failing': source, 'passing': source} from the rule's documentation."""
    return {kind.lower(): src for kind, src in EXAMPLE.findall(rule.doc)}


def page(rule: Rule) -> str:
    """A rule's page: titled by code and name (what the navigation and the findings say),
    the guideline's own heading under it, its examples highlighted as `.bps`."""
    _, _, body = rule.doc.partition("\n")
    sev = SEVERITY[rule.level]
    head = [
        f"# {rule.code} {rule.name}",
        "",
        f"**{rule.heading.partition(' — ')[2].strip()}**",
        "",
        "| code | name | severity | rulebook |",
        "| --- | --- | --- | --- |",
        f"| `{rule.code}` | `{rule.name}` | {sev} | {rule.section} |",
        "",
        f"*{rule.summary}.*",
        "",
        "",
    ]
    text = body.strip()
    foot = ["", "---", "", "Suppress it for one script, with the reason: "
            f'`allow {rule.code} "…"`.' if rule.code[0] in "GS" else
            "This finding cannot be suppressed.", "",
            "Generated from `bpscript/lint/rules/" + DOCS[rule.code] + ".py`; "
            "run `python -m bpscript.lint.docs` after changing it.", ""]
    return "\n".join(head) + text + "\n" + "\n".join(foot)


def index() -> str:
    lines = [
        "# Lint rules",
        "",
        "`bpscript lint PATH…` checks scripts against the authoring guidelines of rulebook",
        "10.2.2 (G1–G6) and reports every structural error (E…, as `bpscript check` does) and",
        "the gaps the resolver leaves (S…).",
        "",
        "From a clone (its example package, and the official rules):",
        "",
        "<!-- docs-test: clone -->",  # tests/test_install.py runs the block there
        "```sh",
        "bpscript lint frames/homebrew-example/                  # human output, with carets and fixes",
        "bpscript lint --format sarif stdlib frames > lint.sarif",
        "bpscript lint --format github frames/homebrew-example/  # ::error annotations for a workflow",
        "bpscript lint --select G --ignore G3 frames/homebrew-example/",
        "```",
        "",
        "Exit status: 0 when nothing at error severity is found, 1 otherwise, 2 on a usage",
        "error. `--select` and `--ignore` take codes or prefixes (`G`, `E1`, `S101`).",
        "G4 plays each first-turn line it finds on the rules engine (see [the engine](../engine.md));",
        "`--no-engine` keeps the static analysis alone.",
        "In SARIF, each rule's `helpUri` is its page here, or a structural code's anchor in the",
        "[diagnostics reference](../reference/diagnostics.md) (`#e201`): under `--docs-url URL`,",
        "the base of a published copy of these docs, or else the `docs/` of the source tree.",
        "",
        "A script may silence one rule with its reason: `allow G3 \"…\"` (scoped to that",
        "script and that rule; an `allow` that silences nothing is reported, L100).",
        "",
        "| code | name | severity | what it wants |",
        "| --- | --- | --- | --- |",
    ]
    for r in RULES:
        lines.append(f"| [`{r.code}`]({DOCS[r.code]}.md) | `{r.name}` | {SEVERITY[r.level]} "
                     f"| {r.summary} |")
    lines += ["", "The structural codes are listed in the [diagnostics reference](../reference/diagnostics.md).", ""]
    return "\n".join(lines)


def render_all() -> dict[str, str]:
    out = {"index.md": index()}
    for r in RULES:
        out[f"{DOCS[r.code]}.md"] = page(r)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="generate docs/lint/ from the lint rules")
    ap.add_argument("--check", action="store_true", help="exit 1 if docs/lint/ is stale")
    args = ap.parse_args(argv)
    pages = render_all()
    stale = [n for n, t in pages.items() if not (OUT / n).is_file() or (OUT / n).read_text("utf-8") != t]
    if args.check:
        for n in stale:
            print(f"stale: docs/lint/{n}")
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for n in stale:
        (OUT / n).write_text(pages[n], encoding="utf-8")
    print(f"wrote {len(stale)} of {len(pages)} pages into docs/lint/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
