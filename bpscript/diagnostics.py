"""Diagnostics: what went wrong, where, what was expected, and the code to look up.

A diagnostic renders like a modern compiler's message:

    stdlib/basic.bps:12:5: error[E102]: unknown speed '通上'
       |
    12 |   @直接-通上-クイック
       |        ^^
       = expected: 即時 or 通常 (immediate / normal)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from .source import Span


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Diagnostic:
    """One finding about the source: a parse or resolve error, or a lint finding."""

    code: str
    message: str
    span: Span
    severity: Severity = Severity.ERROR
    expected: str | None = None
    fix: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        # a message may echo the input (a 10,000-character token, terminal escapes): every
        # output shows it capped and with control characters made visible
        for name in ("message", "expected", "fix"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, printable(capped(value)))
        object.__setattr__(self, "notes", tuple(printable(capped(n)) for n in self.notes))

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "severity": self.severity.value,
                                  "message": self.message, "span": self.span.to_json()}
        if self.expected:
            out["expected"] = self.expected
        if self.fix:
            out["fix"] = self.fix
        if self.notes:
            out["notes"] = list(self.notes)
        return out


def display_width(text: str) -> int:
    """Terminal columns taken by `text`: CJK wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


class BPScriptError(Exception):
    """Raised when input cannot be processed; carries the diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = diagnostics


COLOURS = {Severity.ERROR: "\x1b[1;31m", Severity.WARNING: "\x1b[1;33m", Severity.INFO: "\x1b[1;36m"}
BOLD, BLUE, RESET = "\x1b[1m", "\x1b[1;34m", "\x1b[0m"


#: characters of a source line an excerpt shows at most (a longer line is cut around the caret)
MAX_EXCERPT = 100
#: characters of a message, an `expected` or a `fix` shown at most (they may echo input)
MAX_TEXT = 500


@lru_cache(maxsize=8)
def _lines(text: str) -> list[str]:
    """The lines of a source, split once however many diagnostics it has."""
    return text.splitlines()


def _window(src: str, start: int, end: int) -> tuple[str, int, int]:
    """(the part of a long line shown, the span's start and end in it): at most MAX_EXCERPT
    characters around the span's start, cut ends marked with '…'."""
    if len(src) <= MAX_EXCERPT:
        return src, start, end
    lo = max(0, min(start - MAX_EXCERPT // 4, len(src) - MAX_EXCERPT))
    hi = lo + MAX_EXCERPT
    head = "…" if lo else ""
    part = head + src[lo:hi] + ("…" if hi < len(src) else "")
    shift = len(head) - lo
    return part, start + shift, min(end, hi) + shift


#: the bidirectional formatting characters (UAX #9): embeddings, overrides and isolates
#: reorder what a terminal or an editor shows (Trojan source, CVE-2021-42574); the marks
#: (LRM, RLM, ALM) change no order of their own but are invisible all the same
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

_CONTROLS = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\ud800-\\udfff{BIDI}]")


def printable(text: str) -> str:
    """`text` with control characters (an escape sequence a terminal would obey),
    bidirectional formatting characters (which reorder the line shown) and lone
    surrogates (half a pair, which JSON may escape and no output can encode) shown as
    U+FFFD: text from a script or a log reaches a terminal only as text. The one
    function every terminal output goes through (diagnostics, diff, play, simulate,
    replay); tab and newline are kept."""
    return _CONTROLS.sub("\ufffd", text) if _CONTROLS.search(text) else text


def capped(text: str, most: int = MAX_TEXT) -> str:
    """`text` cut to `most` characters."""
    return text if len(text) <= most else text[:most] + "…"


def render(diag: Diagnostic, sources: dict[str, str], colour: bool = False) -> str:
    """Render one diagnostic with a source excerpt and a caret under the span."""

    def c(code: str, text: str) -> str:
        return f"{code}{text}{RESET}" if colour else text

    sev = diag.severity
    head = f"{c(BOLD, printable(str(diag.span)))}: {c(COLOURS[sev], f'{sev.value}[{diag.code}]')}: {c(BOLD, diag.message)}"
    lines = [head]
    text = sources.get(diag.span.file)
    if text is not None:
        src_lines = _lines(text)
        ln = diag.span.line
        if 0 < ln <= len(src_lines):
            src = printable(src_lines[ln - 1].replace("\t", " "))
            gutter = " " * len(str(ln))
            start = max(diag.span.column - 1, 0)
            end_col = diag.span.end_column - 1 if diag.span.end_line == ln else len(src)
            end = max(min(end_col, len(src)), start + 1)
            src, start, end = _window(src, start, end)
            pad = display_width(src[:start])
            width = max(display_width(src[start:end]), 1)
            lines.append(f"{c(BLUE, gutter + ' |')}")
            lines.append(f"{c(BLUE, f'{ln} |')} {src}")
            lines.append(f"{c(BLUE, gutter + ' |')} {' ' * pad}{c(COLOURS[sev], '^' * width)}")
    for label, value in (("expected", diag.expected), ("fix", diag.fix)):
        if value:
            lines.append(f"  = {label}: {value}")
    for note in diag.notes:
        lines.append(f"  = note: {note}")
    return "\n".join(lines)
