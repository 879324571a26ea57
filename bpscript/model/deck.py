"""A frame's deck (デッキ条件, 8.2) as a typed object the engine and the linter share.

A deck is either listed card by card (`DeckList`, エントリー20) or built by each player
under a rule (`DeckRule`, 「40枚以上」). Either way it answers the same questions:
the smallest and the largest legal deck, the cards a player may put in it (`pool`),
whether a given deck is legal, and a legal deck drawn at random (`sample`).

Rulebook 3.3 bounds every deck: suit and number never repeat, at most two Jokers, so
at most 54 cards. The printed text stays with the object, for the pages only: no code
reads it.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable
from dataclasses import dataclass

from .cards import Card, card_key, full_deck
from ..source import Span

#: 3.3: at most two Jokers, and the 52 suited cards once each
MAX_JOKERS = 2
SUITED = 52

_POOLS: dict[object, tuple[Card, ...]] = {}


def _interned(key: object, make: Callable[[], Iterable[Card]]) -> tuple[Card, ...]:
    """One shared tuple per distinct pool: the linter groups regulations by deck identity."""
    found = _POOLS.get(key)
    if found is None:
        found = _POOLS[key] = tuple(make())
    return found


def deck_problems(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    """What makes a list of cards no deck at all under 3.3 (repeats, too many Jokers)."""
    problems = []
    seen: set[tuple[int, object]] = set()
    for c in cards:
        if c.is_joker:
            continue
        if (c.number, c.suit) in seen:
            problems.append(f"{c} appears twice")
        seen.add((c.number, c.suit))
    jokers = sum(c.is_joker for c in cards)
    if jokers > MAX_JOKERS:
        problems.append(f"{jokers} Jokers (at most {MAX_JOKERS})")
    if len({c for c in cards if c.is_joker}) < jokers:
        problems.append("the same Joker twice")
    return problems


@dataclass(frozen=True)
class DeckList:
    """A deck given card by card: every player plays exactly these cards."""

    cards: tuple[Card, ...]
    text: str = ""
    span: Span | None = None

    fixed = True

    @property
    def smallest(self) -> int:
        return len(self.cards)

    @property
    def largest(self) -> int:
        return len(self.cards)

    @property
    def pool(self) -> tuple[Card, ...]:
        """The cards a player may use: all of them, all of the time."""
        return _interned(("list", self.cards), lambda: self.cards)

    def problems(self, cards: list[Card] | tuple[Card, ...]) -> list[str]:
        """Why `cards` is not this deck (empty when it is)."""
        if sorted(cards, key=card_key) != sorted(self.cards, key=card_key):
            return ["not the listed cards"]
        return []

    def sample(self, rng: random.Random) -> list[Card]:
        """The deck itself (in listed order); `rng` is not used, so seeded games stay as they were."""
        return list(self.cards)


@dataclass(frozen=True)
class DeckRule:
    """A deck each player builds: between `min` and `max` cards of the 54 (3.3), with at
    most `jokers` Jokers."""

    min: int
    max: int
    jokers: int = MAX_JOKERS
    text: str = ""
    span: Span | None = None

    fixed = False

    @property
    def smallest(self) -> int:
        return self.min

    @property
    def largest(self) -> int:
        return min(self.max, SUITED + self.jokers)

    @property
    def cards(self) -> tuple[Card, ...]:
        return ()

    @property
    def pool(self) -> tuple[Card, ...]:
        """What a player may choose from: the 52 suited cards and the allowed Jokers."""
        return _interned(("rule", self.jokers), lambda: full_deck(self.jokers))

    def problems(self, cards: list[Card] | tuple[Card, ...]) -> list[str]:
        """Why `cards` is not a legal deck under this rule (empty when it is)."""
        out = deck_problems(cards)
        if not self.min <= len(cards) <= self.largest:
            out.append(f"{len(cards)} cards (the rule allows {self.min} to {self.largest})")
        if sum(c.is_joker for c in cards) > self.jokers:
            out.append(f"more than {self.jokers} Joker(s)")
        return out

    def sample(self, rng: random.Random) -> list[Card]:
        """A legal deck: a size drawn between the smallest and the largest, then that many
        distinct cards of the pool."""
        size = rng.randint(self.smallest, self.largest)
        return rng.sample(list(self.pool), size)


Deck = DeckList | DeckRule

#: the deck of a frame that states no デッキ条件 (8.2: 54 cards, two Jokers included)
STANDARD_DECK = DeckRule(SUITED + MAX_JOKERS, SUITED + MAX_JOKERS)
#: a format played without a frame: any deck of 40 to 54 cards (the official formats' rule)
OPEN_DECK = DeckRule(40, SUITED + MAX_JOKERS)
