"""What happens in a game, as typed records handed to the game's observers.

`Game.observers` holds callables; the game calls each with one record per event: a
request (with its key cards, key unit and target as they stood), each cost paid, a
pass, a triggered request and what became of it, a resolution and what it changed
(cards moved between piles, units that came, changed or left, requests taken off the
stage, a new turn), and the end of the game. A narrator renders the records; nothing
needs to read text back. Records hold ids (actions, components, zones, costs, statuses)
and the cards themselves: their printed names are the model's, looked up by whoever
renders them. Records see everything (the engine's truth); what a player may be shown
of them (6.1) is the renderer's decision.

What a resolution changed is found by comparing a `Snapshot` taken before it with the
state after it, so no verb has to report itself. Snapshots are taken only when there
is an observer: a game nobody watches pays nothing.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import overload

from ...model.cards import Card
from .request import Request
from .state import PILES, GameState, Unit


@dataclass(frozen=True)
class UnitSeen:
    """A unit as it stood: its owner, its place on the owner's field (1 = first), what it was."""

    owner: int
    position: int
    component: str | None
    cards: tuple[Card, ...]
    face_up: bool
    charged: bool
    statuses: tuple[str, ...] = ()


@dataclass(frozen=True)
class RequestSeen:
    """A request as it stood on the stage."""

    action: str
    controller: int
    keys: tuple[Card, ...]


#: a request's target as a record holds it: a unit or a request as seen, a player, or none
Seen = UnitSeen | RequestSeen | int | None


@dataclass(frozen=True)
class Requested:
    """Player `player` made a request (5.3), its costs already paid."""

    player: int
    action: str
    keys: tuple[Card, ...]
    key_unit: UnitSeen | None
    target: Seen  # UnitSeen, RequestSeen, a player index or None
    at_once: bool


@dataclass(frozen=True)
class CostPaid:
    """One cost letter of a request, paid (5.2): units driven or put in the grave, cards
    discarded, or damage taken (`cards`: the cards it put in the grave)."""

    player: int
    action: str
    letter: str
    units: tuple[UnitSeen, ...] = ()
    cards: tuple[Card, ...] = ()
    damage: int = 0


@dataclass(frozen=True)
class Passed:
    player: int


@dataclass(frozen=True)
class Triggered:
    """A triggered request taken from the buffer (9.4.1): `outcome` is one of
    `AT_ONCE` (it resolves now), `ON_STAGE`, `DISCARDED` (a メイン one, stage not empty)."""

    player: int
    action: str
    outcome: str


AT_ONCE, ON_STAGE, DISCARDED = "at once", "on stage", "discarded"


@dataclass(frozen=True)
class Resolved:
    """A request resolved (5.4); `effect` is False when its target was gone (5.4.1)."""

    player: int
    action: str
    effect: bool
    triggered: bool


@dataclass(frozen=True)
class Moved:
    """Cards of `owner` went from one pile to another (`stage`: key cards of a request)."""

    owner: int
    source: str
    to: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class UnitEntered:
    unit: UnitSeen


@dataclass(frozen=True)
class UnitChanged:
    before: UnitSeen
    after: UnitSeen


@dataclass(frozen=True)
class UnitLeft:
    """A unit left the field; `to` is the zone its cards went to (`grave`: it died)."""

    unit: UnitSeen
    to: str


@dataclass(frozen=True)
class Nullified:
    """A request left the stage without resolving."""

    request: RequestSeen


@dataclass(frozen=True)
class Shuffled:
    """The setup shuffled `player`'s deck (3.9): `cards` as they lie, the last on top
    (drawn first), as every pile is listed. Seen by observers given to `Game(observers=…)`."""

    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TurnBegan:
    turn: int
    player: int


@dataclass(frozen=True)
class GameOver:
    winner: int
    reason: str


#: any record the game makes (`Game.observers` are told each)
Record = (Requested | CostPaid | Passed | Triggered | Resolved | Moved | UnitEntered | UnitChanged | UnitLeft
          | Nullified | Shuffled | TurnBegan | GameOver)


def seen(state: GameState, unit: Unit) -> UnitSeen:
    """`unit` as it stands now (its place counted on its owner's field; 0 when gone)."""
    field = state.players[unit.owner].field
    position = next((i for i, u in enumerate(field, 1) if u is unit), 0)
    return UnitSeen(unit.owner, position, unit.component, tuple(unit.cards), unit.face_up, unit.charged,
                    tuple(sorted(unit.statuses)))


@overload
def seen_target(state: GameState, target: Unit | None) -> UnitSeen | None: ...
@overload
def seen_target(state: GameState, target: Unit | Request | int | None) -> Seen: ...
def seen_target(state: GameState, target: Unit | Request | int | None) -> Seen:
    """A key unit or a target as a record holds it."""
    if isinstance(target, Unit):
        return seen(state, target)
    if isinstance(target, Request):
        return request_seen(target)
    return target


def request_seen(req: Request) -> RequestSeen:
    return RequestSeen(req.action, req.controller, tuple(req.keys))


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card lies in a snapshot: its owner and zone."""

    owner: int
    zone: str


class Snapshot:
    """Where every card and unit is, to tell afterwards what a resolution changed."""

    def __init__(self, state: GameState):
        self.turn = state.turn
        self.where: dict[Card, Place] = {}
        self.units: dict[int, tuple[Unit, UnitSeen]] = {}
        for p in state.players:
            for zone in PILES:
                for c in getattr(p, zone, ()):
                    self.where[c] = Place(p.index, zone)
            for u in p.field:
                self.units[id(u)] = (u, seen(state, u))
                for c in u.cards:
                    self.where[c] = Place(p.index, "field")
        self.stage = list(state.stage)

    def changes(self, state: GameState, resolving: Request | None = None) -> list[Record]:
        """The records of what changed since the snapshot: units that left, changed and
        came (in field order), cards moved between piles, requests taken off the stage,
        a new turn."""
        after = Snapshot(state)
        out: list[Record] = []
        left_cards: set[Card] = set()
        for key, (_u, was) in self.units.items():
            if key not in after.units:
                to = next((after.where[c].zone for c in was.cards if c in after.where), "stage")
                out.append(UnitLeft(was, to))
                left_cards.update(was.cards)
        for key, (_u, now) in after.units.items():
            if key in self.units:
                _unit, was = self.units[key]
                if dataclasses.replace(was, position=0) != dataclasses.replace(now, position=0):
                    out.append(UnitChanged(was, now))
            else:
                out.append(UnitEntered(now))
        groups: dict[tuple[int, str, str], list[Card]] = {}
        for card, place in after.where.items():
            owner, zone = place.owner, place.zone
            came = self.where.get(card)
            source = came.zone if came is not None else "stage"
            if zone == "field" or source == zone or card in left_cards:
                continue
            if source == "stage" and zone == "grave":
                continue  # key cards of a request that resolved or was nullified (5.4.5)
            groups.setdefault((owner, source, zone), []).append(card)
        out.extend(Moved(owner, source, zone, tuple(cards)) for (owner, source, zone), cards in groups.items())
        out.extend(Nullified(request_seen(r)) for r in self.stage
                   if r is not resolving and r not in state.stage)
        if state.turn != self.turn:
            out.append(TurnBegan(state.turn, state.turn_player))
        return out


__all__ = ["UnitSeen", "RequestSeen", "Requested", "CostPaid", "Passed", "Triggered", "Resolved", "Moved",
           "UnitEntered", "UnitChanged", "UnitLeft", "Nullified", "Shuffled", "TurnBegan", "GameOver", "Snapshot",
           "seen", "seen_target", "AT_ONCE", "ON_STAGE", "DISCARDED"]
