"""The events the trigger check reads (9.4.1): one slotted record per shape, read by name.

Every change the rules trigger on is recorded as one of these in `GameState.events` until
the next check (`bpscript.engine.triggers`). They are made for every move and request, so
they carry slots and no instance dict; `kind` is the event's id as scripts name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import Card


@dataclass(slots=True, eq=False)
class Moved:
    """Cards moved from one zone to another, by their owner (the component they were, when
    they left a unit): one event per (from, component, owner) group of a move."""

    kind: ClassVar[str] = "moved"
    frm: str
    to: str
    cards: tuple[Card, ...]
    owner: int
    component: str | None


@dataclass(slots=True, eq=False)
class ScriptEvent:
    """A request made, put on the stage or resolved (`kind`): its action and controller.
    Made once for each (`script_event`): the same few recur in every game, and the trigger
    check keys what one may trigger by the event itself (hashed as an object, in C)."""

    kind: str
    action: str
    player: int


_SCRIPT_EVENTS: dict[tuple[str, str, int], ScriptEvent] = {}


def script_event(kind: str, action: str, player: int) -> ScriptEvent:
    """The event `kind` of `action` requested by `player` (one object for each: never changed;
    a ライト game makes about 64 script events)."""
    found = _SCRIPT_EVENTS.get((kind, action, player))
    if found is None:
        found = _SCRIPT_EVENTS[kind, action, player] = ScriptEvent(kind, action, player)
    return found


@dataclass(slots=True, eq=False)
class Discarded:
    """A player discarded cards (a cost or an effect)."""

    kind: ClassVar[str] = "discarded"
    player: int
    cards: tuple[Card, ...]


@dataclass(slots=True, eq=False)
class Signal:
    """An event a script signals (`signal(unblocked, unit)`): the unit's controller, or the
    signalling request's when there is no unit."""

    kind: str
    player: int
    unit: Any  # the Unit signalled, or None (the state holds events: this module imports no state)


#: any event of the trigger check
Event = Moved | ScriptEvent | Discarded | Signal


@dataclass(frozen=True, slots=True)
class Watch:
    """The events a regulation's triggered actions wait for (`TriggerTable.watch`, worked
    out once per rules): an event of another kind, a move between other zones or a script
    event naming another script triggers nothing, so its record is never made. In a ライト
    game about 9 events in 10 are of these. A field left None takes every event it covers
    (`EVERY`: a state no game has set its watch on yet)."""

    #: the event kinds some triggered action waits for
    kinds: frozenset[str] | None = None
    #: the (from, to) zones of the `moved` events some action waits for (empty: none)
    moves: frozenset[tuple[str, str]] | None = None
    #: the script event kinds some action waits for whatever script they name
    any_script: frozenset[str] = frozenset()
    #: the (kind, script) of the other script events some action waits for
    scripts: frozenset[tuple[str, str]] = frozenset()

    def wants(self, kind: str) -> bool:
        """Whether an event of `kind` (a `discarded` or signalled one) may trigger."""
        return self.kinds is None or kind in self.kinds

    def wants_script(self, kind: str, action: str) -> bool:
        """Whether the script event `kind` of `action` may trigger."""
        return self.kinds is None or kind in self.any_script or (kind, action) in self.scripts


#: every event recorded
EVERY = Watch()
