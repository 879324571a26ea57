"""A ruleset diff (`bpscript.backends.diff`) as a page or a report: HTML (the 変更履歴 page of the
site, and `bpscript diff --html`), Markdown, JSON, and text for a terminal.

HTML and Markdown are rendered from templates (the words of the page are there); the
text report is the command line's, in English. Script text reaches HTML through
autoescape and Markdown through `md()`.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from jinja2 import Environment, PackageLoader

from ..model import ruleset as m
from ..diagnostics import printable
from .diff import STATUSES, FieldChange, RulesetDiff, ScriptChange
from .html_backend import environment, selection, static
from .markdown_backend import front_title, md


def rule_fields(c: ScriptChange) -> list[FieldChange]:
    return c.rule_fields()


def extra_fields(c: ScriptChange) -> list[FieldChange]:
    """Printed extras and metadata: a change to them is listed in one line."""
    return c.extra_fields()


def counts(diff: RulesetDiff) -> dict[str, int]:
    """How many scripts of each status, and how many are the same in every field."""
    return {**{s: len(diff.by_status(s)) for s in STATUSES}, "unchanged": diff.unchanged,
            "wording_only": sum(c.wording_only for c in diff.scripts)}


def render_html(diff: RulesetDiff, new: m.Ruleset, *, standalone: bool = False) -> str:
    """The 変更履歴 page of `new`'s site (`standalone`: without the site's navigation)."""
    formats, frames = selection(new)
    return environment().get_template("changes.html.j2").render(
        diff=diff, ruleset=new, css=static("style.css"), page_js=None, js=None, sidebar=[],
        formats=[] if standalone else formats, frames=[] if standalone else frames, changes=not standalone,
        rule_fields=rule_fields, extra_fields=extra_fields, n=counts(diff))


@lru_cache(maxsize=1)
def _markdown_env() -> Environment:
    # Markdown is not HTML: no autoescape; every text goes through the `md` filter
    env = Environment(loader=PackageLoader("bpscript.backends", "templates"), autoescape=False,
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    env.filters["md"] = md
    env.filters["front_title"] = front_title
    env.filters["fence"] = fence
    return env


def fence(f: FieldChange) -> str:
    """A code fence longer than any run of backticks in the field's texts."""
    runs = [len(r) for text in (f.old or "", f.new or "") for r in re.findall(r"`+", text)]
    return "`" * max(3, max(runs, default=0) + 1)


def render_markdown(diff: RulesetDiff) -> str:
    text = _markdown_env().get_template("changes.md.j2").render(
        diff=diff, rule_fields=rule_fields, extra_fields=extra_fields, n=counts(diff))
    lines = [line.rstrip() for line in text.split("\n")]
    out: list[str] = []
    for line in lines:  # at most one blank line in a row
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip() + "\n"


def render_json(diff: RulesetDiff) -> str:
    def info(i: m.RulesetInfo) -> dict:
        return {"name": i.name, "title": i.title, "edition": i.edition, "date": i.date}

    def change(c) -> dict:
        out = {"id": c.id, "kind": c.kind, "status": c.status, "old_name": c.old_name, "new_name": c.new_name}
        if c.wording_only:
            out["wording_only"] = True
        if c.fields:
            out["fields"] = [{"field": f.field, "kind": f.kind, "old": f.old, "new": f.new,
                              "diff": [list(op) for op in f.ops]} for f in c.fields]
        return out
    data = {"old": info(diff.old), "new": info(diff.new), "scope": {"formats": list(diff.formats),
                                                                    "frames": list(diff.frames)},
            "counts": counts(diff), "scripts": [change(c) for c in diff.scripts], "unchanged": diff.unchanged,
            "words": [w.__dict__ for w in diff.words], "supplements": [change(c) for c in diff.supplements]}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


WORDS = {"types": "type", "categories": "category", "labels": "label", "components": "component", "costs": "cost",
         "zones": "zone", "statuses": "status"}
RED, GREEN, DIM, RESET = "\x1b[31m", "\x1b[32m", "\x1b[2m", "\x1b[0m"


def _inline(f: FieldChange, colour: bool) -> str:
    if f.field.endswith("statements"):  # whole lines: - and + in front
        rows = []
        for op, text in f.ops:
            mark = {"=": " ", "-": "-", "+": "+"}[op]
            for line in text.split("\n"):
                row = f"{mark} {printable(line)}"
                rows.append(f"{RED if op == '-' else GREEN}{row}{RESET}" if colour and op != "=" else row)
        return "\n" + "\n".join("    " + r for r in rows)
    parts = []
    for op, text in f.ops:
        text = printable(text)
        if op == "=":
            parts.append(text)
        elif colour:
            parts.append(f"{RED if op == '-' else GREEN}{text}{RESET}")
        else:
            parts.append(f"[-{text}-]" if op == "-" else f"{{+{text}+}}")
    return "".join(parts).replace("\n", "\n      ")


def render_text(diff: RulesetDiff, colour: bool = False) -> str:
    """The report for a terminal: each script added, removed or changed, with the text
    difference inline (`[-removed-]{+added+}`, or red and green on a terminal). Every
    text of the rulesets goes through `printable` before a colour is added: a name holding
    an escape sequence or a bidirectional override is shown, not obeyed."""
    scope = ""
    if diff.formats or diff.frames:
        scope = " (compared: " + ", ".join(
            x for x in ("formats " + " ".join(diff.formats) if diff.formats else "",
                        "frames " + " ".join(diff.frames) if diff.frames else "") if x) + ")"
    n = counts(diff)
    lines = [printable(f"{diff.old.name or 'OLD'} → {diff.new.name or 'NEW'}{scope}: "
             f"{n['changed']} changed ({n['wording_only']} only in spelling or renamed words), {n['added']} added, {n['removed']} removed, "
             f"{n['extras'] + n['metadata'] + n['unchanged']} with the same rules "
             f"({n['extras']} differ in ruby, story or flavor, {n['metadata']} in metadata only, "
             f"{n['unchanged']} unchanged)")]
    for c in diff.scripts:
        if c.status not in ("changed", "added", "removed"):
            continue
        name = c.name if c.old_name in (None, c.new_name) else f"{c.old_name} → {c.new_name}"
        lines.append(printable(f"\n{c.status} {c.kind} {c.id} 【{name}】"))
        for f in rule_fields(c):
            tag = "" if f.kind == "text" else f" ({f.kind})"
            if f.old is None or f.new is None:
                lines.append(printable(f"  {f.field}{tag}: {'added' if f.old is None else 'removed'}: {f.new or f.old}"
                                       .replace("\n", "\n      ")))
            else:
                lines.append(f"  {printable(f.field)}{tag}: {_inline(f, colour)}")
        extras = extra_fields(c)
        if extras:
            shown = ", ".join(f.field + ("" if f.new is not None else " (removed)") for f in extras)
            lines.append(f"  {DIM if colour else ''}also: {printable(shown)}{RESET if colour else ''}")
    for status, title in (("extras", "the same rules, other printed text (ruby, story, flavor)"),
                          ("metadata", "the same rules, metadata only (since, update, dev_note)")):
        items = diff.by_status(status)
        if items:
            lines.append(f"\n{title}:")
            for c in items:
                shown = ", ".join(f.field + ("" if f.new is not None else " (removed)") for f in c.fields)
                lines.append(printable(f"  {c.kind} {c.id} 【{c.name}】: {shown}"))
    if diff.words:
        lines.append("\nwords:")
        for w in diff.words:
            what = {"added": f"+ {w.new}", "removed": f"- {w.old}", "renamed": f"{w.old} → {w.new}"}[w.status]
            lines.append(printable(f"  {w.status} {WORDS.get(w.table, w.table)} {w.id}: {what}"))
    for c in diff.supplements:
        lines.append(printable(f"\n{c.status} supplement {c.id} 【{c.name}】"))
        for f in c.fields:
            lines.append(f"  {printable(f.field)}: {_inline(f, colour)}")
    return "\n".join(lines) + "\n"
