"""What legal requests (`bpscript.engine.kernel.legal`) know of one `Rules` before any decision:
per direct action, its window, cost totals, key and target kind (`Plan`); per card, which
patterns of the key conditions it meets; per set of those patterns a hand meets, which
actions may have a way at all (`Tables`). A decision then only reads the state.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import cast

from ...model.cards import Card
from ...model.conditions import CardPattern, Slots
from ...model.vocabulary import Window
from . import targeting
from .base import ActionEffect
from .costs import Costs, Need
from .rules import Rules


#: the target kind of a plan whose action takes no target (`Plan.spec`)
NO_TARGET: targeting.TargetSpec = ("", None, None)


class Plan:
    """What legal requests need of one direct action, worked out once per `Rules`: its
    window, cost totals, whether it has an activation condition, a key and targets."""

    __slots__ = ("cls", "id", "name", "main", "needs", "needs_key", "per_way", "inst", "activates", "key_unit", "key",
                 "key_zone", "patterns", "single", "bits", "bit_list", "targeted", "spec", "where", "any_target",
                 "uniform", "needs_with_keys", "always", "on_stage", "several")

    def __init__(self, cls: type[ActionEffect], rules: Rules, costs: Costs):
        self.cls, self.id, self.name = cls, cls.id, cls.name
        self.main = cls.window == Window.MAIN
        self.needs = costs.totals(cls)
        self.needs_key = frozenset(self.needs.items())
        self.per_way = costs.per_way(self.needs)
        self.inst = rules.instance(cls.id)
        # the base class's can_activate is always True: skip the call
        self.activates = type(self.inst).can_activate is not ActionEffect.can_activate
        self.key_unit = bool(cls.key_is_unit)
        self.key = cls.key is not None and not cls.key_is_unit
        # key cards from a zone other than the hand (★レアカード1枚: the rare zone)
        cond = rules.key_condition(cls.id) if self.key else None
        self.key_zone: str | None = getattr(cond, "zone", None)
        #: a key of one card per pattern from the hand (♡A〜10, ♡A〜K と ♢A〜K): the patterns, a bit
        #: for each in `Tables.masks` (`bits`: all of them), and whether it is a one-card key
        self.patterns = cond.patterns if isinstance(cond, Slots) and self.key_zone is None else ()
        self.single = len(self.patterns) == 1
        self.several = len(self.patterns) > 1  # a key set of distinct cards must be matched
        self.bits = 0
        self.bit_list: list[int] = []  # a bit per pattern, in order
        self.targeted = bool(cls.target_kinds)
        #: its target kind, and what that ranges over (`targeting.where_of`), resolved once
        #: (`NO_TARGET` and nothing, for an action without one: read only when `targeted`)
        self.spec: targeting.TargetSpec = cls.target_kinds[0] if self.targeted else NO_TARGET
        self.where = targeting.where_of(rules.ruleset.vocabulary, self.spec[0]) if self.targeted \
            else targeting.Reach(targeting.NOTHING)
        #: its targets are requests on the stage: none in メイン, whose stage is empty (5.1)
        self.on_stage = self.where.what == targeting.REQUESTS
        # no where-condition: the targets are the candidates, whatever the key cards
        self.any_target = type(self.inst).target_ok is ActionEffect.target_ok
        discards, drive_key = self.per_way
        #: every way has as many key cards, from the hand, and no key unit (no key, or a key of
        #: patterns): whether the costs can be paid is the same for every way
        self.uniform = (not self.key_unit and not drive_key and self.key_zone is None
                        and (not self.key or bool(self.patterns)))
        #: for such a plan, what each payment must reach: the cost, and for a discard the key
        #: cards too (they leave the hand before the cost is paid)
        self.needs_with_keys = tuple((need, n + (len(self.patterns) if (need, n) in discards else 0))
                                 for need, n in self.needs.items())
        #: nothing to check beyond a hand that meets its key's pattern (エンド, サーチ)
        self.always = self.uniform and not self.needs and not self.activates and not self.targeted \
            and len(self.patterns) <= 1


class Tables:
    """What legal requests know of one `Rules`: the plans of its direct actions, and for
    each card, which patterns of key conditions it meets (a bit per pattern of each action:
    a hand is looked at once per decision, not once per action)."""

    def __init__(self, rules: Rules, costs: Costs):
        self.plans = [Plan(c, rules, costs) for c in rules.direct]
        self.any_time = [plan for plan in self.plans if not plan.main]  # the actions outside メイン too
        self.by_id = {plan.id: plan for plan in self.plans}
        self.patterns: list[tuple[int, CardPattern]] = []  # (bit, pattern)
        for plan in self.plans:
            for pattern in plan.patterns:
                bit = 1 << len(self.patterns)
                self.patterns.append((bit, pattern))
                plan.bits |= bit
                plan.bit_list.append(bit)
        self.masks: dict[Card, int] = {}
        self._playable: dict[tuple[bool, int], Playable] = {}
        self._windows: dict[int, tuple[Playable, Playable]] = {}  # bits → `Hand.windows` (both `playable`)

    def mask(self, card: Card) -> int:
        """The bits of the key patterns `card` meets (computed once per card)."""
        found = self.masks.get(card)
        if found is None:
            found = self.masks[card] = sum(bit for bit, pattern in self.patterns if pattern.accepts(card))
        return found

    def hand(self, cards: tuple[Card, ...]) -> "Hand":
        """How legal requests see a hand (`Hand`)."""
        seen = list(map(self.masks.get, cards))
        # a card not seen yet: None in `seen` (a list of ints otherwise: `cast` only names it so)
        masks = list(map(self.mask, cards)) if None in seen else cast(list[int], seen)
        if len(set(cards)) != len(cards):  # a card twice: not in a real game, but each set once
            masks = _first_only(cards, masks)
        bits = reduce(or_, masks, 0)
        windows = self._windows.get(bits)
        if windows is None:
            windows = self._windows[bits] = (self.playable(False, bits), self.playable(True, bits))
        return Hand(cards, masks, bits, windows)

    def playable(self, main: bool, bits: int) -> Playable:
        """The plans of the window (every action in メイン, else those outside it: 5.1) whose
        key patterns are all met by some card of a hand whose cards meet `bits` (an action
        with a pattern no card meets has no way), less those that target a request in メイン,
        and the payments their costs need (a decision asks the costs for them at once),
        worked out once per set of bits."""
        found = self._playable.get((main, bits))
        if found is None:
            plans = tuple(plan for plan in (self.plans if main else self.any_time)
                          if bits & plan.bits == plan.bits and not (main and plan.on_stage))
            needs = tuple(dict.fromkeys(need for plan in plans for need in plan.needs))
            found = self._playable[(main, bits)] = (plans, needs)
        return found


def _first_only(cards: tuple[Card, ...], masks: list[int]) -> list[int]:
    """`masks` with 0 for a card met before in `cards` (each key set once)."""
    return [m if c not in cards[:i] else 0 for i, (c, m) in enumerate(zip(cards, masks))]


#: per window (`Hand.windows[main]`): the plans that may have a way, and the payments they need
Playable = tuple[tuple[Plan, ...], tuple[Need, ...]]


class Hand:
    """A hand as legal requests look at it: per card, the key patterns it meets (0 for a
    card met before in the hand: each key set once); their union (`bits`); and per window
    (`windows[main]`) the plans that may have a way with it and the payments they need.
    A hand is kept while it is unchanged (`Legal.hands`): what depends on it alone, the key
    sets of a plan (`sets`, by action id), whether there is one (`met`) and the rules' key
    sets of the hand (`key_sets`), is worked out once for all its decisions. (Hands kept
    across games by their cards made the games slower: more for the collector to walk.)"""

    __slots__ = ("cards", "masks", "bits", "windows", "sets", "met", "key_sets")

    def __init__(self, cards: tuple[Card, ...], masks: list[int], bits: int,
                 windows: tuple[Playable, Playable]):
        self.cards, self.masks, self.bits, self.windows = cards, masks, bits, windows
        self.sets: dict[str, list[tuple[Card, ...]]] = {}
        self.met: dict[str, bool] = {}  # action id → whether a key set exists (`_Scan.matched`)
        #: `Rules.hand_key_sets` of the hand, once asked (`_Scan.key_sets`)
        self.key_sets: dict[str, list[tuple[Card, ...]]] | None = None


def tables_of(rules: Rules, costs: Costs) -> Tables:
    """The tables of `rules` (made once, kept by the rules: `Rules.derived`; `costs` reads
    the cost letters of the ruleset)."""
    return rules.derived(Tables, Tables, rules, costs)
