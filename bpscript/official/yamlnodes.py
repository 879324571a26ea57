"""YAML read as nodes that keep their place, so every diagnostic points at `file:line:col`
of the official data (PyYAML's composer; no Python objects are constructed from tags)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from ..diagnostics import Diagnostic, Severity
from ..source import Span


@dataclass
class Reader:
    """One YAML file being read: its display name, text and the diagnostics found."""

    path: str
    text: str
    diagnostics: list[Diagnostic]

    def span(self, node: yaml.Node, length: int | None = None) -> Span:
        """The node's place: its first line, as wide as the node (or `length` characters)."""
        start, end = node.start_mark, node.end_mark
        line, col = start.line + 1, start.column + 1
        if length is None:
            length = end.column - start.column if end.line == start.line else 1
        return Span(self.path, line, col, line, col + max(length, 1))

    def error(self, code: str, message: str, node: yaml.Node, *, expected: str | None = None,
              fix: str | None = None, length: int | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, message, self.span(node, length), expected=expected, fix=fix))

    def warn(self, code: str, message: str, node: yaml.Node, *, fix: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, message, self.span(node), Severity.WARNING, fix=fix))


def compose(path: str, text: str) -> tuple[yaml.Node | None, Diagnostic | None]:
    """The document's root node, or the YAML error as a diagnostic (E600)."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader), None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = err.problem or "not valid YAML"
        notes = ()
        if err.context:
            where = err.context_mark
            notes = (err.context + (f" (line {where.line + 1}, column {where.column + 1})" if where else ""),)
        return None, Diagnostic("E600", f"not valid YAML: {problem}", Span(path, line, col, line, col + 1),
                                notes=notes)
    except yaml.YAMLError as err:
        return None, Diagnostic("E600", f"not valid YAML: {err}", Span(path, 1, 1, 1, 2))
    except RecursionError:  # the YAML reader is recursive: a document nested thousands deep
        return None, Diagnostic("E600", "not valid YAML here: nested too deeply", Span(path, 1, 1, 1, 2))


_HALF_PAIR = re.compile("[\ud800-\udfff]")


def items(r: Reader, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
    """(key, key node, value node) of a mapping; a repeated key is an error (E608)."""
    if not isinstance(node, yaml.MappingNode):
        r.error("E601", f"{what} should be a mapping (key: value lines)", node)
        return []
    seen: dict[str, yaml.Node] = {}
    out = []
    for k, v in node.value:
        key = k.value if isinstance(k, yaml.ScalarNode) else ""
        if key in seen:
            r.error("E608", f"'{key}' is given twice in {what}", k,
                    fix=f"keep one '{key}' (YAML keeps only the last one, silently)")
            continue
        seen[key] = k
        out.append((key, k, v))
    return out


def sequence(r: Reader, node: yaml.Node, what: str) -> list[yaml.Node]:
    if isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null"):
        return []
    if not isinstance(node, yaml.SequenceNode):
        r.error("E601", f"{what} should be a list (`- ` items)", node)
        return []
    return list(node.value)


def text(r: Reader, node: yaml.Node, what: str) -> str | None:
    """A scalar's text as written (numbers and the like too); None for an empty value."""
    if not isinstance(node, yaml.ScalarNode):
        r.error("E604", f"{what} should be text, not a {'list' if isinstance(node, yaml.SequenceNode) else 'mapping'}",
                node)
        return None
    if node.tag.endswith(":null") and node.style is None:
        return None
    if _HALF_PAIR.search(node.value):  # `"\ud800"`: half a surrogate pair, which no file can hold
        r.error("E604", f"{what} holds half a surrogate pair (an escape \\ud800–\\udfff without its other half), "
                        "which no text file can hold", node)
        return _HALF_PAIR.sub("\ufffd", node.value)
    return node.value


def inner_column(node: yaml.Node, offset: int) -> int | None:
    """The 0-based source column of character `offset` of a one-line plain or quoted scalar."""
    if not isinstance(node, yaml.ScalarNode) or node.start_mark.line != node.end_mark.line:
        return None
    lead = 1 if node.style in ("'", '"') else 0
    if node.style == '"' or (node.style == "'" and "'" in node.value):
        return None  # escapes shift the columns
    return node.start_mark.column + lead + offset
