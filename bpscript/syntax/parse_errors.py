"""A parse error → a diagnostic: what was met, where, and what the grammar expected there,
in words a rule author reads (the grammar's terminal names translated), with a fix where
the usual cause is known (an unclosed block, a missing ':')."""

from __future__ import annotations

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..diagnostics import Diagnostic
from ..source import Span
from .keywords import FIELD_NAMES

TERMINAL_WORDS = {
    "_NL": "end of line", "RBRACE": "'}'", "LBRACE": "'{'", "LPAR": "'('", "RPAR": "')'",
    "STRING": 'a quoted string "…"', "LONG_STRING": 'a """…""" text', "ID": "a name",
    "WORD": "a name or version", "INT": "a number", "HEADER": "the header @トリガー-スピード-タイミング",
    "COST": "a cost $…", "KEY": "a key card condition ★…", "UNIT_COND": "a unit condition ☆…",
    "PAREN": "the type in parentheses, e.g. (速攻魔法)", "COLON": "':'", "REST": "a category",
    "LABEL": "a label <…>", "CARD": "a card such as ♠A", "COMMA": "','", "EQUAL": "'='",
    "COST_LETTER": "a cost letter (B L D S C)", "DOT": "'.'",
    "SETTING_WORD": "a setting such as `hand 7`",
}


#: an unexpected token is echoed up to this many characters
MAX_SHOWN = 40


def shown(text: str, most: int = MAX_SHOWN) -> str:
    """`text` cut to `most` characters (an echoed token may be 10,000 braces long)."""
    return text if len(text) <= most else text[:most] + "…"


def _words(expected: set[str], literals: dict[str, str]) -> str:
    """The terminals expected, in words: a literal (a keyword, an operator, anonymous in
    the grammar as `__ANON_0`) as itself in quotes, never as the grammar's internal name."""
    words = []
    for name in sorted(expected):
        if name in TERMINAL_WORDS:
            words.append(TERMINAL_WORDS[name])
        elif name in literals:
            words.append(f"'{literals[name]}'")
        elif name.isupper() or name.startswith("_") or name.startswith("__"):
            words.append(name.lower().strip("_"))
        else:
            words.append(f"'{name}'")
    words = sorted(set(words))
    if len(words) > 8:
        words = words[:8] + ["…"]
    return ", ".join(words)


def diagnose(err: UnexpectedInput, path: str, text: str, shift: int = 0,
             literals: dict[str, str] | None = None) -> Diagnostic:
    """The diagnostic of a parse error in `text` (an item whose first line is line
    `shift` + 1 of the file); `literals` gives the text of each literal terminal."""
    literals = literals or {}
    line = (getattr(err, "line", 1) or 1) + shift
    col = getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        ch = text[err.pos_in_stream] if 0 <= err.pos_in_stream < len(text) else "?"
        if ch == '"':
            return Diagnostic("E002", "unterminated string", Span(path, line, col, line, col + 1),
                              expected='a closing " on the same line, or """ for text over several lines')
        allowed = getattr(err, "allowed", set()) or set()
        return Diagnostic("E001", f"unexpected character {ch!r}", Span(path, line, col, line, col + 1),
                          expected=_words(allowed, literals) or None)
    if isinstance(err, UnexpectedToken):
        tok = err.token
        if tok.type == "$END":
            return Diagnostic("E003", "unexpected end of file", Span(path, line, col, line, col + 1),
                              expected=_words(err.expected, literals) or None,
                              fix="close every '{' with '}'")
        if str(tok).startswith('"') and tok.type not in ("STRING", "LONG_STRING"):
            return Diagnostic("E002", "unterminated string", Span(path, line, col, line, col + 1),
                              expected='a closing " on the same line, or """ for text over several lines')
        first = str(tok).split("\n")[0]
        width = max(min(len(first), MAX_SHOWN), 1)
        fix = None
        if "RBRACE" in err.expected and str(tok) in FIELD_NAMES:
            fix = "a '}' may be missing before this line (is the block above closed?)"
        elif tok.type in ("STRING", "LONG_STRING") and "COLON" in err.expected:
            fix = "write a ':' after the field name"
        return Diagnostic("E001", "unexpected end of line" if tok.type == "_NL" else f"unexpected {shown(first)!r}",
                          Span(path, line, col, line, col + width),
                          expected=_words(err.expected, literals) or None, fix=fix)
    if isinstance(err, UnexpectedEOF):
        return Diagnostic("E003", "unexpected end of file", Span(path, line, col, line, col + 1),
                          expected=_words(set(err.expected), literals) or None)
    return Diagnostic("E001", shown(str(err).split("\n")[0], 200), Span(path, line, col, line, col + 1))
