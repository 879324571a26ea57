"""What stands at the cursor, read with the grammar itself: the top-level item around the
cursor is fed to lark's interactive parser up to the cursor (`at`). The parser's value
stack says what is open there (the script, the field, the block, the call), `accepts()`
which terminals the grammar takes next, and the token the cursor ends (the word being
typed, or a header, cost or ★ condition) what is being written. So completion knows the
context as the parser will, while the rest of the document is still being typed.

For hover and go-to-definition, the word under the cursor on one line: a name, a 「name」
reference, a ★/☆ condition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from ..syntax.parser import ITEM_START, grammar_parser, literals

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


#: tokens that hold a sub-language of their own (checked by the resolver, not the grammar)
SUBLANGUAGES = frozenset({"HEADER", "COST", "KEY", "UNIT_COND"})
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: how many item starts before the cursor are tried (a field at column 0 may look like one)
_TRIES = 4


@dataclass
class Cursor:
    """The parse of the text before the cursor, from the start of its top-level item."""

    tokens: list[Token]  #: the tokens fed to the parser, in order (positions in the fragment)
    stack: list[Any]  #: the parser's value stack: tokens and the trees already reduced
    accepts: frozenset[str]  #: the terminals the grammar takes next
    typed: Token | None = None  #: the token the cursor ends, not fed: a word or a sub-language
    words: frozenset[str] = field(default=frozenset())  #: the keywords among `accepts`, as written

    @property
    def replace(self) -> int:
        """How many characters before the cursor a completion replaces: the word being typed."""
        return len(self.typed) if self.typed is not None and self.typed.type not in SUBLANGUAGES else 0

    def script(self) -> tuple[str, str, bool] | None:
        """The script the cursor is in: its kind, id and whether it is an override; None at
        the top level or in another item."""
        head = [v for v in self.stack[:3]]
        override = bool(head) and isinstance(head[0], Tree) and head[0].data == "override"
        if override:
            head = head[1:]
        if len(head) >= 2 and isinstance(head[0], Token) and head[0] in ("action", "character", "fog", "trump") \
                and isinstance(head[1], Token) and head[1].type == "ID":
            return str(head[0]), str(head[1]), override
        return None

    def open_token(self, *values: str) -> Token | None:
        """The last token on the stack whose text is one of `values` (a keyword still open)."""
        for v in reversed(self.stack):
            if isinstance(v, Token) and v in values:
                return v
        return None

    def depth(self) -> int:
        """How many `{` are open at the cursor."""
        return sum(1 for v in self.stack if isinstance(v, Token) and v.type == "LBRACE")

    def call(self) -> tuple[str, int, str | None] | None:
        """The call whose parentheses are open at the cursor: its name, the index of the
        argument the cursor is in (by position), and the keyword the argument is written
        with when the cursor stands right after `name=`; None outside a call's arguments."""
        toks = self.tokens
        level = 0
        for i in range(len(toks) - 1, -1, -1):
            t = toks[i].type
            if t in ("RPAR", "RSQB"):
                level += 1
            elif t in ("LPAR", "LSQB"):
                if level:
                    level -= 1
                elif t == "LPAR" and i and toks[i - 1].type == "ID":
                    return self._argument(toks[i - 1], i + 1)
        return None

    def _argument(self, name: Token, first: int) -> tuple[str, int, str | None]:
        toks = self.tokens
        index, level, start = 0, 0, first
        for j in range(first, len(toks)):
            t = toks[j].type
            if t in ("LPAR", "LSQB"):
                level += 1
            elif t in ("RPAR", "RSQB"):
                level -= 1
            elif t == "COMMA" and level == 0:
                index, start = index + 1, j + 1
        current = toks[start:]
        keyword = None
        if [t.type for t in current] == ["ID", "EQUAL"]:
            keyword = str(current[0])
        elif any(t.type == "EQUAL" for t in current):
            keyword = ""  # a keyword argument's value, not right after its `=`
        return str(name), index, keyword


def at(text: str, offset: int) -> Cursor | None:
    """The parse up to `offset`, from the start of the top-level item around it (an earlier
    one if that start does not parse: a field written at column 0); None where the text
    before the cursor does not parse (inside a string or a syntax error)."""
    starts = [m.start() for m in ITEM_START.finditer(text, 0, offset)]
    starts = [0] + [s for s in starts if s > 0]
    for start in reversed(starts[-_TRIES:]):
        found = _parse(text[start:offset])
        if found is not None:
            return found
    return None


def _parse(fragment: str) -> Cursor | None:
    ip = grammar_parser().parse_interactive(fragment)
    tokens: list[Token] = []
    typed = None
    end = len(fragment)
    try:
        for tok in ip.iter_parse():
            if tok.end_pos == end and (tok.type in SUBLANGUAGES or _WORD.fullmatch(tok)):
                typed = tok  # being typed: the context is the parser's state before it
                break
            tokens.append(tok)
    except UnexpectedInput as e:
        at_ = getattr(e, "pos_in_stream", None)
        if at_ is None or not _WORD.fullmatch(fragment[at_:]):
            return None
        typed = Token("ID", fragment[at_:], start_pos=at_, end_pos=end)  # a word the state does not take
    if typed is None and "#" in fragment[tokens[-1].end_pos if tokens else 0:]:
        return None  # in a comment: the lexer skipped it
    accepts = frozenset(ip.accepts())
    names = literals()
    words = frozenset(names[t] for t in accepts if t in names and _WORD.fullmatch(names[t]))
    return Cursor(tokens, list(ip.parser_state.value_stack), accepts, typed, words)
