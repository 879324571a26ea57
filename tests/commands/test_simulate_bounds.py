"""What one flag of `simulate` may cost (docs/guarantees.md "Bounded resources"; issue 27):
seeds made one at a time, `--jobs` at most the CPUs, and the seeds `replay` accepts."""

from __future__ import annotations

import itertools
import tracemalloc

import pytest

from bpscript.cli import main
from bpscript.engine.players import runner
from bpscript.load.loader import load_bundled
from bpscript.load.parse_pool import cores

TRILLION = 10 ** 12


def run(capsys, *args: object) -> tuple[int, str, str]:
    code = main(["--no-cache", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_trillion_games_start_at_once_in_bounded_memory(jobs):
    rs = load_bundled("blackpoker-8.2").ruleset
    tracemalloc.start()
    try:
        games = runner.simulate(rs, "lite", "entry20", TRILLION, 0, jobs)
        first = list(itertools.islice(games, 3))
        games.close()  # the workers stop
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [g["seed"] for g in first] == [0, 1, 2]
    assert peak < 64 * 1024 * 1024, f"{peak / 1e6:.0f} MB for three games"


def test_jobs_are_capped_at_the_cpus_with_a_note(capsys, monkeypatch):
    asked: list[int] = []
    real = runner.simulate

    def recorded(*args, **kwargs):
        asked.append(args[5])
        return real(*args, **kwargs)

    monkeypatch.setattr(runner, "simulate", recorded)
    code, _, err = run(capsys, "simulate", "--games", "4", "--jobs", "1000")
    assert code == 0 and asked == [cores()]
    assert f"note: --jobs 1000: this machine has {cores()} CPU(s); using {cores()} worker processes" in err


@pytest.mark.parametrize("seed,games", [(10 ** 30, 1), (2 ** 63 - 1, 2), (-(2 ** 63), 1)])
def test_simulate_refuses_the_seeds_replay_refuses(tmp_path, capsys, seed, games):
    log = tmp_path / "games.jsonl"
    code, _, err = run(capsys, "simulate", "--seed", seed, "--games", games, "--log", log)
    assert code == 2 and "go beyond the engine's 64-bit seeds (-2**63 < seed < 2**63)" in err
    assert not log.exists()
    assert run(capsys, "play", "--seed", seed)[0] == 2


def test_replay_accepts_every_seed_simulate_writes(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    assert run(capsys, "simulate", "--seed", 2 ** 63 - 2, "--games", 1, "--log", log)[0] == 0
    assert run(capsys, "simulate", "--seed", -(2 ** 63) + 1, "--games", 1, "--log", log, "--force")[0] == 0
    code, out, _ = run(capsys, "replay", log)
    assert code == 0 and "1 identical" in out
