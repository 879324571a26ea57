"""An effect body run abstractly: the `Delta` it surely brings the first player (G4).

A visitor of the effect's statements. Calls are understood through the summaries the
verbs declare (`bpscript.semantics`): DAMAGE, DRAW, DISCARD, PUT_ON_FIELD and MOVE
count; every other change brings nothing certain. A condition that depends on the game
takes the worse branch.
"""

from __future__ import annotations

from typing import Callable

from ... import effects as fx
from ...cards import Card
from ...semantics import Change, Read, Role
from ..evaluate import Evaluator, Use, use_of, uses
from .delta import FIRST, SECOND, Delta


class OpponentLife:
    """`life(opponent)`: a damage of this amount ends the game whatever the life is."""


OPP_LIFE = OpponentLife()


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
        return d

    def visit_RepeatUntil(self, st: fx.RepeatUntil, ev: Evaluator) -> Delta:
        return self.run(st.body, ev.child())

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
        d = Delta()
        who, amount = u.value(Role.PLAYER, ev), u.expr(Role.AMOUNT)
        amt = OPP_LIFE if _is_opp_life(amount, ev) else ev.eval(amount)
        if who is SECOND:
            if amt is OPP_LIFE:
                d.lethal = True
            elif isinstance(amt, int) and not isinstance(amt, bool):
                d.damage = max(amt, 0)
        elif who is FIRST and isinstance(amt, int):
            d.self_damage = max(amt, 0)
        return d

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
        d = Delta()
        who, n = u.value(Role.PLAYER, ev), u.value(Role.COUNT, ev)
        if who is FIRST and isinstance(n, int):
            d.hand_gain = n
        return d

    def discard(self, u: Use, ev: Evaluator) -> Delta:
        d = Delta()
        if u.fact.source(Role.COUNT) is None:
            return d  # down to a hand size: depends on the hand, which is not counted
        who, n = u.value(Role.PLAYER, ev), u.value(Role.COUNT, ev)
        if who is FIRST:
            d.hand_use = n if isinstance(n, int) else 99
        return d

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
