"""The trump zone (4.4): trumps placed face down (裏切札), turned face up (表切札, オープン) and
face down again (クローズ), placed from the grave (再生), and the trump cards that join a
unit (リアニメーター召喚 …).

A player's trump zone is the pile `Player.trump`; each of its cards is a unit of
`Player.trumps` that holds its face and is matched to a trump component by its card and
face (4.1.3: a face-down card is 裏切札), kept by `GameState.rematch`. A face-up trump's
abilities hold while it is face up (4.4: 一度表になった切札は、裏返すか破壊されるまで能力が持続).
"""

from __future__ import annotations

from ...model.cards import Card
from ...model.conditions import CardCondition
from ...model.values import CHARGED, END_OF_TURN, FACE_UP, Duration, Face, ScriptRef, State, Zone
from .events import Moved
from .registry import accepts, cards_of, verb
from .request import Ctx
from .state import PILES, GameState, RulesError, Unit, owner_of
from .verbs import put, take

__all__ = ["trump_unit", "face_up_trumps", "place"]


def trump_unit(st: GameState, card: Card) -> Unit | None:
    """The unit of the trump zone that holds `card`, if the card is a trump."""
    return next((u for u in st.players[owner_of(card)].trumps if u.cards[0] == card), None)


def face_up_trumps(st: GameState, player: int) -> list[Unit]:
    """The player's face-up trumps (表切札), in the order placed."""
    return [u for u in st.players[player].trumps if u.face_up]


def place(st: GameState, cards: list[Card], face_up: bool) -> None:
    """Put cards in their owner's trump zone with the given face (a `moved` event each)."""
    put(st, cards, "trump")
    for c in cards:
        u = trump_unit(st, c)
        if u is not None:
            u.face_up = face_up
    st.rematch()


# ---------------------------------------------------------------- verbs
@verb
def place_trump(ctx: Ctx, cards: object, face: Face) -> None:
    """Cards go to their owner's trump zone, face up (表切札として置く) or face down."""
    cards = cards_of(cards)
    if cards:
        place(ctx.state, cards, face is FACE_UP)


@verb
def summon_with_trump(ctx: Ctx, cards: object, trump: ScriptRef, as_: ScriptRef, state: State | None = None) -> None:
    """The cards and the player's trump card of `trump` (face up: the scripts check it
    first) become one unit of the character `as` on the field."""
    st = ctx.state
    own = trump_card(ctx, ctx.me, trump)
    cards = cards_of(cards) + own[:1]
    if len(cards) < 2 or not own:
        return
    where = take(st, cards)
    unit = st.put_unit(ctx.me, cards, face_up=True, charged=state is None or state is CHARGED,
                       designated=as_.id)
    moves = st.watch.moves
    for frm in sorted({where[c].zone for c in cards}):
        if (frm, Zone.FIELD) in moves:
            moved = tuple(c for c in cards if where[c].zone == frm)
            st.events.append(Moved(frm, Zone.FIELD, moved, unit.owner, unit.component))
    st.rematch()


# ---------------------------------------------------------------- queries
@verb
def trump_cards(ctx: Ctx, player: int, face: Face) -> list[Card]:
    """The player's face-up (表切札) or face-down (裏切札) trump cards."""
    up = face is FACE_UP
    return [u.cards[0] for u in ctx.state.players[player].trumps if u.face_up == up]


@verb
def trump_card(ctx: Ctx, player: int, trump: ScriptRef) -> list[Card]:
    """The player's card of the trump zone that is `trump` when face up (切札の♠J), face
    up or down."""
    st = ctx.state
    cond = dict(st.components("trump")).get(trump.id)
    if not isinstance(cond, CardCondition):  # none (a trump's unit condition is of its cards)
        return []
    return [c for c in st.players[player].trump if cond.matches((c,), face_up=True)][:1]


@verb
def face_up_trump(ctx: Ctx, player: int, trump: ScriptRef) -> bool:
    """Whether the player has that trump face up (自分の表切札に「X」がある)."""
    return any(u.component == trump.id for u in face_up_trumps(ctx.state, player))


@verb
def find_card(ctx: Ctx, player: int, condition: CardCondition) -> list[Card]:
    """One card meeting the condition, searched in all of the player's zones: the public
    ones first, then the life — a hidden pile looked at is shuffled (魔王召喚, 巨人召喚)."""
    st = ctx.state
    p = st.players[player]
    piles = [z for z in PILES if z != "life"]
    for zone in piles:
        for card in getattr(p, zone):
            if accepts(condition, card):
                return [card]
    for u in p.field:
        for card in u.cards:
            if accepts(condition, card):
                return [card]
    found = [c for c in reversed(p.life) if accepts(condition, c)][:1]
    st.rng.shuffle(p.life)
    return found


@verb
def cannot_turn_face_up(ctx: Ctx, what: object, until: Duration | None = None) -> None:
    """A static ability's (クローズ's mark): the trump cannot be turned face up while it holds;
    a mark acts in the turn it was placed only (4.3), which is the `until=end_of_turn` it says."""
    st = ctx.state
    if until is not None and until is not END_OF_TURN:
        raise RulesError(f"cannot_turn_face_up: the engine keeps a trump face down until the end of the turn, "
                         f"not '{until.value}'")
    for x in (what if isinstance(what, (list, tuple)) else [what]):
        u = x if isinstance(x, Unit) else trump_unit(st, x) if isinstance(x, Card) else None
        if u is not None:
            u.ability_locked = True
