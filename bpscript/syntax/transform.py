"""lark tree → AST: the transformer that turns the parser's tree into `ast` and `effects`
dataclasses, keeping a Span on every node (`parser.parse_module` drives it)."""

from __future__ import annotations

import functools
import re

from lark import Token, Tree

from ..model import effects as fx
from ..diagnostics import Diagnostic
from ..source import Span
from . import ast
from .limits import MAX_INT_DIGITS

# ---------------------------------------------------------------- strings
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def decode_string(raw: str) -> str:
    """The value of a "…" or \"\"\"…\"\"\" literal; long strings are dedented.

    Decoding is done by hand: script text never reaches eval.
    """
    if raw.startswith('"""'):
        body = raw[3:-3]
        if body.startswith("\r\n"):
            body = body[2:]
        elif body.startswith("\n"):
            body = body[1:]
        lines = body.split("\n")
        if lines and lines[-1].strip(" \t\u3000") == "":
            lines.pop()
        indents = [len(l) - len(l.lstrip(" \t")) for l in lines if l.strip()]
        cut = min(indents, default=0)
        body = "\n".join(l[cut:] for l in lines)
    else:
        body = raw[1:-1]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), "\\" + m.group(1)), body, flags=re.S)


# ---------------------------------------------------------------- transformer
def v_args(meta: bool = True):
    """Marks a rule's method as taking the node's positions (`meta`) before its children."""
    def mark(method):
        method.wants_meta = meta
        return method
    return mark


class ToAst:
    """lark tree → ast/effects dataclasses, keeping a Span on every node.

    Its own walk rather than lark's `Transformer`: that one looks up a method for every
    token too and wraps each `meta` method anew at every node, which was a fifth of the
    time of checking a large package (benchmarks/bench_errors.py). A rule with no method
    stays a lark `Tree` (as lark's default); a `Located` problem propagates as it is."""

    def __init__(self, path: str, shift: int = 0):
        self.path = path
        self.shift = shift  # lines before the text parsed (an item parsed on its own)
        self._rules = _rules(type(self))

    def transform(self, tree: Tree):
        """The AST of `tree`, built bottom-up (one Python frame per level of the tree)."""
        children = [self.transform(c) if type(c) is Tree else c for c in tree.children]
        found = self._rules.get(tree.data)
        if found is None:
            return Tree(tree.data, children, tree.meta)
        method, wants_meta = found
        return method(self, tree.meta, children) if wants_meta else method(self, children)

    # helpers
    def _span(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 1 + self.shift, 1, 1 + self.shift, 1)
        return Span(self.path, meta.line + self.shift, meta.column, meta.end_line + self.shift, meta.end_column)

    def _tok(self, tok: Token) -> Span:
        line = tok.line + self.shift
        return Span(self.path, line, tok.column, (tok.end_line or tok.line) + self.shift,
                    tok.end_column or tok.column + 1)

    def _at(self, tok: Token, value: str) -> Span:
        """The span of the first `len(value)` characters of `tok` (its text without trailing blanks)."""
        return Span(self.path, tok.line + self.shift, tok.column, tok.line + self.shift, tok.column + len(value))

    def _int(self, tok: Token) -> int:
        if len(str(tok).lstrip("0")) > MAX_INT_DIGITS:
            raise Located(Diagnostic("E006", f"a number of more than {MAX_INT_DIGITS} digits",
                                      self._tok(tok), expected=f"at most {MAX_INT_DIGITS} digits"))
        return int(tok)

    def _word(self, tok: Token, value: str | None = None) -> ast.Word:
        return ast.Word(str(tok) if value is None else value, self._tok(tok))

    def _text(self, tok: Token) -> ast.Word:
        return ast.Word(decode_string(str(tok)), self._tok(tok))

    # top level
    def start(self, children):
        return [c for c in children if c is not None]

    @v_args(meta=True)
    def use_base(self, meta, c):
        return ast.UseBase(self._text(c[0]), self._span(meta))

    @v_args(meta=True)
    def cost_def(self, meta, c):
        return ast.CostNode(self._word(c[0]), self._word(c[1]), self._text(c[2]), self._span(meta),
                            tuple(c[3] or ()))

    # vocabulary
    @v_args(meta=True)
    def vocab_def(self, meta, c):
        kind, ident, name, attrs = c
        return ast.VocabNode(kind, self._word(ident), self._text(name), tuple(attrs or ()), self._span(meta))

    def vocab_kind(self, c):
        return self._word(c[0])

    def vocab_attrs(self, c):
        return [x for x in c if x is not None]

    @v_args(meta=True)
    def vocab_attr(self, meta, c):
        return ast.VocabAttr(self._word(c[0]), tuple(x for x in c[1:] if x is not None), self._span(meta))

    def vocab_word(self, c):
        return ast.VocabValue("word", str(c[0]), (), self._tok(c[0]))

    def vocab_string(self, c):
        return ast.VocabValue("string", decode_string(str(c[0])), (), self._tok(c[0]))

    def vocab_int(self, c):
        return ast.VocabValue("int", self._int(c[0]), (), self._tok(c[0]))

    def vocab_call(self, c):
        return ast.VocabValue("call", str(c[0]), tuple(x for x in c[1:] if x is not None), self._tok(c[0]))

    @v_args(meta=True)
    def ruleset_def(self, meta, c):
        return ast.RulesetNode(self._text(c[0]), self._text(c[1]), tuple(c[2] or ()), self._span(meta))

    @v_args(meta=True)
    def supplement_def(self, meta, c):
        return ast.SupplementNode(self._word(c[0]), self._text(c[1]), tuple(c[2:]), self._span(meta))

    def override_scope(self, c):
        return tuple(self._word(t) for t in c)

    @v_args(meta=True)
    def format_def(self, meta, c):
        return ast.FormatNode(self._word(c[0]), self._text(c[1]), tuple(c[2:]), self._span(meta))

    @v_args(meta=True)
    def frame_def(self, meta, c):
        return ast.FrameNode(self._word(c[0]), self._text(c[1]), tuple(c[2:]), self._span(meta))

    def _script(self, kind, meta, c):
        override, ident, name, paren, scope, *fields = c
        type_word = None
        if paren is not None:
            type_word = ast.Word(str(paren)[1:-1].strip(), self._tok(paren))
        return ast.ScriptNode(kind, self._word(ident), self._text(name), type_word,
                              override is not None, tuple(fields), self._span(meta), scope or ())

    @v_args(meta=True)
    def action_def(self, meta, c):
        return self._script("action", meta, c)

    @v_args(meta=True)
    def character_def(self, meta, c):
        return self._script("character", meta, c)

    @v_args(meta=True)
    def fog_def(self, meta, c):
        return self._script("fog", meta, c)

    @v_args(meta=True)
    def trump_def(self, meta, c):
        return self._script("trump", meta, c)

    def override(self, c):
        return c[0]

    # fields
    @v_args(meta=True)
    def header_line(self, meta, c):
        parts: dict[str, ast.Word] = {}
        for tok in c:
            if tok is None:
                continue
            value = str(tok).rstrip(" \t\u3000")
            parts[tok.type] = ast.Word(value, self._at(tok, value))
        return ast.HeaderField(parts.get("HEADER"), parts.get("COST"), parts.get("KEY"), self._span(meta))

    @v_args(meta=True)
    def unit_line(self, meta, c):
        tok = c[0]
        value = str(tok).rstrip(" \t\u3000")
        return ast.UnitField(ast.Word(value, self._at(tok, value)), self._span(meta))

    @v_args(meta=True)
    def text_field(self, meta, c):
        return ast.TextField(str(c[0]), self._text(c[1]), self._span(meta))

    @v_args(meta=True)
    def text_ref_field(self, meta, c):
        return ast.TextRefField(str(c[0]), self._word(c[1]), self._span(meta))

    def text_key(self, c):
        return c[0]

    ids_key = condition_key = each = text_key

    @v_args(meta=True)
    def line_field(self, meta, c):
        tok = c[0]
        value = str(tok).rstrip(" \t\u3000")
        return ast.CategoryField(ast.Word(value, self._at(tok, value)), self._span(meta))

    @v_args(meta=True)
    def ids_field(self, meta, c):
        return ast.IdsField(str(c[0]), tuple(self._word(t) for t in c[1:]), self._span(meta))

    @v_args(meta=True)
    def flavor_field(self, meta, c):
        return ast.FlavorField(self._text(c[0]), self._text(c[1]) if c[1] is not None else None, self._span(meta))

    @v_args(meta=True)
    def target_field(self, meta, c):
        text = None
        if c and isinstance(c[-1], Token):
            text = self._text(c[-1])
            c = c[:-1]
        return ast.TargetField(tuple(x for x in c if x is not None), text, self._span(meta))

    @v_args(meta=True)
    def target_spec(self, meta, c):
        kind, count, owner, where = c
        return ast.TargetSpecNode(self._word(kind), count, owner, where, self._span(meta))

    def count(self, c):
        return self._word(c[0])

    def owner(self, c):
        return self._word(c[0])

    def where(self, c):
        return c[0]

    @v_args(meta=True)
    def effect_field(self, meta, c):
        text, rest = c[0], c[1] if len(c) > 1 else None
        body = same = None
        if isinstance(rest, ast.Word):
            same = rest
        elif rest is not None:
            body = rest
        return ast.EffectField(self._text(text), body, same, self._span(meta))

    def same_as(self, c):
        return self._word(c[0])

    @v_args(meta=True)
    def size_field(self, meta, c):
        if len(c) == 2:
            return ast.SizeField(self._text(c[0]), c[1], self._span(meta))
        text = ast.Word(c[0].value, c[0].span) if isinstance(c[0], fx.Str) else None  # `size: "…"`: text only
        return ast.SizeField(text, None if text else c[0], self._span(meta))

    @v_args(meta=True)
    def labels_field(self, meta, c):
        return ast.LabelsField(tuple(c), self._span(meta))

    @v_args(meta=True)
    def label(self, meta, c):  # `<…>(qualifier)`, and a guarded one with its `when` expression
        tok, paren, when = c if len(c) == 3 else (*c, None)
        name = ast.Word(str(tok)[1:-1].strip(), self._tok(tok))
        qual = ast.Word(str(paren)[1:-1], self._tok(paren)) if paren is not None else None
        return ast.LabelNode(name, qual, when, self._span(meta))

    @v_args(meta=True)
    def ability_field(self, meta, c):
        text, scope, body = c
        return ast.AbilityField(self._text(text), scope, body, self._span(meta))

    def scope(self, c):
        return self._word(c[0])

    @v_args(meta=True)
    def condition_field(self, meta, c):
        key, text, event, when = c
        return ast.ConditionField(str(key), self._text(text), event, when, self._span(meta))

    @v_args(meta=True)
    def event(self, meta, c):
        name, args, each = c
        pos, kw = args if args is not None else ((), ())
        return fx.Event(str(name), pos, kw, each is not None, self._span(meta))

    @v_args(meta=True)
    def deck_field(self, meta, c):
        return ast.DeckField(self._text(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def setup_field(self, meta, c):
        return ast.SetupField(self._text(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def action_lists_field(self, meta, c):
        return ast.ActionListsField(tuple(self._text(t) for t in c), self._span(meta))

    def settings(self, c):
        return tuple(x for x in c if isinstance(x, ast.Setting))

    @v_args(meta=True)
    def setting(self, meta, c):
        words = tuple(self._word(t) for t in c)
        return ast.Setting(words[0], words[1:], self._span(meta))

    @v_args(meta=True)
    def disclosure_field(self, meta, c):
        return ast.DisclosureField(self._word(c[0]), self._text(c[1]), self._text(c[2]), self._text(c[3]), self._span(meta))

    @v_args(meta=True)
    def allow_field(self, meta, c):
        code = self._word(c[0])  # no reason: an empty one, which the resolver reports (E190)
        reason = self._text(c[1]) if c[1] is not None else ast.Word("", code.span)
        return ast.AllowField(code, reason, self._span(meta))

    @v_args(meta=True)
    def deck_cards_field(self, meta, c):
        return ast.DeckCardsField(tuple(self._word(t) for t in c), self._span(meta))

    # statements
    def block(self, c):
        return tuple(x for x in c if x is not None)

    @v_args(meta=True)
    def call_stmt(self, meta, c):
        return fx.Do(c[0], self._span(meta))

    @v_args(meta=True)
    def if_stmt(self, meta, c):
        cond, then, *rest = c
        elifs, orelse = [], ()
        for x in rest:
            if isinstance(x, _Elif):
                elifs.append((x.cond, x.body))
            elif isinstance(x, _Else):
                orelse = x.body
        return fx.If(cond, then, tuple(elifs), orelse, self._span(meta))

    def elif_clause(self, c):
        return _Elif(c[0], c[1])

    def else_clause(self, c):
        return _Else(c[0])

    @v_args(meta=True)
    def for_stmt(self, meta, c):
        return fx.ForEach(str(c[0]), c[1], c[2], self._span(meta))

    @v_args(meta=True)
    def repeat_stmt(self, meta, c):
        return fx.RepeatUntil(c[0], c[1], self._span(meta))

    @v_args(meta=True)
    def let_stmt(self, meta, c):
        return fx.Let(str(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def step_stmt(self, meta, c):
        return fx.Step(self._int(c[0]), c[1], self._span(meta))

    # expressions
    @v_args(meta=True)
    def call(self, meta, c):
        name, args = c
        pos, kw = args if args is not None else ((), ())
        return fx.Call(str(name), pos, kw, self._span(meta))

    def args(self, c):
        pos = tuple(x for x in c if not isinstance(x, _Kw))
        kw = tuple((x.name, x.value) for x in c if isinstance(x, _Kw))
        return pos, kw

    def arg(self, c):
        return c[0]

    def kwarg(self, c):
        return _Kw(str(c[0]), c[1])

    @v_args(meta=True)
    def or_expr(self, meta, c):
        return self._chain(meta, c, "or")

    @v_args(meta=True)
    def and_expr(self, meta, c):
        return self._chain(meta, c, "and")

    def _chain(self, meta, c, op):
        out = c[0]
        for right in c[1:]:
            out = fx.BinOp(op, out, right, self._span(meta))
        return out

    @v_args(meta=True)
    def sum(self, meta, c):
        return self._ops(meta, c)

    product = sum

    def _ops(self, meta, c):
        out = c[0]
        for i in range(1, len(c), 2):
            out = fx.BinOp(str(c[i]), out, c[i + 1], self._span(meta))
        return out

    @v_args(meta=True)
    def compare(self, meta, c):
        return fx.BinOp(str(c[1]), c[0], c[2], self._span(meta))

    def comp_op(self, c):
        return c[0]

    @v_args(meta=True)
    def not_(self, meta, c):
        return fx.Not(c[0], self._span(meta))

    @v_args(meta=True)
    def neg(self, meta, c):
        return fx.Neg(c[0], self._span(meta))

    @v_args(meta=True)
    def attr(self, meta, c):
        return fx.Attr(c[0], str(c[1]), self._span(meta))

    def number(self, c):
        return fx.Num(self._int(c[0]), self._tok(c[0]))

    def string(self, c):
        return fx.Str(decode_string(str(c[0])), self._tok(c[0]))

    def name(self, c):
        return fx.Name(str(c[0]), self._tok(c[0]))

    @v_args(meta=True)
    def list_comp(self, meta, c):
        item, var, iterable, cond = c
        return fx.ListComp(item, str(var), iterable, cond, self._span(meta))

    @v_args(meta=True)
    def list_(self, meta, c):
        return fx.ListExpr(tuple(x for x in c if x is not None), self._span(meta))


@functools.lru_cache(maxsize=None)
def _rules(cls: type) -> dict[str, tuple]:
    """Each rule's method of a transformer class, and whether it takes `meta`."""
    return {name: (f, getattr(f, "wants_meta", False)) for name in dir(cls)
            if not name.startswith("_") and name != "transform"
            and callable(f := getattr(cls, name))}


class _Kw:
    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value


class _Elif:
    def __init__(self, cond, body):
        self.cond, self.body = cond, body


class _Else:
    def __init__(self, body):
        self.body = body


class Located(Exception):
    """A problem the transformer meets at a known place (a number too long)."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic
