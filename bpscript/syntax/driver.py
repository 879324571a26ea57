"""The LALR parser's main loop, run on lark's own tables, lexers and tree builders.

lark's loop (`ParserState.feed_token`) looks each reduction's rule up in a dict keyed by
`Rule` objects, whose hash and equality are Python methods, and runs an `assert` that
compares every rule with the end state; its contextual lexer reaches each token through a
generator and three calls. Together that was about a third of the parse of a large
package (benchmarks/bench_errors.py). This loop does the same steps inline, on a table
prepared once (a reduction carries its length, its rule's name and its tree builder) and
on each state's lexer's own patterns, token callbacks and line counting. Where the
text does not lex, lark's lexer is called at the same place and raises its own error;
a token the table does not expect raises lark's `UnexpectedToken` with the same expected
set, so diagnostics do not change. tests/syntax/test_driver.py checks that both give the
same trees and errors.
"""

from __future__ import annotations

from typing import Any, Callable

from lark import Lark, Token
from lark.exceptions import UnexpectedToken
from lark.lexer import BasicLexer, ContextualLexer, LexerThread
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser_state import ParseConf, ParserState


new_str = str.__new__


def fast_parse(parser: Lark) -> Callable[[str], Any]:
    """`parser.parse` (LALR, one start rule, no terminal callbacks) run by `Loop`; lark's
    own `parse` when its inner layout is not the one this knows (another lark version)."""
    try:
        return Loop(parser).parse
    except (AttributeError, TypeError, ValueError, KeyError):
        return parser.parse


class Loop:
    """The parse loop of one parser, with its table prepared."""

    def __init__(self, parser: Lark):
        frontend = parser.parser
        inner = frontend.parser.parser
        start, = frontend.parser_conf.start
        callbacks = inner.callbacks
        if any(isinstance(k, str) for k in callbacks) or frontend.skip_lexer:
            raise ValueError("terminal callbacks or no lexer: lark's loop handles them")
        self.frontend = frontend
        self.conf = ParseConf(inner.parse_table, callbacks, start)
        self.table: dict[Any, dict[str, tuple]] = {}
        self.lexers: dict[Any, tuple] = {}
        for state, actions in self.conf.states.items():
            self.table[state] = {
                name: (True, arg) if action is Shift else (False, (len(arg.expansion), arg.origin.name, callbacks[arg]))
                for name, (action, arg) in actions.items()}
        self.lexer = frontend.lexer
        if type(self.lexer) is not ContextualLexer or type(thread := frontend._make_lexer_thread("")) is not LexerThread:
            raise TypeError("not lark's contextual lexer: lark's loop reads the tokens")
        scanners = {}  # each state's lexer: its patterns, token callbacks, ignored and multi-line terminals
        for state, lexer in self.lexer.lexers.items():
            if id(lexer) not in scanners:
                if type(lexer) is not BasicLexer:
                    raise TypeError("not lark's basic lexer")
                patterns = tuple(lexer.scanner._mres)  # builds lexer.callback too
                scanners[id(lexer)] = (patterns, lexer.callback, lexer.ignore_types, lexer.newline_types)
            self.lexers[state] = scanners[id(lexer)]
        if thread.state.line_ctr.newline_char != "\n":
            raise TypeError("bytes input")

    def parse(self, text: str) -> Any:
        """The tree of `text`, as `Lark.parse` builds it."""
        thread = self.frontend._make_lexer_thread(text)
        state = ParserState(self.conf, thread)
        stack, values, table, lexers = state.state_stack, state.value_stack, self.table, self.lexers
        lexer_state = thread.state
        src, stop, ctr = lexer_state.text.text, lexer_state.text.end, lexer_state.line_ctr
        token, ending, end_state = None, False, self.conf.end_state
        while True:
            if ctr.char_pos < stop:
                # the next token, as the contextual lexer of the state on top of the stack reads it
                patterns, callback, ignore, newline = lexers[stack[-1]]
                pos = ctr.char_pos
                for pattern in patterns:
                    m = pattern.match(src, pos, stop)
                    if m:
                        break
                else:  # lark's lexer raises its own error here (it retries with every terminal)
                    next(self.lexer.lex(lexer_state, state))
                    raise AssertionError("lark's lexer read what this one could not")  # pragma: no cover
                value, kind = m.group(0), m.lastgroup
                ignored = kind in ignore
                line, column = ctr.line, ctr.column
                if kind in newline:
                    lines = value.count("\n")
                    if lines:
                        ctr.line += lines
                        ctr.line_start_pos = pos + value.rindex("\n") + 1
                ctr.char_pos = pos + len(value)
                ctr.column = ctr.char_pos - ctr.line_start_pos + 1
                if ignored and kind not in callback:
                    continue
                t = new_str(Token, value)  # Token(kind, value, pos, line, column, …) without its argument handling
                t.type, t.start_pos, t.value, t.line, t.column = kind, pos, value, line, column
                t.end_line, t.end_column, t.end_pos = ctr.line, ctr.column, ctr.char_pos
                if kind in callback:
                    t = callback[kind](t)
                if ignored:
                    continue
                lexer_state.last_token = token = t
                kind = token.type
            else:  # the end of the input: reduce until the start rule is complete
                token = Token.new_borrow_pos("$END", "", token) if token else Token("$END", "", 0, 1, 1)
                kind, ending = "$END", True
            while True:
                try:
                    shift, arg = table[stack[-1]][kind]
                except KeyError:
                    raise self._unexpected(token, state) from None
                if shift:
                    if ending:  # pragma: no cover - a table never shifts the end (lark asserts the same)
                        raise AssertionError("shift at the end of the input")
                    stack.append(arg)
                    values.append(token)
                    break
                size, origin, build = arg
                if size:
                    children = values[-size:]
                    del stack[-size:]
                    del values[-size:]
                else:
                    children = []
                values.append(build(children))
                stack.append(table[stack[-1]][origin][1])
                if ending and stack[-1] == end_state:
                    return values[-1]

    def _unexpected(self, token: Token, state: ParserState) -> UnexpectedToken:
        """lark's error for `token` where the table has no action for it."""
        expected = {s for s in self.conf.states[state.position].keys() if s.isupper()}
        return UnexpectedToken(token, expected, state=state, interactive_parser=None)
