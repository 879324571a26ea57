"""Designers' measures (issue 30 point 3): each recomputed by hand from a small fixed sample
of raw game logs, and from the log and report of a real run."""

from __future__ import annotations

import json
import math
import re

import pytest

from bpscript.backends.measures import (comeback, decided_at, games_for_mean, games_for_rate, lead_changes,
                                        measures)


def g(winner, first, turns, lead, branching, by):
    return {"winner": winner, "first": first, "turns": turns, "life_lead": lead, "branching": branching,
            "requested_by": by}


# four games: life lead (P0 − P1) at each turn's start and at the end
SAMPLE = [
    g(0, 0, 3, [0, 1, -1, 2], [10, 4], [{"attack": 2}, {"up": 1}]),      # 2 changes; P0 behind once
    g(1, 0, 5, [0, -1, -2, -3, -4, -5], [20, 5], [{}, {"attack": 1}]),  # no change; decided at 1/6
    g(1, 1, 4, [0, 0, 2, 0, -1], [6, 3], [{"up": 1}, {"up": 2}]),       # 1 change; P1 behind once
    g(0, 1, 2, [1, 1, 0], [4, 1], [{"attack": 1}, {}]),                 # 0 changes; decided at 0
]


def test_each_measure_by_hand():
    m = measures(SAMPLE, actions=["attack", "up", "summonsHero"])
    assert m.games == 4
    assert (m.first_player.wins, m.first_player.n) == (2, 4) and m.first_player_advantage == 0.0
    assert m.length_mean == 3.5 and m.length_median == 3.5
    assert math.isclose(m.length_sd, math.sqrt((0.25 + 2.25 + 0.25 + 2.25) / 4))
    assert m.lead_changes == (2 + 0 + 1 + 0) / 4
    assert (m.comebacks.wins, m.comebacks.n) == (2, 4)
    # game 1: the winner P0 leads from the last sample (3 of 4) → 3/4; game 2: from sample 1 of 6;
    # game 3: P1 leads only at the end (4 of 5); game 4: P0 leads at 0 and 1, not at the end → 3/3
    assert math.isclose(m.decided_at, (3 / 4 + 1 / 6 + 4 / 5 + 3 / 3) / 4)
    assert m.branching == (10 + 20 + 6 + 4) / (4 + 5 + 3 + 1)
    use = {s.id: s for s in m.scripts}
    assert (use["attack"].used.wins, use["attack"].used.n) == (3, 4)
    assert (use["attack"].wins.wins, use["attack"].wins.n) == (3, 3)  # P0 won 1 and 4, P1 won 2
    assert (use["up"].used.wins, use["up"].wins.wins, use["up"].wins.n) == (2, 1, 3)
    assert m.dead == ["summonsHero"]
    assert m.converge["first_player_advantage"] == math.ceil(1.959963984540054 ** 2 * 0.25 / 0.05 ** 2) == 385


def test_the_helpers_on_edge_cases():
    assert lead_changes([0, 0, 0]) == 0 and lead_changes([1, 0, -1, 0, 1]) == 2
    assert not comeback([0, 3, 1], 0) and comeback([0, 3, 1], 1)
    assert decided_at([1, 1, 1], 0) == 0.0 and decided_at([1, 1, -1], 0) == 1.0
    assert games_for_rate(0.0) >= 0 and games_for_mean([5]) == 1
    assert games_for_mean([2, 4]) == math.ceil((1.959963984540054 * math.sqrt(2) / (0.05 * 3)) ** 2)


pytest.importorskip("matplotlib", reason="the balance report draws with matplotlib")


def test_the_report_shows_what_the_raw_log_gives(tmp_path):
    """A real run: every measure in the report's data is recomputed here from the log."""
    from bpscript.cli import main
    log, report = tmp_path / "g.jsonl", tmp_path / "r.html"
    assert main(["simulate", "--games", "6", "--seed", "3", "--agent", "greedy", "--log", str(log),
                 "--report", str(report), "--json"]) == 0
    games = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    data = json.loads(re.search(r'id="statistics">(.*?)</script>', report.read_text("utf-8"), re.S).group(1))
    shown = data[0]["measures"]
    n = len(games)
    assert shown["games"] == n
    assert shown["first_player"]["rate"] == round(sum(x["winner"] == x["first"] for x in games) / n, 4)
    assert shown["length"]["mean"] == round(sum(x["turns"] for x in games) / n, 3)
    changes = []
    for x in games:
        signs = [1 if v > 0 else -1 for v in x["life_lead"] if v]
        changes.append(sum(a != b for a, b in zip(signs, signs[1:])))
    assert shown["lead_changes"] == round(sum(changes) / n, 3)
    behind = sum(any((v < 0) if x["winner"] == 0 else (v > 0) for v in x["life_lead"]) for x in games)
    assert shown["comebacks"]["rate"] == round(behind / n, 4)
    decided = []
    for x in games:
        ahead = [(v > 0) if x["winner"] == 0 else (v < 0) for v in x["life_lead"]]
        k = len(ahead)
        while k and ahead[k - 1]:
            k -= 1
        decided.append(k / len(ahead))
    assert shown["decided_at"] == round(sum(decided) / n, 3)
    assert shown["branching"] == round(sum(x["branching"][0] for x in games) / sum(x["branching"][1] for x in games), 3)
    for sid, s in shown["scripts"].items():
        assert s["used"]["rate"] == round(sum(any(sid in acts for acts in x["requested_by"]) for x in games) / n, 4)
    assert all(shown["scripts"][d]["used"]["rate"] < 0.01 for d in shown["dead"])
    html = report.read_text("utf-8")
    assert "設計者のための指標" in html and "スクリプトの使用" in html


def test_tracing_does_not_change_the_games():
    from bpscript.engine.kernel.rules import Rules
    from bpscript.engine.players.runner import random_game
    from bpscript.load.loader import load_official
    rs = load_official().ruleset
    rules = Rules(rs, "lite", "entry20")
    for seed, agents in ((1, ("random", "random")), (2, ("greedy", "random"))):
        plain = random_game(rs, "lite", "entry20", seed, rules, agents=agents)[1]
        traced = random_game(rs, "lite", "entry20", seed, rules, agents=agents, measure=True)[1]
        assert {k: v for k, v in traced.items() if k not in ("life_lead", "branching")} == plain
        assert traced["branching"][1] > 0 and traced["branching"][0] > traced["branching"][1]
