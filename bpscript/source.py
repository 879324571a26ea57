"""Source files and spans: where every piece of a script came from.

Every node of the AST and of the model keeps a `Span`, so that a diagnostic, a
lint finding or an error in generated code can point at the `.bps` line.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open region of a source file; lines and columns count from 1."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "column": self.column,
                "end_line": self.end_line, "end_column": self.end_column}

    def __reduce__(self) -> tuple[type[Span], tuple[str, int, int, int, int]]:
        """Pickled as its five values (the cache of loaded rules holds a span per node):
        far quicker to read back than the generic state of a frozen dataclass."""
        return (Span, (self.file, self.line, self.column, self.end_line, self.end_column))


NO_SPAN = Span("<builtin>", 1, 1, 1, 1)


@dataclass(frozen=True)
class SourceFile:
    """The text of one file, split into lines once for excerpts."""

    path: str
    text: str

    def line(self, number: int) -> str:
        lines = self.text.splitlines()
        return lines[number - 1] if 0 < number <= len(lines) else ""

    def span_at(self, offset: int, length: int = 1) -> Span:
        """The span of `length` characters starting at character `offset`."""
        line = self.text.count("\n", 0, offset) + 1
        col = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return Span(self.path, line, col, line, col + max(length, 1))
