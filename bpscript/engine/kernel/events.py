"""The events the trigger check reads (9.4.1): one slotted record per shape, read by name.

Every change the rules trigger on is recorded as one of these in `GameState.events` until
the next check (`bpscript.engine.kernel.triggers`). They are made for every move and request, so
they carry slots and no instance dict; `kind` is the event's id as scripts name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Container
from typing import Any, ClassVar, final

from ...model.cards import Card
from .memo import Memo


@final  # no subclass: the trigger check tells events apart by `type(ev) is …`
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


@final  # no subclass: the trigger check tells events apart by `type(ev) is …`
@dataclass(slots=True, eq=False)
class ScriptEvent:
    """A request made, put on the stage or resolved (`kind`): its action and controller.
    Made once for each (`script_event`): the same few recur in every game, and the trigger
    check keys what one may trigger by the event itself (hashed as an object, in C)."""

    kind: str
    action: str
    player: int


#: (kind, action, player) → its one event (`Memo`, the engine's one kind of cache)
_SCRIPT_EVENTS: Memo[tuple[str, str, int], ScriptEvent] = Memo(lambda key: ScriptEvent(*key))


def script_event(kind: str, action: str, player: int) -> ScriptEvent:
    """The event `kind` of `action` requested by `player` (one object for each: never changed)."""
    return _SCRIPT_EVENTS[kind, action, player]


@final  # no subclass: the trigger check tells events apart by `type(ev) is …`
@dataclass(slots=True, eq=False)
class Discarded:
    """A player discarded cards (a cost or an effect)."""

    kind: ClassVar[str] = "discarded"
    player: int
    cards: tuple[Card, ...]


@final  # no subclass: the trigger check tells events apart by `type(ev) is …`
@dataclass(slots=True, eq=False)
class Signal:
    """An event a script signals (`signal(unblocked, unit)`): the unit's controller, or the
    signalling request's when there is no unit."""

    kind: str
    player: int
    unit: Any  # Any: the Unit signalled, or None (the state holds events: this module imports no state)


#: any event of the trigger check
Event = Moved | ScriptEvent | Discarded | Signal


class _Anything:
    """The container that holds everything (the fields of `EVERY`)."""

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        return True


ANYTHING = _Anything()


@dataclass(frozen=True, slots=True)
class Watch:
    """The events a regulation's triggered actions wait for (`TriggerTable.watch`, worked
    out once per rules): an event of another kind, a move between other zones or a script
    event naming another script triggers nothing, so its record is never made (in a ライト
    game about 9 events in 10). Each producer asks its field with `in` before it makes a
    record: `kind in watch.kinds`, `(from, to) in watch.moves`, `(kind, action) in
    watch.scripts`."""

    #: the event kinds some triggered action waits for
    kinds: Container[str]
    #: the (from, to) zones of the `moved` events some action waits for (object: a trigger
    #: table's gate holds them as its keys, `triggers.Gate`)
    moves: Container[object]
    #: the (kind, action) of the script events (requested, added_to_stage, resolved) some
    #: action waits for (object: as `moves`)
    scripts: Container[object]


#: every event recorded: the watch of a state no game has set its own on
EVERY = Watch(ANYTHING, ANYTHING, ANYTHING)
