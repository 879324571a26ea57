"""Cards are values made once: the same values give the same card, across copies and pickles."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from bpscript.model.cards import Card, Suit


def test_the_same_values_are_the_same_card():
    assert Card(5, Suit.SPADE) is Card(5, Suit.SPADE) is Card.parse("♠5") is Card(5, "♠")
    assert Card(5, Suit.SPADE).suit is Suit.SPADE  # a suit given by its glyph is the Suit
    assert Card(5, Suit.SPADE) != Card(5, Suit.SPADE, 2) and Card(0) != Card(0, None, 1)


def test_copies_pickles_and_replacements_give_the_one_card():
    card = Card(12, Suit.HEART, 2)
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert dataclasses.replace(card, copy=0) is Card(12, Suit.HEART)


def test_cards_sort_by_card_key_and_print_by_their_values():
    from bpscript.model.cards import card_key
    jokers = [Card(0, None, 1), Card(0)]
    mixed = [Card(3, Suit.CLUB), Card(1, Suit.HEART), *jokers, Card(3, Suit.SPADE), Card(1, Suit.CLUB)]
    assert sorted(mixed, key=card_key) == [Card(0), Card(0, None, 1), Card(1, Suit.HEART), Card(1, Suit.CLUB),
                                           Card(3, Suit.SPADE), Card(3, Suit.CLUB)]
    with pytest.raises(TypeError):  # no order of their own: a sort names its key
        sorted(mixed)
    assert [str(c) for c in (Card(1, Suit.SPADE), Card(10, Suit.DIAMOND), Card(0), Card(0, None, 1))] == \
        ["♠A", "♢10", "Joker", "Joker2"]
    assert {Card(2, Suit.CLUB): 1}[Card(2, Suit.CLUB)] == 1


def test_texts_writes_cards_as_str_does():
    from bpscript.model.cards import JOKERS, SUITS, texts
    cards = [Card(n, s) for s in SUITS for n in range(1, 14)] + list(JOKERS) + [Card(0, None, 3)]
    assert texts(cards) == " ".join(map(str, cards))
    assert texts(reversed(cards[:3])) == f"{cards[2]} {cards[1]} {cards[0]}"
    assert texts([]) == ""
