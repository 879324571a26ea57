"""A small three-valued evaluator of bpscript expressions, for static checks.

Values are ints, bools, strings, `Player` tokens, tuples of cards, `RequestFacts`, or
`UNK` when the value depends on the game. `and`/`or`/`not` follow Kleene's logic, so a
guard is known true, known false, or UNK. The facts a check knows are passed in as
names (`me`, `opponent`, `key`, `it`, …) and as query handlers (`is_turn_player`, …);
every other call is UNK.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import effects as fx
from ..cards import Card


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


@dataclass(frozen=True)
class Player:
    role: str  # "first" | "second" (or "me"/"opponent" when only the relation matters)

    def __repr__(self) -> str:
        return self.role


@dataclass(frozen=True)
class RequestFacts:
    """What a target predicate over a request (`it`) may ask (verbs.ATTRIBUTES['request'])."""

    action: str
    key_count: int
    key_number: int | None
    key_total: int
    has_target: bool
    controller: Player | None = None

    @property
    def has_keys(self) -> bool:
        return self.key_count > 0


SUIT_NAMES = {"spade": "♠", "heart": "♡", "diamond": "♢", "club": "♣"}


def card_attr(cards: tuple[Card, ...], name: str):
    if name == "count":
        return len(cards)
    if name == "total":
        return sum(c.number for c in cards)
    if name == "number":
        return cards[0].number if len(cards) == 1 else UNK
    if name == "numbers":
        return tuple(c.number for c in cards)
    if name == "suits":
        return tuple(c.suit.value for c in cards if c.suit is not None)
    if name == "suit":
        return cards[0].suit.value if len(cards) == 1 and cards[0].suit else UNK
    return UNK


Handler = Callable[[fx.Call, "Evaluator"], object]


class Evaluator:
    def __init__(self, names: dict[str, object] | None = None, calls: dict[str, Handler] | None = None):
        self.names = dict(names or {})
        self.calls = dict(calls or {})

    def child(self, **names: object) -> "Evaluator":
        ev = Evaluator(self.names, self.calls)
        ev.names.update(names)
        return ev

    # ------------------------------------------------------------------ expressions
    def eval(self, e) -> object:
        if isinstance(e, fx.Num):
            return e.value
        if isinstance(e, fx.Str):
            return e.value
        if isinstance(e, fx.Name):
            if e.id in ("true", "false"):
                return e.id == "true"
            if e.id in SUIT_NAMES:
                return SUIT_NAMES[e.id]
            return self.names.get(e.id, UNK)
        if isinstance(e, fx.Attr):
            obj = self.eval(e.obj)
            if obj is UNK:
                return UNK
            if isinstance(obj, tuple) and all(isinstance(c, Card) for c in obj):
                return card_attr(obj, e.name)
            if isinstance(obj, Card):
                return card_attr((obj,), e.name)
            if isinstance(obj, RequestFacts):
                v = getattr(obj, e.name, UNK)
                return UNK if v is None else v
            return UNK
        if isinstance(e, fx.Call):
            h = self.calls.get(e.func)
            return h(e, self) if h is not None else UNK
        if isinstance(e, fx.Not):
            v = self.eval(e.operand)
            return UNK if not isinstance(v, bool) else (not v)
        if isinstance(e, fx.Neg):
            v = self.eval(e.operand)
            return -v if isinstance(v, int) and not isinstance(v, bool) else UNK
        if isinstance(e, fx.ListExpr):
            items = tuple(self.eval(i) for i in e.items)
            return UNK if any(i is UNK for i in items) else items
        if isinstance(e, fx.BinOp):
            return self._binop(e)
        return UNK

    def truth(self, e) -> bool | _Unknown:
        v = self.eval(e)
        return v if isinstance(v, bool) else UNK

    def _binop(self, e: fx.BinOp):
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


def arg(call: fx.Call, index: int, name: str):
    """The argument of a call by position or keyword (None when absent)."""
    v = call.kwarg(name)
    if v is not None:
        return v
    return call.args[index] if len(call.args) > index else None


def conjuncts(e) -> list:
    """`a and b and c` → [a, b, c]."""
    if isinstance(e, fx.BinOp) and e.op == "and":
        return conjuncts(e.left) + conjuncts(e.right)
    return [e] if e is not None else []
