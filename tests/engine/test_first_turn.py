"""G4's engine confirmation (`bpscript.engine.first_turn`): lines found by the static
pass, played on real ライト + エントリー20 games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bpscript.engine.first_turn import EngineFirstTurnSearch
from bpscript.lint import lint_result
from bpscript.lint.core import LintContext
from bpscript.lint.analysis import Analyzer
from bpscript.loader import load

HERE = Path(__file__).parent
CORPUS = HERE.parent / "lint" / "corpus"


def _line(path: Path, regulation: tuple[str, str] = ("lite", "entry20")):
    """The homebrew ruleset of `path`, its regulation and the line G4's static pass finds."""
    result = load([path])
    (name, rs), = [(n, r) for n, r in result.rulesets if n != "main"]
    ctx = LintContext(rs, name, None, result.sources)
    reg = next(r for r in ctx.regulations if r.key == regulation)
    return rs, reg, Analyzer(ctx).search(reg)


def test_a_40_damage_action_is_confirmed_against_every_answer():
    rs, reg, line = _line(CORPUS / "g4_meteor.bps")
    engine = EngineFirstTurnSearch(rs)
    assert engine.first_turn_win(reg, line) is True
    assert [(d.unopposed, d.versus) for d in engine.last] == [(True, True)] * 4
    assert "wins in 4 when the second player passes" in engine.notes()[0]


def test_a_line_that_cannot_win_unopposed_is_refuted_and_the_finding_dropped():
    """Its target is a request: on turn 1 nobody has made one, so 反撃 cannot be requested."""
    path = HERE / "fixtures" / "riposte.bps"
    rs, reg, line = _line(path)
    assert line is not None and line.damage >= 40  # the static pass counts it
    engine = EngineFirstTurnSearch(rs)
    assert engine.first_turn_win(reg, line) is False
    result = load([path])
    assert lint_result(result).codes() == ["G4"]
    assert lint_result(result, engine=EngineFirstTurnSearch).codes() == []


def test_the_search_finds_the_answer_that_stops_a_line():
    """ダウン sends the target soldier to the grave: the request resolves without effect."""
    rs, reg, line = _line(HERE / "fixtures" / "duel.bps")
    engine = EngineFirstTurnSearch(rs)
    assert engine.first_turn_win(reg, line) is True  # unopposed, it wins
    stopped = [d for d in engine.last if d.versus is False]
    assert stopped and all("ダウン" in d.stopped_by for d in stopped)
    assert "stopped by 「ダウン」" in engine.notes()[0]


def test_a_frame_the_engine_cannot_set_up_is_undecided(tmp_path):
    # the godHand frame with trumps set aside first: a step the engine does not run yet
    text = (CORPUS / "g4_choose_whole_hand.bps").read_text(encoding="utf-8")
    text = text.replace("zones: life grave field hand fog pack", "zones: life grave field hand fog pack trump")
    text = text.replace("    choose_hand 7\n", "    trumps 2\n    choose_hand 7\n")
    path = tmp_path / "trumps_first.bps"
    path.write_text(text, encoding="utf-8")
    result = load([path])
    assert not result.errors, [d.message for d in result.errors]
    report = lint_result(result, engine=EngineFirstTurnSearch)
    (f,) = [f for f in report.findings if f.diagnostic.code == "G4"]
    assert any("engine: undecided" in n and "'trumps 2'" in n for n in f.diagnostic.notes)


def test_a_frame_with_a_chosen_hand_and_a_pack_is_played_on_the_engine():
    """The godHand frame (a chosen hand of 7, a pack of 14) is set up and played: the
    engine decides the line, the second player's カウンター stops it."""
    result = load([CORPUS / "g4_choose_whole_hand.bps"])
    report = lint_result(result, engine=EngineFirstTurnSearch)
    (f,) = [f for f in report.findings if f.diagnostic.code == "G4"]
    assert not any("undecided" in n for n in f.diagnostic.notes)
    assert any("engine: played in" in n and "stopped by 「カウンター」" in n for n in f.diagnostic.notes)


def _lint(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bpscript.cli", "lint", *args], capture_output=True,
                          text=True, timeout=120)


def test_lint_cli_uses_the_engine_unless_told_not_to():
    path = str(HERE / "fixtures" / "riposte.bps")
    assert _lint(path).returncode == 0
    r = _lint("--no-engine", path)
    assert r.returncode == 1 and "error[G4]" in r.stdout
    r = _lint(str(CORPUS / "g4_meteor.bps"))
    assert r.returncode == 1 and "engine: played in 4 deals" in r.stdout
