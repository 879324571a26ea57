"""Code generation emits typed reads chosen from the types the checker recorded: a plain
Python read where the engine holds the value as it is, else the table's reader of that
type, and `ctx.attr` (the generic reader) only where the checker found no type."""

from __future__ import annotations

import ast
from pathlib import Path

from bpscript.model.attributes import CARD_READERS, TABLE
from bpscript.backends.codegen import DIRECT
from bpscript.backends.python_backend import generate_modules
from bpscript.load.loader import load

FIXTURE = Path(__file__).parents[1] / "fixtures" / "types"


def _module() -> str:
    return generate_modules(load([FIXTURE]).ruleset)["tests_fixtures_types_types"]


def test_each_read_is_chosen_from_the_recorded_type():
    source = _module()
    assert "l_n = (_a_cards_number(ctx.key) + _a_unit_total(ctx, ctx.target))" in source
    assert "_v_damage(ctx, ctx.opponent, l_c.number)" in source  # a card's number: read as it is
    assert "(State.CHARGED if ctx.target.charged else State.DRIVEN) == _k_charged" in source
    assert "_v_damage(ctx, ctx.target.owner, _v_key_of(ctx, _k_spade).number)" in source
    # `first` filters a list of units (its declared summary), so it gives units
    assert "len(_v_first(ctx, _v_units(ctx, 'soldier', ctx.me)))" in source
    assert "ctx.attr(" not in source
    assert "_a_cards_number = _attribute('cards', 'number')" in source
    assert "_a_unit_total = _attribute('unit', 'total')" in source
    ast.parse(source)


def test_a_reader_of_cards_takes_the_value_alone_any_other_the_context_too():
    tree = ast.parse(_module())
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        f = call.func
        if isinstance(f, ast.Name) and f.id.startswith("_a_"):
            (key,) = [k for k in TABLE if f.id == f"_a_{k[0]}_{k[1]}"]
            assert len(call.args) == (1 if key in CARD_READERS else 2)
            assert key not in DIRECT


def test_every_direct_read_is_a_key_of_the_table():
    assert set(DIRECT) <= set(TABLE)
