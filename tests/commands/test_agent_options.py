"""`--agent ismcts` on the command line: the budget is in the name logged, the games replay
with their agents verified, and `play` seats the chosen opponent."""

from __future__ import annotations

import io
import json
import sys

from bpscript.cli import main


def test_simulate_with_ismcts_logs_its_budget_and_replays(tmp_path, capsys):
    log = tmp_path / "g.jsonl"
    assert main(["simulate", "--games", "2", "--seed", "7", "--agent", "ismcts", "--ismcts-iterations", "6",
                 "--ismcts-rollout", "greedy", "--opponent", "random", "--log", str(log), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["agents"] == ["ismcts-6-greedy", "random"]
    entries = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert [e["agents"] for e in entries] == [["ismcts-6-greedy", "random"]] * 2
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert "identical" in out and "not an agent" not in out


def test_a_budget_below_one_is_a_usage_error(capsys):
    assert main(["simulate", "--games", "1", "--agent", "ismcts", "--ismcts-iterations", "0"]) == 2
    assert "--ismcts-iterations must be at least 1" in capsys.readouterr().err


def test_play_against_ismcts_logs_the_opponent(monkeypatch, capsys, tmp_path):
    log = tmp_path / "p.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # the person leaves at once
    main(["play", "--seed", "3", "--opponent", "ismcts", "--ismcts-iterations", "4", "--seat", "1", "--log", str(log)])
    capsys.readouterr()
    entry = json.loads(log.read_text("utf-8"))
    assert entry["agents"] == ["ismcts-4", "terminal"]
