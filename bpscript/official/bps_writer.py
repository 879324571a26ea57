"""Imported entries → `.bps` source: the bundled rules' vocabulary and formats (the data does
not carry them), declarations for words the data adds, and one file per official list, in
the layout of the bundled stdlib.

Text reaches the output only as a string literal with its quotes and backslashes escaped,
so nothing from the data can become bpscript syntax.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import model as m
from .. import scriptview as sv
from ..catalog import DEFAULT, catalog
from ..syntax import ast
from ..syntax.parser import parse_module
from .importer import Entry, Imported

FILES = {"action": "10-actions.bps", "character": "20-characters.bps", "fog": "30-fogs.bps"}
EXTRA_FILE = "05-imported-vocabulary.bps"


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


def bundled_vocabulary() -> dict[str, str]:
    """The default bundled ruleset's files that declare words and formats but hold no script
    (00-vocabulary.bps, 00-formats.bps): the vocabulary imported scripts are checked against.
    Its identity (00-ruleset.bps) stays behind: the import is not that ruleset."""
    out = {}
    for f in sorted(catalog()[DEFAULT].directory.glob("*.bps")):
        text = f.read_text(encoding="utf-8")
        module, _ = parse_module(text, f.name)
        if not any(isinstance(item, (ast.ScriptNode, ast.RulesetNode, ast.SupplementNode)) for item in module.items):
            out[f.name] = text
    return out


def extra_vocabulary(imported: Imported, vocab: m.Ruleset) -> str | None:
    """Declarations for the categories and labels the data uses and the bundled rules do not
    declare: a category is a heading; a label gets no roles (what it lets a unit do is not in
    the data)."""
    taken = {t.id for table in (vocab.vocabulary.categories, vocab.vocabulary.types, vocab.vocabulary.labels)
             for t in table}
    lines: list[str] = []
    seen: set[str] = set()

    def fresh(stem: str) -> str:
        n = 1
        while f"{stem}{n}" in taken:
            n += 1
        taken.add(f"{stem}{n}")
        return f"{stem}{n}"

    for e in imported.entries:
        category = str(e.values["category"])
        if category and not sv.has_category(vocab, category) and ("c", category) not in seen:
            seen.add(("c", category))
            lines.append(f"category {fresh('importedCategory')} {quote(category)}")
        for name, _ in e.values.get("labels", []):
            if not sv.has_label(vocab, name) and ("l", name) not in seen:
                seen.add(("l", name))
                lines.append(f"label {fresh('importedLabel')} {quote(name)}")
    if not lines:
        return None
    return "\n".join(["# Words the official data uses that the bundled rules do not declare", ""] + lines + [""])


def script(e: Entry) -> list[str]:
    """One entry as a bpscript item."""
    v = e.values
    kind = e.kind
    out = [f"{kind} {v['id']} {quote(str(v['name']))} ({v['type']}) {{"]
    if kind == "action":
        head = f"  @{v['trigger']}-{v['speed']}-{v['timing']}"
        if v.get("cost"):
            head += f" ${v['cost']}"
        key = v.get("key", v.get("key_unit"))
        if key:
            head += f" ★{key}"
        out.append(head)
    else:
        out.append(f"  ☆{v['unit_condition']}")
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
        out.append(f"  effect: {literal(str(v['effect']))}")
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
    out.append(f"  formats: {' '.join(v['formats'])}")
    if v.get("since"):
        out.append(f"  since: {v['since']}")
    if v.get("update"):
        out.append(f"  update: {' '.join(v['update'])}")
    if v.get("dev_note"):
        out.append(f"  dev_note: {literal(str(v['dev_note']))}")
    out.append("}")
    return "\n".join(out).split("\n")


def write_package(imported: Imported, vocab: m.Ruleset, title: str) -> Written:
    """The `.bps` files of an import (only the lists that have entries)."""
    w = Written()
    w.files.update(bundled_vocabulary())
    extra = extra_vocabulary(imported, vocab)
    if extra is not None:
        w.files[EXTRA_FILE] = extra
    for kind, name in FILES.items():
        entries = [e for e in imported.entries if e.kind == kind]
        if not entries:
            continue
        lines = [f"# {title} — imported by `bpscript import` from {imported.path}", ""]
        spans = []
        category = None
        for e in entries:
            if e.values["category"] != category:
                category = e.values["category"]
                lines += [f"# ---------------------------------------------------------------- {category}", ""]
            start = len(lines) + 1
            lines += script(e)
            spans.append((start, len(lines), e))
            lines.append("")
        w.files[name] = "\n".join(lines)
        w.lines[name] = spans
    return w
