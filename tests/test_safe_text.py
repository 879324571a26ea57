"""Safe text on every terminal output (issue 27 point 5): one function, `printable`, shows
control and bidirectional characters as U+FFFD in diagnostics, diff, play, simulate and
replay; a source holding a control character is an error (E007), as import refuses one
(E604). Each test fails on the code before: names went raw through diff and play, and
diagnostics passed U+202E."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from bpscript.cli import main
from bpscript.diagnostics import printable

ROOT = Path(__file__).parent.parent
RLO = "\u202e"
#: every bidirectional formatting character, an OSC title sequence, BEL, a C1 CSI
HOSTILE = [RLO, "\u2066", "\u2067", "\u2068", "\u2069", "\u202a", "\u200f", "\x1b]0;pwned\x07", "\x9b2J"]
#: UAX #9's formatting characters: embeddings, overrides, isolates and the marks
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
DANGER = set(BIDI) | {"\x1b", "\x07", "\x9b"}


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["--no-cache", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def clean(text: str) -> bool:
    return not DANGER & set(text)


def trojan_package(tmp_path: Path) -> Path:
    """The example homebrew frame with U+202E in its frame's name and its scripts' names."""
    pkg = tmp_path / "trojan"
    shutil.copytree(ROOT / "frames" / "homebrew-example", pkg)
    f = pkg / "frame.bps"
    text = f.read_text("utf-8")
    text = text.replace('"ミニ決闘"', f'"ミニ{RLO}決闘"').replace('up "アップ"', f'up "ア{RLO}ップ"')
    text = text.replace('duelDraw "決闘の備え"', f'duelDraw "決闘の{RLO}備え"')
    f.write_text(text, "utf-8")
    return pkg


@pytest.mark.parametrize("bad", HOSTILE, ids=[f"U+{ord(b[0]):04X}" for b in HOSTILE])
def test_printable_neutralises_controls_and_every_bidi_character(bad):
    shown = printable(f"a{bad}b")
    assert clean(shown) and "\ufffd" in shown and shown.startswith("a") and shown.endswith("b")


def test_printable_keeps_tabs_newlines_and_japanese():
    assert printable("アップ\tダウン\n♠A〜K") == "アップ\tダウン\n♠A〜K"


def test_a_diagnostic_never_shows_a_bidi_override(tmp_path, capsys):
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "a.bps").write_text(f'extends "blackpoker-8.2"\n\naction x{RLO}y "エックス" (通常魔法) {{\n}}\n', "utf-8")
    code, out, _ = cli(capsys, "check", pkg)
    assert code == 1 and "error[" in out and RLO not in out and "\ufffd" in out


def test_diff_shows_a_name_with_a_bidi_override_as_text(tmp_path, capsys):
    code, out, err = cli(capsys, "diff", "blackpoker-8.2", trojan_package(tmp_path), "--in", "miniDuel")
    assert code == 0 and "決闘の\ufffd備え" in out and clean(out + err)


def test_play_shows_names_with_a_bidi_override_as_text(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n" * 400))
    code, out, err = cli(capsys, "play", trojan_package(tmp_path), "--frame", "miniDuel", "--seed", "3")
    assert "ミニ\ufffd決闘" in out and clean(out + err)


def test_simulate_prints_a_title_with_a_bidi_override_as_text(tmp_path, capsys):
    code, out, err = cli(capsys, "simulate", trojan_package(tmp_path), "--frame", "miniDuel", "--games", "2")
    assert code == 0 and "\ufffd" in out and clean(out + err)


@pytest.mark.parametrize("bad", ["\x1b]0;pwned\x07", "\x00", "\x07", "\x7f", "\x9b"],
                         ids=["ESC-OSC", "NUL", "BEL", "DEL", "CSI"])
def test_check_reports_a_control_character_in_a_string_as_E007(bad, tmp_path, capsys):
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "a.bps").write_text('extends "blackpoker-8.2"\n\naction zap "ザ' + bad + 'ップ" (速攻魔法) {\n'
                               '  @直接-即時-クイック $D\n  effect: "ライフの一番上からカードを1枚引き、手札に加える。" {\n'
                               '    draw(me)\n  }\n  formats: lite\n}\n', "utf-8")
    code, out, _ = cli(capsys, "check", pkg)
    assert code == 1 and f"a.bps:3:14: error[E007]: a control character U+{ord(bad[0]):04X}" in out
    assert clean(out)


def test_diff_and_play_refuse_a_script_name_holding_an_escape_sequence(tmp_path, capsys, monkeypatch):
    pkg = trojan_package(tmp_path)
    f = pkg / "frame.bps"
    f.write_text(f.read_text("utf-8").replace(f"決闘の{RLO}備え", "\x1b]0;pwned\x07\x1b[2J"), "utf-8")
    code, out, err = cli(capsys, "diff", "blackpoker-8.2", pkg)
    assert code == 1 and "error[E007]" in err and clean(out + err)
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n" * 50))
    code, out, err = cli(capsys, "play", pkg, "--frame", "miniDuel")
    assert code == 1 and "error[E007]" in err and clean(out + err)


def test_replay_shows_a_forged_action_name_of_a_log_as_text(tmp_path, capsys):
    log = tmp_path / "g.jsonl"
    assert main(["simulate", "--games", "1", "--log", str(log), "--json"]) == 0
    capsys.readouterr()
    e = json.loads(log.read_text("utf-8"))
    e["requested"]["\x1b]0;pwned\x07" + RLO] = 1
    log.write_text(json.dumps(e) + "\n", "utf-8")
    code, out, err = cli(capsys, "replay", log)
    assert code == 1 and "requested[\ufffd]0;pwned\ufffd\ufffd]" in out and clean(out + err)
