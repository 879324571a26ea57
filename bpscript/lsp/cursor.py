"""What stands at the cursor, read with the grammar itself: the top-level item around the
cursor is fed to lark's interactive parser up to the cursor (`at`). The parser's value
stack says what is open there (the script, the field, the block, the call), `accepts()`
which terminals the grammar takes next, and the token the cursor ends (the word being
typed, or a header, cost or ★ condition) what is being written. So completion knows the
context as the parser will, while the rest of the document is still being typed.

For hover and go-to-definition, the token under the cursor, read the same way (`spot`): a
name, a 「name」 reference in a text, a ★/☆ condition; a word inside a string or a comment
is no name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from ..syntax.parser import ITEM_START, grammar_parser, literals


@dataclass(frozen=True)
class Word:
    text: str
    start: int  # 0-based character columns on the line
    end: int


#: tokens that hold a sub-language of their own (checked by the resolver, not the grammar)
SUBLANGUAGES = frozenset({"HEADER", "COST", "KEY", "UNIT_COND"})
#: a token's text that is a name or a keyword (the grammar's ID)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: tokens whose text may print a 「name」 reference
TEXTS = frozenset({"STRING", "LONG_STRING", "KEY", "UNIT_COND", "REST", "PAREN"})


@dataclass(frozen=True)
class Spot:
    """The token at a place of the document, as the parser reads the item around it, with
    the tokens before it (`tokens[index]` is the token; `after` the one that follows)."""

    tokens: list[Token]
    index: int
    after: Token | None
    start: int  #: where the item's text starts in the document (token positions count from it)
    line_start: int  #: where the place's line starts in the document
    offset: int  #: the place, in the document

    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def before(self, n: int = 1) -> Token | None:
        """The token `n` before this one."""
        return self.tokens[self.index - n] if self.index >= n else None

    def _word(self, start: int, end: int, text: str) -> Word:
        return Word(text, self.start + start - self.line_start, self.start + end - self.line_start)

    def name(self) -> Word | None:
        """The identifier the place is on (or just after): a name, an id, a word."""
        tok = self.token
        if tok.type in TEXTS or not _WORD.fullmatch(tok):
            return None
        return self._word(tok.start_pos, tok.end_pos, str(tok))

    def condition(self) -> tuple[str, Word] | None:
        """A ★ key card or ☆ unit condition the place is on: the mark and the condition."""
        tok = self.token
        if tok.type not in ("KEY", "UNIT_COND"):
            return None
        text = tok[1:].rstrip()
        return tok[0], self._word(tok.start_pos + 1, tok.start_pos + 1 + len(text), text)

    def reference(self) -> Word | None:
        """`「X」` around the place in a text, a condition or a category: the name X."""
        tok = self.token
        if tok.type not in TEXTS:
            return None
        at = self.offset - self.start - tok.start_pos
        opened = tok.rfind("「", 0, at + 1)
        if opened < 0 and tok.startswith("「", at):
            opened = at
        closed = tok.find("」", max(opened, 0))
        if opened < 0 or closed < 0 or at > closed + 1 or not 0 < closed - opened:
            return None
        name = tok[opened + 1:closed]
        if not name or "「" in name or "\n" in name:
            return None
        return self._word(tok.start_pos + opened + 1, tok.start_pos + closed, name)

    def called(self) -> bool:
        """Whether the name is called (`move(`) or is the event of `on`."""
        before = self.before()
        return (self.after is not None and self.after.type == "LPAR") or (before is not None and before == "on")

    def field_term(self) -> tuple[str, Word] | None:
        """`note: id`: the field and the id the place is on."""
        word, colon, key = self.name(), self.before(), self.before(2)
        if word is None or colon is None or colon.type != "COLON" or key is None:
            return None
        return str(key), word


def spot(text: str, offset: int) -> Spot | None:
    """The token at `offset` (on it or just after it), read by the parser from the start of
    its item; None on a space, in a comment, or past a syntax error."""
    starts = [0] + [m.start() for m in ITEM_START.finditer(text, 0, offset + 1) if m.start() > 0]
    start = starts[-1]
    ends = [m.start() for m in ITEM_START.finditer(text, offset + 1)]
    fragment = text[start:ends[0] if ends else len(text)]
    at_ = offset - start
    tokens: list[Token] = []
    found = None
    try:
        for tok in grammar_parser().parse_interactive(fragment).iter_parse():
            if found is not None:
                return Spot(tokens, found, tok, start, text.rfind("\n", 0, offset) + 1, offset)
            if tok.start_pos > at_:
                break
            tokens.append(tok)
            if tok.type != "_NL" and tok.start_pos <= at_ <= tok.end_pos:
                if tok.end_pos == at_ and tok.type not in TEXTS and not _WORD.fullmatch(tok):
                    continue  # just after punctuation: the next token, if it starts here
                found = len(tokens) - 1
    except UnexpectedInput:
        pass
    if found is None:
        return None
    return Spot(tokens, found, None, start, text.rfind("\n", 0, offset) + 1, offset)


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
