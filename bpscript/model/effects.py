"""The effect language: expressions and statements of `effect:`, `activation:`,
`trigger:`, `size:` and `ability:` blocks.

These nodes are produced by the parser and are part of the model as they are:
the engine and the code generator read them, never the parser. Every node keeps
its `Span` so generated code and lint findings point back at the `.bps` line.

Every consumer of the tree (codegen, typecheck, lint evaluation, G4's interpreter, the
JSON export, coverage) is a `NodeVisitor`: one method per node class, and a node it was
never taught raises `UnknownNode` instead of being skipped. `NodeWalker` visits every
child (for collecting), `NodeTransformer` rebuilds the frozen tree with new nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, Callable, ClassVar, Iterator, Union

from ..source import Span


class RefKind(str, Enum):
    """What a name turned out to be when the checker resolved it (in this order)."""

    LOCAL = "local"        # a `let`, `for` or comprehension variable
    CONTEXT = "context"    # what the script provides: me, target, key, event, unit, it, this, …
    TERM = "term"          # a word of the ruleset's vocabulary, where a parameter asks for one
    CONSTANT = "constant"  # a fixed value of the language: charged, face_up, spade, true, …
    SCRIPT = "script"      # a script id (upFog, damageJudge)


@dataclass(frozen=True)
class Ref:
    """A resolved name: its kind, its key, and for a vocabulary term the table it is in
    (zones, types, roles, labels, statuses). Code generation emits the reference, so the
    engine never looks a name up by string while a game is played."""

    kind: RefKind
    key: str
    table: str = ""


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
    """A bare name: a variable (`target`, `key`, `me`), a constant (`charged`), a word of
    the vocabulary (`grave`, `attack`) or a script id (`upFog`). `ref` is what the checker
    resolved it to, `type` the type it found (None before checking)."""

    id: str
    span: Span
    ref: Ref | None = field(default=None, compare=False)
    type: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Attr:
    """`obj.name`. The checker records `of`, the type of `obj` (a key of the attribute table,
    `bpscript.model.attributes`, with `name`; `any` when it cannot know), and `type`, what the
    read gives: code generation emits the reader of `(of, name)`."""

    obj: "Expr"
    name: str
    span: Span
    of: str | None = field(default=None, compare=False)
    type: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Call:
    """A call of a verb or query from the verb library, e.g. `move(target, to=grave)`.
    The checker records `verb`, the declaration called (`bpscript.verbs.VerbSpec`), and
    `type`, what it returns (None before checking, or for a function the library lacks)."""

    func: str
    args: tuple["Expr", ...]
    kwargs: tuple[tuple[str, "Expr"], ...]
    span: Span
    verb: Any = field(default=None, compare=False)  # a verbs.VerbSpec (verbs imports this module)
    type: str | None = field(default=None, compare=False)

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


@dataclass(frozen=True)
class ListComp:
    """`[u for u in units(character, me) if u.state == charged]`: the items of a list
    that meet a condition (`cond` may be None), each turned into `item`."""

    item: "Expr"
    var: str
    iterable: "Expr"
    cond: "Expr | None"
    span: Span


@dataclass(frozen=True)
class Lit:
    """A value the checker made from source text, e.g. a card condition written as a string
    where a parameter is typed `condition`: `text` is what was written."""

    value: Any
    text: str
    span: Span


Expr = Union[Num, Str, Name, Attr, Call, BinOp, Not, Neg, ListExpr, ListComp, Lit]


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


# ---------------------------------------------------------------- visiting
#: every node class of the effect tree, by role
EXPRESSIONS: tuple[type, ...] = (Num, Str, Name, Attr, Call, BinOp, Not, Neg, ListExpr, ListComp, Lit)
STATEMENTS: tuple[type, ...] = (Do, If, ForEach, RepeatUntil, Let, Step)
NODES: tuple[type, ...] = EXPRESSIONS + STATEMENTS + (Event,)

_MISSING = object()


class UnknownNode(TypeError):
    """A visitor was given a node it has no `visit_<ClassName>` method for."""

    def __init__(self, node: object, visitor: "NodeVisitor"):
        self.node, self.visitor = node, visitor
        name = type(node).__name__
        super().__init__(f"{type(visitor).__name__} cannot handle a {name} node "
                         f"(no visit_{name}): {node!r:.120}")


class NodeVisitor:
    """The one way to go over the effect tree, modelled on Jinja2's `NodeVisitor`.

    `visit(node, *args)` calls `visit_<ClassName>(node, *args)` and returns what it
    returns; the method is looked up once per node class. `nodes` lists the classes a
    visitor handles (a test checks each has its method). The one fallback,
    `generic_visit`, raises `UnknownNode`: a node class added to the language cannot be
    skipped silently by a consumer that was never taught it.
    """

    nodes: ClassVar[tuple[type, ...]] = ()
    _methods: ClassVar[dict[type, Callable[..., Any] | None]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._methods = {}  # per visitor class: node class -> function (or None)

    def get_visitor(self, node: object) -> Callable[..., Any] | None:
        """The bound `visit_<ClassName>` method for the node, or None."""
        f = self._method(type(node))
        return None if f is None else f.__get__(self, type(self))

    def _method(self, cls: type) -> Callable[..., Any] | None:
        methods = type(self)._methods
        f = methods.get(cls, _MISSING)
        if f is _MISSING:
            f = methods[cls] = getattr(type(self), "visit_" + cls.__name__, None)
        return f  # type: ignore[return-value]

    def visit(self, node: object, *args: Any) -> Any:
        try:
            f = self._methods[type(node)]
        except KeyError:
            f = self._method(type(node))
        if f is None:
            return self.generic_visit(node, *args)
        return f(self, node, *args)

    def generic_visit(self, node: object, *args: Any) -> Any:
        raise UnknownNode(node, self)


class _Children(NodeVisitor):
    """The direct sub-nodes of each node, in source order."""

    nodes = NODES

    def visit_Num(self, n: Num) -> tuple[object, ...]:
        return ()

    visit_Str = visit_Name = visit_Lit = visit_Num

    def visit_ListComp(self, n: ListComp) -> tuple[object, ...]:
        return (n.iterable, n.item) + ((n.cond,) if n.cond is not None else ())

    def visit_Attr(self, n: Attr) -> tuple[object, ...]:
        return (n.obj,)

    def visit_Call(self, n: Call) -> tuple[object, ...]:
        return (*n.args, *(v for _, v in n.kwargs))

    visit_Event = visit_Call

    def visit_BinOp(self, n: BinOp) -> tuple[object, ...]:
        return (n.left, n.right)

    def visit_Not(self, n: Not) -> tuple[object, ...]:
        return (n.operand,)

    visit_Neg = visit_Not

    def visit_ListExpr(self, n: ListExpr) -> tuple[object, ...]:
        return n.items

    def visit_Do(self, n: Do) -> tuple[object, ...]:
        return (n.call,)

    def visit_If(self, n: If) -> tuple[object, ...]:
        out: list[object] = [n.cond, *n.then]
        for cond, body in n.elifs:
            out += [cond, *body]
        return (*out, *n.orelse)

    def visit_ForEach(self, n: ForEach) -> tuple[object, ...]:
        return (n.iterable, *n.body)

    def visit_RepeatUntil(self, n: RepeatUntil) -> tuple[object, ...]:
        return (*n.body, n.cond)

    def visit_Let(self, n: Let) -> tuple[object, ...]:
        return (n.value,)

    def visit_Step(self, n: Step) -> tuple[object, ...]:
        return n.body


_CHILDREN = _Children()


def children(node: object) -> tuple[object, ...]:
    """The direct sub-nodes of a node (UnknownNode for anything else)."""
    found: tuple[object, ...] = _CHILDREN.visit(node)
    return found


class NodeWalker(NodeVisitor):
    """Knows every node class and visits the children by default: subclass it to collect
    something, overriding only the classes of interest (call `walk_children` to go on)."""

    nodes = NODES

    def walk_children(self, node: object, *args: Any) -> None:
        for child in children(node):
            self.visit(child, *args)

    visit_Num = visit_Str = visit_Name = visit_Attr = visit_Call = visit_BinOp = walk_children
    visit_Not = visit_Neg = visit_ListExpr = visit_ListComp = visit_Lit = walk_children
    visit_Do = visit_If = visit_ForEach = visit_RepeatUntil = visit_Let = visit_Step = walk_children
    visit_Event = walk_children


class NodeTransformer(NodeVisitor):
    """Rebuilds the (immutable) tree: each `visit` returns the node to put in its place.
    By default a node is rebuilt with `dataclasses.replace` from its transformed fields,
    and kept as it is when nothing below it changed; override `visit_<ClassName>` to
    return a new node (e.g. a name with what it resolved to)."""

    nodes = NODES

    def transform_children(self, node: Any, *args: Any) -> Any:
        changes = {}
        for f in fields(node):
            old = getattr(node, f.name)
            new = self._field(old, args)
            if new is not old:
                changes[f.name] = new
        return replace(node, **changes) if changes else node

    def _field(self, value: Any, args: tuple[object, ...]) -> Any:
        if type(value) in _NODE_SET:
            return self.visit(value, *args)
        if type(value) is tuple:  # children, (keyword, value) pairs, (condition, body) pairs
            items = tuple(self._field(v, args) for v in value)
            return value if all(a is b for a, b in zip(items, value)) else items
        return value

    visit_Num = visit_Str = visit_Name = visit_Attr = visit_Call = visit_BinOp = transform_children
    visit_Not = visit_Neg = visit_ListExpr = visit_ListComp = visit_Lit = transform_children
    visit_Do = visit_If = visit_ForEach = visit_RepeatUntil = visit_Let = visit_Step = transform_children
    visit_Event = transform_children


_NODE_SET = frozenset(NODES)


def walk(nodes: object) -> Iterator[object]:
    """Every node below (and including) `nodes`, depth first."""
    stack = list(nodes) if isinstance(nodes, (list, tuple)) else [nodes]
    stack.reverse()
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))


def calls(nodes: object) -> Iterator[Call]:
    """Every call below `nodes`, in source order."""
    return (n for n in walk(nodes) if type(n) is Call)


# ---------------------------------------------------------------- printing
class SourcePrinter(NodeVisitor):
    """An expression printed back as bpscript (for docs, messages and JSON)."""

    nodes = EXPRESSIONS

    def visit_Num(self, n: Num) -> str:
        return str(n.value)

    def visit_Str(self, n: Str) -> str:
        return '"' + n.value.replace("\\", "\\\\").replace('"', '\\"') + '"'

    def visit_Name(self, n: Name) -> str:
        return n.id

    def visit_Attr(self, n: Attr) -> str:
        return f"{self.visit(n.obj)}.{n.name}"

    def visit_Call(self, n: Call) -> str:
        parts = [self.visit(a) for a in n.args] + [f"{k}={self.visit(v)}" for k, v in n.kwargs]
        return f"{n.func}({', '.join(parts)})"

    def visit_BinOp(self, n: BinOp) -> str:
        return f"({self.visit(n.left)} {n.op} {self.visit(n.right)})"

    def visit_Not(self, n: Not) -> str:
        return f"not {self.visit(n.operand)}"

    def visit_Neg(self, n: Neg) -> str:
        return f"-{self.visit(n.operand)}"

    def visit_ListExpr(self, n: ListExpr) -> str:
        return "[" + ", ".join(self.visit(i) for i in n.items) + "]"

    def visit_ListComp(self, n: ListComp) -> str:
        cond = f" if {self.visit(n.cond)}" if n.cond is not None else ""
        return f"[{self.visit(n.item)} for {n.var} in {self.visit(n.iterable)}{cond}]"

    def visit_Lit(self, n: Lit) -> str:
        return '"' + n.text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class JsonExporter(NodeVisitor):
    """A statement as JSON, its expressions as bpscript source text."""

    nodes = STATEMENTS

    def block(self, stmts: tuple[Stmt, ...]) -> list[dict[str, object]]:
        return [self.visit(s) for s in stmts]

    def visit_Do(self, st: Do) -> dict[str, object]:
        return {"do": to_source(st.call)}

    def visit_If(self, st: If) -> dict[str, object]:
        out: dict[str, object] = {"if": to_source(st.cond), "then": self.block(st.then)}
        if st.elifs:
            out["elif"] = [{"if": to_source(c), "then": self.block(b)} for c, b in st.elifs]
        if st.orelse:
            out["else"] = self.block(st.orelse)
        return out

    def visit_ForEach(self, st: ForEach) -> dict[str, object]:
        return {"for": st.var, "in": to_source(st.iterable), "do": self.block(st.body)}

    def visit_RepeatUntil(self, st: RepeatUntil) -> dict[str, object]:
        return {"repeat": self.block(st.body), "until": to_source(st.cond)}

    def visit_Let(self, st: Let) -> dict[str, object]:
        return {"let": st.name, "be": to_source(st.value)}

    def visit_Step(self, st: Step) -> dict[str, object]:
        return {"step": st.number, "do": self.block(st.body)}


_PRINTER = SourcePrinter()
_JSON = JsonExporter()


def to_source(node: object) -> str:
    """Print an expression back as bpscript (UnknownNode, a TypeError, for anything else)."""
    text: str = _PRINTER.visit(node)
    return text


def stmt_to_json(stmt: Stmt) -> dict[str, object]:
    """A JSON form of a statement (expressions as bpscript source text)."""
    data: dict[str, object] = _JSON.visit(stmt)
    return data
