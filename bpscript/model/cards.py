"""Playing cards as BlackPoker sees them (rulebook 3.3, 3.4).

A deck is the 52 suited cards plus up to two Jokers. A card's number (数字) is
A=1, 2..10, J=11, Q=12, K=13; the Joker has no suit and number 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum


class Suit(str, Enum):
    """The four suits, stored as their canonical glyph."""

    SPADE = "♠"
    HEART = "♡"
    DIAMOND = "♢"
    CLUB = "♣"

    @property
    def letter(self) -> str:
        return {"♠": "S", "♡": "H", "♢": "D", "♣": "C"}[self.value]


SUITS: tuple[Suit, ...] = (Suit.SPADE, Suit.HEART, Suit.DIAMOND, Suit.CLUB)

#: every spelling of a suit that an author may type, mapped to the suit
SUIT_ALIASES: dict[str, Suit] = {
    "♠": Suit.SPADE, "♤": Suit.SPADE, "S": Suit.SPADE,
    "♡": Suit.HEART, "♥": Suit.HEART, "H": Suit.HEART,
    "♢": Suit.DIAMOND, "♦": Suit.DIAMOND, "D": Suit.DIAMOND,
    "♣": Suit.CLUB, "♧": Suit.CLUB, "C": Suit.CLUB,
}

RANK_NAMES: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_VALUES: dict[str, int] = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}


def rank_name(number: int) -> str:
    """'A', '2'…'10', 'J', 'Q', 'K' for a number 1..13."""
    return RANK_NAMES.get(number, str(number))


@dataclass(frozen=True, eq=False, slots=True)
class Card:
    """One physical card. `suit` is None and `number` 0 for a Joker.

    `copy` tells the two Jokers apart (0 or 1); suited cards always have copy 0. The engine
    adds twice the owner to it (`copy // 2` is the player whose deck holds the card), which
    no text shows: a card prints the same for both players (player 1's second Joker is
    "Joker2", as player 0's is).
    """

    number: int
    suit: Suit | None = None
    copy: int = 0

    def __new__(cls, number: int, suit: Suit | str | None = None, copy: int = 0) -> "Card":
        """The one card of these values: cards are immutable values, made once, so a card
        equals only itself and the engine finds it in a pile without comparing fields."""
        key = (number, suit, copy)
        found = _SHARED.get(key)
        if found is None:
            found = object.__new__(cls)
            object.__setattr__(found, "number", number)
            object.__setattr__(found, "suit", _suit(suit))
            object.__setattr__(found, "copy", copy)
            _SHARED[key] = found
            if found.suit is None or isinstance(found.suit, Suit):  # its text, for `texts`
                str(found)
        return found

    def __init__(self, number: int, suit: Suit | str | None = None, copy: int = 0) -> None:
        """Nothing to set: `__new__` made the card with its values."""

    # one object per card (`__new__`): equal is identical and hashed as itself, with no
    # comparison method of its own, so `card in pile` and `pile.remove(card)` compare in C
    # (object's identity) instead of calling Python code for every card they pass.
    # Cards have no order of their own: a sort names its key (`card_key`).

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        name = _NAMES.get(self)
        if name is None:  # written once per card (cards are made once)
            if self.suit is None:
                name = "Joker" if self.copy % 2 == 0 else "Joker2"  # the owner is not printed
            else:
                name = f"{self.suit.value}{rank_name(self.number)}"
            _NAMES[self] = name
        return name

    def __reduce__(self) -> tuple[Callable[[int, str | None, int], Card], tuple[int, str | None, int]]:
        """Pickled as its three values, read back as one shared card (`_card`): cached
        rules hold many copies of the same few cards."""
        return (_card, (self.number, None if self.suit is None else self.suit.value, self.copy))

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse '♠A', 'S10', '♥Q', 'Joker' (or 'Joker2' for the second one)."""
        t = text.strip()
        if t.lower().startswith("joker"):
            rest = t[5:]
            return cls(0, None, int(rest) - 1 if rest else 0)
        if not t or t[0] not in SUIT_ALIASES or t[1:] not in RANK_VALUES:
            raise ValueError(f"not a card: {text!r}")
        return cls(RANK_VALUES[t[1:]], SUIT_ALIASES[t[0]])


_SHARED: dict[tuple[int, "Suit | str | None", int], Card] = {}
_NAMES: dict[Card, str] = {}  # each card's text, once written


def card_key(card: Card) -> tuple[int, str, int]:
    """The order cards are listed in where an order is needed (key cards, deck checks):
    by number (the Joker's 0 first), then suit glyph, then copy."""
    return (card.number, "" if card.suit is None else card.suit, card.copy)


def texts(cards: "Iterable[Card]") -> str:
    """The cards' texts joined by spaces, as `" ".join(map(str, cards))` writes them,
    read from the table each card's text was written into when it was made."""
    try:
        return " ".join(map(_NAMES.__getitem__, cards))
    except KeyError:  # a card whose text is not written yet
        return " ".join(map(str, cards))


def _suit(suit: "Suit | str | None") -> "Suit | str | None":
    """A suit given by its glyph is the `Suit` (equal to it, and hashed alike)."""
    try:
        return None if suit is None else Suit(suit)
    except ValueError:
        return suit


def _card(number: int, suit: str | None, copy: int) -> Card:
    """The card of these values (the one `Card` makes), for unpickling."""
    return Card(number, suit, copy)  # Card makes a glyph its Suit


JOKERS: tuple[Card, ...] = (Card(0, None, 0), Card(0, None, 1))


_SUITED: tuple[Card, ...] = tuple(Card(n, s) for s in SUITS for n in range(1, 14))


def full_deck(jokers: int = 2) -> list[Card]:
    """The 52 suited cards (♠ ♡ ♢ ♣, A..K) followed by `jokers` Jokers (cards are
    immutable values, so the same ones are handed out every time)."""
    return list(_SUITED) + list(JOKERS[:jokers])
