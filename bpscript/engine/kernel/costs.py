"""Costs (5.2): what a request's cost letters need, whether a player can pay them, and paying.

The ruleset declares each cost letter with what it pays (`vocabulary.CostPayment`): drive
a charged unit of a type (B) or the key unit (C), take damage (L), discard cards (D), put
one of one's units in the grave (S). The engine knows those four payments, never the
letters. Paying is atomic: every choice is made and checked first, and only a cost that
can be paid in full is paid (a request whose cost is not fully paid is never made).
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, NamedTuple, Sequence

from ...model.cards import Card
from ...model.vocabulary import CostDef, Payment, Table
from .abilities import without_waived
from .base import ActionEffect
from .events import Discarded
from .observe import CostPaid, seen
from .rules import Rules
from .request import COST, Prompt
from .state import RulesError, Unit
from .verbs import put, unit_to_grave

class Need(NamedTuple):
    """One kind of payment, a key of the tables of what is needed and what can be paid
    (a named tuple: hashed and compared in C at every legal look)."""

    kind: Payment  # what it does
    what: str | None  # its object: a type or component kind, "key_unit", or None


KEY_UNIT = "key_unit"
#: driving the key unit: the one payment whose object the request itself names
DRIVE_KEY_UNIT = Need(Payment.DRIVE, KEY_UNIT)
#: the payments as module names: an enum member read through its class costs a lookup each
#: time, and legal requests ask what a player can pay at every decision
DRIVE, DAMAGE, DISCARD, SACRIFICE = Payment.DRIVE, Payment.DAMAGE, Payment.DISCARD, Payment.SACRIFICE
#: whether a unit is charged, read in C: the charged units are counted at every legal look
_charged = attrgetter("charged")


class CostError(RulesError):
    """A cost that cannot be paid, or an answer that does not pay it (5.2)."""


class Costs:
    """The cost side of one game: needs per action, what a player can pay, paying."""

    def __init__(self, game: Any):  # Any: a Game (game.py imports this module): its ruleset, rules, state and seats
        self.game = game  # a weak proxy (`Game.__init__`)
        self.state = game.state  # never replaced: read without the proxy
        #: action id → its needs; letter → the cost's id (prompts and errors name it) and the
        #: question its choice asks: the same for every game of the rules (`_tables`)
        self._needs, self._letters = _tables(game.rules, game.ruleset.vocabulary.costs)

    def needs(self, cls: type[ActionEffect], player: int | None = None) -> Sequence[tuple[str, Need, int]]:
        """(letter, need, amount) per cost letter of the action, in printed order; for
        `player`, without the letters an ability waives (魔術士, `bpscript.engine.kernel.abilities`)."""
        if player is not None and self.state.waived:
            return self._kept(cls, without_waived(self.state, player, cls.type, cls.cost))
        found = self._needs.get(cls.id)
        if found is None:
            costs = self.game.ruleset.vocabulary.costs
            made = []
            for letter in cls.cost:
                c = costs.get(letter)
                if c is None or c.pays is None:
                    raise CostError(f"cost letter '{letter}' declares no payment")
                made.append((letter, Need(c.pays.kind, c.pays.what), c.pays.amount))
            self._needs[cls.id] = found = tuple(made)  # shared by the games of the rules: never changed
        return found

    def _kept(self, cls: type[ActionEffect], kept: tuple[str, ...]) -> Sequence[tuple[str, Need, int]]:
        """`needs(cls)` of the letters `kept` (those no ability waives)."""
        if kept == tuple(cls.cost):
            return self.needs(cls)
        return [(letter, need, n) for letter, need, n in self.needs(cls) if letter in kept]

    def decisions(self, cls: type[ActionEffect], player: int) -> int:
        """How many cost decisions paying the action asks of `player` (`pay` asks one per
        letter, except for damage and the key unit's drive, which leave nothing to choose)."""
        return sum(1 for _, need, _n in self.needs(cls, player)
                   if need.kind is not Payment.DAMAGE and need != DRIVE_KEY_UNIT)

    def totals(self, cls: type[ActionEffect], player: int | None = None) -> dict[Need, int]:
        out: dict[Need, int] = {}
        for _letter, need, amount in self.needs(cls, player):
            out[need] = out.get(need, 0) + amount
        return out

    def funds(self, player: int, needs: Sequence[Need]) -> dict[Need, int]:
        """How much of each payment the player could make now, keys aside (asked at most
        legal looks: each payment is told apart by its kind alone, read once)."""
        st = self.state
        me = st.players[player]
        out: dict[Need, int] = {}
        for need in needs:
            kind = need.kind
            if kind is DISCARD:
                out[need] = len(me.hand)
            elif kind is DAMAGE:
                out[need] = len(me.life)
            elif kind is DRIVE:
                if need.what != KEY_UNIT:
                    out[need] = sum(map(_charged, st.units_of(player, need.what)))
            elif kind is SACRIFICE:
                out[need] = len(st.units_of(player, need.what))
        return out

    @staticmethod
    def affordable(needs: dict[Need, int], funds: dict[Need, int], keys: tuple[Card, ...],
                   key_unit_charged: bool | None) -> bool:
        """Whether `funds` pay `needs` when `keys` leave the hand; `key_unit_charged` says
        whether there is a charged key unit to drive (None: not known yet, not checked)."""
        for need, n in needs.items():
            if need == DRIVE_KEY_UNIT:
                if key_unit_charged is False:
                    return False
            elif need.kind is DISCARD:
                if funds[need] - len(keys) < n:
                    return False
            elif funds[need] < n:
                return False
        return True

    @staticmethod
    def per_way(needs: dict[Need, int]) -> tuple[tuple[tuple[Need, int], ...], bool]:
        """What of `needs` depends on the way an action is requested, once `affordable`
        holds without keys: the discards (the key cards leave the hand first: `funds[need]
        - len(keys) >= n` for each), and whether a charged key unit is driven."""
        discards = tuple((need, n) for need, n in needs.items() if need.kind is DISCARD)
        return discards, DRIVE_KEY_UNIT in needs

    # ------------------------------------------------------------ paying
    def pay(self, player: int, cls: type[ActionEffect], keys: tuple[Card, ...], key_unit: Unit | None) -> list[CostPaid]:
        """Choose everything the cost takes, check it, then pay it in printed order (5.2);
        what was paid, letter by letter, when the game has observers (else nothing)."""
        needs = self.needs(cls, player)
        if not needs:  # most actions: nothing to pay
            return []
        st = self.state
        plan: list[tuple[str, Payment, Any]] = []  # Any: what pays (units, cards, a damage amount)
        # what earlier letters chose, not offered again (made when a letter chooses)
        driven: set[int] | None = None
        discarded: set[Card] | None = None
        sacrificed: set[int] | None = None
        letters = self._letters
        for letter, (kind, what), amount in needs:
            cost_id, prompt = letters.get(letter) or self._letter(letter, kind, what)
            if kind is DRIVE:
                if what == KEY_UNIT:  # DRIVE_KEY_UNIT
                    if key_unit is None or not key_unit.charged:
                        raise CostError(f"cost {letter} ({cost_id}): the key unit is not charged (5.2)")
                    plan.append((letter, kind, [key_unit]))
                    continue
                if driven is None:
                    driven = set()
                options = _units_left(st.units_of(player, what), driven, charged=True)
                chosen = self._choose(player, options, amount, prompt, letter, cost_id)
                driven.update(map(id, chosen))
            elif kind is DAMAGE:
                if len(st.players[player].life) < amount:
                    raise CostError(f"cost {letter} ({cost_id}): the life cannot take {amount} damage (5.2)")
                plan.append((letter, kind, amount))
                continue
            elif kind is DISCARD:
                if discarded is None:
                    discarded = set(keys)
                cards = _cards_left(st.players[player].hand, discarded)
                chosen = self._choose(player, cards, amount, prompt, letter, cost_id)
                discarded.update(chosen)
            else:  # SACRIFICE
                if sacrificed is None:
                    sacrificed = set()
                options = _units_left(st.units_of(player, what), sacrificed)
                chosen = self._choose(player, options, amount, prompt, letter, cost_id)
                sacrificed.update(map(id, chosen))
            plan.append((letter, kind, chosen))
        paid = self._paid_all(player, cls.id, plan) if self.game.observers else []
        for _letter, kind, what_ in plan:
            if kind is DRIVE:
                for u in what_:
                    u.charged = False
                st.version += 1  # a unit's state changed: abilities that count charged units read it anew (9.4.2)
            elif kind is DAMAGE:
                moved = st.damage(player, what_)
                if paid:  # the cards the damage put in the grave, public from now on
                    i = next(i for i, r in enumerate(paid) if r.damage and not r.cards)
                    paid[i] = dataclasses.replace(paid[i], cards=tuple(st.players[player].grave[-moved:]) if moved else ())
            elif kind is DISCARD:
                put(st, list(what_), "grave")
                if Discarded.kind in st.watch.kinds:
                    st.events.append(Discarded(player, tuple(what_)))
            else:
                for u in what_:
                    unit_to_grave(st, u)
        return paid

    def _paid_all(self, player: int, action: str, plan: list[tuple[str, Payment, Any]]) -> list[CostPaid]:  # Any: a payment's chosen cards or units, by the cost's kind
        """What each letter of `plan` pays, as observers see it (`_paid`)."""
        return [self._paid(player, action, letter, kind, what) for letter, kind, what in plan]

    def _letter(self, letter: str, kind: Payment, what: str | None) -> tuple[str, Prompt]:
        """A cost letter's id and the question its choice asks (made once per letter)."""
        cost_id = self.game.ruleset.vocabulary.costs[letter].id
        task = f"the {what} to drive" if kind is Payment.DRIVE else "the card to discard" \
            if kind is Payment.DISCARD else f"the {what} to put in the grave"
        found = self._letters[letter] = (cost_id, Prompt(f"cost {letter} ({cost_id}): {task}", COST))
        return found

    def _paid(self, player: int, action: str, letter: str, kind: Payment, what: Any) -> CostPaid:  # Any: as `plan`
        if kind is Payment.DAMAGE:
            return CostPaid(player, action, letter, damage=what)
        if kind is Payment.DISCARD:
            return CostPaid(player, action, letter, cards=tuple(what))
        return CostPaid(player, action, letter, units=tuple(seen(self.state, u) for u in what))

    def _choose(self, player: int, options: list[Any], amount: int, prompt: Prompt, letter: str,  # Any: below
                cost_id: str) -> list[Any]:  # Any: units or cards, as `Chooser.choose`
        if len(options) < amount:
            raise CostError(f"cost {letter} ({cost_id}): {len(options)} to choose from, {amount} needed (5.2)")
        chosen = list(self.game.seats.choose(player, options, amount, prompt))
        if amount == 1 and len(chosen) == 1:  # the common case: one of the options, by identity
            one = chosen[0]
            for o in options:
                if o is one:
                    return chosen
        ids = {id(c) for c in chosen}
        if len(chosen) != amount or len(ids) != amount or not ids <= {id(o) for o in options}:
            raise CostError(f"cost {letter} ({cost_id}): the answer does not pay it "
                            f"({len(chosen)} chosen of {amount} needed, from the options offered) (5.2)")
        return chosen


def _units_left(units: Sequence[Unit], taken: set[int], charged: bool = False) -> list[Unit]:
    """The units an earlier letter has not chosen (`taken`: their ids), only the charged
    ones with `charged`: what a letter may still choose (`Costs.pay`)."""
    return [u for u in units if id(u) not in taken and (not charged or u.charged)]


def _cards_left(cards: Sequence[Card], taken: set[Card]) -> list[Card]:
    """The cards an earlier letter (or the key) has not taken (`Costs.pay`)."""
    return [c for c in cards if c not in taken]


#: action id → its needs, in printed order (`Costs.needs`)
_Needs = dict[str, tuple[tuple[str, Need, int], ...]]
#: cost letter → the cost's id and the question its choice asks (`Costs._letter`)
_Letters = dict[str, tuple[str, Prompt]]


def _tables(rules: Rules, declared: Table[CostDef]) -> tuple[_Needs, _Letters]:
    """The needs and letters `Costs` works out, kept by the rules (`Rules.derived`: the
    cost letters declared, needs by action id, letters' ids and questions): what an action
    needs and what a letter asks depend on the rules' classes and the declared cost
    letters only, and every game of a simulation would work them out again."""
    needs: _Needs
    letters: _Letters
    was, needs, letters = rules.derived(Costs, lambda: (declared, {}, {}))
    if was is declared:
        return needs, letters
    return {}, {}  # rules given with another ruleset: its own
