"""A finished game is freed by reference counting: the engine leaves no reference cycle for
Python's cyclic garbage collector (games are played by the thousand, and every cycle left
would be the collector's work). A game's parts refer back to it weakly (`Game.__init__`)."""

from __future__ import annotations

import gc
import weakref

import pytest

from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.game import Game


@pytest.fixture
def collector_off():
    """The collector stopped, so that only reference counting frees what the games leave."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def play(rs, rules, fmt: str, frame: str, seed: int) -> tuple[weakref.ref, weakref.ref]:
    """Play one random game to its end; weak references to the game and its state."""
    game = Game(rs, fmt, frame, seed, [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)], rules=rules)
    assert game.play() in (0, 1)
    assert game.summary()["winner"] == game.state.winner
    return weakref.ref(game), weakref.ref(game.state)


@pytest.mark.parametrize("regulation", ["lite", "extra"])
def test_a_finished_random_game_leaves_no_cyclic_garbage(rs, rules, extra, collector_off, regulation):
    fmt, frame, compiled = ("lite", "entry20", rules) if regulation == "lite" else ("mast", "extra", extra)
    play(rs, compiled, fmt, frame, 1000)  # first: what a regulation's first game fills once (its tables)
    gc.collect()
    for seed in range(20):
        game, state = play(rs, compiled, fmt, frame, seed)
        assert game() is None, f"seed {seed}: the game outlives its last reference"
        assert state() is None, f"seed {seed}: the state outlives its game"
    assert gc.collect() == 0  # nothing unreachable was left for the collector


def test_a_game_dropped_mid_play_is_freed_too(rs, rules, collector_off):
    """Requests on the stage, contexts and options of a game still running go with it."""
    game = Game(rs, "lite", "entry20", 3, [RandomAgent(7), RandomAgent(8)], rules=rules)
    gc.collect()
    game.run_until(lambda g: bool(g.state.stage) or g.state.turn > 6)
    gone = weakref.ref(game)
    del game
    assert gone() is None
    assert gc.collect() == 0
