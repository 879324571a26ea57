"""An effect body run abstractly: the `Delta` it surely brings the first player (G4).

A visitor of the effect's statements. Calls are understood through the summaries the
verbs declare (`bpscript.model.semantics`): DAMAGE, DRAW, DISCARD, PUT_ON_FIELD and MOVE
count; every other change brings nothing certain. A condition that depends on the game
takes the worse branch.

Numbers may depend on the first player's position when the request resolves (an
`Amount`: `hand_count(me) * 5`), and so may the number of runs of a loop (`for c in
cards_in(hand, me)`, over `Cards`): the delta then grows with the position (`Delta.per`).
`repeat … until` runs its body at least once, and until the opponent's death when its
condition cannot hold while the opponent has life and every run deals damage at no cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...model import effects as fx
from ...model.cards import Card
from ...model.semantics import Change, Read, Role
from ..evaluate import UNK, AtLeast, Evaluator, Use, use_of, uses
from .delta import FIRST, SECOND, Amount, Delta


@dataclass(frozen=True)
class Cards:
    """Cards of the first player's position whose number is an `Amount` (their hand)."""

    count: Amount


def counted(value: object, name: str, upper: bool = False) -> Delta:
    """A Delta with `name` set to a number: an int, or an Amount (its base now and so much
    per unit of the position). A gain (`upper` False) is a lower bound: an Amount that
    may shrink with the position counts nothing; a use (`upper`) keeps what may grow."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Delta(**{name: max(value, 0)})
    if isinstance(value, Amount) and (upper or value.growing):
        d = Delta(**{name: max(value.base, 0)})
        d.per = {q: Delta(**{name: k}) for q, k in value.per if k > 0}
        return d
    return Delta()


class EffectInterpreter(fx.NodeVisitor):
    """Abstract execution of an effect body: the `Delta` it surely brings."""

    nodes = fx.STATEMENTS

    def __init__(self, bulwark_ids: set[str]):
        self.bulwark_ids = bulwark_ids  # the characters whose units are bulwarks
        self.changes: dict[Change, Callable[[Use, Evaluator], Delta]] = {
            Change.DAMAGE: self.damage, Change.PUT_ON_FIELD: self.put_on_field, Change.MOVE: self.move,
            Change.DRAW: self.draw, Change.DISCARD: self.discard}

    def run(self, body, ev: Evaluator) -> Delta:
        d = Delta()
        for st in body:
            d.add(self.visit(st, ev))
        return d

    # ------------------------------------------------------------ statements
    def visit_Do(self, st: fx.Do, ev: Evaluator) -> Delta:
        return self.call(st.call, ev)

    def visit_Step(self, st: fx.Step, ev: Evaluator) -> Delta:
        return self.run(st.body, ev)

    def visit_Let(self, st: fx.Let, ev: Evaluator) -> Delta:
        ev.names[st.name] = ev.eval(st.value)
        ev.names["@" + st.name] = st.value  # the expression, for what `move(name, …)` takes
        return Delta()

    def visit_If(self, st: fx.If, ev: Evaluator) -> Delta:
        return self._if([(st.cond, st.then)] + list(st.elifs), st.orelse, ev)

    def visit_ForEach(self, st: fx.ForEach, ev: Evaluator) -> Delta:
        items = ev.eval(st.iterable)
        d = Delta()
        if isinstance(items, tuple) and len(items) <= 60:
            for it in items:
                d.add(self.run(st.body, ev.child(**{st.var: it})))
        elif isinstance(items, Cards):  # once per card of the position: grows with it
            d = self.run(st.body, ev.child(**{st.var: UNK})).repeated(items.count)
        return d

    def visit_RepeatUntil(self, st: fx.RepeatUntil, ev: Evaluator) -> Delta:
        once = self.run(st.body, ev.child())
        free = not (once.self_damage or once.hand_use or once.units_use or once.units_all or once.per)
        if once.damage > 0 and free and self._holds_only_when_opponent_is_dead(st.cond, ev):
            once.lethal = True  # it runs until the opponent has no life left
        return once

    @staticmethod
    def _holds_only_when_opponent_is_dead(cond: fx.Expr, ev: Evaluator) -> bool:
        """The condition is false whenever the opponent has life, whatever else the runs
        change: it reads nothing of the game but the opponent's life (at least 1)."""
        def life(u: Use, e: Evaluator):
            return AtLeast(1) if u.value(Role.PLAYER, e) is SECOND else UNK

        return Evaluator(ev.names, {Read.LIFE: life}).truth(cond) is False

    def _if(self, branches, orelse, ev: Evaluator) -> Delta:
        if not branches:
            return self.run(orelse, ev.child())
        (cond, body), rest = branches[0], branches[1:]
        t = ev.truth(cond)
        if t is True:
            return self.run(body, ev.child())
        if t is False:
            return self._if(rest, orelse, ev)
        return self.run(body, ev.child()).worse(self._if(rest, orelse, ev))

    # ------------------------------------------------------------ calls, by what they change
    def call(self, c: fx.Call, ev: Evaluator) -> Delta:
        d = Delta()
        for u in uses(c):
            handler = self.changes.get(u.kind)  # type: ignore[arg-type]
            if handler is not None:
                d.add(handler(u, ev))
        return d

    def damage(self, u: Use, ev: Evaluator) -> Delta:
        who, amount = u.value(Role.PLAYER, ev), u.expr(Role.AMOUNT)
        if who is SECOND and _is_opp_life(amount, ev):
            return Delta(lethal=True)
        amt = ev.eval(amount)
        if who is SECOND:
            return counted(amt, "damage")
        if who is FIRST:
            return counted(amt, "self_damage", upper=True)
        return Delta()

    def put_on_field(self, u: Use, ev: Evaluator) -> Delta:
        d = Delta()
        as_ = u.expr(Role.AS)
        n, from_hand = self._count_cards(u.expr(Role.CARDS), ev)
        d.hand_use = n if from_hand else 0
        if isinstance(as_, fx.Name) and as_.id in self.bulwark_ids:
            state = u.expr(Role.STATE)
            d.bulwarks = 0 if isinstance(state, fx.Name) and state.id == "driven" else n
        elif n:
            d.units_gain = 1  # the cards form one unit
        return d

    def move(self, u: Use, ev: Evaluator) -> Delta:
        d = Delta()
        taken = self._own_units(u.expr(Role.WHAT), ev)
        if taken == "all":
            d.units_all = True
        elif taken:
            d.units_use = taken  # type: ignore[assignment]
        return d

    def draw(self, u: Use, ev: Evaluator) -> Delta:
        who, n = u.value(Role.PLAYER, ev), u.value(Role.COUNT, ev)
        return counted(n, "hand_gain") if who is FIRST else Delta()

    def discard(self, u: Use, ev: Evaluator) -> Delta:
        if u.fact.source(Role.COUNT) is None:
            return Delta()  # down to a hand size: depends on the hand, which is not counted
        who, n = u.value(Role.PLAYER, ev), u.value(Role.COUNT, ev)
        if who is not FIRST:
            return Delta()
        d = counted(n, "hand_use", upper=True)
        return d if (isinstance(n, (int, Amount)) and not isinstance(n, bool)) else Delta(hand_use=99)

    @staticmethod
    def _own_units(e, ev: Evaluator) -> int | str:
        """How many of the first player's own characters an argument takes ('all', or 0)."""
        for _ in range(8):  # `let chosen = choose_units(…)` … `move(chosen, …)`
            if not (isinstance(e, fx.Name) and isinstance(ev.names.get("@" + e.id), (fx.Call, fx.Name))):
                break
            e = ev.names["@" + e.id]

        def own_set(x) -> bool:
            units = use_of(x, Read.UNITS)
            if units is None:
                return False
            who = units.expr(Role.PLAYER)
            return who is None or ev.eval(who) is FIRST

        chosen = use_of(e, Read.CHOOSE_UNITS)
        if chosen is not None and chosen.value(Role.PLAYER, ev) is FIRST:
            if own_set(chosen.expr(Role.AMONG)):
                n = chosen.value(Role.COUNT, ev)
                return n if isinstance(n, int) and n > 0 else 1
            return 0
        return "all" if own_set(e) else 0

    @staticmethod
    def _count_cards(e, ev: Evaluator) -> tuple[int, bool]:
        """How many cards an argument names, and whether they come from the hand."""
        chosen = use_of(e, Read.CHOOSE_CARDS)
        if chosen is not None:
            n = chosen.value(Role.COUNT, ev)
            src = use_of(chosen.expr(Role.AMONG), Read.ZONE_CARDS)
            zone = src.expr(Role.ZONE) if src is not None else None
            from_hand = isinstance(zone, fx.Name) and zone.id == "hand"
            return (n if isinstance(n, int) else 0), from_hand
        v = ev.eval(e)
        if isinstance(v, tuple):
            return len(v), False
        if isinstance(v, Card):
            return 1, False
        return 0, False


def _is_opp_life(e, ev: Evaluator) -> bool:
    """Whether `e` is the second player's life (`life(opponent)`, `opponent.life`)."""
    life = use_of(e, Read.LIFE)
    if life is not None:
        who = life.expr(Role.PLAYER)
        return who is not None and ev.eval(who) is SECOND
    if isinstance(e, fx.Attr) and e.name == "life":
        return ev.eval(e.obj) is SECOND
    return False
