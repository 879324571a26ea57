"""The engine's verbs: the statements of the verb library (`bpscript/verbs.py`) that
change the game. Queries are in `bpscript.engine.kernel.queries`; both register in
`bpscript.engine.kernel.registry.VERBS`.

Every move of cards goes through `take` / `put`, which record a `moved` event (from, to,
cards, owner, component) for the trigger check (9.4.1). Values arrive as the generated
code passes them: a zone, state, face, position or duration as its enum member of
`bpscript.model.values` (`Zone.GRAVE`, `State.CHARGED` …), a script as a `ScriptRef`, other
vocabulary words (statuses, roles, rule variants, event kinds) as their ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.cards import Card
from ...model.conditions import CardCondition
from ...model.values import BOTTOM, CHARGED, FACE_UP, Face, Position, ScriptRef, State, Zone
from .events import Discarded, Moved, Signal
from .registry import EVENTS, VERBS, accepts, cards_of, on_field, units_of, verb
from .request import Ctx, Request
from .state import MATCHED_PILES, GameState, RulesError, Unit, owner_of

__all__ = ["VERBS", "EVENTS", "Whence", "take", "put", "unit_to_grave"]


@dataclass(slots=True, eq=False)
class Whence:
    """Where a card taken was: its zone ("stage" for a key card), and the component of the
    unit it left (None when it was in no unit)."""

    zone: str
    component: str | None = None


#: the places most cards are taken from, made once (`take` makes one only for a unit's card)
_STAGE, _LIFE = Whence("stage"), Whence(Zone.LIFE)
_PILES: dict[str, Whence] = {zone: Whence(zone) for zone in Zone}  # a Zone is its id
_FIELD, _HAND = Zone.FIELD, Zone.HAND  # (a member read through its class costs a look-up each time)


def take(st: GameState, cards: list[Card]) -> dict[Card, Whence]:
    """Remove cards from their owner's zones; returns card → where it was (`Whence`).
    A unit losing its last card leaves the field (4.2.4: a unit moves together); a unit
    whose cards change is matched afresh (its designation ends). A card that leaves a
    unit, the fog or the trump zone marks the state `stale` (`GameState.changed`)."""
    where: dict[Card, Whence] = {}
    players = st.players
    staged = st.staged
    for card in cards:
        if staged and card in staged:  # a key card of the resolving request (`GameState.staged`)
            staged.discard(card)
            where[card] = _STAGE
            continue
        p = players[card.copy // 2]  # owner_of
        life = p.life
        if life and life[-1] is card:  # the top of the life (a draw)
            life.pop()
            where[card] = _LIFE
            continue
        found = st.find(card)
        if found is None:
            where[card] = _STAGE  # a key card of a resolving request
            continue
        zone, pile, u = found
        pile.remove(card)
        if u is None:
            where[card] = _PILES.get(zone) or Whence(zone)
            if zone in MATCHED_PILES:
                st.stale = True
        else:
            u.gone.append(card)
            where[card] = Whence(_FIELD, u.component)
            u.designated = None
            if not u.cards:
                p.field.remove(u)
            st.stale = True
    return where


def put(st: GameState, cards: list[Card], zone: str, bottom: bool = False, staged: bool = False) -> None:
    """Put cards into their owner's pile, recording `moved` events (one per place the
    cards came from and owner). `staged`: the cards are in no zone (key cards of a
    resolving request): there is nothing to take."""
    where = dict.fromkeys(cards, _STAGE) if staged else take(st, cards)
    players = st.players
    for card in cards:
        pile = getattr(players[card.copy // 2], zone, None)  # owner_of
        if pile is None:
            raise RulesError(f"the engine has no pile '{zone}'")
        if bottom:
            pile.insert(0, card)
        else:
            pile.append(card)
    events = st.events
    moves = st.watch.moves  # the moves a triggered action waits for: no other is recorded
    if len(cards) == 1:  # most moves (a draw, a discard): one event, no grouping
        card = cards[0]
        came = where[card]
        if (came.zone, zone) in moves:
            events.append(Moved(came.zone, zone, (card,), card.copy // 2, came.component))
    else:
        groups: dict[tuple[str, str | None, int], list[Card]] = {}
        for card in cards:
            came = where[card]
            if (came.zone, zone) in moves:
                groups.setdefault((came.zone, came.component, card.copy // 2), []).append(card)
        for (frm, comp, owner), cs in groups.items():
            events.append(Moved(frm, zone, tuple(cs), owner, comp))
    if zone in MATCHED_PILES:
        st.stale = True
    st.changed()


def unit_to_grave(st: GameState, unit: Unit) -> None:
    """A unit leaves the field as one (4.2.4)."""
    if on_field(st, unit):
        put(st, list(unit.cards), "grave")


def _face_up(face: Face | None) -> bool | None:
    return None if face is None else face is FACE_UP


# ---------------------------------------------------------------- moving things
@verb
def move(ctx: Ctx, what: object, to: Zone, position: Position | None = None, face: Face | None = None) -> None:
    """Cards (or units' cards) to a pile of their owner; a pile keeps its cards as its
    zone shows them, so a `face` that contradicts the zone is an error (life is face down)."""
    cards = cards_of(what)
    if not cards:
        return
    zone = to
    if face is not None:  # the zone's declaration is read only when a face is asked for
        shown = getattr(ctx.state.ruleset.vocabulary.zones.get(zone), "face", None)
        if shown is not None and shown != face.value:
            raise RulesError(f"cards cannot go face {face.value} into {zone}: the zone keeps them face {shown}")
    put(ctx.state, cards, zone, bottom=position is BOTTOM)


@verb
def summon(ctx: Ctx, cards: object, as_: ScriptRef | str | None = None, face: Face | None = None,
           state: State | None = None) -> None:
    """Cards become one unit on the field. As a type (「兵士として」) the unit conditions decide
    its component, again at every change (4.1.3); as a component it stays that component
    until its cards change or it leaves (its placement designates it)."""
    cards = cards_of(cards)
    if not cards:
        return
    st = ctx.state
    where = take(st, cards)
    named = as_.id if isinstance(as_, ScriptRef) else as_  # a component, or a type (a vocabulary word)
    unit = st.put_unit(owner_of(cards[0]), cards, face_up=face is None or face is FACE_UP,
                       charged=state is None or state is CHARGED, designated=st.designation(named))
    frm = where[cards[0]].zone
    if (frm, _FIELD) in st.watch.moves:
        st.events.append(Moved(frm, _FIELD, tuple(cards), unit.owner, unit.component))


@verb
def attach(ctx: Ctx, cards: object, to: Unit) -> None:
    cards = cards_of(cards)
    if not on_field(ctx.state, to):
        return
    take(ctx.state, cards)
    to.cards.extend(cards)
    to.designated = None  # new cards: the unit is matched afresh (4.1.3)
    ctx.state.rematch()


@verb
def place_fog(ctx: Ctx, cards: object, on: object = None, as_: ScriptRef | None = None) -> None:
    """The cards go to their owner's fog as one mark, linked to `on` (the fog component's
    abilities read it through `linked`), as the fog component `as` when given."""
    cards = cards_of(cards)
    if not cards:
        return
    st = ctx.state
    take(st, cards)
    owner = owner_of(cards[0])
    st.players[owner].fog.extend(cards)
    mark = Unit(list(cards), owner, True, True, st.turn, None, link=on if isinstance(on, Unit) else None,
                designated=as_.id if as_ else None)
    st.players[owner].marks.append(mark)
    if not st.stale:  # only the new mark is unmatched (stale: `changed` matches every unit)
        st.match_mark(mark)
    st.changed()


@verb
def return_to_hand(ctx: Ctx, what: object) -> None:
    move(ctx, what, _HAND)


@verb
def set_state(ctx: Ctx, what: object, state: object) -> None:
    """Charge or drive units; abilities that count charged units are read anew (9.4.2)."""
    for u in units_of(what):
        u.charged = state is CHARGED
    ctx.state.version += 1


@verb
def add_size(ctx: Ctx, what: object, amount: int, until: object = None) -> None:
    """Inside an ability the change holds while the ability does (recomputed, 9.4.2);
    otherwise until the end of the turn with `until=end_of_turn`, else for as long as
    the unit stays on the field."""
    for u in units_of(what):
        if ctx.ability:
            u.ability_size += amount
        elif until is not None:
            u.size_bonus += amount
        else:
            u.size_lasting += amount


@verb
def turn(ctx: Ctx, what: object, face: object) -> None:
    """Turn units face up or face down (a bulwark shown in damage judgement), and trumps,
    given as cards of the trump zone or their units (オープン, クローズ, 4.4); a trump closed
    this turn (クローズ's mark) stays face down."""
    st, up = ctx.state, face is FACE_UP
    for x in (what if isinstance(what, (list, tuple)) else [what]):
        u = x if isinstance(x, Unit) else \
            next((t for t in st.players[owner_of(x)].trumps if t.cards[0] == x), None) if isinstance(x, Card) else None
        if u is None or (up and not u.face_up and u.ability_locked):
            continue
        u.face_up = up
    st.rematch()


@verb
def to_bulwark(ctx: Ctx, what: object, state: object = None) -> None:
    """Soldiers become bulwarks, one card each, face down (防壁の置き方): what they had as
    soldiers (sizes, statuses) is gone; they keep the turn they came onto the field."""
    st = ctx.state
    bulwark = _designation(ctx, "to_bulwark")
    for u in units_of(what):
        if not on_field(st, u):
            continue
        p = st.players[u.owner]
        at = p.field.index(u)
        p.field.remove(u)
        for i, card in enumerate(u.cards):
            new = Unit([card], u.owner, False, u.charged if state is None else state is CHARGED,
                       u.entered_turn, designated=bulwark)
            p.field.insert(at + i, new)
    st.rematch()


@verb
def to_soldier(ctx: Ctx, what: object, state: object = None) -> None:
    """Bulwarks become soldiers: face up, matched by their cards afresh (4.1.3); one that
    came this turn counts as a soldier that came this turn."""
    for u in units_of(what):
        if on_field(ctx.state, u):
            u.face_up, u.designated = True, None
            u.size_bonus = u.size_lasting = 0
            u.statuses.clear()
            if state is not None:
                u.charged = state is CHARGED
    ctx.state.rematch()


def _designation(ctx: Ctx, verb_name: str) -> str:
    try:
        return ctx.state.face_down_character()
    except RulesError as e:
        raise RulesError(f"{verb_name}: {e}") from None


@verb
def reorder(ctx: Ctx, units: object) -> None:
    """Put a player's units in the given order, in the places they held."""
    order = units_of(units)
    for p in ctx.state.players:
        slots = [i for i, u in enumerate(p.field) if u in order]
        mine = [u for u in order if u in p.field]
        for i, u in zip(slots, mine):
            p.field[i] = u


# ---------------------------------------------------------------- cards and players
@verb
def draw(ctx: Ctx, player: int, count: int = 1) -> None:
    life = ctx.state.players[player].life
    put(ctx.state, life[len(life) - min(count, len(life)):][::-1], "hand")


@verb
def discard(ctx: Ctx, player: int, count: int = 1, cards: object = None) -> None:
    hand = ctx.state.players[player].hand
    chosen = cards_of(cards) if cards is not None else \
        ctx.chooser.choose(player, list(hand), min(count, len(hand)), "discard")
    if chosen:
        put(ctx.state, chosen, "grave")
        if Discarded.kind in ctx.state.watch.kinds:
            ctx.state.events.append(Discarded(player, tuple(chosen)))


@verb
def damage(ctx: Ctx, player: int, amount: int) -> None:
    """3.8: as many cards as possible from the top of the life to the grave (5.4.2); none
    to a player an ability shields from this effect (要塞)."""
    if player not in getattr(ctx, "shielded", ()):
        ctx.state.damage(player, amount)


@verb
def reveal(ctx: Ctx, cards: object, to: int) -> None:
    ctx.state.log.append(f"reveal {' '.join(map(str, cards_of(cards)))} to P{to}")


@verb
def shuffle(ctx: Ctx, zone: Zone, player: int) -> None:
    ctx.state.rng.shuffle(getattr(ctx.state.players[player], zone))


@verb
def dig_until(ctx: Ctx, player: int, condition: CardCondition) -> None:
    """Move cards from the top of the life to the grave until one meeting the condition
    appears; that one goes to the hand."""
    p = ctx.state.players[player]
    while p.life:
        card = p.life[-1]
        if accepts(condition, card):
            put(ctx.state, [card], "hand")
            return
        put(ctx.state, [card], "grave")


# ---------------------------------------------------------------- statuses, roles, rules, events
@verb
def set_status(ctx: Ctx, units: object, status: str, on: object = None) -> None:
    for u in units_of(units):
        u.statuses[status] = on if isinstance(on, Unit) else None


@verb
def clear_status(ctx: Ctx, status: str, units: object = None) -> None:
    if units is not None:
        for u in units_of(units):
            u.statuses.pop(status, None)
        return
    for p in ctx.state.players:  # every unit on the field (each field looped, not listed first)
        for u in p.field:
            u.statuses.pop(status, None)


@verb
def give_role(ctx: Ctx, units: object, role: str) -> None:
    """A static ability's: the units play the role while it holds (recomputed, 9.4.2)."""
    for u in units_of(units):
        u.ability_roles.add(role)


@verb
def switch_on(ctx: Ctx, rule: str) -> None:
    """A static ability's: the rule variant is on while it holds (recomputed, 9.4.2)."""
    ctx.state.rules_on.add(rule)


@verb
def signal(ctx: Ctx, event: str, unit: object = None) -> None:
    """An event for the trigger check: its kind, the controller of the unit, the unit."""
    who = unit.owner if isinstance(unit, Unit) else ctx.request.controller
    if event in ctx.state.watch.kinds:
        ctx.state.events.append(Signal(event, who, unit))


# ---------------------------------------------------------------- turn structure
@verb
def end_turn(ctx: Ctx) -> None:
    """The turn passes to the opponent; what lasted until the end of the turn ends:
    sizes changed until then, statuses of the battle."""
    st = ctx.state
    for p in st.players:
        for u in p.field:
            u.size_bonus = 0
            u.statuses.clear()
    st.turn_player = 1 - st.turn_player
    st.turn += 1
    st.requested.clear()
    st.version += 1


# ---------------------------------------------------------------- requests
@verb
def nullify(ctx: Ctx, request: object, keys_to_grave: bool = True) -> None:
    """Take a request off the stage without resolving it (無効); its key cards go to its
    owner's grave unless `keys_to_grave` is false (then back to the hand — 停戦 does not
    say where; a decision to confirm)."""
    st = ctx.state
    if isinstance(request, Request) and request in st.stage:
        st.stage.remove(request)
        if request.keys:
            put(st, list(request.keys), "grave" if keys_to_grave else "hand")
