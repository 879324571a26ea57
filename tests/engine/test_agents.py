"""The random agent's draws: `agents.pick` draws what `random.Random.sample` draws, so a
seeded game picks the same items, and leaves the generator in the same state."""

from __future__ import annotations

import random

import pytest

from bpscript.engine.agents import pick


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
