"""Key cards every opening hand holds (G4): what a hand guarantees without being chosen.

A key card condition is met by every hand of `n` cards of a deck when no `n` cards of that
deck avoid it: when `n` exceeds the largest *avoiding* set, the most cards of the deck
that hold no key set. ★A〜K against a 54-card deck: only the two Jokers avoid it, so
every hand of three cards or more holds an A〜K (3.3: at most two Jokers).

- Where the regulation fixes the deck (エントリー20's listed cards), the deck is that list:
  every possible opening hand is a hand of it.
- Where players build their decks under a rule, the first player may build any legal
  deck: this module takes one that suits the key (the largest legal deck, as the first
  player's life is counted, filled with the cards the condition accepts first). A
  guarantee found with it is a real one; a better deck might guarantee more.

A hand later in the turn is still cards of that deck (what was drawn, what came back),
so the same bound holds for whatever the player holds then: `n` cards hold a key set
whenever `n` exceeds the avoiding set.
"""

from __future__ import annotations

from itertools import combinations

from ...model.cards import Card
from ...model.conditions import CardCondition, SameNumber, SameSuit, Slots
from ...model.deck import Deck

MAX_PATTERNS = 8  # Hall's condition is checked over every set of patterns: 2^8 at most


def avoiding(cond: CardCondition, deck: Deck) -> int | None:
    """The most cards of the deck the first player plays that hold no key set of `cond`
    (None: a condition this module does not reason about, such as a face-down card)."""
    cards = _deck_for(cond, deck)
    return None if cards is None else _avoiding(cond, cards)


def _deck_for(cond: CardCondition, deck: Deck) -> tuple[Card, ...] | None:
    """The listed deck, or a legal deck built for the key: the largest, the cards some
    part of the condition accepts first."""
    if deck.fixed:
        return tuple(deck.cards)
    pool = list(deck.pool)
    fits = _accepts(cond)
    if fits is None:
        return None
    pool.sort(key=lambda c: not fits(c))  # stable: the accepted cards first, each group in pool order
    return tuple(pool[:deck.largest])


def _accepts(cond: CardCondition):
    """Whether a card can be part of a key set (None for conditions not handled here)."""
    if isinstance(cond, Slots):
        return lambda c: any(p.accepts(c) for p in cond.patterns)
    if isinstance(cond, SameSuit):
        return lambda c: not c.is_joker and (cond.numbers is None or c.number in cond.numbers)
    if isinstance(cond, SameNumber):
        return lambda c: not c.is_joker
    return None


def _avoiding(cond: CardCondition, cards: tuple[Card, ...]) -> int | None:
    n = len(cards)
    if isinstance(cond, Slots):
        patterns = cond.patterns
        if not patterns or len(patterns) > MAX_PATTERNS:
            return None
        # Hall: cards S hold no key set iff some k patterns accept fewer than k cards of S;
        # the most such cards: every card those patterns reject, and k - 1 they accept
        best = 0
        for k in range(1, len(patterns) + 1):
            for chosen in combinations(patterns, k):
                accepted = sum(1 for c in cards if any(p.accepts(c) for p in chosen))
                best = max(best, n - accepted + min(k - 1, accepted))
        return best
    if isinstance(cond, SameSuit):
        groups: dict[object, int] = {}
        for c in cards:
            if not c.is_joker and (cond.numbers is None or c.number in cond.numbers):
                groups[c.suit] = groups.get(c.suit, 0) + 1
        return n - sum(groups.values()) + sum(min(g, cond.count - 1) for g in groups.values())
    if isinstance(cond, SameNumber):
        numbers: dict[int, int] = {}
        for c in cards:
            if not c.is_joker:
                numbers[c.number] = numbers.get(c.number, 0) + 1
        return n - sum(numbers.values()) + sum(min(g, cond.count - 1) for g in numbers.values())
    return None
