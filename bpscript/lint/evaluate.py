"""A small three-valued evaluator of bpscript expressions, for static checks.

Values are ints, bools, strings, `Player` tokens, tuples of cards, `RequestFacts`,
`Symbolic` numbers known only in part (at least 1, so much per card in the hand), or
`UNK` when the value depends on the game. `and`/`or`/`not` follow Kleene's logic, so a
guard is known true, known false, or UNK. The facts a check knows are passed in as
names (`me`, `opponent`, `key`, `it`, …) and as handlers of what queries read
(`Read.IS_TURN_PLAYER`, …, the summaries declared in `bpscript.verbs`); every other
call is UNK. A call is known by its declared summary, never by its name (`Use`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Mapping

from ..model import effects as fx
from ..model.attributes import CARD_READERS, TABLE, SeveralNumbers
from ..model.cards import Card
from ..model.semantics import Arg, Change, Fact, Fixed, Read, Role
from ..verbs import LIBRARY


class _Unknown:
    _inst = None

    def __new__(cls):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst

    def __repr__(self) -> str:
        return "UNK"

    def __bool__(self) -> bool:  # pragma: no cover - guard against accidental truthiness
        raise TypeError("UNK has no truth value; compare with `is UNK`")


UNK = _Unknown()


class Symbolic:
    """A number known only in part. Arithmetic is the subclass's (Python operators, which
    return NotImplemented for what they cannot say: the result is then UNK);
    `compare(op, other)` decides a comparison with another value, or gives UNK."""

    def compare(self, op: str, other: object) -> object:
        return UNK


#: a comparison `a op b` read from the right: `b FLIPPED[op] a`
FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


@dataclass(frozen=True)
class AtLeast(Symbolic):
    """A number known only to be at least `low` (a living player's life is at least 1)."""

    low: int

    def __add__(self, other):
        if isinstance(other, bool) or not isinstance(other, int):
            return NotImplemented
        return AtLeast(self.low + other)

    __radd__ = __add__

    def __sub__(self, other):
        return self + (-other) if isinstance(other, int) and not isinstance(other, bool) else NotImplemented

    def compare(self, op: str, other: object) -> object:
        if isinstance(other, bool) or not isinstance(other, int):
            return UNK
        if op in (">", ">="):
            return True if (other < self.low if op == ">" else other <= self.low) else UNK
        if op in ("<", "<="):
            return False if (other <= self.low if op == "<" else other < self.low) else UNK
        if op == "==":
            return False if other < self.low else UNK
        if op == "!=":
            return True if other < self.low else UNK
        return UNK


@dataclass(frozen=True)
class Player:
    role: str  # "first" | "second" (or "me"/"opponent" when only the relation matters)

    def __repr__(self) -> str:
        return self.role


@dataclass(frozen=True)
class RequestFacts:
    """What a target predicate over a request (`it`) may ask (`bpscript.model.attributes`, type `request`)."""

    action: str
    key_count: int
    key_number: int | None
    key_total: int | None  # None: not known (key cards any hand holds, G4)
    has_target: bool
    controller: Player | None = None

    @property
    def has_keys(self) -> bool:
        return self.key_count > 0


SUIT_NAMES = {"spade": "♠", "heart": "♡", "diamond": "♢", "club": "♣"}


def lint_type(value: object) -> str | None:
    """The attribute table's type of a value of this evaluator: a tuple of cards, a card or
    a request's facts (None: one it cannot read, such as a `Player` token)."""
    if isinstance(value, Card):
        return "card"
    if isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
        return "cards"
    return "request" if isinstance(value, RequestFacts) else None


def read_attribute(value: object, name: str) -> object:
    """`value.name` through the one attribute table (`bpscript.model.attributes`): cards by the
    readers the engine reads them with, so the two agree (`number` of several cards is
    UNK here, an error in the engine: docs/engine.md); a request by its facts."""
    of = lint_type(value)
    if of is None or (of, name) not in TABLE:
        return UNK
    if of == "request":
        v = getattr(value, name, None)
        return UNK if v is None else v
    try:
        v = CARD_READERS[(of, name)](value)
    except SeveralNumbers:
        return UNK
    return tuple(v) if isinstance(v, list) else v


@dataclass(frozen=True)
class Use:
    """A call read through one fact of its verb's summary: which expression of the call
    fills each role (`damage(target, 40)`: DAMAGE, player=target, amount=40)."""

    call: fx.Call
    fact: Fact
    given: Mapping[str, fx.Expr]

    @property
    def kind(self) -> Change | Read:
        return self.fact.kind

    def expr(self, role: Role) -> fx.Expr | None:
        """The argument filling the role, None when the call omits it."""
        src = self.fact.source(role)
        return self.given.get(src.param) if isinstance(src, Arg) else None

    def value(self, role: Role, ev: "Evaluator") -> object:
        """The role's value: the argument evaluated, else the declared default or fixed
        value, else UNK."""
        src = self.fact.source(role)
        if isinstance(src, Fixed):
            return src.value
        if src is None:
            return UNK
        e = self.given.get(src.param)
        if e is None:
            return UNK if src.default is None else src.default
        return ev.eval(e)


def uses(call: fx.Call) -> Iterator[Use]:
    """The call through each fact its verb declares (none for a name not in the library)."""
    spec = LIBRARY.get(call.func)
    if spec is None or not spec.summary:
        return
    given = spec.arguments(call.args, call.kwargs)
    for f in spec.summary:
        yield Use(call, f, given)


def use_of(e: object, *kinds: Change | Read) -> Use | None:
    """`e` as a call with a fact of one of these kinds, else None."""
    if type(e) is not fx.Call:
        return None
    spec = LIBRARY.get(e.func)
    f = next((f for f in spec.summary if f.kind in kinds), None) if spec is not None else None
    return None if f is None else Use(e, f, spec.arguments(e.args, e.kwargs))


def kinds_in(nodes: object) -> set[Change | Read]:
    """The kinds of every fact of every call below `nodes`."""
    out: set[Change | Read] = set()
    for c in fx.calls(nodes):
        spec = LIBRARY.get(c.func)
        if spec is not None:
            out.update(f.kind for f in spec.summary)
    return out


Handler = Callable[[Use, "Evaluator"], object]


class Evaluator(fx.NodeVisitor):
    """Expressions to values (or UNK); queries answered by the handlers given, by what
    they read."""

    nodes = fx.EXPRESSIONS

    def __init__(self, names: dict[str, object] | None = None, queries: dict[Read, Handler] | None = None):
        self.names = dict(names or {})
        self.queries = dict(queries or {})

    def child(self, **names: object) -> "Evaluator":
        ev = Evaluator(self.names, self.queries)
        ev.names.update(names)
        return ev

    # ------------------------------------------------------------------ expressions
    def eval(self, e: fx.Expr | None) -> object:
        """The value of an expression; UNK for an omitted one (None)."""
        return UNK if e is None else self.visit(e)

    def visit_Num(self, e: fx.Num) -> object:
        return e.value

    def visit_Str(self, e: fx.Str) -> object:
        return e.value

    def visit_Name(self, e: fx.Name) -> object:
        if e.id in ("true", "false"):
            return e.id == "true"
        if e.id in SUIT_NAMES:
            return SUIT_NAMES[e.id]
        return self.names.get(e.id, UNK)

    def visit_Attr(self, e: fx.Attr) -> object:
        obj = self.eval(e.obj)
        return UNK if obj is UNK else read_attribute(obj, e.name)

    def visit_Call(self, e: fx.Call) -> object:
        u = use_of(e, *self.queries)
        return UNK if u is None else self.queries[u.kind](u, self)  # type: ignore[index]

    def visit_Not(self, e: fx.Not) -> object:
        v = self.eval(e.operand)
        return UNK if not isinstance(v, bool) else (not v)

    def visit_Neg(self, e: fx.Neg) -> object:
        v = self.eval(e.operand)
        return -v if isinstance(v, int) and not isinstance(v, bool) else UNK

    def visit_ListExpr(self, e: fx.ListExpr) -> object:
        items = tuple(self.eval(i) for i in e.items)
        return UNK if any(i is UNK for i in items) else items

    def visit_ListComp(self, e: fx.ListComp) -> object:
        """A filtered list: known when the list is and the condition is known for each item."""
        items = self.eval(e.iterable)
        if not isinstance(items, tuple):
            return UNK
        out = []
        for x in items:
            inner = self.child(**{e.var: x})
            keep = inner.truth(e.cond) if e.cond is not None else True
            if keep is UNK:
                return UNK
            if keep:
                v = inner.eval(e.item)
                if v is UNK:
                    return UNK
                out.append(v)
        return tuple(out)

    def visit_Lit(self, e: fx.Lit) -> object:
        return e.value

    def truth(self, e) -> bool | _Unknown:
        v = self.eval(e)
        return v if isinstance(v, bool) else UNK

    def visit_BinOp(self, e: fx.BinOp):
        op = e.op
        if op in ("and", "or"):
            left = self.truth(e.left)
            if op == "and" and left is False:
                return False
            if op == "or" and left is True:
                return True
            right = self.truth(e.right)
            if op == "and":
                if right is False:
                    return False
                return True if (left is True and right is True) else UNK
            if right is True:
                return True
            return False if (left is False and right is False) else UNK
        a, b = self.eval(e.left), self.eval(e.right)
        if a is UNK or b is UNK:
            return UNK
        if op in FLIPPED and (isinstance(a, Symbolic) or isinstance(b, Symbolic)):
            return a.compare(op, b) if isinstance(a, Symbolic) else b.compare(FLIPPED[op], a)  # type: ignore[union-attr]
        try:
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return a * b
            if op == "/":
                return a // b if b else UNK
            if op == "%":
                return a % b if b else UNK
            if op == "==":
                return a == b
            if op == "!=":
                return a != b
            if op == "<":
                return a < b
            if op == "<=":
                return a <= b
            if op == ">":
                return a > b
            if op == ">=":
                return a >= b
            if op == "in":
                return a in b
        except TypeError:
            return UNK
        return UNK


def conjuncts(e) -> list:
    """`a and b and c` → [a, b, c]."""
    if isinstance(e, fx.BinOp) and e.op == "and":
        return conjuncts(e.left) + conjuncts(e.right)
    return [e] if e is not None else []
