"""The effect language: expressions and statements of `effect:`, `activation:`,
`trigger:`, `size:` and `ability:` blocks.

These nodes are produced by the parser and are part of the model as they are:
the engine and the code generator read them, never the parser. Every node keeps
its `Span` so generated code and lint findings point back at the `.bps` line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Union

from .source import Span


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True)
class Num:
    value: int
    span: Span


@dataclass(frozen=True)
class Str:
    value: str
    span: Span


@dataclass(frozen=True)
class Name:
    """A bare name: a variable (`target`, `key`, `me`), a constant (`grave`,
    `end_of_turn`) or a script id (`upFog`, `damageJudge`)."""

    id: str
    span: Span


@dataclass(frozen=True)
class Attr:
    obj: "Expr"
    name: str
    span: Span


@dataclass(frozen=True)
class Call:
    """A call of a verb or query from the verb library, e.g. `move(target, to=grave)`."""

    func: str
    args: tuple["Expr", ...]
    kwargs: tuple[tuple[str, "Expr"], ...]
    span: Span

    def kwarg(self, name: str) -> "Expr | None":
        for k, v in self.kwargs:
            if k == name:
                return v
        return None


@dataclass(frozen=True)
class BinOp:
    op: str  # + - * / % and or == != < <= > >= in
    left: "Expr"
    right: "Expr"
    span: Span


@dataclass(frozen=True)
class Not:
    operand: "Expr"
    span: Span


@dataclass(frozen=True)
class Neg:
    operand: "Expr"
    span: Span


@dataclass(frozen=True)
class ListExpr:
    items: tuple["Expr", ...]
    span: Span


Expr = Union[Num, Str, Name, Attr, Call, BinOp, Not, Neg, ListExpr]


# ---------------------------------------------------------------- statements
@dataclass(frozen=True)
class Do:
    """A verb call as a statement."""

    call: Call
    span: Span


@dataclass(frozen=True)
class If:
    cond: Expr
    then: tuple["Stmt", ...]
    elifs: tuple[tuple[Expr, tuple["Stmt", ...]], ...]
    orelse: tuple["Stmt", ...]
    span: Span


@dataclass(frozen=True)
class ForEach:
    var: str
    iterable: Expr
    body: tuple["Stmt", ...]
    span: Span


@dataclass(frozen=True)
class RepeatUntil:
    """Run the body, then stop once `cond` holds (a do-while, as in 世代交代)."""

    body: tuple["Stmt", ...]
    cond: Expr
    span: Span


@dataclass(frozen=True)
class Let:
    name: str
    value: Expr
    span: Span


@dataclass(frozen=True)
class Step:
    """A numbered step of the printed effect (`1.`, `2.`): structure only."""

    number: int
    body: tuple["Stmt", ...]
    span: Span


Stmt = Union[Do, If, ForEach, RepeatUntil, Let, Step]


@dataclass(frozen=True)
class Event:
    """What a triggered action waits for: `on resolved(end)`, `on moved(...) each`."""

    name: str
    args: tuple[Expr, ...]
    kwargs: tuple[tuple[str, Expr], ...]
    each: bool
    span: Span


# ---------------------------------------------------------------- walking
def children(node: object) -> Iterator[object]:
    """The direct sub-nodes of an expression or statement."""
    if isinstance(node, Attr):
        yield node.obj
    elif isinstance(node, Call):
        yield from node.args
        yield from (v for _, v in node.kwargs)
    elif isinstance(node, BinOp):
        yield node.left
        yield node.right
    elif isinstance(node, (Not, Neg)):
        yield node.operand
    elif isinstance(node, ListExpr):
        yield from node.items
    elif isinstance(node, Do):
        yield node.call
    elif isinstance(node, If):
        yield node.cond
        yield from node.then
        for cond, body in node.elifs:
            yield cond
            yield from body
        yield from node.orelse
    elif isinstance(node, ForEach):
        yield node.iterable
        yield from node.body
    elif isinstance(node, RepeatUntil):
        yield from node.body
        yield node.cond
    elif isinstance(node, Let):
        yield node.value
    elif isinstance(node, Step):
        yield from node.body
    elif isinstance(node, Event):
        yield from node.args
        yield from (v for _, v in node.kwargs)


def walk(nodes: object) -> Iterator[object]:
    """Every node below (and including) `nodes`, depth first."""
    stack = list(nodes) if isinstance(nodes, (list, tuple)) else [nodes]
    stack.reverse()
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(children(node))))


def calls(nodes: object) -> Iterator[Call]:
    """Every call below `nodes`, in source order."""
    return (n for n in walk(nodes) if isinstance(n, Call))


def to_source(node: object) -> str:
    """Print an expression back as bpscript (for docs, messages and JSON)."""
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Str):
        return '"' + node.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(node, Name):
        return node.id
    if isinstance(node, Attr):
        return f"{to_source(node.obj)}.{node.name}"
    if isinstance(node, Call):
        parts = [to_source(a) for a in node.args] + [f"{k}={to_source(v)}" for k, v in node.kwargs]
        return f"{node.func}({', '.join(parts)})"
    if isinstance(node, BinOp):
        return f"({to_source(node.left)} {node.op} {to_source(node.right)})"
    if isinstance(node, Not):
        return f"not {to_source(node.operand)}"
    if isinstance(node, Neg):
        return f"-{to_source(node.operand)}"
    if isinstance(node, ListExpr):
        return "[" + ", ".join(to_source(i) for i in node.items) + "]"
    raise TypeError(f"not an expression: {node!r}")


def stmt_to_json(stmt: Stmt) -> dict[str, object]:
    """A JSON form of a statement (expressions as bpscript source text)."""
    if isinstance(stmt, Do):
        return {"do": to_source(stmt.call)}
    if isinstance(stmt, If):
        out: dict[str, object] = {"if": to_source(stmt.cond), "then": [stmt_to_json(s) for s in stmt.then]}
        if stmt.elifs:
            out["elif"] = [{"if": to_source(c), "then": [stmt_to_json(s) for s in b]} for c, b in stmt.elifs]
        if stmt.orelse:
            out["else"] = [stmt_to_json(s) for s in stmt.orelse]
        return out
    if isinstance(stmt, ForEach):
        return {"for": stmt.var, "in": to_source(stmt.iterable), "do": [stmt_to_json(s) for s in stmt.body]}
    if isinstance(stmt, RepeatUntil):
        return {"repeat": [stmt_to_json(s) for s in stmt.body], "until": to_source(stmt.cond)}
    if isinstance(stmt, Let):
        return {"let": stmt.name, "be": to_source(stmt.value)}
    if isinstance(stmt, Step):
        return {"step": stmt.number, "do": [stmt_to_json(s) for s in stmt.body]}
    raise TypeError(f"not a statement: {stmt!r}")
