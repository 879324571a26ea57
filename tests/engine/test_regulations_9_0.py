"""Every regulation of 第9.0版 plays: ライト on エントリー20, and ライト on each frame of the
official 9.0 frame data (パック, レアパック, ストラテジー, エクストラ, frames/blackpoker-9.0).
Each is set up by the engine and runs every one of its scripts; 200 seeded games of each end
by the rules with the invariants checked after every resolution, and replay to the same
final state; `bpscript simulate --games 20` plays each one."""

from __future__ import annotations

import pytest

from bpscript.cli import main
from bpscript.engine.kernel.rules import Rules
from bpscript.engine.players.runner import random_game, replay
from bpscript.engine.setup.start import unsupported_steps
from bpscript.load.loader import load_bundled

GAMES = 200  # issue 26: at least 200 games per official regulation with the invariants on
RULESET = "blackpoker-9.0"


def _regulations() -> list[tuple[str, str]]:
    rs = load_bundled(RULESET).ruleset
    return sorted((fmt, frame.id) for frame in rs.frames.values() for fmt in frame.formats)


REGULATIONS = _regulations()


@pytest.fixture(scope="module")
def rs():
    return load_bundled(RULESET).ruleset


def test_9_0_plays_lite_on_entry20_and_on_every_frame_of_its_frame_data():
    assert REGULATIONS == [("lite", "entry20"), ("lite", "extra"), ("lite", "pack"), ("lite", "rarePack"),
                           ("lite", "strategy")]


@pytest.mark.parametrize("fmt,frame", REGULATIONS)
def test_random_games_of_each_9_0_regulation_end_by_the_rules_and_replay(rs, fmt, frame):
    assert not unsupported_steps(rs.frames[frame]), f"{fmt} / {frame}: setup steps the engine does not run"
    rules = Rules(rs, fmt, frame)
    assert not rules.not_executable, f"{fmt} / {frame}: scripts the engine cannot run: {rules.not_executable}"
    frame_scripts = {s.id for s in rs.scripts.values() if frame in s.frames}
    resolved: set[str] = set()
    for seed in range(GAMES):
        game, entry = random_game(rs, fmt, frame, seed, rules, record=True, check=True)
        assert game.state.winner in (0, 1), seed
        assert replay(rs, entry, rules).state.digest() == entry["digest"], f"seed {seed} does not replay"
        resolved |= {r for r, n in game.resolved.items() if n}
    if frame != "entry20":  # the frame's own scripts are played, not only ライト's
        assert resolved & frame_scripts, f"{frame}: no script of the frame was resolved"


@pytest.mark.parametrize("fmt,frame", REGULATIONS)
def test_simulate_plays_twenty_games_of_each_9_0_regulation(fmt, frame, capsys):
    assert main(["simulate", "--ruleset", RULESET, "--format", fmt, "--frame", frame, "--games", "20",
                 "--check-invariants"]) == 0
    out = capsys.readouterr().out
    assert "20 games of" in out and f"{fmt} / {frame}" in out
