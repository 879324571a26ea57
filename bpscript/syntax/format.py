"""The canonical layout of a `.bps` file (`bpscript fmt`).

The formatter works on the token stream of a file that parses, so it never needs
to understand more than the parser does and never drops a comment. It changes only
whitespace between tokens and the indentation inside a \"\"\"…\"\"\" text; it never
joins or splits lines of code. The layout (docs/formatting.md):

- two spaces of indentation per open `{`; a line starting with `}` steps back one;
- one space between tokens, except none after `(` `[` `.`, none before `)` `]` `,`
  `.` `:`, none between a name and its `(`, none around `=` inside parentheses
  (keyword arguments), none after a unary `-` and none between a label and its
  `(qualifier)`; two spaces before a comment that ends a line;
- one blank line before and after a top-level item over several lines (comments right
  above it belong to it); between one-line items (declarations, costs) and top-level
  comments, the author's 0 or 1 blank lines; none inside an item, none at the start or
  end of a file; two spaces between the attributes of a one-line declaration;
- the lines of a \"\"\"…\"\"\" text indented two spaces deeper than the line it opens on,
  its closing \"\"\" at that line's indentation;
- no trailing whitespace; the file ends with one newline.

Every result is checked before it is returned: the new text must parse to the same
syntax tree (spans aside) and hold the same comments, or `FormatError` is raised and
nothing is written.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from lark import Lark, Token
from lark.exceptions import LarkError

from ..cache import grammar_tables
from ..diagnostics import Diagnostic
from ..source import Span
from .parser import decode_string, parse_module

INDENT = "  "
COMMENT = re.compile(r"#[^\n]*")
_NO_SPACE_BEFORE = {")", "]", ",", ".", ":"}
_NO_SPACE_AFTER = {"(", "[", "."}
_VALUE_END = {"ID", "INT", "STRING", "LONG_STRING", "RPAR", "RSQB"}
_RSTRIP = {"KEY", "UNIT_COND", "REST"}  # tokens that run to the end of the line


class FormatError(Exception):
    """The text cannot be formatted: it does not parse (`diagnostics`), or the result
    would not mean the same (a formatter bug; the text is left as it was)."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None):
        super().__init__(message)
        self.diagnostics = diagnostics or []


@lru_cache(maxsize=1)
def _token_parser() -> Lark:
    """The grammar again, keeping every token (keywords and punctuation included)."""
    text = resources.files("bpscript.syntax").joinpath("grammar.lark").read_text("utf-8")
    options = dict(parser="lalr", lexer="contextual", strict=True, maybe_placeholders=True,
                   keep_all_tokens=True)
    try:
        return Lark(text, cache=grammar_tables(text, options), **options)
    except OSError:
        return Lark(text, **options)


@dataclass
class _Tok:
    type: str
    text: str
    line: int
    end_line: int


def _tokens(src: str) -> list[_Tok]:
    """Every token of `src` in order, with the comments found between them."""
    tree = _token_parser().parse(src)
    toks = sorted((t for t in tree.scan_values(lambda v: isinstance(v, Token)) if t.type != "_NL"),
                  key=lambda t: t.start_pos)
    out: list[_Tok] = []
    pos = 0

    def gap(end: int) -> None:
        for m in COMMENT.finditer(src, pos, end):
            line = src.count("\n", 0, m.start()) + 1
            out.append(_Tok("COMMENT", m.group().rstrip(" \t\u3000\r"), line, line))

    for t in toks:
        gap(t.start_pos)
        text = str(t).rstrip(" \t\u3000") if t.type in _RSTRIP else str(t)
        out.append(_Tok(t.type, text, t.line, t.end_line or t.line))
        pos = t.end_pos
    gap(len(src))
    return out


def _space(prev: _Tok, tok: _Tok, nxt: _Tok | None, parens: int) -> str:
    """What goes between two tokens on one line."""
    a, b = prev.text, tok.text
    if tok.type == "COMMENT":
        return "  "
    if a in _NO_SPACE_AFTER or b in _NO_SPACE_BEFORE or prev.type == "MINUS":
        return ""
    if (b == "(" and prev.type == "ID") or (prev.type == "LABEL" and tok.type == "PAREN"):
        return ""
    if (a == "=" or b == "=") and parens > 0:
        return ""
    if a == "{" and b == "}":
        return ""
    if tok.type == "ID" and nxt is not None and nxt.type == "COLON" and prev.type in _VALUE_END:
        return "  "  # the next attribute of a declaration: `{ zone: field  counter: "体" }`
    return " "


def _reindent_text(raw: str, indent: str) -> str:
    """A \"\"\"…\"\"\" text with its lines at `indent` + two spaces (same value, or unchanged)."""
    if not (raw.startswith('"""\n') and raw.endswith('"""')):
        return raw
    lines = raw[4:-3].split("\n")
    if lines[-1].strip(" \t") != "":
        return raw  # the closing quotes share a line with text
    body = lines[:-1]
    cut = min((len(l) - len(l.lstrip(" \t")) for l in body if l.strip()), default=0)
    inner = indent + INDENT
    new_body = []
    for line in body:
        rest = line[cut:]
        new_body.append(inner + rest if rest else "")
    new = '"""\n' + "".join(l + "\n" for l in new_body) + indent + '"""'
    return new if decode_string(new) == decode_string(raw) else raw


def _lines(toks: list[_Tok]) -> list[tuple[int, list[_Tok]]]:
    """Tokens grouped by the line they start on, with the blank lines before each group."""
    groups: list[tuple[int, list[_Tok]]] = []
    end = 0
    for t in toks:
        if groups and t.line <= end:
            groups[-1][1].append(t)
        else:
            groups.append((max(t.line - end - 1, 0) if groups else 0, [t]))
        end = max(end, t.end_line)
    return groups


def _top_level(groups: list[tuple[int, list[_Tok]]]) -> dict[int, str]:
    """The lines that start a top-level entry, each as "comment", "line" (an item on one
    line: a declaration, a cost, `extends`) or "block" (an item over several lines)."""
    entries: dict[int, str] = {}
    depth = 0
    start = None
    for n, (_, line) in enumerate(groups):
        if depth == 0:
            start = n
            only_comment = len(line) == 1 and line[0].type == "COMMENT"
            entries[n] = "comment" if only_comment else "line"
        for t in line:
            depth += (t.type == "LBRACE") - (t.type == "RBRACE")
        if start is not None and n > start or line[0].line != line[-1].end_line:
            entries[start] = "block"
    return entries


def _blank_lines(groups: list[tuple[int, list[_Tok]]], entries: dict[int, str], n: int) -> int:
    """Blank lines before top-level entry `n`: one around an item over several lines (the
    comments directly above it belong to it); otherwise as written, at most one."""
    before = entries[max(k for k in entries if k < n)]
    this = entries[n]
    later = sorted(k for k in entries if k > n)
    while this == "comment" and later and groups[later[0]][0] == 0:  # attached to what follows
        this = entries[later.pop(0)]
    if before == "block" or (this == "block" and before != "comment"):
        return 1
    return min(groups[n][0], 1)


def layout(text: str, path: str = "<string>") -> str:
    """The canonical layout of `text`, which must parse (else `FormatError`, with the
    diagnostics of `path`)."""
    src = text[1:] if text.startswith("\ufeff") else text
    src = src.replace("\r\n", "\n")
    if not src.strip():
        return ""
    try:
        toks = _tokens(src if src.endswith("\n") else src + "\n")
    except LarkError as err:
        _, diags = parse_module(text, path)
        raise FormatError("the text does not parse", diags) from err
    groups = _lines(toks)
    entries = _top_level(groups)
    out: list[str] = []
    depth = parens = 0
    for n, (blanks, line) in enumerate(groups):
        first = line[0]
        indent = INDENT * max(depth - (first.text == "}"), 0)
        if out and n in entries:
            out.extend([""] * _blank_lines(groups, entries, n))
        parts: list[str] = []
        for i, t in enumerate(line):
            piece = _reindent_text(t.text, indent) if t.type == "LONG_STRING" else t.text
            if i:
                parts.append(_space(line[i - 1], t, line[i + 1] if i + 1 < len(line) else None, parens))
            parts.append(piece)
            if t.text in ("(", "["):
                parens += 1
            elif t.text in (")", "]"):
                parens -= 1
            elif t.type == "LBRACE":
                depth += 1
            elif t.type == "RBRACE":
                depth -= 1
        out.append(indent + "".join(parts))
    result = "\n".join(out) + "\n"
    if result == src:
        return result  # already in the layout: nothing to check
    _same_meaning(src, [t.text for t in toks if t.type == "COMMENT"], result)
    return result


def format_text(text: str, path: str = "<string>") -> str:
    """`text` in the canonical layout, keeping a byte-order mark and CRLF line ends."""
    new = layout(text, path)
    if text.startswith("\ufeff"):
        new = "\ufeff" + new
    if "\r\n" in text and "\n" not in text.replace("\r\n", ""):
        new = new.replace("\n", "\r\n")
    return new


# ---------------------------------------------------------------- the safety net
def _shape(node: object) -> object:
    """A syntax tree without its spans, for comparing two parses."""
    if isinstance(node, Span):
        return None
    if dataclasses.is_dataclass(node):
        return (type(node).__name__,) + tuple(
            _shape(getattr(node, f.name)) for f in dataclasses.fields(node) if f.name not in ("path", "text"))
    if isinstance(node, (list, tuple)):
        return tuple(_shape(x) for x in node)
    return node


def _same_meaning(old: str, old_comments: list[str], new: str) -> None:
    a, da = parse_module(old)
    b, db = parse_module(new)
    new_comments = [t.text for t in _tokens(new) if t.type == "COMMENT"] if not db else None
    if da or db or _shape(a.items) != _shape(b.items) or old_comments != new_comments:
        raise FormatError("internal error: the formatted text would not mean the same; the file is left as it was")
