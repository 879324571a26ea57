"""Every official regulation plays (8.3): random games from the frame's own setup, 200
seeded games per regulation, each played with the rulebook's invariants checked after every
resolution and decision (`check=True`: bpscript.engine.kernel.invariants, invariants_play,
invariants_flow — every card in one place, every unit the component its unit conditions
select, sizes and abilities, what ends with a turn, hidden information, who requests what,
targets, costs, triggered requests) and replayed from its recorded decisions to the same
final state, as `bpscript replay` does.

Every official regulation is set up and runs every one of its scripts (asserted first).
"""

from __future__ import annotations

import pytest

from bpscript.engine.kernel.rules import Rules
from bpscript.engine.players.runner import random_game, replay
from bpscript.engine.setup.start import unsupported_steps
from bpscript.load.loader import load_official

GAMES = 200


def _regulations() -> list[tuple[str, str]]:
    rs = load_official().ruleset
    return [(fmt, frame.id) for frame in rs.frames.values() for fmt in frame.formats]


REGULATIONS = _regulations()


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


def test_the_official_regulations_are_the_ten_of_8_3():
    assert sorted(REGULATIONS) == sorted([
        ("lite", "entry20"), ("std", "pack"), ("pro", "pack"), ("mast", "pack"), ("std", "rarePack"),
        ("pro", "rarePack"), ("mast", "rarePack"), ("pro", "strategy"), ("mast", "strategy"), ("mast", "extra")])


def _playable(rs, fmt: str, frame: str) -> Rules:
    """The regulation's rules; every official regulation is set up and runs every script."""
    assert not unsupported_steps(rs.frames[frame]), f"{fmt} / {frame}: setup steps the engine does not run"
    rules = Rules(rs, fmt, frame)
    assert not rules.not_executable, f"{fmt} / {frame}: scripts the engine cannot run: {rules.not_executable}"
    return rules


@pytest.mark.parametrize("fmt,frame", [r for r in REGULATIONS if r != ("lite", "entry20")])
def test_random_games_keep_every_card_in_one_place_and_replay(rs, fmt, frame):
    """ライト + エントリー20 has its own property test (test_engine_games)."""
    rules = _playable(rs, fmt, frame)
    reasons = set()
    for seed in range(GAMES):
        game, entry = random_game(rs, fmt, frame, seed, rules, record=True, check=True)
        assert game.state.winner in (0, 1), seed
        reasons.add(game.state.end_reason)
        assert replay(rs, entry, rules).state.digest() == entry["digest"], f"seed {seed} does not replay"
    assert "life 0" in reasons  # games end by the rules, not only by the guard


#: answers for a person at the terminal: whatever the setup asks (2 trumps, a 3-card hand, a
#: rare card, a trump to open) is met by one of these lines, the others are refused and asked
#: again; then a few requests or passes, then the input ends
PERSON = "1 2\n1 2 3\n1\n" * 4 + "0\n" * 6


@pytest.mark.parametrize("fmt,frame", REGULATIONS)
def test_play_starts_and_simulate_runs(rs, fmt, frame, monkeypatch, capsys):
    """`bpscript play` sets the game up asking the person, shows the board and takes
    requests; `bpscript simulate --games 20` plays twenty random games."""
    import io

    from bpscript.cli import main
    _playable(rs, fmt, frame)
    monkeypatch.setattr("sys.stdin", io.StringIO(PERSON))
    code = main(["play", "--format", fmt, "--frame", frame, "--seed", "3"])
    out = capsys.readouterr()
    assert "┌─ turn 1" in out.out and "request (number; 0 passes)>" in out.out, out.err
    assert code in (0, 1) and "Traceback" not in out.err
    assert main(["simulate", "--format", fmt, "--frame", frame, "--games", "20"]) == 0
    out = capsys.readouterr().out
    assert "20 games of" in out and f"{fmt} / {frame}" in out
