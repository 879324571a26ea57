"""The one table of attributes (`a.b`): for each type the checker knows, what each of its
attributes gives, and how the values of cards are read.

The checker types `a.b` from it, code generation picks the reader of `(type, name)` from
it, lint evaluation reads cards through the same readers, and the reference lists it
(`docs/reference/verbs.md`). Readers of cards (`card`, `cards`) are pure functions of
`bpscript.model.cards.Card` values and live here; the readers of units, requests, players and
events need the engine's objects, so the engine keeps one dict of readers keyed by the
same `(type, name)` keys (`bpscript.engine.kernel.readers`), which a test checks is complete.
Nothing here imports the engine: the flow is model → checker, backends, lint, engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .cards import Card, Suit


@dataclass(frozen=True)
class Attribute:
    """`owner.name` gives a `result`: `doc` says what, for the reference."""

    owner: str
    name: str
    result: str
    doc: str


def _table(*rows: tuple[str, str, str, str]) -> dict[tuple[str, str], Attribute]:
    return {(o, n): Attribute(o, n, r, d) for o, n, r, d in rows}


#: (type, attribute) → what it gives; a type not here (`any`) is read by the engine's
#: generic reader, which looks the value's type up in this same table
TABLE: dict[tuple[str, str], Attribute] = _table(
    ("card", "number", "number", "the card's number (3.4: A is 1, J Q K are 11 12 13, a Joker 0)"),
    ("card", "suit", "suit", "the card's suit (none for a Joker)"),
    ("card", "owner", "player", "the player whose deck holds the card"),
    ("cards", "number", "number", "the number of the only card; 0 for no card; several cards have none "
                                  "(an error: write `total`, or `key_of(suit).number`)"),
    ("cards", "suit", "suit", "the first card's suit"),
    ("cards", "numbers", "any", "the cards' numbers, in order"),
    ("cards", "total", "number", "the sum of the cards' numbers"),
    ("cards", "count", "number", "how many cards"),
    ("cards", "suits", "any", "the cards' suits, in order"),
    ("cards", "owner", "player", "the first card's owner"),
    ("unit", "size", "number", "the unit's size now (9.4.2: with what abilities and effects add)"),
    ("unit", "number", "number", "the number of the unit's card, as `cards.number` reads its cards"),
    ("unit", "numbers", "any", "the numbers of the unit's cards"),
    ("unit", "total", "number", "the sum of the numbers of the unit's cards"),
    ("unit", "cards", "cards", "the unit's cards"),
    ("unit", "suit", "suit", "the suit of the unit's first card, as `cards.suit` reads its cards"),
    ("unit", "suits", "any", "the suits of the unit's cards"),
    ("unit", "owner", "player", "the unit's owner"),
    ("unit", "controller", "player", "the unit's controller (its owner)"),
    ("unit", "state", "state", "charged or driven"),
    ("unit", "count", "number", "how many cards the unit has"),
    ("unit", "entered_this_turn", "bool", "whether the unit came into play this turn"),
    ("unit", "face_up", "bool", "whether the unit is face up"),
    ("units", "count", "number", "how many units"),
    ("requests", "count", "number", "how many requests"),
    ("player", "life", "number", "how many cards the player's life holds"),
    ("player", "hand", "number", "how many cards the player's hand holds"),
    ("request", "key_count", "number", "how many key cards the request has"),
    ("request", "key_number", "number", "the number of its key cards, as `cards.number` reads them"),
    ("request", "key_total", "number", "the sum of the numbers of its key cards"),
    ("request", "keys", "cards", "its key cards"),
    ("request", "action", "script", "the action the request is of"),
    ("request", "has_target", "bool", "whether the request has a target"),
    ("request", "has_keys", "bool", "whether the request has key cards"),
    ("request", "controller", "player", "the player who made the request"),
    ("event", "cards", "cards", "the cards the event moved"),
    ("event", "count", "number", "how many cards the event moved"),
    ("event", "player", "player", "the player the event concerns"),
    ("event", "request", "request", "the request the event concerns"),
)

#: attributes by type: `{type: {name: result}}` (the checker's and the reference's view)
ATTRIBUTES: dict[str, dict[str, str]] = {}
for (_owner, _name), _a in TABLE.items():
    ATTRIBUTES.setdefault(_owner, {})[_name] = _a.result
#: every attribute name of the language
NAMES: frozenset[str] = frozenset(name for _, name in TABLE)


class SeveralNumbers(ValueError):
    """`number` of several cards: the rulebook never says "the number" of several cards
    (it says 合計, or names the card: キーカードの♠カードの数字), so there is none to give
    (docs/engine.md, "The number of several cards")."""

    def __init__(self, count: int):
        super().__init__(f"{count} cards have no one number: write `.total` for their sum, "
                         f"or `key_of(suit).number` for one of them")


# ---------------------------------------------------------------- readers of cards
def number_of(cards: Sequence[Card]) -> int:
    """The number of a list of cards: the only card's; 0 for none; several: SeveralNumbers."""
    if len(cards) == 1:
        return cards[0].number
    if not cards:
        return 0
    raise SeveralNumbers(len(cards))


def suit_of(cards: Sequence[Card]) -> Suit | None:
    return cards[0].suit if cards else None


def owner_of(cards: Sequence[Card]) -> int | None:
    return cards[0].copy // 2 if cards else None


def total(cards: Sequence[Card]) -> int:
    n = 0
    for c in cards:  # a loop, not sum(generator): read in every target check of a legal look
        n += c.number
    return n


def numbers(cards: Sequence[Card]) -> list[int]:
    return [c.number for c in cards]


def suits(cards: Sequence[Card]) -> list[Suit | None]:
    return [c.suit for c in cards]


def card_owner(card: Card) -> int:
    return card.copy // 2


#: the readers of card values, `value -> result`, shared by the engine and lint
CARD_READERS: dict[tuple[str, str], Callable[..., object]] = {
    ("card", "number"): lambda card: card.number,
    ("card", "suit"): lambda card: card.suit,
    ("card", "owner"): card_owner,
    ("cards", "number"): number_of,
    ("cards", "suit"): suit_of,
    ("cards", "numbers"): numbers,
    ("cards", "total"): total,
    ("cards", "count"): len,
    ("cards", "suits"): suits,
    ("cards", "owner"): owner_of,
}
