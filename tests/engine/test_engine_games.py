"""Whole games: random ライト + エントリー20 games as a property test, replays, the verb
library and the engine kept in step, coverage, and the commands."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys

import pytest

from bpscript.engine.kernel.coverage import coverage
from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.kernel.rules import Rules
from bpscript.engine.players.runner import aggregate, random_game, replay, simulate
from bpscript.engine.setup.start import frame_deck
from bpscript.engine.kernel.coverage import implemented_names
from bpscript.engine.kernel.registry import EVENTS, VERBS
from bpscript.verbs import LIBRARY


class Checked(Game):
    """Checks after every resolution: each card in exactly one zone; the stage empty
    whenever a turn ends."""

    def resolve(self, req):
        turn = self.state.turn
        super().resolve(req)
        self.state.check_invariants()
        if self.state.turn != turn and self.state.winner is None:
            assert self.state.stage == [], "a turn ended with requests on the stage"


@pytest.mark.parametrize("block", range(4))
def test_random_games_end_with_a_winner_and_keep_the_invariants(rs, rules, block):
    for seed in range(block * 50, block * 50 + 50):
        game = Checked(rs, "lite", "entry20", seed, [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)],
                       rules=rules, check=True)
        winner = game.play()
        assert winner in (0, 1) and game.state.end_reason == "life 0", seed


def test_the_turn_limit_guard_ends_a_game(rs, rules):
    game = Game(rs, "lite", "entry20", 5, [RandomAgent(1), RandomAgent(2)], rules=rules, max_turns=2)
    assert game.play() in (0, 1) and game.state.end_reason in ("turn limit", "life 0")


def test_games_are_deterministic_and_replay_to_the_same_state(rs, rules):
    for seed in (3, 17, 42):
        _, a = random_game(rs, "lite", "entry20", seed, rules, record=True)
        _, b = random_game(rs, "lite", "entry20", seed, rules, record=True)
        assert a == b
        assert replay(rs, json.loads(json.dumps(a)), rules).state.digest() == a["digest"]


def test_simulate_statistics(rs):
    results = list(simulate(rs, "lite", "entry20", 20, 0))
    stats = aggregate(results)
    assert stats["games"] == 20 and abs(sum(stats["win_rate"].values()) - 1) < 1e-9
    assert stats["requested"]["end"] >= stats["resolved"]["end"] > 0


def test_engine_verbs_take_the_declared_parameters():
    """verbs.py declarations and the engine's implementations agree, name by name."""
    for name, impl in VERBS.items():
        assert name in LIBRARY and LIBRARY[name].kind != "event", name
        params = [p.rstrip("_") for p in list(inspect.signature(impl).parameters)[1:]]
        declared = [p.name for p in LIBRARY[name].params]
        assert params == declared, (name, params, declared)
    for name in EVENTS:
        assert LIBRARY[name].kind == "event", name
    assert implemented_names() == frozenset(VERBS) | EVENTS


def test_every_lite_script_is_executable(rs):
    lite = {s.id for s in rs.in_regulation("lite", "entry20")}
    cov = {c.id: c for c in coverage(rs)}
    assert not [(i, cov[i].missing) for i in sorted(lite) if not cov[i].executable]


def test_the_entry20_deck(rs):
    assert len(frame_deck(rs.frames["entry20"])) == 20


def _bpscript(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "bpscript.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_play_from_a_pipe_with_an_illegal_answer():
    answers = "99\nx\n" + "1\ny\n" * 400
    r = _bpscript("play", "--format", "lite", "--frame", "entry20", "--seed", "7", stdin=answers)
    assert "invalid input '99': enter a number from 0 to" in r.stdout and "0. pass" in r.stdout and "│ P0 (you)" in r.stdout
    assert r.returncode in (0, 1) and ("wins" in r.stdout or "input ended" in r.stderr)


def test_simulate_and_replay_commands(tmp_path):
    log = tmp_path / "games.jsonl"
    r = _bpscript("simulate", "--games", "12", "--seed", "3", "--jobs", "2", "--json", "--log", str(log))
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert stats["games"] == 12 and "12/12" in r.stderr
    assert len(log.read_text("utf-8").splitlines()) == 12
    r = _bpscript("replay", str(log))
    assert r.returncode == 0 and "12 identical" in r.stdout


def test_simulate_never_overwrites_an_existing_log(tmp_path):
    log = tmp_path / "mine.jsonl"
    log.write_text("my notes\n", encoding="utf-8")
    r = _bpscript("simulate", "--games", "2", "--log", str(log))
    assert r.returncode == 2 and "exists" in r.stderr and "--force" in r.stderr
    assert log.read_text("utf-8") == "my notes\n"
    r = _bpscript("simulate", "--games", "2", "--log", str(log), "--force")
    assert r.returncode == 0 and len(log.read_text("utf-8").splitlines()) == 2


def test_simulate_jobs_alone_means_one_per_core():
    r = _bpscript("simulate", "--games", "4", "--jobs", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["games"] == 4


def test_input_ending_inside_an_effect_abandons_the_game_and_keeps_a_replayable_log(tmp_path):
    """アタック asks for the attackers while it resolves: input ending there is no traceback."""
    log = tmp_path / "me.jsonl"
    log.write_text("", encoding="utf-8")
    r = _bpscript("play", "--seed", "3", "--log", str(log), stdin="2\n0\n")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "game abandoned after" in r.stderr and "log appended" in r.stderr
    entry = json.loads(log.read_text("utf-8"))
    assert entry["abandoned"] is True and entry["winner"] is None
    r = _bpscript("replay", str(log))
    assert r.returncode == 0 and "1 identical" in r.stdout


def test_replay_reports_bad_logs_line_by_line(tmp_path):
    good = tmp_path / "good.jsonl"
    assert _bpscript("simulate", "--games", "1", "--log", str(good)).returncode == 0
    entry = json.loads(good.read_text("utf-8"))
    entry["decisions"] = entry["decisions"][:3]  # truncated, not marked abandoned
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"x": 1}\nnot json\n' + json.dumps(entry) + "\n", encoding="utf-8")
    r = _bpscript("replay", str(bad))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{bad}:1: not a game log entry" in r.stderr
    assert f"{bad}:2:1: not a JSON line" in r.stderr
    assert f"{bad}:3: seed 0: decisions: logged 3, replayed more than 3" in r.stdout
    r = _bpscript("replay", str(tmp_path / "missing.jsonl"))
    assert r.returncode == 2 and "cannot read" in r.stderr


def test_not_executable_scripts_are_reported_and_never_resolved(tmp_path):
    """Coverage is the engine's: an action whose effect is printed text only (no bpscript
    form) is listed with what it misses, never offered, refused when requested, and
    resolving it (a request already on the stage when the game goes on) raises instead of
    doing nothing."""
    from bpscript.engine.players.agents import ScriptedAgent
    from bpscript.engine.kernel.base import NotExecutable
    from bpscript.engine.kernel.coverage import coverage
    from bpscript.engine.setup.position import Position
    from bpscript.load.loader import load

    fixture = tmp_path / "prose.bps"
    fixture.write_text('''extends "blackpoker-8.2"

action prose "散文" (速攻魔法) {
  @直接-通常-クイック ★♣A〜10
  effect: "何かが起こる。"
  formats: lite
}
''', encoding="utf-8")
    result = load([fixture])
    assert not result.errors, [d.message for d in result.errors]
    rs = result.ruleset
    cov = {c.id: c for c in coverage(rs)}
    assert not cov["prose"].executable and "effect" in cov["prose"].missing
    assert cov["up"].executable and cov["bj"].executable  # B・J is written in the DSL, no verb of its own
    rules = Rules(rs, "lite", "entry20")
    assert "prose" not in rules.executable and "prose" in dict(rules.not_executable)
    assert rules.direct and all(c.id != "prose" for c in rules.direct)

    def board():
        pos = Position(rs, "lite", "entry20", turn=3, turn_player=0)
        pos.life(0, "♠2 ♠3 ♠4")
        pos.life(1, "♡2 ♡3 ♡4")
        return pos
    pos = board()
    pos.hand(0, "♣9")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=rules, partial=True)
    assert "prose" not in {o.action for o in game.legal_requests(0)}
    with pytest.raises(NotExecutable, match="prose"):
        game.request(0, "prose", "♣9")
    pos = board()
    pos.request(0, "prose", "♣9")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=rules, partial=True)
    game.pass_chance(0)
    with pytest.raises(NotExecutable, match="prose"):
        game.pass_chance(1)
