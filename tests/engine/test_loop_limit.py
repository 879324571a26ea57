"""A `repeat … until` runs at most `LOOP_LIMIT` (1,000) rounds: one that would need more is
a located error naming the script (`ScriptError`), not a loop that stops in silence and
lets the effect go on."""

from __future__ import annotations

import pytest
from scenes import board, start, with_fixture

from bpscript.engine.kernel.context import LOOP_LIMIT
from bpscript.engine.kernel.game import ScriptError
from bpscript.engine.kernel.registry import EndlessLoop
from bpscript.engine.kernel.rules import Rules


@pytest.fixture(scope="module")
def loops():
    rs = with_fixture("loops.bps")
    return rs, Rules(rs, "lite", "entry20")


def test_a_loop_that_ends_in_its_last_round_runs_the_effect_on(loops):
    rs, rules = loops
    game = start(board(rs), rules=rules)
    life = len(game.state.players[1].life)
    game.request(0, "counted")
    assert LOOP_LIMIT == 1000 and len(game.state.players[1].life) == life - 1


def test_a_loop_that_would_exceed_its_bound_is_an_error_at_the_loop_naming_the_script(loops):
    rs, rules = loops
    game = start(board(rs), rules=rules)
    life = len(game.state.players[1].life)
    with pytest.raises(ScriptError) as raised:
        game.request(0, "endless")
    e = raised.value
    assert e.script == "endless" and isinstance(e.error, EndlessLoop)
    assert e.place.endswith("tests/engine/fixtures/loops.bps:19:5"), e.place  # the `repeat`
    assert str(e) == f"{e.place}: in script 'endless': EndlessLoop: repeat … until did not end within 1000 rounds"
    assert len(game.state.players[1].life) == life  # the effect went no further
