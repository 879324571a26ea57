"""Formatting a document: the whole text in the canonical layout, as one edit.

A document that does not parse is not formatted (no edit): its diagnostics say why.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from ..syntax.format import FormatError, format_text
from .positions import to_utf16


def format_edits(text: str) -> list[lsp.TextEdit]:
    try:
        new = format_text(text)
    except FormatError:
        return []
    if new == text:
        return []
    lines = text.split("\n")
    end = to_utf16(lines, len(lines) - 1, len(lines[-1]))
    return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), lsp.Position(*end)), new)]
