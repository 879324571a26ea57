"""A code generator modelled on Jinja2's: source written line by line with
`writeline` / `indent` / `outdent`, every constant emitted through `repr()`, and a map
from generated lines to the `.bps` places they came from (`__bps_lines__`).

Expressions and statements of the effect language (`bpscript.effects`) compile to
plain Python over the engine context: `ctx.call('move', x, {'to': grave})`,
`ctx.lookup(v, 'key')`, `ctx.attr(x, 'number')`, with variables in a dict `v`.
"""

from __future__ import annotations

import keyword

from .. import effects as fx
from ..source import Span

_BINOPS = {"+": "+", "-": "-", "*": "*", "/": "//", "%": "%", "==": "==", "!=": "!=", "<": "<", "<=": "<=",
           ">": ">", ">=": ">=", "and": "and", "or": "or", "in": "in"}


def py_kwarg(name: str) -> str:
    """A keyword argument name as the engine's verb functions spell it (`as` → `as_`)."""
    return name + "_" if keyword.iskeyword(name) else name


class CodeGenerator:
    """Writes one Python module, keeping a map from its lines to `.bps` places."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0
        self.line_map: dict[int, str] = {}

    def writeline(self, code: str, span: Span | None = None) -> None:
        self.lines.append("    " * self.depth + code if code else "")
        if span is not None:
            self.line_map[len(self.lines)] = str(span)

    def indent(self) -> None:
        self.depth += 1

    def outdent(self) -> None:
        self.depth -= 1

    def source(self) -> str:
        self.writeline("")
        self.writeline("__bps_lines__ = {")
        self.indent()
        for line, place in sorted(self.line_map.items()):
            self.writeline(f"{line!r}: {place!r},")
        self.outdent()
        self.writeline("}")
        return "\n".join(self.lines) + "\n"

    # ------------------------------------------------------------ expressions
    def expr(self, e: object) -> str:
        if isinstance(e, fx.Num):
            return repr(e.value)
        if isinstance(e, fx.Str):
            return repr(e.value)
        if isinstance(e, fx.Name):
            return f"ctx.lookup(v, {e.id!r})"
        if isinstance(e, fx.Attr):
            return f"ctx.attr({self.expr(e.obj)}, {e.name!r})"
        if isinstance(e, fx.Call):
            return self.call(e)
        if isinstance(e, fx.BinOp):
            return f"({self.expr(e.left)} {_BINOPS[e.op]} {self.expr(e.right)})"
        if isinstance(e, fx.Not):
            return f"(not {self.expr(e.operand)})"
        if isinstance(e, fx.Neg):
            return f"(-{self.expr(e.operand)})"
        if isinstance(e, fx.ListExpr):
            return "[" + ", ".join(self.expr(i) for i in e.items) + "]"
        raise TypeError(f"cannot compile {type(e).__name__}")

    def call(self, c: fx.Call) -> str:
        parts = [repr(c.func)] + [self.expr(a) for a in c.args]
        if c.kwargs:
            parts.append("{" + ", ".join(f"{py_kwarg(k)!r}: {self.expr(v)}" for k, v in c.kwargs) + "}")
        else:
            parts.append("{}")
        return f"ctx.call({', '.join(parts)})"

    # ------------------------------------------------------------ statements
    def block(self, stmts: tuple) -> None:
        if not stmts:
            self.writeline("pass")
        for st in stmts:
            self.stmt(st)

    def stmt(self, st: object) -> None:
        if isinstance(st, fx.Do):
            self.writeline(self.call(st.call), st.span)
        elif isinstance(st, fx.Let):
            self.writeline(f"v[{st.name!r}] = {self.expr(st.value)}", st.span)
        elif isinstance(st, fx.If):
            self.writeline(f"if ctx.truth({self.expr(st.cond)}):", st.span)
            self.indent()
            self.block(st.then)
            self.outdent()
            for cond, body in st.elifs:
                self.writeline(f"elif ctx.truth({self.expr(cond)}):", cond.span)
                self.indent()
                self.block(body)
                self.outdent()
            if st.orelse:
                self.writeline("else:")
                self.indent()
                self.block(st.orelse)
                self.outdent()
        elif isinstance(st, fx.ForEach):
            self.writeline(f"for v[{st.var!r}] in ctx.items({self.expr(st.iterable)}):", st.span)
            self.indent()
            self.block(st.body)
            self.outdent()
        elif isinstance(st, fx.RepeatUntil):
            self.writeline("for _ in ctx.loop_guard():", st.span)
            self.indent()
            self.block(st.body)
            self.writeline(f"if ctx.truth({self.expr(st.cond)}):", st.cond.span)
            self.indent()
            self.writeline("break")
            self.outdent()
            self.outdent()
        elif isinstance(st, fx.Step):
            self.writeline(f"ctx.step({st.number!r})", st.span)
            self.block(st.body)
        else:
            raise TypeError(f"cannot compile {type(st).__name__}")
