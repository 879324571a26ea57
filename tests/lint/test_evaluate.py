"""Lint evaluation reads attributes through the one attribute table (`bpscript.model.attributes`),
so it agrees with the engine: the same values, and no number for several cards."""

from __future__ import annotations

import pytest

from bpscript.model.attributes import TABLE, SeveralNumbers
from bpscript.model.cards import Card, Suit
from bpscript.engine.kernel.context import EffectContext
from bpscript.engine.kernel.request import RandomChooser, Request
from bpscript.engine.setup.start import setup
from bpscript.lint.evaluate import UNK, Evaluator, RequestFacts
from bpscript.load.loader import load_official
from bpscript.syntax.parser import parse_module

HANDS = [(), (Card(7, Suit.HEART),), (Card(0),), (Card(3, Suit.CLUB), Card(9, Suit.SPADE)),
         (Card(12, Suit.DIAMOND), Card(0, None, 1))]


def _expr(src: str):
    mod, diags = parse_module(f'action x "x" (基本) {{\n  @直接-即時-メイン\n  activation: "t" when {src}\n'
                              f'  effect: "e"\n  formats: lite\n}}\n', "t.bps")
    assert not diags
    (field,) = [f for f in mod.items[0].fields if getattr(f, "key", "") == "activation"]
    return field.when


@pytest.fixture(scope="module")
def ctx():
    rs = load_official().ruleset
    return EffectContext(setup(rs, "lite", "entry20", 3), Request("", 0), RandomChooser(0))


@pytest.mark.parametrize("cards", HANDS, ids=lambda h: " ".join(map(str, h)) or "none")
def test_lint_reads_cards_as_the_engine_does(ctx, cards):
    for of, name in TABLE:
        if of != "cards":
            continue
        got = Evaluator({"key": cards}).eval(_expr(f"key.{name}"))
        try:
            want = ctx.attr(list(cards), name)
        except SeveralNumbers:
            want = UNK  # the engine stops with an error; lint knows no value
        want = tuple(want) if isinstance(want, list) else want
        assert got == want if want is not UNK else got is UNK, (name, cards)


def test_the_number_of_cards_is_the_only_cards_none_for_several():
    ev = Evaluator({"key": (Card(3, Suit.CLUB),), "none": (), "two": (Card(3, Suit.CLUB), Card(9, Suit.SPADE))})
    assert ev.eval(_expr("key.number")) == 3
    assert ev.eval(_expr("none.number")) == 0
    assert ev.eval(_expr("two.number")) is UNK
    assert ev.eval(_expr("two.total")) == 12


def test_a_request_is_read_by_its_facts_and_only_the_tables_attributes():
    ev = Evaluator({"it": RequestFacts("rsf", 1, 5, 5, False)})
    assert ev.eval(_expr("it.key_number")) == 5 and ev.eval(_expr("it.has_keys")) is True
    assert ev.eval(_expr("it.nothing")) is UNK
