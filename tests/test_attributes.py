"""The one attribute table (`bpscript.model.attributes`): the checker's view of it, the readers
of cards, and the number of several cards (docs/engine.md)."""

from __future__ import annotations

import pytest

from bpscript.model.attributes import ATTRIBUTES, CARD_READERS, NAMES, TABLE, SeveralNumbers, number_of
from bpscript.model.cards import Card, Suit
from bpscript.verbs import ATTRIBUTES as CHECKED


def test_the_checker_reads_the_table():
    assert CHECKED is ATTRIBUTES
    assert {(of, name): result for of, attrs in ATTRIBUTES.items() for name, result in attrs.items()} == \
        {key: a.result for key, a in TABLE.items()}
    assert NAMES == {name for _, name in TABLE}
    assert all(a.doc and (a.owner, a.name) == key for key, a in TABLE.items())


def test_the_table_does_not_import_the_engine():
    import ast
    import inspect

    import bpscript.model.attributes as module
    imports = [n for n in ast.walk(ast.parse(inspect.getsource(module))) if isinstance(n, ast.ImportFrom)]
    assert all("engine" not in (n.module or "") and "lint" not in (n.module or "") for n in imports)


def test_a_unit_and_a_list_of_cards_answer_the_same_names():
    """A unit is read as its cards are: the same names, the same results."""
    assert {n: r for n, r in ATTRIBUTES["unit"].items() if n in ATTRIBUTES["cards"]} == \
        {n: r for n, r in ATTRIBUTES["cards"].items() if n != "owner"} | {"owner": "player"}


@pytest.mark.parametrize("cards,number", [((), 0), ((Card(9, Suit.HEART),), 9), ((Card(0),), 0)])
def test_the_number_of_cards_is_the_only_ones(cards, number):
    assert number_of(cards) == number == CARD_READERS[("cards", "number")](list(cards))


def test_several_cards_have_no_one_number():
    with pytest.raises(SeveralNumbers, match="2 cards have no one number: write `.total`"):
        number_of((Card(3, Suit.CLUB), Card(9, Suit.SPADE)))
    assert CARD_READERS[("cards", "total")]((Card(3, Suit.CLUB), Card(9, Suit.SPADE))) == 12
