"""Diagnostics as the editor shows them: the same codes, spans and messages as
`bpscript check` and `bpscript lint`, with the expected form and the fix below."""

from __future__ import annotations

from lsprotocol import types as lsp

from ..diagnostics import Diagnostic, Severity
from .positions import span_range

SEVERITY = {Severity.ERROR: lsp.DiagnosticSeverity.Error, Severity.WARNING: lsp.DiagnosticSeverity.Warning,
            Severity.INFO: lsp.DiagnosticSeverity.Information}


def to_range(span, text: str) -> lsp.Range:
    (l0, c0), (l1, c1) = span_range(span, text)
    return lsp.Range(lsp.Position(l0, c0), lsp.Position(l1, c1))


def to_lsp(d: Diagnostic, text: str) -> lsp.Diagnostic:
    message = d.message
    if d.expected:
        message += f"\nexpected: {d.expected}"
    if d.fix:
        message += f"\nfix: {d.fix}"
    for note in d.notes:
        message += f"\nnote: {note}"
    return lsp.Diagnostic(range=to_range(d.span, text), message=message, severity=SEVERITY[d.severity],
                          code=d.code, source="bpscript")
