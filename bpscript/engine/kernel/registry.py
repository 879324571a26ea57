"""The table of the engine's verbs and queries, and the helpers they share.

`VERBS` maps each name of the verb library (`bpscript/verbs.py`) that the engine
implements to a function `(ctx, *args, **kwargs)` with the library's parameter names (`as`
is spelled `as_`; a test checks they agree). Generated code binds these functions once per
module (`bpscript.engine.kernel.base.verb`). `EVENTS` are the events the core flow emits and the
trigger check matches.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from ...model.cards import Card
from ...model.conditions import CardCondition
from ...model.values import ScriptRef
from .state import GameState, Unit

#: the verbs and queries by name
VERBS: dict[str, Callable[..., Any]] = {}  # Any: each its library parameters and result (generated code calls it)
F = TypeVar("F", bound=Callable[..., Any])  # Any: a verb of any signature

#: the events the core flow and the scripts (`signal`) emit, which the trigger check matches
EVENTS = frozenset({"resolved", "requested", "added_to_stage", "moved", "discarded", "unblocked"})
#: the events about a script (the event's second item is its id)
SCRIPT_EVENTS = frozenset({"resolved", "requested", "added_to_stage"})


def names_script(args: tuple[object, ...], action: str) -> bool:
    """Whether a triggered action's event arguments accept an event about the script
    `action`: none given (any script), or that script."""
    if not args:
        return True
    named = args[0]
    return isinstance(named, ScriptRef) and named.id == action


class NotExecutable(Exception):
    """Raised by a script whose effect is not structured, or uses a verb the engine
    does not implement: the engine reports it, it never skips it silently."""

    def __init__(self, script_id: str, reason: str):
        super().__init__(f"script '{script_id}' is not executable: {reason}")
        self.script_id = script_id
        self.reason = reason

    def __reduce__(self) -> tuple[type[NotExecutable], tuple[object, ...]]:
        # pickled from a worker process with the arguments it was made of
        return (type(self), (self.script_id, self.reason))


class ScriptError(Exception):
    """An error raised inside generated code, reported at its `.bps` place (`file:line:column`)
    and naming its script."""

    def __init__(self, script: str, place: str | None, error: BaseException):
        super().__init__(f"{place or '?'}: in script '{script}': {type(error).__name__}: {error}")
        self.script, self.place, self.error = script, place, error

    def __reduce__(self) -> tuple[type[ScriptError], tuple[str, str | None, BaseException]]:
        # from a worker process: the error as its type and text if it does not pickle
        import pickle
        try:
            pickle.dumps(self.error)
            error = self.error
        except Exception:  # noqa: BLE001 - any error a script raised
            error = RuntimeError(f"{type(self.error).__name__}: {self.error}")
        return (ScriptError, (self.script, self.place, error))


class EndlessLoop(RuntimeError):
    """A `repeat … until` whose condition did not hold within its bound (`LOOP_LIMIT` rounds):
    raised as a `ScriptError` at the loop, never a silent stop."""


def verb(fn: F) -> F:
    """Register an implementation under its name (a trailing `_` is dropped: `sum_` is `sum`)."""
    VERBS[fn.__name__.rstrip("_")] = fn
    return fn


def cards_of(what: object) -> list[Card]:
    """The cards of a card, a unit, or a list of them."""
    if isinstance(what, Card):
        return [what]
    if isinstance(what, Unit):
        return list(what.cards)
    if isinstance(what, (list, tuple)):  # a loop: a card in a list is taken without a call
        cards: list[Card] = []
        for x in what:
            if isinstance(x, Card):
                cards.append(x)
            else:
                cards += cards_of(x)
        return cards
    return []


def units_of(what: object) -> list[Unit]:
    """The units of a unit or a list."""
    if isinstance(what, Unit):
        return [what]
    if isinstance(what, (list, tuple)):
        return [u for u in what if isinstance(u, Unit)]
    return []


def on_field(st: GameState, unit: Unit) -> bool:
    for p in st.players:  # a loop, not any(…): no generator per question
        if unit in p.field:
            return True
    return False


def accepts(cond: CardCondition, card: Card) -> bool:
    """Whether one card meets a card condition: a one-card pattern list (`Joker,A,J,Q,K`,
    `♢2〜10`) tests the card; any other condition the card on its own."""
    patterns = getattr(cond, "patterns", None)
    if patterns is not None and len(patterns) == 1:
        one: bool = patterns[0].accepts(card)
        return one
    return bool(cond.matches((card,)))
