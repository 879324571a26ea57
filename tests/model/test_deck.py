"""A deck, listed or built under a rule, is legal by 3.3 and can be sampled."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from bpscript.model.cards import Card, Suit
from bpscript.model.deck import OPEN_DECK, STANDARD_DECK, DeckList, DeckRule, deck_problems


@given(st.integers(1, 54), st.integers(0, 54), st.integers(0, 2), st.integers(0, 2**32))
def test_a_sampled_deck_is_legal(low, extra, jokers, seed):
    high = min(low + extra, 52 + jokers)
    low = min(low, high)
    rule = DeckRule(low, high, jokers)
    deck = rule.sample(random.Random(seed))
    assert rule.problems(deck) == [] and deck_problems(deck) == []
    assert low <= len(deck) <= high and sum(c.is_joker for c in deck) <= jokers


def test_sampling_follows_the_seed():
    assert OPEN_DECK.sample(random.Random(3)) == OPEN_DECK.sample(random.Random(3))
    sizes = {len(OPEN_DECK.sample(random.Random(s))) for s in range(200)}
    assert min(sizes) == 40 and max(sizes) == 54  # every size the rule allows is drawn


def test_a_listed_deck_is_itself_and_uses_no_randomness():
    cards = (Card(1, Suit.SPADE), Card(2, Suit.HEART), Card(0, None))
    deck = DeckList(cards)
    rng = random.Random(1)
    state = rng.getstate()
    assert deck.sample(rng) == list(cards) and rng.getstate() == state
    assert deck.problems(list(reversed(cards))) == [] and deck.problems(cards[:2]) != []


def test_problems_name_what_3_3_forbids():
    assert deck_problems([Card(1, Suit.SPADE), Card(1, Suit.SPADE)]) == ["♠A appears twice"]
    three = [Card(0, None, 0), Card(0, None, 1), Card(0, None, 1)]
    assert any("Joker" in p for p in deck_problems(three))
    assert DeckRule(40, 54, 0).problems([Card(0, None)] + [Card(n, s) for s in Suit for n in range(1, 11)]) \
        == ["more than 0 Joker(s)"]
    assert DeckRule(40, 54).problems([Card(1, Suit.SPADE)]) == ["1 cards (the rule allows 40 to 54)"]


def test_pools_are_shared():
    # the linter groups regulations by the identity of their deck's pool
    assert DeckRule(40, 54).pool is STANDARD_DECK.pool and len(STANDARD_DECK.pool) == 54
    assert DeckRule(40, 52, 0).pool is not STANDARD_DECK.pool and len(DeckRule(40, 52, 0).pool) == 52
    cards = (Card(1, Suit.SPADE),)
    assert DeckList(cards, "a").pool is DeckList(cards, "b").pool
