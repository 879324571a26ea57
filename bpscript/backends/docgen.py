"""Generate docs/reference/verbs.md from the verb library (`python -m bpscript.backends.docgen`).

The page is derived data: a test fails when it differs from what this prints, so the
documentation cannot drift from the declarations.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..model.semantics import Change, Read, Role
from ..model.attributes import TABLE
from ..verbs import CONSTANTS, CONTEXT, LIBRARY

KIND_TITLES = {"verb": "Verbs (statements)", "query": "Queries (expressions)", "event": "Events (after `on`)"}


def verbs_markdown() -> str:
    lines = ["# Verb library", "",
             "Every function an effect may call, generated from `bpscript/verbs.py`. Types: number bool",
             "text card cards unit units player request zone state face duration position script suit",
             "any; `?` marks an optional parameter. A verb marked *single use* exists for one official",
             "script only.", "",
             "*Summary* is what a verb changes, or what a query reads, as the linter's analyses see it",
             "(`bpscript/model/semantics.py`): a kind, then the parameter that plays each role — `count or 1`",
             "when an omitted argument counts as 1, a quoted value when the role is always the same.", ""]
    for kind, title in KIND_TITLES.items():
        specs = sorted((s for s in LIBRARY.values() if s.kind == kind), key=lambda s: s.name)
        summary = kind != "event"
        lines += [f"## {title}", "", "| signature |" + (" summary |" if summary else "") + " meaning | 日本語 |",
                  "| --- |" + (" --- |" if summary else "") + " --- | --- |"]
        for s in specs:
            doc = s.doc + (f" *Single use: `{s.single_use}`.*" if s.single_use else "")
            facts = "; ".join(f"`{f}`" for f in s.summary)
            lines.append(f"| `{s.signature}` |" + (f" {facts} |" if summary else "") + f" {doc} | {s.ja} |")
        lines.append("")
    for enum, title in ((Change, "What verbs change"), (Read, "What queries read")):
        lines += [f"## {title}", "", "| kind | meaning |", "| --- | --- |"]
        lines += [f"| `{k.name}` | {k.value} |" for k in enum]
        lines.append("")
    lines += ["Roles: " + ", ".join(f"`{r.value}`" for r in Role) + ".", ""]
    lines += ["## Names", "", "| name | type |", "| --- | --- |"]
    for name, typ in {**CONTEXT, **CONSTANTS}.items():
        lines.append(f"| `{name}` | {typ} |")
    lines += ["", "## Attributes", "", "What `a.b` gives, by the type of `a` (the one table of `bpscript.model.attributes`: "
              "the checker, the engine and lint read it).", "", "| type | attribute | gives | meaning |",
              "| --- | --- | --- | --- |"]
    for attr in TABLE.values():
        lines.append(f"| {attr.owner} | `{attr.name}` | {attr.result} | {attr.doc} |")
    return "\n".join(lines) + "\n"


def action_list_pages() -> dict[str, str]:
    """docs/action-lists/<ruleset>/*.md: the Markdown backend's pages of every bundled
    ruleset, and the change history of a ruleset that follows another."""
    from .changes import render_markdown as changes_markdown
    from .markdown_backend import render_markdown
    from ..load.catalog import catalog
    from .diff import diff_rulesets
    from ..load.loader import load_bundled
    pages: dict[str, str] = {}
    loaded = {name: load_bundled(name).ruleset for name in catalog()}
    for name, rs in loaded.items():
        pages.update({f"{name}/{page}": text for page, text in render_markdown(rs).items()})
        if rs.info.follows in loaded:
            pages[f"{name}/changes.md"] = changes_markdown(diff_rulesets(loaded[rs.info.follows], rs))
    return pages


def main() -> int:
    docs = Path(__file__).resolve().parents[2] / "docs"
    pages = {docs / "reference" / "verbs.md": verbs_markdown()}
    pages.update({docs / "action-lists" / name: text for name, text in action_list_pages().items()})
    for path, text in pages.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(pages)} pages under {docs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
