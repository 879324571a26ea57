"""Spans (1-based lines, columns in characters) ↔ LSP positions (0-based, UTF-16 units)."""

from __future__ import annotations

from dataclasses import dataclass

from ..source import Span


@dataclass(frozen=True)
class Pos:
    """A 0-based line and a 0-based column in characters (code points)."""

    line: int
    column: int


def utf16_len(text: str) -> int:
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in text)


def to_utf16(lines: list[str], line: int, column: int) -> tuple[int, int]:
    """0-based (line, character column) → (line, UTF-16 column)."""
    text = lines[line] if 0 <= line < len(lines) else ""
    return line, utf16_len(text[:column])


def from_utf16(lines: list[str], line: int, units: int) -> Pos:
    """An LSP position → 0-based line and character column."""
    text = lines[line] if 0 <= line < len(lines) else ""
    count = 0
    for i, ch in enumerate(text):
        if count >= units:
            return Pos(line, i)
        count += 2 if ord(ch) > 0xFFFF else 1
    return Pos(line, len(text))


def span_range(span: Span, text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """A span as ((line, utf16), (end_line, utf16)), 0-based; an end at column 1 of the next
    line (a rule that took its newline) is moved back to the end of the line before."""
    lines = text.split("\n")
    end_line, end_col = span.end_line - 1, span.end_column - 1
    if end_col == 0 and end_line > span.line - 1:
        end_line -= 1
        end_col = len(lines[end_line]) if end_line < len(lines) else 0
    start = to_utf16(lines, span.line - 1, span.column - 1)
    end = to_utf16(lines, end_line, end_col)
    if end < start:
        end = start
    return start, end


def contains(span: Span, line: int, column: int) -> bool:
    """Whether the 0-based (line, character column) lies in the span (end inclusive, for a
    cursor just after a word)."""
    pos = (line + 1, column + 1)
    return (span.line, span.column) <= pos <= (span.end_line, span.end_column)
