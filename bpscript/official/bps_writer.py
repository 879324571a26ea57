"""Imported entries → `.bps` source: the package's vocabulary (`vocab_fill`: the edition's
files and the words the data adds), and one file per official list, in the layout of the
bundled stdlib.

Text reaches the output only as a string literal with its quotes and backslashes escaped,
so nothing from the data can become bpscript syntax.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .importer import Entry
from .vocab_fill import Assembled

FILES = {"action": "10-actions.bps", "character": "20-characters.bps", "fog": "30-fogs.bps",
         "trump": "40-trumps.bps"}


@dataclass
class Written:
    """The files (name → text) and, per file, which lines hold which entry."""

    files: dict[str, str] = field(default_factory=dict)
    lines: dict[str, list[tuple[int, int, Entry]]] = field(default_factory=dict)

    def entry_at(self, name: str, line: int) -> Entry | None:
        for start, end, entry in self.lines.get(name, []):
            if start <= line <= end:
                return entry
        return None


def quote(text: str) -> str:
    """A one-line string literal."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'


def literal(text: str, indent: str = "  ") -> str:
    """A string literal: `\"\"\"…\"\"\"` over several lines where the dedent keeps the text
    exactly, else one line with escapes."""
    lines = text.split("\n")
    if len(lines) == 1 or lines[0][:1] in (" ", "\t", "\u3000") or "\t" in text or "\r" in text \
            or any(line.strip(" ") == "" and line for line in lines) or not lines[0].strip():
        return quote(text)
    body = "\n".join(f"{indent}  {line}" if line else "" for line in lines)
    body = body.replace("\\", "\\\\").replace('"', '\\"')
    return f'"""\n{body}\n{indent}"""'


def script(e: Entry, mark: str = "☆") -> list[str]:
    """One entry as a bpscript item (`mark`: how its component kind prints a unit condition)."""
    v = e.values
    kind = e.kind
    typ = f" ({v['type']})" if v.get("type") else ""
    out = [f"{kind} {v['id']} {quote(str(v['name']))}{typ} {{"]
    if kind == "action":
        head = f"  @{v['trigger']}-{v['speed']}-{v['timing']}"
        if v.get("cost"):
            head += f" ${v['cost']}"
        key = v.get("key", v.get("key_unit"))
        if key:
            head += f" ★{key}"
        out.append(head)
    else:
        out.append(f"  {mark}{v['unit_condition']}")
    for code, reason in v.get("allow", []):
        out.append(f"  allow {code} {quote(reason)}")
    if v.get("ruby"):
        out.append(f"  ruby: {quote(str(v['ruby']))}")
    if v["category"] and v["category"] != v["type"]:
        out.append(f"  category: {v['category']}")
    if kind == "action":
        for f, word in (("note", "note"), ("activation", "activation"), ("trigger_condition", "trigger")):
            if v.get(f):
                out.append(f"  {word}: {literal(str(v[f]))}")
        if v.get("target"):
            spec = v.get("target_spec")
            out.append(f"  target: {spec}" if spec else f"  target: {literal(str(v['target']))}")
        same = f" same_as {v['same_as']}" if v.get("same_as") else ""
        out.append(f"  effect: {literal(str(v['effect']))}{same}")
    else:
        if v.get("size"):
            out.append(f"  size: {v['size']}" if v.get("size_number") else f"  size: {quote(str(v['size']))}")
        if v.get("labels"):
            labels = " ".join(f"<{name}>" + (f"({qual})" if qual is not None else "") for name, qual in v["labels"])
            out.append(f"  labels: {labels}")
        if v.get("placed_by"):
            out.append(f"  placed_by: {literal(str(v['placed_by']))}")
        for ability in v.get("abilities", []):
            out.append(f"  ability: {literal(ability)}")
    if v.get("story"):
        out.append(f"  story: {literal(str(v['story']))}")
    if v.get("flavor"):
        by = f" by {quote(str(v['flavor_speaker']))}" if v.get("flavor_speaker") else ""
        out.append(f"  flavor: {literal(str(v['flavor']))}{by}")
    if v.get("formats"):
        out.append(f"  formats: {' '.join(v['formats'])}")
    if v.get("frames"):
        out.append(f"  frames: {' '.join(v['frames'])}")
    if v.get("since"):
        out.append(f"  since: {v['since']}")
    if v.get("update"):
        out.append(f"  update: {' '.join(v['update'])}")
    if v.get("dev_note"):
        out.append(f"  dev_note: {literal(str(v['dev_note']))}")
    out.append("}")
    return "\n".join(out).split("\n")


def write_package(entries: list[Entry], assembled: Assembled, title: str, paths: list[str]) -> Written:
    """The `.bps` files of an import (only the lists that have entries)."""
    w = Written()
    w.files.update(assembled.files)
    marks = {c.id: c.mark for c in assembled.vocab.vocabulary.components}
    for kind, name in FILES.items():
        mine = [e for e in entries if e.kind == kind]
        if not mine:
            continue
        lines = [f"# {title} — imported by `bpscript import` from {', '.join(paths)}", ""]
        spans = []
        category = None
        for e in mine:
            if e.values["category"] != category:
                category = e.values["category"]
                lines += [f"# ---------------------------------------------------------------- {category}", ""]
            start = len(lines) + 1
            lines += script(e, marks.get(kind, "☆"))
            spans.append((start, len(lines), e))
            lines.append("")
        w.files[name] = "\n".join(lines)
        w.lines[name] = spans
    return w
