"""What generated code reads: each attribute reader (`_a_number(ctx, x)`) answers exactly
what the context's `attr(x, 'number')` answers, for every kind of value."""

from __future__ import annotations

import pytest

from bpscript.cards import Card, Suit
from bpscript.engine.base import attribute
from bpscript.engine.context import EffectContext
from bpscript.engine.request import RandomChooser, Request
from bpscript.engine.rules import Rules
from bpscript.engine.setup import setup
from bpscript.loader import load_official
from bpscript.verbs import ATTRIBUTES


@pytest.fixture(scope="module")
def ctx():
    rs = load_official().ruleset
    st = setup(rs, "lite", "entry20", 7)
    return EffectContext(st, Request("", 0), RandomChooser(0), Rules(rs, "lite", "entry20").load)


def _answer(read, *args):
    try:
        return "value", read(*args)
    except Exception as e:  # noqa: BLE001 - the error is part of the answer
        return "error", type(e)


def test_each_reader_answers_what_attr_answers(ctx):
    st = ctx.state
    unit = st.players[0].field[-1]
    unit.charged = False
    values = [*st.players[0].field, unit, list(unit.cards), list(st.players[1].hand), [], Card(7, Suit.HEART),
              Request("x", 1, [Card(3, Suit.CLUB), Card(9, Suit.SPADE)]), Request("y", 0), [unit], (1, 2), 0, None,
              "text"]
    names = sorted({name for attrs in ATTRIBUTES.values() for name in attrs} | {"nothing"})
    for name in names:
        for value in values:
            assert _answer(attribute(name), ctx, value) == _answer(ctx.attr, value, name), (name, value)
