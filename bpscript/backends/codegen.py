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


class CodeGenerator(fx.NodeVisitor):
    """Writes one Python module, keeping a map from its lines to `.bps` places. A visitor
    of the effect tree: an expression visit returns Python source, a statement visit
    writes lines; a node it does not know raises `UnknownNode`."""

    nodes = fx.EXPRESSIONS + fx.STATEMENTS

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
    def expr(self, e: fx.Expr) -> str:
        """The Python expression computing `e`."""
        return self.visit(e)

    def visit_Num(self, e: fx.Num) -> str:
        return repr(e.value)

    def visit_Str(self, e: fx.Str) -> str:
        return repr(e.value)

    def visit_Name(self, e: fx.Name) -> str:
        return f"ctx.lookup(v, {e.id!r})"

    def visit_Attr(self, e: fx.Attr) -> str:
        return f"ctx.attr({self.visit(e.obj)}, {e.name!r})"

    def visit_Call(self, c: fx.Call) -> str:
        parts = [repr(c.func)] + [self.visit(a) for a in c.args]
        if c.kwargs:
            parts.append("{" + ", ".join(f"{py_kwarg(k)!r}: {self.visit(v)}" for k, v in c.kwargs) + "}")
        else:
            parts.append("{}")
        return f"ctx.call({', '.join(parts)})"

    def visit_BinOp(self, e: fx.BinOp) -> str:
        return f"({self.visit(e.left)} {_BINOPS[e.op]} {self.visit(e.right)})"

    def visit_Not(self, e: fx.Not) -> str:
        return f"(not {self.visit(e.operand)})"

    def visit_Neg(self, e: fx.Neg) -> str:
        return f"(-{self.visit(e.operand)})"

    def visit_ListExpr(self, e: fx.ListExpr) -> str:
        return "[" + ", ".join(self.visit(i) for i in e.items) + "]"

    # ------------------------------------------------------------ statements
    def block(self, stmts: tuple) -> None:
        if not stmts:
            self.writeline("pass")
        for st in stmts:
            self.visit(st)

    def visit_Do(self, st: fx.Do) -> None:
        self.writeline(self.visit_Call(st.call), st.span)

    def visit_Let(self, st: fx.Let) -> None:
        self.writeline(f"v[{st.name!r}] = {self.visit(st.value)}", st.span)

    def visit_If(self, st: fx.If) -> None:
        self.writeline(f"if ctx.truth({self.visit(st.cond)}):", st.span)
        self.indent()
        self.block(st.then)
        self.outdent()
        for cond, body in st.elifs:
            self.writeline(f"elif ctx.truth({self.visit(cond)}):", cond.span)
            self.indent()
            self.block(body)
            self.outdent()
        if st.orelse:
            self.writeline("else:")
            self.indent()
            self.block(st.orelse)
            self.outdent()

    def visit_ForEach(self, st: fx.ForEach) -> None:
        self.writeline(f"for v[{st.var!r}] in ctx.items({self.visit(st.iterable)}):", st.span)
        self.indent()
        self.block(st.body)
        self.outdent()

    def visit_RepeatUntil(self, st: fx.RepeatUntil) -> None:
        self.writeline("for _ in ctx.loop_guard():", st.span)
        self.indent()
        self.block(st.body)
        self.writeline(f"if ctx.truth({self.visit(st.cond)}):", st.cond.span)
        self.indent()
        self.writeline("break")
        self.outdent()
        self.outdent()

    def visit_Step(self, st: fx.Step) -> None:
        self.writeline(f"ctx.step({st.number!r})", st.span)
        self.block(st.body)
