"""Printed rule text → blocks: paragraphs and (nested) numbered or bulleted lists.

The official texts mark lists by line prefixes — `1.` numbered, `A.` lettered, `・`
bulleted — and nesting by two spaces of indentation (ダメージ判定, B・J). Pages render
these as real lists; nothing of the text is dropped or reworded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_ITEM = re.compile(r"^(?P<num>[0-9]+)\.\s*|^(?P<alpha>[A-Z])\.\s+|^(?P<bullet>・)")


@dataclass
class Item:
    marker: str  # "1", "A" or "・"
    text: str
    children: list["Block"] = field(default_factory=list)


@dataclass
class Block:
    """A paragraph (`kind` "p", `text`) or a list (`kind` "ol", "ol-alpha", "ul", `items`)."""

    kind: str
    text: str = ""
    items: list[Item] = field(default_factory=list)


def _kind(m: re.Match) -> str:
    return "ol" if m.group("num") else "ol-alpha" if m.group("alpha") else "ul"


def parse_blocks(text: str) -> list[Block]:
    """Split `text` into blocks; list items nest by indentation."""
    root: list[Block] = []
    # stack of (indent, list of blocks to append to, current list block or None)
    stack: list[tuple[int, list[Block]]] = [(-1, root)]
    last_item: dict[int, Item] = {}
    for raw in text.split("\n"):
        indent = len(raw) - len(raw.lstrip(" "))
        line = raw.strip()
        if not line:
            continue
        m = _ITEM.match(line)
        while len(stack) > 1 and stack[-1][0] >= indent and not (m and stack[-1][0] == indent):
            stack.pop()
        if m is None:
            target = stack[-1][1]
            if indent > 0 and indent - 2 in last_item and len(stack) > 1:
                last_item[indent - 2].children.append(Block("p", line))
            else:
                target.append(Block("p", line))
            continue
        kind, body = _kind(m), line[m.end():]
        marker = m.group("num") or m.group("alpha") or "・"
        if stack[-1][0] < indent:
            parent = last_item.get(indent - 2)
            blocks = parent.children if parent is not None and indent > 0 else stack[-1][1]
            stack.append((indent, blocks))
        blocks = stack[-1][1]
        if not blocks or blocks[-1].kind != kind:
            blocks.append(Block(kind))
        item = Item(marker, body)
        blocks[-1].items.append(item)
        last_item[indent] = item
        for deeper in [k for k in last_item if k > indent]:
            del last_item[deeper]
    return root


def plain(blocks: list[Block], depth: int = 0) -> list[str]:
    """The blocks back as printed lines (for tests: nothing lost)."""
    out: list[str] = []
    for b in blocks:
        if b.kind == "p":
            out.append("  " * depth + b.text)
            continue
        for it in b.items:
            prefix = "・" if it.marker == "・" else f"{it.marker}. "
            out.append("  " * depth + prefix + it.text)
            out.extend(plain(it.children, depth + 1))
    return out


#: how a printed text cites a note by name: in 「」 (「防壁の置き方」参照), or bare when the
#: name starts with its section number (「3.9.1 共通手順：プリセット配置 に従って」)
QUOTES = ("「", "」")
_SECTION = re.compile(r"^[0-9]+(?:\.[0-9]+)+ ")


def cite_forms(name: str, text: str) -> list[str]:
    """The forms in which `text` cites the note called `name` (none: it does not)."""
    quoted = f"{QUOTES[0]}{name}{QUOTES[1]}"
    if quoted in text:
        return [quoted]
    return [name] if _SECTION.match(name) and name in text else []
