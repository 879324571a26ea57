"""Ratings of a round robin: the schedule seats each agent both ways on the same deals,
Bradley–Terry recovers a known order, and the intervals hold the point estimate."""

from __future__ import annotations

import math

from bpscript.engine.players.tournament import Match, elo, play, ratings, schedule, strengths


def test_every_pair_plays_the_same_deals_in_both_seat_orders():
    s = schedule(["a", "b", "c"], 3, 10)
    assert [pair for pair, _ in s] == [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    assert all(seeds == [10, 11, 12] for _, seeds in s)


def test_play_hands_each_pair_its_seeds_and_keeps_the_winners():
    asked = []

    def run(pair, seeds):
        asked.append((pair, tuple(seeds)))
        return [{"winner": 0 if pair[0] == "x" else 1} for _ in seeds]  # x always wins

    matches = play(["x", "y"], 2, 5, run)
    assert asked == [(("x", "y"), (5, 6)), (("y", "x"), (5, 6))]
    assert [m.winner_name for m in matches] == ["x"] * 4


def _games(a, b, a_wins, b_wins):
    return [Match(a, b, i, 0) for i in range(a_wins)] + [Match(a, b, 100 + i, 1) for i in range(b_wins)]


def test_bradley_terry_matches_the_closed_form_of_two_agents():
    # two agents: strength ratio = wins ratio (with the prior's half win each way)
    s = strengths(["a", "b"], _games("a", "b", 30, 10))
    assert math.isclose(s["a"] / s["b"], 30.5 / 10.5, rel_tol=1e-6)
    assert math.isclose(elo(s["a"]) - elo(s["b"]), 400 * math.log10(30.5 / 10.5), rel_tol=1e-6)


def test_ratings_order_three_agents_and_bracket_them():
    games = _games("strong", "mid", 15, 5) + _games("mid", "weak", 15, 5) + _games("strong", "weak", 19, 1)
    table = ratings(["weak", "mid", "strong"], games, seed=1, resamples=100)
    assert [r.name for r in table.ratings] == ["strong", "mid", "weak"]
    for r in table.ratings:
        assert r.low <= r.elo <= r.high
    assert table.ratings[0].low > table.ratings[2].high  # 19 of 20: clearly apart
    assert table.won[("strong", "weak")] == 19 and table.played[("strong", "weak")] == 20
    assert abs(sum(r.elo for r in table.ratings)) < 1e-6  # the mean agent at 0
    assert ratings(["weak", "mid", "strong"], games, seed=1, resamples=100).to_json() == table.to_json()
