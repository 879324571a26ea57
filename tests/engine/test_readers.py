"""The engine's readers of the attribute table (`bpscript.engine.kernel.readers`): one reader for
each key of the table, the plain reads code generation emits agree with them, the generic
reader reads through the same table, and the number of several cards (docs/engine.md)."""

from __future__ import annotations

import pytest
from scenes import board, resolve, start, with_fixture

from bpscript.model.attributes import CARD_READERS, TABLE, SeveralNumbers
from bpscript.backends.codegen import DIRECT
from bpscript.model.cards import Card, Suit
from bpscript.engine.kernel.context import EffectContext
from bpscript.engine.kernel.game import ScriptError
from bpscript.engine.kernel.readers import READERS, read, reader, type_of
from bpscript.engine.kernel.request import EventFacts, RandomChooser, Request
from bpscript.engine.kernel.rules import Rules
from bpscript.engine.setup.start import setup
from bpscript.load.loader import load_official
from bpscript.model.values import State, ScriptRef


@pytest.fixture(scope="module")
def ctx():
    rs = load_official().ruleset
    st = setup(rs, "lite", "entry20", 7)
    return EffectContext(st, Request("", 0), RandomChooser(0), Rules(rs, "lite", "entry20").load)


def _values(ctx) -> dict[str, list]:
    """Values of each type of the table, as the engine holds them."""
    st = ctx.state
    units = list(st.players[0].field)
    units[-1].charged = False
    two = [Card(3, Suit.CLUB), Card(9, Suit.SPADE)]
    return {"card": [Card(7, Suit.HEART), Card(0)], "cards": [[Card(5, Suit.DIAMOND)], [], list(st.players[1].hand[:1])],
            "unit": units, "units": [units, []], "requests": [[Request("w", 0)]], "player": [0, 1],
            "request": [Request("x", 1, [Card(3, Suit.CLUB)], target=units[0]), Request("y", 0)],
            "event": [EventFacts("moved", 1, tuple(two), Request("z", 0))]}


def _answer(read_it, *args):
    try:
        return "value", read_it(*args)
    except Exception as e:  # noqa: BLE001 - the error is part of the answer
        return "error", type(e)


def test_every_attribute_of_every_type_has_exactly_one_reader():
    assert set(CARD_READERS) | set(READERS) == set(TABLE)
    assert not set(CARD_READERS) & set(READERS)
    assert all(of in ("card", "cards") for of, _ in CARD_READERS)  # readers of card values need no engine


def test_each_direct_read_codegen_emits_is_what_the_reader_answers(ctx):
    values = _values(ctx)
    for (of, name), template in DIRECT.items():
        f = reader(of, name)
        for value in values[of]:
            scope = {"State": State, "ScriptRef": ScriptRef, "ctx": ctx, "value": value}
            direct = eval(template.format("value"), scope)  # noqa: S307 - codegen's own template
            assert direct == (f(value) if (of, name) in CARD_READERS else f(ctx, value)), (of, name, value)


def test_the_generic_reader_reads_through_the_same_table(ctx):
    for of, values in _values(ctx).items():
        for value in values:
            if of == "units" and not value:
                continue  # an empty list is read as cards: no card, no unit, the same count
            assert type_of(value) == of
            for (t, name) in TABLE:
                if t != of:
                    continue
                f = reader(of, name)
                want = _answer(f, value) if (of, name) in CARD_READERS else _answer(f, ctx, value)
                assert _answer(ctx.attr, value, name) == want, (of, name, value)
    assert read(ctx, None, "number") is None
    with pytest.raises(AttributeError):
        ctx.attr("text", "number")


def test_a_unit_is_read_as_its_cards_are(ctx):
    unit = ctx.state.players[0].field[0]
    for name in ("number", "numbers", "total", "suit", "suits", "count"):
        assert read(ctx, unit, name) == ctx.attr(list(unit.cards), name), name


def test_the_number_of_cards_is_the_only_cards_and_0_of_none(ctx):
    assert ctx.attr([Card(8, Suit.HEART)], "number") == 8
    assert ctx.attr([], "number") == 0
    assert reader("request", "key_number")(ctx, Request("y", 0)) == 0


def test_several_cards_have_no_one_number(ctx):
    """The rulebook says 合計 or names the card (キーカードの♠カードの数字) wherever several
    cards are meant: the old engine read the first card's number, lint none."""
    two = [Card(3, Suit.CLUB), Card(9, Suit.SPADE)]
    with pytest.raises(SeveralNumbers):
        ctx.attr(two, "number")
    with pytest.raises(SeveralNumbers):
        reader("request", "key_number")(ctx, Request("x", 1, two))
    assert ctx.attr(two, "total") == 12 and ctx.attr(two, "numbers") == [3, 9]
    assert reader("request", "action")(ctx, Request("x", 1, two)) == ScriptRef("x")


def test_an_effect_reading_the_number_of_two_key_cards_stops_at_its_line():
    rs = with_fixture("two_keys.bps")
    rules = Rules(rs, "lite", "entry20")
    pos = board(rs)
    keys = pos.hand(0, "♠3 ♠9")
    game = start(pos, rules=rules)
    with pytest.raises(ScriptError, match=r"two_keys\.bps:7:.*2 cards have no one number"):
        resolve(game, 0, "twinNumber", keys)
    pos = board(rs)
    keys = pos.hand(0, "♠A ♠4")
    game = start(pos, rules=rules)
    life = len(game.state.players[1].life)
    resolve(game, 0, "twinTotal", keys)
    assert len(game.state.players[1].life) == life - 5
