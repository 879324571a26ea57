"""The generated effect classes of a ruleset, for play.

The CLI loads a ruleset and passes it in; the Python backend compiles it into a package
held in memory (`bpscript.engine.kernel.compiled`), and `Rules` takes a regulation's classes from
it by script id: the one way from a ruleset into the engine.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar, cast

from ...model import ruleset as m
from ...model.cards import Card, card_key
from ...model.conditions import CardCondition, Slots
from ...model.vocabulary import Origin
from .base import ActionEffect, ComponentEffect, Script
from .compiled import compiled
from .coverage import coverage
from .memo import Memo

T = TypeVar("T")


class Rules:
    """The classes of one regulation (format + frame), by script id."""

    def __init__(self, ruleset: m.Ruleset, fmt: str, frame: str):
        #: the ruleset these rules were compiled from (a game of it takes `ruleset`, its view)
        self.base = ruleset
        ruleset = ruleset.view(fmt, frame)  # the overrides scoped to this regulation in place
        self.ruleset = ruleset
        self.format = fmt
        self.frame = frame
        self.package = compiled(ruleset)
        #: script id → its class (its module imported on first use): `load(script_id)`, a
        #: dict's own lookup (asked for every request, resolution and unit's label or size)
        self.load: Callable[[str], type[Script]] = Memo(self.package.load).__getitem__
        #: the same lookup, typed by what the caller knows the script is: an action (a request's,
        #: a trigger's) or a component (a unit's); one dict lookup at run time, not a check
        self.action = cast(Callable[[str], type[ActionEffect]], self.load)
        self.component = cast(Callable[[str], type[ComponentEffect]], self.load)
        #: script id → the one instance of an action's class (generated classes hold no state)
        self.instance: Callable[[str], ActionEffect] = Memo(_instance_of(self.action)).__getitem__
        self._key_sets: dict[tuple[Card, ...], dict[str, list[tuple[Card, ...]]]] = {}
        #: action id → the card condition of its key cards (★ from the hand or a zone)
        self._key_cards: dict[str, CardCondition] = {
            a.id: a.key.condition for a in ruleset.actions()
            if a.key is not None and isinstance(a.key.condition, CardCondition)}
        #: what the engine's modules work out once from these rules (`derived`), kept with
        #: them and freed with them: the trigger table, the legal requests' and costs' tables
        self._derived: dict[type, Any] = {}  # Any: each under the type of what is made (`derived`)
        ids = [s.id for s in ruleset.scripts.values() if fmt in s.formats or frame in s.frames]
        cov = {c.id: c for c in coverage(ruleset, [ruleset.scripts[i] for i in ids])}
        #: the scripts of the regulation the engine runs, and those it cannot, with what they miss
        self.executable: frozenset[str] = frozenset(i for i, c in cov.items() if c.executable)
        self.not_executable: list[tuple[str, tuple[str, ...]]] = [
            (i, tuple(c.missing)) for i, c in cov.items() if not c.executable]
        self.actions = [self.action(i) for i in ids if isinstance(ruleset.scripts[i], m.ActionScript)]
        runnable = [c for c in self.actions if c.id in self.executable]
        self.direct = [c for c in runnable if c.origin == Origin.REQUEST]
        self.triggered = [c for c in runnable if c.origin == Origin.EVENT and c.event is not None]
        #: label id → the roles it gives (the vocabulary's declaration)
        self.label_roles: dict[str, tuple[str, ...]] = {l.id: l.roles for l in ruleset.vocabulary.labels}
        self.by_event: dict[str, list[type[ActionEffect]]] = {}
        for c in self.triggered:
            event, _each = c.event  # type: ignore[misc]  # not None: `triggered` keeps those with an event
            self.by_event.setdefault(event, []).append(c)

    def key_condition(self, script_id: str) -> CardCondition:
        """The card condition of an action's key cards (a KeyError for one without)."""
        return self._key_cards[script_id]

    def derived(self, key: type, make: Callable[..., T], *args: object) -> T:
        """`make(*args)`, made on first use and kept with these rules under `key` (the type
        of what is made): the one place tables worked out per rules are kept."""
        found: T | None = self._derived.get(key)
        if found is None:
            found = self._derived[key] = make(*args)
        return found

    def hand_key_sets(self, hand: tuple[Card, ...]) -> dict[str, list[tuple[Card, ...]]]:
        """The key sets found so far for one hand, by script id: a hand is hashed once per
        decision, not once per action (the same hands recur across decisions)."""
        found = self._key_sets.get(hand)
        if found is None:
            if len(self._key_sets) > 50_000:
                self._key_sets.clear()
            found = self._key_sets[hand] = {}
        return found

    def key_sets(self, script_id: str, hand: tuple[Card, ...],
                 memo: dict[str, list[tuple[Card, ...]]] | None = None) -> list[tuple[Card, ...]]:
        """The distinct sets of key cards of `hand` that meet the script's key condition
        (5.3 step 3), remembered by hand (`memo`: `hand_key_sets(hand)`)."""
        if memo is None:
            memo = self.hand_key_sets(hand)
        found = memo.get(script_id)
        if found is None:
            cond = self._key_cards[script_id]
            if isinstance(cond, Slots) and len(cond.patterns) == 1:  # single cards, distinct already
                found = memo[script_id] = list(cond.candidates(hand))
                return found
            seen: set[tuple[Card, ...]] = set()
            found = []
            for cands in cond.candidates(hand):
                k = tuple(sorted(cands, key=card_key))
                if k not in seen:
                    seen.add(k)
                    found.append(k)
            memo[script_id] = found
        return found


def _instance_of(load: Callable[[str], type[ActionEffect]]) -> Callable[[str], ActionEffect]:
    """Makes the instance of a script's class (bound to `load`, not to the rules: no cycle)."""
    return lambda script_id: load(script_id)()
