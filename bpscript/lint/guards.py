"""What a trigger condition says, for G5: which player's copy its guard lets fire, whether
two guards exclude each other, and whether two events can be one happening.

Guards exclude each other when, for the same player, one holds a literal the other
negates (`P` / `not P`) or they bound the same number to ranges that do not meet
(`hand_count(me) >= 4` / `hand_count(me) <= 3`, `x == 0` / `not x == 0`). Events are
compared argument by argument, by the parameters their declaration gives them.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import inf

from ..model import effects as fx
from ..model import ruleset as m
from ..model.semantics import Read, Role
from ..verbs import LIBRARY
from .evaluate import conjuncts, use_of


def _mentions(e, name: str) -> bool:
    return any(isinstance(n, fx.Name) and n.id == name for n in fx.walk(e))


class _Pin(fx.NodeVisitor):
    """The player one literal of a guard names: 'turn', 'other', 'one' or None."""

    nodes = fx.EXPRESSIONS

    def visit_Not(self, e: fx.Not, neg: bool) -> str | None:
        return self.visit(e.operand, not neg)

    def visit_Call(self, e: fx.Call, neg: bool) -> str | None:
        turn = use_of(e, Read.IS_TURN_PLAYER)
        who = turn.expr(Role.PLAYER) if turn is not None else None
        if isinstance(who, fx.Name) and who.id in ("me", "opponent"):
            mine = (who.id == "me") != neg
            return "turn" if mine else "other"
        return None

    def visit_BinOp(self, e: fx.BinOp, neg: bool) -> str | None:
        if e.op != "==" or neg:
            return None
        for side, other in ((e.left, e.right), (e.right, e.left)):
            if isinstance(side, fx.Name) and side.id == "me" and not _mentions(other, "me"):
                if isinstance(other, fx.Name) and other.id == "turn_player":
                    return "turn"
                return "one"
        return None

    def visit_Num(self, e: fx.Expr, neg: bool) -> None:
        return None

    visit_Str = visit_Name = visit_Attr = visit_Neg = visit_ListExpr = visit_ListComp = visit_Lit = visit_Num


_PIN = _Pin()


def player_pin(when) -> str | None:
    """'turn' / 'other' when the guard holds for the turn player only / the other only;
    'one' when it names one player another way (`x == me`); None when both may fire."""
    for c in conjuncts(when):
        pin = _PIN.visit(c, False)
        if pin is not None:
            return pin
    return None


def source(e) -> str:
    try:
        return fx.to_source(e)
    except TypeError:
        return repr(e)


# ---------------------------------------------------------------- numeric ranges
Ranges = tuple[tuple[float, float], ...]  # a union of integer intervals, ends included
EVERYTHING: Ranges = ((-inf, inf),)
FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _ranges(op: str, c: int) -> Ranges:
    return {"==": ((c, c),), "!=": ((-inf, c - 1), (c + 1, inf)), "<": ((-inf, c - 1),),
            "<=": ((-inf, c),), ">": ((c + 1, inf),), ">=": ((c, inf),)}[op]


def _meet(a: Ranges, b: Ranges) -> Ranges:
    out = []
    for lo1, hi1 in a:
        for lo2, hi2 in b:
            lo, hi = max(lo1, lo2), min(hi1, hi2)
            if lo <= hi:
                out.append((lo, hi))
    return tuple(out)


def _complement(r: Ranges) -> Ranges:
    out, start = [], -inf
    for lo, hi in sorted(r):
        if lo > start:
            out.append((start, lo - 1))
        start = max(start, hi + 1)
    if start != inf:
        out.append((start, inf))
    return tuple(out)


def _constant(e) -> int | None:
    if isinstance(e, fx.Num):
        return e.value
    if isinstance(e, fx.Neg) and isinstance(e.operand, fx.Num):
        return -e.operand.value
    return None


def _bound(e) -> tuple[str, Ranges] | None:
    """`hand_count(me) >= 4` → ('hand_count(me)', [4, ∞)); None when not a number against a constant."""
    if not isinstance(e, fx.BinOp) or e.op not in FLIP:
        return None
    left, right = _constant(e.left), _constant(e.right)
    if right is not None and left is None:
        return source(e.left), _ranges(e.op, right)
    if left is not None and right is None:
        return source(e.right), _ranges(FLIP[e.op], left)
    return None


@dataclass
class GuardFacts:
    """What a guard's conjuncts say: literals by their source (True when asserted, False
    when negated), and the ranges it allows each bounded number."""

    literals: dict[str, bool]
    ranges: dict[str, Ranges]


def guard_facts(when) -> GuardFacts:
    literals: dict[str, bool] = {}
    ranges: dict[str, Ranges] = {}
    for c in conjuncts(when):
        neg = False
        while isinstance(c, fx.Not):
            neg, c = not neg, c.operand
        bound = _bound(c)
        if bound is not None:
            what, r = bound
            ranges[what] = _meet(ranges.get(what, EVERYTHING), _complement(r) if neg else r)
        else:
            literals[source(c)] = not neg
    return GuardFacts(literals, ranges)


def exclusive(a: m.Condition, b: m.Condition) -> bool:
    """Guards that cannot both hold for one resolution: the same player pin, and a literal
    one asserts and the other negates, or a number they bound to ranges that do not meet."""
    pa, pb = player_pin(a.when), player_pin(b.when)
    if pa is None or pa != pb or pa == "one":
        return False
    fa, fb = guard_facts(a.when), guard_facts(b.when)
    if any(k in fb.literals and fb.literals[k] != v for k, v in fa.literals.items()):
        return True
    return any(k in fb.ranges and not _meet(r, fb.ranges[k]) for k, r in fa.ranges.items())


# ---------------------------------------------------------------- events
def event_arguments(ev: fx.Event) -> dict[str, str]:
    """The event's arguments by parameter name (positional ones named by the event's
    declaration), as source text."""
    spec = LIBRARY.get(ev.name)
    if spec is None:
        given = {str(i): a for i, a in enumerate(ev.args)}
        given.update(ev.kwargs)
    else:
        given = dict(spec.arguments(ev.args, ev.kwargs))
    return {k: source(v) for k, v in given.items()}


def events_overlap(a: fx.Event, b: fx.Event) -> bool:
    """Whether one happening can match both events: same event, and no argument that both
    give with different values (the unit that moved, the card condition, the zones, the
    player). An argument only one of them gives narrows it, but leaves an overlap. Two
    different card conditions are taken to tell the events apart."""
    if a.name != b.name:
        return False
    ga, gb = event_arguments(a), event_arguments(b)
    return all(gb[k] == v for k, v in ga.items() if k in gb)
