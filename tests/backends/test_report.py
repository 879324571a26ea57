"""The balance report: Wilson intervals, statistics per seat and per action, and one
self-contained HTML file in which nothing from the rules is markup."""

from __future__ import annotations

import re

import pytest

from bpscript.backends.balance import Rate, balance

pytest.importorskip("matplotlib", reason="the balance report draws with matplotlib")

from bpscript.backends.report import render_report  # noqa: E402


def game(seed, winner, first, turns, requested_by, resolved=None, reason="life 0"):
    requested = {}
    for acts in requested_by:
        for a, n in acts.items():
            requested[a] = requested.get(a, 0) + n
    return {"seed": seed, "winner": winner, "first": first, "turns": turns, "reason": reason,
            "agents": ["greedy", "random"], "requested": requested, "resolved": resolved or requested,
            "requested_by": requested_by}


GAMES = [game(0, 0, 0, 3, [{"attack": 2}, {}]), game(1, 1, 0, 5, [{"attack": 1}, {"up": 1}]),
         game(2, 0, 1, 4, [{}, {"up": 2}], reason="turn limit"), game(3, 0, 0, 6, [{"attack": 1}, {}])]


def test_wilson_interval():
    lo, hi = Rate(5, 10).interval
    assert round(lo, 4) == 0.2366 and round(hi, 4) == 0.7634
    assert Rate(0, 20).interval[0] == 0.0 and 0.16 < Rate(0, 20).interval[1] < 0.17
    assert Rate(0, 0).interval == (0.0, 1.0)


def test_statistics_per_seat_first_player_and_action():
    b = balance(GAMES, "official")
    assert b.games == 4 and b.agents == ["greedy", "random"]
    assert (b.seats[0].wins, b.seats[1].wins, b.first_player.wins) == (3, 1, 2)
    assert b.lengths == [3, 5, 4, 6] and b.ended_by_limit == 1
    attack = next(a for a in b.actions if a.id == "attack")
    up = next(a for a in b.actions if a.id == "up")
    assert (attack.requested, attack.requester_wins.wins, attack.requester_wins.n) == (4, 2, 3)
    assert (up.requested, up.requester_wins.wins, up.requester_wins.n) == (3, 1, 2)
    assert b.to_json()["seats"]["P0"]["rate"] == 0.75


def test_the_report_is_self_contained_and_escapes_what_the_rules_say():
    evil = '<script>alert(1)</script>'
    games = [dict(g, requested={evil: 1, **g["requested"]}, resolved={evil: 1},
                  requested_by=[{evil: 1}, {}]) for g in GAMES]
    html = render_report([balance(games, "official", {evil: evil}), balance(GAMES, 'homebrew "x" & <y>')],
                         command="bpscript simulate --compare <y>")
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)" in html
    assert html.count("<svg") == 3 and 'homebrew &#34;x&#34; &amp; &lt;y&gt;' in html
    assert not re.search(r'(src|href)="(https?:)?//', html)  # nothing fetched
    assert "<script" not in html.replace('<script type="application/json" id="statistics">', "")


def test_the_report_is_japanese_and_names_actions_by_name():
    """Headings, axes and table heads in Japanese by default; actions by their names in the
    charts and tables (the id beside the name in the table only); English on request."""
    names = {"attack": "アタック", "up": "アップ"}
    html = render_report([balance(GAMES, "official", names)])
    assert '<html lang="ja">' in html
    assert re.findall(r"<h2[^>]*>([^<]*)</h2>", html) == ["エージェント", "勝率", "ゲームの長さ", "アクション"]
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert "先攻プレイヤー" in svgs[0] and "ターン数" in svgs[1]
    assert "アタック" in svgs[2] and "アップ" in svgs[2] and ">attack<" not in svgs[2] and "attack" not in svgs[2]
    table = html[html.index('<table class="actions'):]
    assert '<th scope="row" class="name">アタック <code class="id">attack</code></th>' in table
    english = render_report([balance(GAMES, "official", names)], language="en")
    assert '<html lang="en">' in english and "<h2 id=\"win-rates\">Win rates</h2>" in english
    assert "first player" in english and "アタック" in english  # the names are the rules' own


def test_every_word_in_both_languages():
    from bpscript.backends.report import SECTIONS
    from bpscript.backends.report_words import WORDS
    assert set(WORDS["ja"]) == set(WORDS["en"])
    assert all(s.id in WORDS["ja"] for s in SECTIONS)
    with pytest.raises(ValueError, match="ja, en"):
        render_report([balance(GAMES, "a")], language="fr")


def test_the_same_statistics_give_the_same_report():
    assert render_report([balance(GAMES, "a")]) == render_report([balance(GAMES, "a")])
