"""Generate docs/reference/verbs.md from the verb library (`python -m bpscript.docgen`).

The page is derived data: a test fails when it differs from what this prints, so the
documentation cannot drift from the declarations.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .verbs import ATTRIBUTES, CONSTANTS, CONTEXT, LIBRARY

KIND_TITLES = {"verb": "Verbs (statements)", "query": "Queries (expressions)", "event": "Events (after `on`)"}


def verbs_markdown() -> str:
    lines = ["# Verb library", "",
             "Every function an effect may call, generated from `bpscript/verbs.py`. Types: number bool",
             "text card cards unit units player request zone state face duration position script suit",
             "any; `?` marks an optional parameter. A verb marked *single use* exists for one official",
             "script only.", ""]
    for kind, title in KIND_TITLES.items():
        specs = sorted((s for s in LIBRARY.values() if s.kind == kind), key=lambda s: s.name)
        lines += [f"## {title}", "", "| signature | meaning | 日本語 |", "| --- | --- | --- |"]
        for s in specs:
            doc = s.doc + (f" *Single use: `{s.single_use}`.*" if s.single_use else "")
            lines.append(f"| `{s.signature}` | {doc} | {s.ja} |")
        lines.append("")
    lines += ["## Names", "", "| name | type |", "| --- | --- |"]
    for name, typ in {**CONTEXT, **CONSTANTS}.items():
        lines.append(f"| `{name}` | {typ} |")
    lines += ["", "## Attributes", "", "| type | attributes |", "| --- | --- |"]
    for typ, attrs in ATTRIBUTES.items():
        lines.append(f"| {typ} | " + ", ".join(f"`{a}`: {t}" for a, t in attrs.items()) + " |")
    return "\n".join(lines) + "\n"


def action_list_pages() -> dict[str, str]:
    """docs/action-lists/*.md: the Markdown backend's pages of the official rules."""
    from .backends.markdown_backend import render_markdown
    from .loader import load_official
    return render_markdown(load_official().ruleset)


def main() -> int:
    docs = Path(__file__).resolve().parent.parent / "docs"
    pages = {docs / "reference" / "verbs.md": verbs_markdown()}
    pages.update({docs / "action-lists" / name: text for name, text in action_list_pages().items()})
    for path, text in pages.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(pages)} pages under {docs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
