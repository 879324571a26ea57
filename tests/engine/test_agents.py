"""The random agent's draws: `agents.pick` draws what `random.Random.sample` draws, so a
seeded game picks the same items, and leaves the generator in the same state."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from bpscript.engine.players.agents import RandomAgent, pick


@pytest.mark.parametrize("size", [1, 2, 5, 21, 22, 40])
@pytest.mark.parametrize("n", [0, 1, 2])
def test_pick_draws_as_sample_does(size: int, n: int) -> None:
    items = [f"item{i}" for i in range(size)]
    if n > size:
        return
    for seed in range(30):
        a, b = random.Random(seed), random.Random(seed)
        assert pick(a, items, n) == b.sample(items, n)
        assert a.random() == b.random()  # the same draws consumed


@pytest.mark.parametrize("view,idle", [
    ({"turn_player": 0, "stage": []}, True),  # a plain view: the stage printed, no count
    ({"turn_player": 0, "stage": ["a request"]}, False),
    ({"turn_player": 0, "stage": ["a request"], "stage_size": 1}, False),
    ({"turn_player": 0, "stage": [], "stage_size": 0}, True),
    ({"turn_player": 1, "stage": [], "stage_size": 0}, False),  # not its turn
])
def test_a_random_agent_reads_the_stage_from_any_view(view: dict, idle: bool) -> None:
    """Idle (its turn, an empty stage) it never passes here; else it always does: the
    count of the stage is read when the view has it, else the stage is counted."""
    option = SimpleNamespace(action="end")
    agent = RandomAgent(0, pass_rate=1.0, idle_pass_rate=0.0)
    assert agent.request(view, 0, [option]) is (option if idle else None)
