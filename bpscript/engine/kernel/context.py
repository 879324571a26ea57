"""The context a generated effect runs in: what its context names are, and attributes.

Generated code reads the context names the checker resolved as attributes of the context
(`ctx.target`, `ctx.key`, `ctx.me` …), calls the engine's verbs directly, and reads
attributes with the reader of the type the checker found (`bpscript.engine.kernel.readers`), or
`ctx.attr(x, 'number')` where it found none. Decisions inside an effect go to a `Chooser`
(the in-effect part of the agent protocol, `bpscript.engine.players.agents`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn

from ...model.attributes import CARD_READERS
from ...model.cards import Card, Suit
from ...model.ruleset import SCOPES
from . import abilities, queries, targeting, trumps, verbs  # noqa: F401  (they fill the table of verbs generated code binds)
from ..setup import packs  # noqa: F401  (they fill the table of verbs generated code binds)
from .readers import READERS, read
from .registry import EndlessLoop, NotExecutable, ScriptError
from .request import Chooser, Request
from .state import GameState, RulesError, Unit

from .scripts import ComponentEffect

if TYPE_CHECKING:
    from ...model.ruleset import Ruleset
    from ...model.vocabulary import LabelDef, Table

#: script id → its generated class: an action's or a component's, as the caller knows
ScriptClasses = Callable[[str], Any]  # Any: which class the id names is the caller's knowledge

#: the rounds a `repeat … until` may run: one more is an error (`endless`), not a silent stop
LOOP_LIMIT = 1000
NO_ONE: frozenset[int] = frozenset()  # a context's `shielded` until the flow sets it
#: the context names the engine provides (`bpscript.check.names`): properties below, and the
#: arguments of the generated methods (`unit` of a component, `it` of a target's where)
CONTEXT_NAMES = frozenset({"me", "opponent", "turn_player", "this", "target", "targets", "key", "key_unit",
                           "event", "unit", "it"})
#: the attributes the engine reads (a reader for each of the table's keys: `readers`)
ATTRIBUTES = frozenset(name for _, name in [*CARD_READERS, *READERS])


class EffectContext:
    """What `ctx` is inside generated code, for one resolving request (or one ability)."""

    # made for every resolution, guard and ability, and read by every verb: no instance dict
    __slots__ = ("state", "request", "chooser", "load_class", "ability", "steps", "shielded", "me")

    def __init__(self, state: GameState, request: Request, chooser: Chooser,
                 load_class: ScriptClasses | None = None, ability: bool = False) -> None:
        self.state = state
        self.load_class = load_class  # script id -> generated class (for sizes, labels)
        self.ability = ability  # applying a static ability: sizes go to Unit.ability_size
        self.begin(request, chooser)

    def begin(self, request: Request, chooser: Chooser) -> None:
        """Set the context for `request`, as a new one is: a game resolves every request in
        one context of its own, begun again for each (`Game.resolve`)."""
        self.request = request
        self.chooser = chooser
        #: the numbered steps of the effect reached, in order (a tuple: most contexts reach none)
        self.steps: tuple[int, ...] = ()
        #: players this effect deals no damage to (要塞; set by the flow just before it takes effect)
        self.shielded: frozenset[int] = NO_ONE
        #: the context name `me`: the request's controller (a request's controller never changes;
        #: an attribute, read by most scripts, as the other names are properties)
        self.me: int = request.controller

    # ------------------------------------------------------------ context names (bpscript.check.names)
    @property
    def opponent(self) -> int:
        return 1 - self.request.controller

    @property
    def turn_player(self) -> int:
        return self.state.turn_player

    @property
    def this(self) -> Request:
        return self.request

    @property
    def target(self) -> Any:  # Any: a request, a player or a unit, by the target's kind
        return self.request.target

    @property
    def targets(self) -> list[Any]:  # Any: as target
        return [] if self.request.target is None else [self.request.target]

    @property
    def key(self) -> list[Card]:
        return list(self.request.keys)

    @property
    def key_unit(self) -> Unit | None:
        return self.request.key_unit

    @property
    def event(self) -> Any:  # Any: the facts of the event (EventFacts) or None
        return self.request.event

    def attr(self, obj: Any, name: str) -> Any:  # Any: a value whose type the checker could not know
        """`obj.name` where the checker could not know the type of `obj` (generated code
        reads every other attribute with the reader of its type): the same table, looked
        up by the value's type (`bpscript.engine.kernel.readers.read`)."""
        return read(self, obj, name)

    def unresolved(self, name: str) -> Any:  # Any: never returns a value (raises)
        """A name the checker could not resolve (it reported it; coverage lists the script
        as not executable): reaching it is an error, never a guess."""
        raise NameError(f"'{name}' is not defined (see the check's diagnostics)")

    def unknown_zone(self, zone: str) -> NoReturn:
        """A zone the vocabulary declares and the engine keeps no pile for: an error when
        an effect reaches it, as a move there always was."""
        raise RulesError(f"the engine has no pile '{zone}'")

    def truth(self, value: Any) -> bool:  # Any: any value a script tests
        return bool(value)

    def items(self, value: Any) -> list[Any]:  # Any: any value a script walks
        return list(value) if isinstance(value, (list, tuple)) else [value]

    def loop_guard(self) -> Iterator[int]:
        """The rounds of a `repeat … until`: generated code calls `endless` when they run out."""
        return iter(range(LOOP_LIMIT))

    def endless(self, script: str, place: str) -> NoReturn:
        """A `repeat … until` at `place` of `script` ran `LOOP_LIMIT` rounds and its condition
        never held: a located error naming the script, as any error of generated code is."""
        raise ScriptError(script, place, EndlessLoop(f"repeat … until did not end within {LOOP_LIMIT} rounds"))

    def step(self, number: int) -> None:
        self.steps += (number,)

    # ------------------------------------------------------------ helpers for verbs
    def has_label(self, unit: Unit, label: str) -> bool:
        """Whether the unit has the label (by id), by its component's class."""
        if label in unit.ability_labels:  # granted by an ability (<革命ドロー> …)
            return True
        if unit.component is None or self.load_class is None:
            return False
        return bool(self.load_class(unit.component)().has_label(self, unit, label))

    def has_role(self, unit: Unit, role: str) -> bool:
        """Whether one of the unit's labels gives it the role (the vocabulary declares which)."""
        if unit.component is None or self.load_class is None:
            return False
        cls = self.load_class(unit.component)
        if role in unit.ability_roles:
            return True
        givers = _givers(self.state.ruleset, cls, role)
        if not givers:
            return False
        inst = cls()
        for l in givers:  # a loop, not any(…): asked of every unit an attack or a block looks at
            if inst.has_label(self, unit, l):
                return True
        return False

    def size(self, unit: Unit) -> int:
        """A unit's size: its component's generated `size()`, this turn's changes and
        what abilities add (recomputed when the state changed, 9.4.2)."""
        base = 0
        if unit.component is not None and self.load_class is not None:
            base = self.load_class(unit.component)().size(self, unit) or 0
        if not self.ability and self.state.abilities_at != self.state.version:  # else applied already
            apply_abilities(self.state, self.chooser, self.load_class)
        return base + unit.size_bonus + unit.size_lasting + unit.ability_size


def _givers(ruleset: Ruleset, cls: type[ComponentEffect], role: str) -> tuple[str, ...]:
    """The labels of a component class that give `role`, as the vocabulary's `labels`
    declare, in the class's order (worked out once per class and role, kept with the
    ruleset: roles are asked of every unit an attack or a block looks at)."""
    return ruleset.derived((_givers, cls, role), _labels_giving, ruleset.vocabulary.labels, cls, role)


def _labels_giving(labels: Table[LabelDef], cls: type[ComponentEffect], role: str) -> tuple[str, ...]:
    return tuple(l for l in cls.labels if l in labels and role in labels[l].roles)


def apply_abilities(state: GameState, chooser: Chooser, load_class: ScriptClasses | None,
                    made: dict[Request, EffectContext] | None = None) -> None:
    """Recompute every static ability, scope by scope: all → your → this (9.4.2), from a
    clean state. Holders: units on the field, fog marks of this turn, face-up trumps (4.4).
    When an ability makes a unit count as other suits (treat_as_suits), the pass runs again
    keeping those suits, so the abilities that read suits see them (docs/engine.md).
    Cached by the state's version (any change of units bumps it); with no holder now nor
    at the last application there is nothing to clear. `made`: the request of a component
    and owner (`_ability_context`) → the context its abilities are applied with, kept by a
    caller that always passes the same state, chooser and classes (a game); without it,
    one is made for each application."""
    if load_class is None or state.abilities_at == state.version:
        return
    turn = state.turn
    scoped = state.matcher.scoped  # the components with abilities (as the model declares them)
    holders: list[Unit] = []  # in holder order: each player's field, fog marks, trumps
    for p in state.players:
        for u in p.field:
            if u.component in scoped:
                holders.append(u)
        # 4.3: a fog's effect is lost when the turn ends, whoever owns the card; a mark left
        # in the other player's fog (エンド moves only the turn player's) stays there, inert
        if p.marks:
            for u in p.marks:
                if u.entered_turn == turn and u.component in scoped:
                    holders.append(u)
        if p.trumps:
            for u in p.trumps:
                if u.face_up and u.component in scoped:
                    holders.append(u)
    if not holders and state.abilities_none:  # nothing to give, and nothing given to forget
        state.abilities_at = state.version
        return
    state.abilities_none = False  # until this application is done
    # each holder with its component's scopes, and the one context and instance it is applied with
    contexts = state.ability_contexts
    plan = []
    for u in holders:
        found = contexts.get((u.component, u.owner))
        if found is None:
            found = _ability_context(state, u.component or "", u.owner, load_class)  # a holder has one
        scopes, sid, req, inst = found
        # the context reads the state: kept by the caller (in the state, it would make the
        # state a reference cycle), else made for this application
        ctx = made.get(req) if made is not None else None
        if ctx is None or ctx.chooser is not chooser:  # (a game's seats may be replaced: `explicit`)
            ctx = EffectContext(state, req, chooser, load_class, True)
            if made is not None:
                made[req] = ctx
        plan.append((u, scopes, sid, ctx, inst))
    suits: dict[int, set[Suit]] = {}
    for _pass in range(2):
        given = state.suits_given
        state.rules_on.clear()
        state.waived.clear()
        state.shields.clear()
        for p in state.players:
            for u in p.field:
                if u.holds_abilities():
                    u.clear_abilities()
            if p.trumps:
                for u in p.trumps:
                    if u.holds_abilities():
                        u.clear_abilities()
            if suits:  # the second pass: the suits given in the first are kept
                for units in (p.field, p.trumps):
                    for u in units:
                        u.ability_suits.update(suits.get(id(u), ()))
        for scope in SCOPES:
            for u, scopes, sid, ctx, inst in plan:
                if scope in scopes:
                    try:
                        inst.apply_abilities(ctx, u, scope)
                    except NotImplementedError as e:  # a component the engine cannot run came into play
                        raise NotExecutable(sid, str(e)) from None
        if not holders or _pass or state.suits_given == given:  # nothing gave a unit suits: one pass
            break  # is all (after the second, the suits are not read again)
        suits = {id(u): set(u.ability_suits) for p in state.players for u in p.field if u.ability_suits}
        if not suits:
            break
    state.abilities_at = state.version
    state.abilities_none = not holders


def _ability_context(state: GameState, component: str, owner: int,
                     load_class: ScriptClasses) -> tuple[tuple[str, ...], str, Request, ComponentEffect]:
    """A component's scopes and id, and the request and instance its abilities are applied
    with for `owner`: they depend on the component and owner alone, so they are made once
    per state (abilities are applied again after every change); nothing in them refers to
    the state."""
    cls: type[ComponentEffect] = load_class(component)
    found = state.ability_contexts[(component, owner)] = (cls.scopes, cls.id, Request(cls.id, owner), cls())
    return found
