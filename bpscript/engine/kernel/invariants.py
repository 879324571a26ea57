"""What the rulebook states as always true of a position, checked against the model.

Each check names its rulebook section and works out what the rules require from the
ruleset (unit conditions, the components' sizes, the abilities' scripts, the disclosure
levels), never from the engine's bookkeeping (`Unit.designated`, the component matcher's
memo, a unit's cached `component`): the engine is not checked against itself. A breach
raises `InvariantViolation` with the section. The checks that need the game's generated
classes (sizes, abilities, views) are `bpscript.engine.kernel.invariants_play`; those of the flow
(who requests, what a request targets and pays, triggered requests) are
`bpscript.engine.kernel.invariants_flow`, which runs them all after every resolution and every
decision of a game played with `check=True`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Protocol, Sequence

from ...model import ruleset as m
from ...model.cards import Card, card_key
from ...model.conditions import CardCondition


# the state is read, never imported (`GameState.check_invariants` calls this module): what
# the checks read of it, as Protocols `bpscript.engine.kernel.state`'s classes meet
class Unit(Protocol):
    """What the checks read of a `state.Unit`."""

    @property
    def cards(self) -> list[Card]: ...
    @property
    def face_up(self) -> bool: ...
    @property
    def component(self) -> str | None: ...
    @property
    def size_bonus(self) -> int: ...
    @property
    def statuses(self) -> Mapping[str, object]: ...


class _Keyed(Protocol):
    """A request, as the checks read it: its key cards."""

    @property
    def keys(self) -> list[Card]: ...


class Player(Protocol):
    """What the checks read of a `state.Player`."""

    @property
    def index(self) -> int: ...
    @property
    def hand(self) -> list[Card]: ...
    @property
    def grave(self) -> list[Card]: ...
    @property
    def fog(self) -> list[Card]: ...
    @property
    def trump(self) -> list[Card]: ...
    @property
    def rare(self) -> list[Card]: ...
    @property
    def pack(self) -> list[Card]: ...
    @property
    def pack_opened(self) -> bool: ...
    @property
    def field(self) -> Sequence[Unit]: ...
    @property
    def trumps(self) -> Sequence[Unit]: ...

    def cards(self) -> list[Card]: ...


class GameState(Protocol):
    """What the checks read of a `state.GameState`."""

    @property
    def ruleset(self) -> m.Ruleset: ...
    @property
    def format(self) -> str: ...
    @property
    def frame(self) -> str: ...
    @property
    def players(self) -> Sequence[Player]: ...
    @property
    def stage(self) -> Sequence[_Keyed]: ...
    @property
    def pending(self) -> Sequence[_Keyed]: ...
    @property
    def decks(self) -> Sequence[Sequence[Card]]: ...

__all__ = ["InvariantViolation", "one_place", "components", "model_component", "model_components", "unit_component", "turn_ended",
           "visible_cards"]


class InvariantViolation(AssertionError):
    """A rule the rulebook states as always true does not hold: `section` names it, `event`
    what happened last (set by the game's checker), `seed` the game's (set by the runner)."""

    def __init__(self, section: str, message: str, event: str = "", seed: int | None = None):
        self.section, self.message, self.event, self.seed = section, message, event, seed
        super().__init__(str(self))

    def __str__(self) -> str:
        game = f"game seed {self.seed}: " if self.seed is not None else ""
        after = f" [after: {self.event}]" if self.event else ""
        return f"{game}{self.section}: {self.message}{after}"

    def __reduce__(self) -> tuple[type[InvariantViolation], tuple[str, str, str, int | None]]:
        # from a worker process, with every field
        return (InvariantViolation, (self.section, self.message, self.event, self.seed))


def one_place(state: GameState, deck: list[Card] | None = None) -> None:
    """3.5, 3.6: each player's cards are exactly their deck (`deck` for both, else each one's
    deck as dealt), each card in exactly one place — a zone, a unit, or the stage as a key
    card of a request staged or being made (`pending`)."""
    staged = [c for r in (*state.stage, *state.pending) for c in r.keys]
    for p in state.players:
        cards = p.cards() + [c for c in staged if owner_of(c) == p.index]
        want = [owned(c, p.index) for c in deck] if deck is not None else list(state.decks[p.index])
        if len(cards) == len(want) and len(set(want)) == len(want) and set(cards) == set(want):
            pass  # each card of the deck once (a deck of distinct cards, as dealt: the common case)
        elif Counter(cards) != Counter(want):
            have, need = Counter(cards), Counter(want)
            extra, missing = have - need, need - have
            raise InvariantViolation("3.6", f"P{p.index}: the cards are not the deck, each in one place "
                                            f"(twice or foreign: {_texts(extra)}; missing: {_texts(missing)})")
        if any(owner_of(c) != p.index for c in p.cards()):
            raise InvariantViolation("3.6", f"P{p.index} holds a card of the other player")
        if any(not u.cards for u in p.field):
            raise InvariantViolation("4.2.4", f"P{p.index} has a unit without cards")


def owner_of(card: Card) -> int:
    """The player whose deck the card belongs to (`Card.copy // 2`, as the state deals it)."""
    return card.copy // 2


def owned(card: Card, player: int) -> Card:
    """The same card in `player`'s deck."""
    return Card(card.number, card.suit, card.copy % 2 + 2 * player)


def _texts(cards: Counter[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards.elements(), key=card_key)) or "none"


def model_components(state: GameState, zone: str, cards: Sequence[Card], face_up: bool) -> tuple[str, ...]:
    """The components whose unit conditions these cards meet in `zone` (4.1.3: 「ゾーンが一致し、
    かつ ユニット条件 を満たしたユニットは、そのスクリプトの コンポーネント として扱います」), in
    script order — read from the ruleset, not from the engine's matcher (the answer depends
    on the cards and the face alone: kept per regulation)."""
    table = _conditions(state)
    # cards are made once each: the owner's copies differ only in owner
    key: tuple[str | bool | Card, ...] = (zone, face_up, *cards)
    found = table.answers.get(key)
    if found is None:
        found = table.answers[key] = tuple(row.component for row in table.rows
                                           if row.zone == zone and row.condition.matches(tuple(cards), face_up=face_up))
    return found


def model_component(state: GameState, zone: str, cards: Sequence[Card], face_up: bool) -> str | None:
    """The first of `model_components` (what a unit put on the field as a type is)."""
    found = model_components(state, zone, cards, face_up)
    return found[0] if found else None


@dataclass(frozen=True, slots=True)
class _Row:
    """A component of the regulation: the zone it lives in, its id and its unit condition."""

    zone: str
    component: str
    condition: CardCondition


@dataclass(slots=True)
class _Table:
    """A regulation's (zone, component, unit condition) in script order, and the answers of
    `model_components` (the ruleset held: its id is never reused)."""

    rows: list[_Row]
    answers: dict[tuple[str | bool | Card, ...], tuple[str, ...]]
    ruleset: m.Ruleset


def _conditions(state: GameState) -> _Table:
    return state.ruleset.derived((_Table, state.format, state.frame), _make_table, state)


def _make_table(state: GameState) -> _Table:
    kinds = state.ruleset.vocabulary.components  # each component kind and the zone it lives in (4.1.2)
    rows: list[_Row] = []
    for s in state.ruleset.components():
        kind = kinds.get(s.kind)
        cond = s.unit_condition.condition if s.unit_condition else None
        if kind is not None and (state.format in s.formats or state.frame in s.frames) \
                and isinstance(cond, CardCondition):
            rows.append(_Row(kind.zone, s.id, cond))
    return _Table(rows, {}, state.ruleset)


def unit_component(state: GameState, u: Unit, zone: str = "field") -> str | None:
    """The component a unit is by the rules: the one it is if its unit conditions accept it
    (a unit placed as a component that another's conditions accept too: 英雄として), else the
    first whose conditions do (4.1.3); and the 3.9.1 preset bulwark — 「ライフの一番上のカード
    を表向きにして「防壁」として場に出す」, the specific passage: one card, face up, the component
    that takes a face-down card (防壁), which it stays while it is on the field."""
    found = model_components(state, zone, u.cards, u.face_up)
    if u.component in found:
        return u.component
    if zone == "field" and u.face_up and len(u.cards) == 1:
        bulwark = model_component(state, "field", u.cards, False)
        if u.component == bulwark:
            return bulwark
    return found[0] if found else None


def components(state: GameState) -> None:
    """4.1.3: every unit on the field and in the trump zone is the component its cards,
    face and zone select, re-evaluated at every change (`unit_component`)."""
    for p in state.players:
        for zone, units in (("field", p.field), ("trump", p.trumps)):
            for u in units:
                expected = unit_component(state, u, zone)
                if u.component != expected:
                    raise InvariantViolation("4.1.3", f"P{p.index}'s unit {' '.join(map(str, u.cards))}"
                                                      f"{'' if u.face_up else ' (face down)'} in the {zone} is "
                                                      f"{u.component}, but its unit conditions select {expected}")


def turn_ended(state: GameState, ended_by: int) -> None:
    """When a turn ends (7.3.1 エンド, 4.3): changes 「このターンが終わるまで」 are gone, no unit
    holds a battle status (アタッカー, ブロッカー), and the player who ended the turn has
    moved their fog to the grave (エンド 2.)."""
    for p in state.players:
        for u in p.field:
            if u.size_bonus:
                raise InvariantViolation("4.3", f"P{p.index}'s {u.component} {' '.join(map(str, u.cards))} keeps "
                                                f"a size change until the end of the turn ({u.size_bonus:+d}) "
                                                "into the next turn")
            if u.statuses:
                raise InvariantViolation("7.3.1", f"P{p.index}'s {u.component} keeps {sorted(u.statuses)} "
                                                  "after the turn ended")
    if state.players[ended_by].fog:
        raise InvariantViolation("7.3.1", f"P{ended_by} ended the turn with cards in the fog (the end action, step 2)")


def visible_cards(state: GameState, p: int) -> Counter[str]:
    """The cards player `p` may see (6.1, 8.3.2), by their printed text: both graves and
    fogs, face-up units and trumps, the stage's key cards; their own hand, units, trumps,
    rare cards and opened pack. Never a life, the opponent's hand, face-down units or
    trumps, rare cards or pack."""
    me, opp = state.players[p], state.players[1 - p]
    seen: list[Card] = [*me.hand, *me.grave, *opp.grave, *me.fog, *opp.fog, *me.trump, *me.rare]
    seen += [c for u in me.field for c in u.cards]
    seen += [c for u in opp.field if u.face_up for c in u.cards]
    seen += [u.cards[0] for u in opp.trumps if u.face_up]
    seen += [c for r in state.stage for c in r.keys]
    if me.pack_opened:
        seen += me.pack
    return Counter(map(str, seen))
