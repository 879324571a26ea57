"""G4's engine confirmation (`bpscript.engine.players.first_turn`): lines found by the static
pass, played on real games — ライト + エントリー20, and the frames where the players build
their decks and choose cards in the setup (ストラテジー, レアパック, エクストラ)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bpscript.engine.players.first_turn import EngineFirstTurnSearch
from bpscript.lint import lint_result
from bpscript.lint.core import LintContext
from bpscript.lint.analysis import Analyzer
from bpscript.load.loader import load

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


def test_a_frame_with_a_chosen_hand_and_a_pack_is_played_on_the_engine():
    """The godHand frame (a chosen hand of 7, a pack of 14) is set up and played: the first
    player builds the deck and chooses the line's seven cards, so it wins in every deal
    when the second player passes; the second player's カウンター stops it."""
    result = load([CORPUS / "g4_choose_whole_hand.bps"])
    report = lint_result(result, engine=EngineFirstTurnSearch)
    (f,) = [f for f in report.findings if f.diagnostic.code == "G4"]
    assert not any("engine: undecided" in n for n in f.diagnostic.notes)
    assert any("engine: played in 4 deals: wins in 4 when the second player passes" in n
               and "stopped by 「カウンター」" in n for n in f.diagnostic.notes)


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


# ---------------------------------------------------------------- frames where players build
# 8.3: in ストラテジー, レアパック and エクストラ a player builds the deck (「40枚以上」) and picks
# cards in the setup; the first player builds for the line, the second player is dealt at random.
FRAMES = HERE / "fixtures" / "g4_frames.bps"


def test_a_chosen_hand_line_is_dealt_and_confirmed_in_strategy():
    """ストラテジー step 1: the three K the line spends are the first player's chosen hand."""
    from bpscript.engine.players.line_deal import LINE_SEAT, line_deal
    rs, reg, line = _line(FRAMES, ("pro", "strategy"))
    assert [mv.action.id for mv in line.moves] == ["kingsFury"] * len(line.moves)
    moves = [(mv.action.id, Counter((c.number, c.suit) for c in mv.keys)) for mv in line.moves]
    seed, make = line_deal(rs, "pro", "strategy", 0, moves, 0, None)
    st = make()
    assert st.first_player == LINE_SEAT and make().digest() == st.digest()  # re-run exactly
    keys = sorted((c.number, c.suit) for mv in line.moves for c in mv.keys)
    held = sorted((c.number, c.suit) for c in st.players[LINE_SEAT].hand)
    assert all(held.count(k) >= keys.count(k) for k in keys)
    assert len(st.decks[LINE_SEAT]) == 54  # the largest legal deck: the most life
    engine = EngineFirstTurnSearch(rs)
    assert engine.first_turn_win(reg, line) is True
    assert "wins in 4 when the second player passes" in engine.notes()[0]


def test_a_rare_card_line_is_confirmed_in_rare_pack():
    """レアパック step 1: the rare card the line spends is chosen in the setup."""
    rs, reg, line = _line(FRAMES, ("std", "rarePack"))
    assert [(mv.action.id, mv.rare) for mv in line.moves] == [("rareBlast", 1)]
    engine = EngineFirstTurnSearch(rs)
    assert engine.first_turn_win(reg, line) is True
    assert [(d.unopposed, d.versus) for d in engine.last] == [(True, True)] * 4


def test_a_trump_line_in_master_extra_is_confirmed_on_the_engine():
    """エクストラ steps 1 and 9: the first player lays 「革命」 (♠A) as a trump and opens it;
    革命の一撃 needs it face up. Confirmed in every deal, against any one answer."""
    from bpscript.engine.setup.start import unsupported_steps
    rs, reg, line = _line(FRAMES, ("mast", "extra"))
    missing = unsupported_steps(rs.frames["extra"])
    if missing:
        pytest.skip(f"the engine does not run {', '.join(map(str, missing))} yet")
    assert line.trump == "sA"
    engine = EngineFirstTurnSearch(rs)
    assert engine.first_turn_win(reg, line) is True
    assert [(d.unopposed, d.versus) for d in engine.last] == [(True, True)] * 4


def test_lint_confirms_every_frame_s_line_on_the_engine():
    report = lint_result(load([FRAMES]), engine=EngineFirstTurnSearch)
    notes = {f.diagnostic.span.line: f.diagnostic.notes for f in report.findings if f.diagnostic.code == "G4"}
    assert len(notes) == 3
    engine_notes = [n for ns in notes.values() for n in ns if n.startswith("engine:")]
    confirmed = [n for n in engine_notes if "wins in 4 when the second player passes" in n]
    assert len(confirmed) >= 2  # ストラテジー and レアパック (エクストラ once its setup runs)
    assert all("undecided" not in n or "cannot set up" in n for n in engine_notes)
