"""`bpscript play` driven from a pipe: the narration of every event, the board above
each prompt, the cost beside each action, going back, units told apart by place, and
one-line errors for regulations that do not exist (play, simulate, replay)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bpscript.cli import main
from bpscript.commands._narrate import Names, Narrator
from bpscript.commands._terminal import TerminalPlayer
from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.setup.position import Position
from bpscript.load.loader import load_official

ROOT = Path(__file__).parent.parent


def play(monkeypatch, capsys, answers: str, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(["play", "--seed", "3", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_event_is_narrated(monkeypatch, capsys):
    """Seed 3: P0 summons ♡9 (paying B with its bulwark and L), then only passes; the
    random P1 answers with ダウン twice, and the second one kills the soldier."""
    code, out, err = play(monkeypatch, capsys, "4 1\n1\n" + "0\n" * 12)
    lines = out.splitlines()
    told = [line for line in lines if line.startswith(("P0 (you) requests", "  cost", "▸", "  +", "  ✝", "P1 requests"))]
    assert told[:8] == [
        "P0 (you) requests 兵士召喚 ★♡9",
        "  cost B 防壁をドライブする: P0 #1 防壁 ♣K",
        "  cost L 1点ダメージを受ける: 1 damage: ♠A (life 8)",
        "▸ 兵士召喚 (P0) resolves",
        "  + P0 #3 一般兵 ♡9 enters the field",
        "P1 requests ダウン ★♠5 → P0 #3 一般兵 ♡9",
        "  cost D 手札を1枚捨てる: ♢A",
        "▸ ダウン (P1) resolves",
    ]
    assert "  P1: key card ♠5 → フォグ" in lines and "  ✝ P0 #3 一般兵 ♡9 dies (墓地)" in lines
    assert "P1 passes" in lines and "P0 (you) passes" in lines
    assert code == 1 and "input ended" in err and "Traceback" not in err


def test_the_board_is_drawn_above_every_request_prompt(monkeypatch, capsys):
    _, out, _ = play(monkeypatch, capsys, "0\n" * 3)
    blocks = out.split("request (number; 0 passes)> ")[:-1]
    assert len(blocks) == 4  # three answers, and the prompt the input ended at
    for block in blocks:  # the board, then the menu, right above the prompt
        board = block[block.rindex("┌─ turn"):].splitlines()
        assert board[1].startswith("│ P1  life ") and board[3].startswith("│ P0 (you)  life ")
        assert board[5].startswith("└─ stage (top last): ") and board[6] == "  0. pass"
    first = blocks[0][blocks[0].rindex("┌─ turn"):].splitlines()[:6]
    assert first == [
        "┌─ turn 1 · P0's turn · P0 has the chance · you are P0 ─",
        "│ P1  life 10+ · hand 7 · grave 1 (top ♡8) · fog -",
        "│     #1 防壁 ♠3 [0]  #2 一般兵 ♡10 [10]",  # the preset bulwark is face up (3.9.1)
        "│ P0 (you)  life 9 · hand ♡9 ♣10 ♣6 ♠5 ♢3 ♢Q ♡J ♠2 · grave 1 (top ♢10) · fog -",
        "│     #1 防壁 ♣K [0]  #2 エース ♢A [1]",
        "└─ stage (top last): (empty)"]
    assert "└─ stage (top last): ダウン (P1 ★♠5)" in blocks[2]  # P1's request is on it


def test_each_action_shows_its_cost(monkeypatch, capsys):
    _, out, _ = play(monkeypatch, capsys, "0\n")
    menu = out.splitlines()
    row = next(line for line in menu if "兵士召喚" in line)
    assert row.startswith("  4. 兵士召喚 (6 ways)") and row.endswith("cost $BL")
    assert next(line for line in menu if "エンド" in line).endswith("no cost")
    assert "     (L 1点ダメージを受ける · B 防壁をドライブする · D 手札を1枚捨てる)" in menu


def test_b_goes_back_from_the_ways_and_takes_a_request_back_at_its_cost(monkeypatch, capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    code, out, err = play(monkeypatch, capsys, "4\nb\n4 1\nb\n0\n", "--log", str(log))
    assert "which way (number; b goes back)> b" in out
    assert "request withdrawn: nothing was paid" in out
    after = out[out.index("request withdrawn"):]
    assert "│ P0 (you)  life 9 · hand ♡9 ♣10 ♣6 ♠5 ♢3 ♢Q ♡J ♠2" in after  # nothing paid, ♡9 still in hand
    assert "requests 兵士召喚" not in out
    entry = json.loads(log.read_text("utf-8"))
    assert entry["decisions"][:2] == [3, "withdrawn"]
    assert main(["replay", str(log)]) == 0
    assert "1 identical" in capsys.readouterr().out


def test_face_down_bulwarks_are_told_apart_by_their_place():
    """Two face-down bulwarks of P1: the options name them #1 and #2 without their cards
    (6.1), the narration says which one died and shows its card once in the grave."""
    rs = load_official().ruleset
    pos = Position(rs, "lite", "entry20", turn=3, turn_player=0)
    pos.life(0, "♠2 ♠3 ♠4 ♡8")
    pos.life(1, "♢2 ♢3 ♢4 ♢5")
    pos.hand(0, "♡5 ♢6")
    pos.unit(1, "♠3", face_up=False, as_="bulwark")
    pos.unit(1, "♠4", face_up=False, as_="bulwark")
    out = io.StringIO()
    person = TerminalPlayer(0, Names(rs), stdin=io.StringIO("5\n2\n"), stdout=out)
    game = pos.game([person, ScriptedAgent()])
    person.game = game
    game.observers.append(Narrator(game, 0, out, person.tell.names))
    game.step()
    game.pass_chance(1)
    game.pass_chance(0)
    text = out.getvalue()
    assert "    1. ★♡5 ♢6 → P1 #1 防壁 (face down)\n    2. ★♡5 ♢6 → P1 #2 防壁 (face down)\n" in text
    assert "P0 (you) requests 防壁破壊 ★♡5 ♢6 → P1 #2 防壁 (face down)\n" in text
    assert "  ✝ P1 #2 防壁 ♠4 (face down) dies (墓地)\n" in text
    assert "♠3" not in text  # the other one stays hidden


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bpscript.cli", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("option, message", [
    (["--frame", "nope"], "unknown frame 'nope': the ruleset blackpoker-8.2 defines entry20, pack, rarePack, "
                          "strategy, extra"),
    (["--format", "nope"], "unknown format 'nope': the ruleset blackpoker-8.2 defines lite, std, pro, mast"),
    (["--format", "lite", "--frame", "pack"], "frame 'pack' (パック) is played in std, pro, mast, not in 'lite'"),
])
def test_a_regulation_that_does_not_exist_is_one_line_in_play(option, message):
    proc = _run("play", *option)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", f"error: {message}\n")


@pytest.mark.parametrize("field, value, message", [
    ("format", "nope", "unknown format 'nope': the ruleset blackpoker-8.2 defines lite, std, pro, mast"),
    ("frame", "nope", "unknown frame 'nope': the ruleset blackpoker-8.2 defines entry20, pack, rarePack, "
                      "strategy, extra"),
    ("frame", "pack", "frame 'pack' (パック) is played in std, pro, mast, not in 'lite'"),
    ("ruleset", "blackpoker-7.0", f"unknown ruleset 'blackpoker-7.0': the bundled rules in {ROOT} define "
                                  "blackpoker-8.2, blackpoker-9.0; a homebrew package's games replay with its "
                                  "directory: bpscript replay LOG PATH"),
])
def test_a_log_of_a_regulation_that_does_not_exist_is_one_line_in_replay(tmp_path, capsys, field, value, message):
    log = tmp_path / "game.jsonl"
    assert main(["simulate", "--games", "1", "--log", str(log)]) == 0
    entry = json.loads(log.read_text("utf-8"))
    log.write_text(json.dumps({**entry, field: value}, ensure_ascii=False) + "\n", encoding="utf-8")
    capsys.readouterr()
    proc = _run("replay", str(log))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr == f"{log}:1: {message}\n"


def test_the_session_in_the_docs_is_the_command_s_own_output(monkeypatch, capsys):
    doc = (ROOT / "docs" / "play.md").read_text("utf-8")
    block = doc[doc.index("$ printf '"):]
    block = block[:block.index("\n```")]
    command, transcript = block.split("\n", 1)
    answers = command[len("$ printf '"):command.index("' | bpscript play")].replace("\\n", "\n")
    assert command.endswith("| bpscript play --seed 3")
    _, out, _ = play(monkeypatch, capsys, answers)
    assert out == transcript
