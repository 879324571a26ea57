"""The engine's readers of the attribute table (`bpscript.model.attributes`): one function per
`(type, attribute)` of a unit, a list of units, a player, a request or an event, each
`(ctx, value) -> result`. Cards are read by the table's own readers (`CARD_READERS`,
`value -> result`), which lint evaluation reads cards with too.

Generated code calls the reader of the type the checker found (`_a_unit_state(ctx, u)`);
where the checker could not know the type (`any`: a value of a query typed `any`, a list
literal, a target of several kinds), `read` looks the value's type up and reads through
this same table. A test checks that every key of the table has exactly one reader.
"""

from __future__ import annotations

from typing import Any, Callable

from ...model.attributes import CARD_READERS, number_of, numbers, suit_of, suits, total
from ...model.cards import Card
from ...model.values import CHARGED, DRIVEN, ScriptRef, State
from .request import Ctx, EventFacts, Request
from .state import Unit

#: a reader of the engine's objects: the context (for the state) and the value read
Reader = Callable[[Ctx, Any], Any]  # Any: a value of the type the key names


# ---------------------------------------------------------------- units
def unit_size(ctx: Ctx, unit: Unit) -> int:
    return ctx.size(unit)


def unit_state(ctx: Ctx, unit: Unit) -> State:
    return CHARGED if unit.charged else DRIVEN


def unit_number(ctx: Ctx, unit: Unit) -> int:
    """The number of the unit's card (`cards.number`: several cards have none)."""
    return number_of(unit.cards)


def unit_entered_this_turn(ctx: Ctx, unit: Unit) -> bool:
    return unit.entered_turn == ctx.state.turn


# ---------------------------------------------------------------- players
def player_life(ctx: Ctx, player: int) -> int:
    return len(ctx.state.players[player].life)


def player_hand(ctx: Ctx, player: int) -> int:
    return len(ctx.state.players[player].hand)


# ---------------------------------------------------------------- requests
def request_key_number(ctx: Ctx, request: Request) -> int:
    """The number of the request's key cards (`cards.number`: several cards have none)."""
    return number_of(request.keys)


READERS: dict[tuple[str, str], Reader] = {
    ("unit", "size"): unit_size,
    ("unit", "number"): unit_number,
    ("unit", "numbers"): lambda ctx, u: numbers(u.cards),
    ("unit", "total"): lambda ctx, u: total(u.cards),
    ("unit", "cards"): lambda ctx, u: list(u.cards),
    ("unit", "suit"): lambda ctx, u: suit_of(u.cards),
    ("unit", "suits"): lambda ctx, u: suits(u.cards),
    ("unit", "owner"): lambda ctx, u: u.owner,
    ("unit", "controller"): lambda ctx, u: u.owner,
    ("unit", "state"): unit_state,
    ("unit", "count"): lambda ctx, u: len(u.cards),
    ("unit", "entered_this_turn"): unit_entered_this_turn,
    ("unit", "face_up"): lambda ctx, u: u.face_up,
    ("units", "count"): lambda ctx, units: len(units),
    ("requests", "count"): lambda ctx, requests: len(requests),
    ("player", "life"): player_life,
    ("player", "hand"): player_hand,
    ("request", "key_count"): lambda ctx, r: len(r.keys),
    ("request", "key_number"): request_key_number,
    ("request", "key_total"): lambda ctx, r: total(r.keys),
    ("request", "keys"): lambda ctx, r: list(r.keys),
    ("request", "action"): lambda ctx, r: ScriptRef(r.action),
    ("request", "has_target"): lambda ctx, r: r.target is not None,
    ("request", "has_keys"): lambda ctx, r: bool(r.keys),
    ("request", "controller"): lambda ctx, r: r.controller,
    ("event", "cards"): lambda ctx, e: e.cards,
    ("event", "count"): lambda ctx, e: len(e.cards),
    ("event", "player"): lambda ctx, e: e.player,
    ("event", "request"): lambda ctx, e: e.request,
}


def reader(of: str, name: str) -> Callable[..., Any]:  # Any: as Reader
    """The function generated code reads `name` of a value of type `of` with: a reader of
    cards takes the value alone, any other the context and the value (KeyError for a key
    the table lacks: code generation emits only the table's)."""
    found = CARD_READERS.get((of, name))
    return found if found is not None else READERS[(of, name)]


def type_of(value: Any) -> str | None:  # Any: any value a script computes
    """The table's type of a value the checker could not type (None: none of the table's)."""
    kind = type(value)
    if kind is Unit:
        return "unit"
    if kind is Card:
        return "card"
    if kind is list:
        if all(type(x) is Card for x in value):  # an empty list too: no card to read is 0 cards
            return "cards"
        if all(type(x) is Request for x in value):
            return "requests"
        return "units"  # units, or other values: a list the table reads only the count of
    if kind is Request:
        return "request"
    if kind is EventFacts:
        return "event"
    if kind is int:
        return "player"
    return None


def read(ctx: Ctx, value: Any, name: str) -> Any:  # Any: as type_of; the value read is of the table's result type
    """`value.name` of a value whose type the checker did not know, by the same table: the
    value's type is looked up, then its reader. An absent value (None) reads as absent."""
    if value is None:
        return None
    of = type_of(value) or ""  # "": none of the table's types
    card = CARD_READERS.get((of, name))
    if card is not None:
        return card(value)
    found = READERS.get((of, name))
    if found is not None:
        return found(ctx, value)
    raise AttributeError(f"no attribute '{name}' on {type(value).__name__}")
