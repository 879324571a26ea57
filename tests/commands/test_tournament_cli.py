"""`bpscript tournament`: plays the round robin it says, rates it, and rejects bad input
with one line."""

from __future__ import annotations

import json

import pytest

from bpscript.cli import main


def test_a_small_round_robin_as_json(capsys):
    assert main(["tournament", "--agents", "random,greedy,ismcts-3", "--games", "2", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(r["agent"] for r in data["ratings"]) == ["greedy", "ismcts-3", "random"]
    assert all(r["games"] == 8 for r in data["ratings"])  # 2 opponents × 2 deals × 2 seat orders
    assert sum(r["wins"] for r in data["ratings"]) == 12
    for p in data["pairs"]:
        assert p["games"] == 4 and p["ci95"][0] <= p["wins"] / 4 <= p["ci95"][1]


def test_the_same_games_with_two_jobs(capsys):
    argv = ["tournament", "--agents", "random,greedy", "--games", "3", "--json"]
    assert main(argv) == 0
    one = capsys.readouterr().out
    assert main(argv + ["--jobs", "2"]) == 0
    assert capsys.readouterr().out == one


@pytest.mark.parametrize("agents, message", [("random", "at least two"), ("random,random", "at least two"),
                                             ("random,smart", "unknown agent 'smart'"),
                                             ("random,ismcts-0", "unknown agent 'ismcts-0'")])
def test_bad_agents_are_one_line(capsys, agents, message):
    assert main(["tournament", "--agents", agents, "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_help_names_the_agents(capsys):
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    assert "ismcts-N" in capsys.readouterr().out


def test_ismcts_wins_a_short_tournament_against_random(capsys):
    """12 ライト games, seats alternating: ismcts at 30 iterations per decision wins at
    least 10 (the agent with random in-effect choices, before `Tactics`, won 9)."""
    assert main(["tournament", "--agents", "ismcts-30,random", "--games", "6", "--seed", "300", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    record = next(p for p in data["pairs"] if p["agent"] == "ismcts-30")
    assert record["games"] == 12 and record["wins"] >= 10
    assert data["ratings"][0]["agent"] == "ismcts-30"
