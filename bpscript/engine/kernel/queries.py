"""The engine's queries: the expressions of the verb library (`bpscript/verbs.py`). They
change nothing in the game, except asking a player to choose (5.3, 9.4)."""

from __future__ import annotations

import builtins
from typing import Any, Iterable, TypeVar

from ...model.cards import Card, Suit
from ...model.conditions import CardCondition
from ...model.values import CHARGED, State, Zone
from .abilities import forced_choices
from .registry import accepts, cards_of, on_field, units_of, verb
from .request import Ctx, Request
from .state import Unit, owner_of

T = TypeVar("T")


# ---------------------------------------------------------------- zones and cards
@verb
def cards_in(ctx: Ctx, zone: Zone, player: int) -> list[Card]:
    return list(getattr(ctx.state.players[player], zone))


@verb
def top_cards(ctx: Ctx, player: int, count: int) -> list[Card]:
    life = ctx.state.players[player].life
    return life[len(life) - min(count, len(life)):][::-1]


@verb
def in_zone(ctx: Ctx, what: object, zone: Zone) -> bool:
    if isinstance(what, Unit):  # a unit moved as one: its cards are where it went (移せた場合)
        if zone == "field" or on_field(ctx.state, what):
            return zone == "field" and on_field(ctx.state, what)
        return bool(what.gone) and in_zone(ctx, list(what.gone), zone)
    if isinstance(what, (list, tuple)) and what and all(isinstance(x, Unit) for x in what):
        return all(in_zone(ctx, x, zone) for x in what)
    cards = cards_of(what)
    return bool(cards) and all(c in getattr(ctx.state.players[owner_of(c)], zone, ()) for c in cards)


@verb
def life(ctx: Ctx, player: int) -> int:
    return len(ctx.state.players[player].life)


@verb
def hand_count(ctx: Ctx, player: int) -> int:
    return len(ctx.state.players[player].hand)


@verb
def key_of(ctx: Ctx, suit: Suit) -> Card | None:
    return next((c for c in ctx.request.keys if c.suit is suit), None)


@verb
def has_number(ctx: Ctx, what: object, number: int) -> bool:
    for c in cards_of(what):  # a loop, not any(…): no generator per question
        if c.number == number:
            return True
    return False


@verb
def has_suit(ctx: Ctx, what: object, suit: Suit | Iterable[Suit] | None) -> bool:
    """A unit's cards, or the suits an ability has it count as (♠兵士としても扱う)."""
    if type(what) is Unit and isinstance(suit, Suit):  # the common shape (装備's target), read as below
        for c in what.cards:
            if c.suit == suit:
                return True
        return suit in what.ability_suits
    return _has_suits(what, {suit} if isinstance(suit, Suit) else set(suit or ()))


def _has_suits(what: Any, suits: set[Any]) -> bool:  # Any: a card, unit, list or player, as generated code passes
    """`has_suit` of any shape: a card of `what`, or what an ability gives its units."""
    return any(c.suit in suits for c in cards_of(what)) or any(suits & u.ability_suits for u in units_of(what))


@verb
def matches(ctx: Ctx, what: object, condition: CardCondition) -> bool:
    """Whether the cards (or a unit's cards) meet the condition: each of them, for a
    one-card pattern list (`♢2〜10`); together, for any other condition."""
    cards = cards_of(what)
    patterns = getattr(condition, "patterns", None)
    if patterns is not None and len(patterns) == 1:
        return bool(cards) and all(patterns[0].accepts(c) for c in cards)
    return bool(cards) and bool(condition.matches(tuple(cards)))


@verb
def matching(ctx: Ctx, cards: object, condition: CardCondition) -> list[Card]:
    return [c for c in cards_of(cards) if accepts(condition, c)]


# ---------------------------------------------------------------- units
@verb
def units(ctx: Ctx, kind: str, player: int | None = None) -> list[Unit]:
    """The units on the field whose component is of the type (soldier) or the component
    kind (character)."""
    st = ctx.state
    if player is not None:
        return st.units_of(player, kind)  # a new list each call, as a cards/units query gives
    return st.units_of(0, kind) + st.units_of(1, kind)


@verb
def is_a(ctx: Ctx, unit: object, kind: str) -> bool:
    if not isinstance(unit, Unit) or unit.component is None:
        return False
    s = ctx.state.ruleset.scripts.get(unit.component)
    return s is not None and (s.type.id == kind or s.kind == kind)


@verb
def has_role(ctx: Ctx, unit: object, role: str) -> bool:
    return isinstance(unit, Unit) and ctx.has_role(unit, role)


@verb
def has_label(ctx: Ctx, unit: object, label: str) -> bool:
    return isinstance(unit, Unit) and ctx.has_label(unit, label)


@verb
def with_status(ctx: Ctx, units: object, status: str, on: object = None) -> list[Unit]:
    if type(units) is not list:
        units = units_of(units)
    found = []
    for u in units:  # a loop: asked of every attack and block
        if type(u) is Unit and status in u.statuses and (on is None or u.statuses[status] is on):
            found.append(u)
    return found


@verb
def has_status(ctx: Ctx, unit: object, status: str) -> bool:
    return isinstance(unit, Unit) and status in unit.statuses


@verb
def with_suit(ctx: Ctx, units: object, suit: Suit) -> list[Unit]:
    return [u for u in units_of(units) if any(c.suit is suit for c in u.cards) or suit in u.ability_suits]


@verb
def in_state(ctx: Ctx, units: object, state: State) -> list[Unit]:
    return [u for u in units_of(units) if u.charged == (state is CHARGED)]


@verb
def size(ctx: Ctx, unit: object) -> int:
    return ctx.size(unit) if isinstance(unit, Unit) else 0


@verb
def total_size(ctx: Ctx, units: object) -> int:
    return builtins.sum(map(ctx.size, units_of(units)))


@verb
def linked(ctx: Ctx, unit: Unit) -> Unit | None:
    return unit.link if isinstance(unit, Unit) else None


# ---------------------------------------------------------------- numbers and lists
@verb
def count(ctx: Ctx, items: object) -> int:
    return len(items) if isinstance(items, (list, tuple)) else int(items is not None)


@verb
def sum_(ctx: Ctx, numbers: Iterable[int]) -> int:
    return builtins.sum(numbers)


@verb
def first(ctx: Ctx, items: object, count: int = 1) -> list[object]:
    if type(items) is list:
        head: list[object] = items[:count]  # a new list
        return head
    return list(items)[:count] if isinstance(items, (list, tuple)) else ([items] if items is not None else [])


@verb
def last(ctx: Ctx, items: object, count: int = 1) -> list[object]:
    got: list[object] = list(items) if isinstance(items, (list, tuple)) else ([items] if items is not None else [])
    return got[len(got) - min(count, len(got)):]


@verb
def stage(ctx: Ctx) -> list[Request]:
    return list(ctx.state.stage)


# ---------------------------------------------------------------- choices
@verb
def choose_cards(ctx: Ctx, player: int, cards: list[Card], count: int | None = None) -> list[Card]:
    return ctx.chooser.choose(player, list(cards), count, "choose cards") if cards else []


@verb
def choose_units(ctx: Ctx, player: int, units: list[Unit], count: int | None = None,
                 optional: bool = False) -> list[Unit]:
    if not units:
        return []
    chosen = ctx.chooser.choose(player, list(units), count, "choose units", at_least=0 if optional else 1)
    if count is None:  # a unit bound to join this attack is named too (巨人, bpscript.engine.kernel.abilities)
        chosen = list(chosen) + [u for u in forced_choices(ctx.state, ctx.request, units) if u not in chosen]
    return chosen


@verb
def choose_option(ctx: Ctx, player: int, options: list[T]) -> T:
    chosen: T = ctx.chooser.choose(player, list(options), 1, "choose one")[0]
    return chosen


@verb
def choose_order(ctx: Ctx, player: int, cards: Iterable[T]) -> list[T]:
    """The player puts the items in an order: chosen one by one, first to last."""
    rest = list(cards)
    out: list[T] = []
    while len(rest) > 1:
        pick = ctx.chooser.choose(player, rest, 1, "choose the next in order")[0]
        rest.remove(pick)
        out.append(pick)
    return out + rest


@verb
def choose_yes(ctx: Ctx, player: int, question: str) -> bool:
    return ctx.chooser.yes(player, question)


# ---------------------------------------------------------------- the turn and the rules
@verb
def once_per_turn(ctx: Ctx) -> bool:
    return (ctx.request.controller, ctx.request.action) not in ctx.state.requested


@verb
def is_turn_player(ctx: Ctx, player: int) -> bool:
    return ctx.state.turn_player == player


@verb
def rule_on(ctx: Ctx, rule: str) -> bool:
    return rule in ctx.state.rules_on
