"""Playing cards as BlackPoker sees them (rulebook 3.3, 3.4).

A deck is the 52 suited cards plus up to two Jokers. A card's number (数字) is
A=1, 2..10, J=11, Q=12, K=13; the Joker has no suit and number 0.
"""

from __future__ import annotations

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


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One physical card. `suit` is None and `number` 0 for a Joker.

    `copy` tells the two Jokers apart (0 or 1); suited cards always have copy 0.
    """

    number: int
    suit: Suit | None = None
    copy: int = 0

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def __str__(self) -> str:
        if self.suit is None:
            return "Joker" if self.copy == 0 else f"Joker{self.copy + 1}"
        return f"{self.suit.value}{rank_name(self.number)}"

    def __reduce__(self) -> tuple:
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


_SHARED: dict[tuple[int, str | None, int], Card] = {}


def _card(number: int, suit: str | None, copy: int) -> Card:
    """The card of these values, made once (cards are immutable values)."""
    key = (number, suit, copy)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = Card(number, None if suit is None else Suit(suit), copy)
    return found


JOKERS: tuple[Card, ...] = (Card(0, None, 0), Card(0, None, 1))


_SUITED: tuple[Card, ...] = tuple(Card(n, s) for s in SUITS for n in range(1, 14))


def full_deck(jokers: int = 2) -> list[Card]:
    """The 52 suited cards (♠ ♡ ♢ ♣, A..K) followed by `jokers` Jokers (cards are
    immutable values, so the same ones are handed out every time)."""
    return list(_SUITED) + list(JOKERS[:jokers])
