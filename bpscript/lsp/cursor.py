"""What stands under the cursor: a name, a 「name」 reference, a ★/☆ condition, and how
deep in braces the cursor is. Read from the line's text, so it works while the document
is being typed and does not parse."""

from __future__ import annotations

import re
from dataclasses import dataclass

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
REFERENCE = re.compile(r"「([^「」\n]+)」")
CONDITION = re.compile(r"([★☆])([^\n#]*)")
_SKIP = re.compile(r'"""(?:[^\\]|\\.)*?"""|"(?:[^"\\\n]|\\.)*"|#[^\n]*', re.S)


@dataclass(frozen=True)
class Word:
    text: str
    start: int  # 0-based character columns on the line
    end: int


def name_at(line: str, column: int) -> Word | None:
    """The identifier the cursor is on (or just after)."""
    for m in NAME.finditer(line):
        if m.start() <= column <= m.end():
            if _in_string(line, m.start()):
                return None
            return Word(m.group(), m.start(), m.end())
    return None


def reference_at(line: str, column: int) -> Word | None:
    """`「X」` around the cursor: the name X."""
    for m in REFERENCE.finditer(line):
        if m.start() <= column <= m.end():
            return Word(m.group(1), m.start(1), m.end(1))
    return None


def condition_at(line: str, column: int) -> tuple[str, Word] | None:
    """A ★ key card or ☆ unit condition the cursor is on: the mark and the condition."""
    if _in_string(line, column):
        return None
    for m in CONDITION.finditer(line):
        if m.start() <= column <= m.end() and not _in_string(line, m.start()):
            text = m.group(2).rstrip()
            return m.group(1), Word(text, m.start(2), m.start(2) + len(text))
    return None


def followed_by_paren(line: str, word: Word) -> bool:
    return line[word.end:].lstrip().startswith("(")


def _in_string(line: str, column: int) -> bool:
    quotes = 0
    i = 0
    while i < column and i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line[i] == '"':
            quotes += 1
        i += 1
    return quotes % 2 == 1


def depth_at(text: str, offset: int) -> int:
    """How many `{` are open at `offset` (strings and comments skipped)."""
    depth = 0
    pos = 0
    for m in _SKIP.finditer(text, 0, offset):
        depth += text.count("{", pos, m.start()) - text.count("}", pos, m.start())
        pos = m.end()
    if pos < offset:
        depth += text.count("{", pos, offset) - text.count("}", pos, offset)
    return max(depth, 0)


def enclosing_call(before: str) -> str | None:
    """The name of the call whose parentheses are open at the end of `before`."""
    level = 0
    for i in range(len(before) - 1, -1, -1):
        ch = before[i]
        if ch == ")":
            level += 1
        elif ch == "(":
            if level == 0:
                m = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*$", before[:i])
                return m.group(1) if m else None
            level -= 1
    return None
