"""The Ray executor gives exactly the local executor's games for the same seeds, and a
worker that cannot play is reported with its seeds, never silently dropped."""

from __future__ import annotations

from functools import partial

import pytest

from bpscript.commands._load import reload
from bpscript.engine.players.distributed import SimulationError, simulate_ray
from bpscript.engine.players.runner import simulate

ray = pytest.importorskip("ray", reason="the Ray extra (pip install 'bpscript[ray]'); CI installs it")


@pytest.fixture(scope="module")
def runtime():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


OFFICIAL = partial(reload, [], None, "blackpoker-8.2")  # how the command hands its rules to workers


class _Broken:
    """A ruleset loader that fails on the worker."""

    def __call__(self):
        raise OSError("the rules are not on this machine")


def test_ray_and_local_give_the_same_games_for_the_same_seeds(runtime, rs):
    seen = []
    on_ray = list(simulate_ray(OFFICIAL, "lite", "entry20", 12, 40, agents=("random", "random"),
                               record=True, progress=lambda done, total: seen.append((done, total))))
    local = list(simulate(rs, "lite", "entry20", 12, 40, record=True))
    assert [r["seed"] for r in on_ray] == list(range(40, 52))
    assert on_ray == local
    assert seen[-1] == (12, 12) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_worker_that_cannot_load_the_rules_is_reported_with_its_seeds(runtime):
    with pytest.raises(SimulationError, match=r"seeds \d+–\d+"):
        list(simulate_ray(_Broken(), "lite", "entry20", 4, 0, retries=0))


def test_ismcts_games_on_ray_are_the_local_games(runtime, rs):
    """ismcts decides from its seed alone: the same games on Ray as on this machine."""
    pair = ("ismcts-5", "greedy")
    on_ray = list(simulate_ray(OFFICIAL, "lite", "entry20", 2, 7, agents=pair, record=True))
    local = list(simulate(rs, "lite", "entry20", 2, 7, agents=pair, record=True))
    assert [r["agents"] for r in on_ray] == [list(pair)] * 2
    assert on_ray == local


def test_a_tournament_on_ray_is_the_local_tournament(runtime, capsys):
    from bpscript.cli import main

    tables = []
    for executor in ("local", "ray"):
        assert main(["tournament", "--agents", "random,greedy", "--games", "3", "--seed", "5",
                     "--executor", executor, "--json"]) == 0
        tables.append(capsys.readouterr().out)
    assert tables[0] == tables[1] and '"wins"' in tables[0]
