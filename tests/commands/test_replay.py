"""`bpscript replay` verifies the whole log: every forged field is named (logged against
replayed), decisions left over or missing are counted, a log of other rules is refused,
and no log — binary, deeply nested, a 5,000-digit seed, twenty megabytes on one line —
gets a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bpscript.cli import main

ROOT = Path(__file__).parents[2]


def bpscript(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture(scope="module")
def log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "games.jsonl"
    assert main(["simulate", "--games", "3", "--seed", "5", "--log", str(path), "--json"]) == 0
    return path


def entries(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def write(tmp_path: Path, *items, name: str = "forged.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join((i if isinstance(i, str) else json.dumps(i)) + "\n" for i in items), "utf-8")
    return path


def test_an_honest_log_records_its_rules_and_replays_identical(log, capsys):
    first = entries(log)[0]
    assert first["bpscript"] and len(first["ruleset_digest"]) == 64 and first["ruleset"] == "blackpoker-8.2"
    code, out, _ = bpscript(capsys, "replay", log)
    assert (code, out) == (0, "replayed 3 game(s): 3 identical, 0 different or unreadable\n")


def test_a_flipped_winner_is_named(log, tmp_path, capsys):
    e = entries(log)[0]
    e["winner"] = 1 - e["winner"]
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, e))
    assert code == 1
    assert f"forged.jsonl:1: seed 5: winner: logged {e['winner']}, replayed {1 - e['winner']}" in out


def test_forged_counts_are_named_action_by_action(log, tmp_path, capsys):
    e = entries(log)[0]
    action = next(iter(e["requested"]))
    real = e["requested"][action]
    e["requested"][action] = real + 7
    e["resolved"]["noSuchAction"] = 1
    e["requested_by"][1] = {}
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, e))
    assert code == 1
    assert f"requested[{action}]: logged {real + 7}, replayed {real}" in out
    assert "resolved[noSuchAction]: logged 1, replayed (absent)" in out
    assert "requested_by[1][" in out and "logged (absent), replayed" in out


def test_turns_of_ten_to_the_twelfth_and_a_reason_made_up(log, tmp_path, capsys):
    e = entries(log)[1]
    turns, e["turns"], e["reason"] = e["turns"], 10 ** 12, "resigned"
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, e))
    assert code == 1
    assert f"seed 6: turns: logged 1000000000000, replayed {turns}" in out
    assert 'seed 6: reason: logged "resigned", replayed' in out


def test_a_field_left_out_or_typed_otherwise_is_a_difference(log, tmp_path, capsys):
    e = entries(log)[0]
    del e["winner"]
    e["turns"] = float(e["turns"])  # 6.0 is not the 6 turns played
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, e))
    assert code == 1 and "winner: logged (absent), replayed" in out and "turns: logged" in out


def test_decisions_appended_are_left_over(log, tmp_path, capsys):
    e = entries(log)[0]
    n = len(e["decisions"])
    e["decisions"] += [None] * 1000
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, e))
    assert code == 1
    assert f"seed 5: decisions: logged {n + 1000}, replayed {n} (1000 left over)" in out


def test_ten_million_decisions_appended_are_refused_unread(log, tmp_path, capsys):
    """Twenty megabytes on one line: reported by size, read in chunks, never parsed."""
    line = json.dumps(entries(log)[0])
    at = line.index('"decisions": [') + len('"decisions": [')
    path = tmp_path / "huge.jsonl"
    with path.open("w", encoding="utf-8") as f:
        f.write(line[:at] + "0," * 10_000_000 + line[at:] + "\n")
        f.write(json.dumps(entries(log)[1]) + "\n")  # the next line is still read
    code, out, err = bpscript(capsys, "replay", path)
    assert code == 1
    assert "huge.jsonl:1: a line of 20,00" in err and "longer than a game log line can be" in err
    assert out == "replayed 2 game(s): 1 identical, 1 different or unreadable\n"


def test_a_log_cut_short_is_named_by_its_decisions(log, tmp_path, capsys):
    e = entries(log)[0]
    e["decisions"] = e["decisions"][:5]
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, e))
    assert code == 1 and "seed 5: decisions: logged 5, replayed more than 5: the game goes on" in out
    e["abandoned"] = True  # an abandoned game ends where its log does
    ends = entries(log)[0]
    ends["abandoned"] = True  # ... and one that ran to its end was not abandoned
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, ends))
    assert code == 1 and "seed 5: abandoned: logged true, replayed false" in out


@pytest.mark.parametrize("decision, said", [
    (99, "is 99"), (-1, "is -1"), (True, "is True"), ("0", "is '0'"), ([0], "is [0]")])
def test_a_decision_the_game_does_not_offer_is_named(log, tmp_path, capsys, decision, said):
    e = entries(log)[0]
    e["decisions"][0] = decision  # the first decision is a request: an index or null
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, e))
    assert code == 1
    assert "seed 5: decisions: decision 1 (a request of P" in out and out.split("\n")[0].endswith(said)


def test_choices_and_answers_are_checked_as_well(log, tmp_path, capsys):
    e1 = next(e for e in entries(log) if any(isinstance(d, list) and d for d in e["decisions"]))
    e2 = next(e for e in entries(log) if any(isinstance(d, bool) for d in e["decisions"]))
    i = next(i for i, d in enumerate(e1["decisions"]) if isinstance(d, list) and d)
    j = next(i for i, d in enumerate(e2["decisions"]) if isinstance(d, bool))
    e1["decisions"][i] = e1["decisions"][i] * 2  # the same index twice
    e2["decisions"][j] = 1  # an answer is true or false
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, e1, e2))
    assert code == 1
    assert f"decision {i + 1} (a choice of P" in out and f"decision {j + 1} (a yes/no answer of P" in out


def test_a_log_of_other_rules_is_refused(tmp_path, capsys):
    """A homebrew game replays with its package; after an edit to a script the same log
    is refused, naming both digests (exit 2), rather than reported as different games."""
    package = tmp_path / "mini"
    shutil.copytree(ROOT / "frames" / "homebrew-example", package)
    log = tmp_path / "mini.jsonl"
    assert main(["simulate", str(package), "--frame", "miniDuel", "--games", "2", "--log", str(log), "--json"]) == 0
    capsys.readouterr()
    code, out, _ = bpscript(capsys, "replay", log, package)
    assert code == 0 and "2 identical" in out
    frame = package / "frame.bps"
    frame.write_text(frame.read_text("utf-8").replace("ライフの一番上からカードを1枚引き", "ライフの一番上からカードを2枚引き"),
                     "utf-8")
    code, out, err = bpscript(capsys, "replay", log, package)
    assert code == 2
    digest = entries(log)[0]["ruleset_digest"]
    assert "mini.jsonl:1: seed 0: played with other rules: the log's homebrew" not in err  # named by its ruleset
    assert f"has digest {digest[:12]}, these rules " in err and "not replayed" in err
    assert out == "replayed 2 game(s): 0 identical, 0 different or unreadable, 2 refused (played with other rules)\n"


def test_a_forged_digest_is_refused(log, tmp_path, capsys):
    e = entries(log)[0]
    e["ruleset_digest"] = "0" * 64
    code, _, err = bpscript(capsys, "replay", write(tmp_path, e))
    assert code == 2 and "played with other rules" in err and "has digest 000000000000" in err


def test_a_log_from_before_the_digest_is_verified_with_a_note(log, tmp_path, capsys):
    old = entries(log)[0]
    del old["ruleset_digest"], old["bpscript"]
    forged = json.loads(json.dumps(old))
    forged["winner"] = 1 - forged["winner"]
    code, out, err = bpscript(capsys, "replay", write(tmp_path, old, forged))
    assert code == 1 and "forged.jsonl:2: seed 5: winner" in out
    assert "note: 2 game(s) record no ruleset digest" in err and "every field is still verified" in err


def test_hostile_logs_get_one_line_each(tmp_path, capsys):
    path = tmp_path / "hostile.jsonl"
    with path.open("wb") as f:
        f.write(b"\x00\x01\xff\xfe binary\n")
        f.write(b'{"format": "lite", "frame": "\xe3\x81"}\n')
        f.write(b"[" * 100_000 + b"]" * 100_000 + b"\n")
        f.write(b'{"format": "lite", "frame": "entry20", "seed": ' + b"7" * 5000 + b', "digest": "", "decisions": []}\n')
        base = {"format": "lite", "frame": "entry20", "seed": 1, "digest": "", "decisions": []}
        for bad in ({"seed": 10 ** 30}, {"seed": True}, {"seed": 1.5}, {"format": ["lite"]}, {"decisions": "abc"},
                    {"ruleset": {"x": 1}}, {"max_turns": 10 ** 12}, {"abandoned": "yes"}, {"frame": "nowhere"},
                    {"ruleset": "no-such-rules"}):
            f.write(json.dumps({**base, **bad}).encode() + b"\n")
        f.write(b"42\nnull\n\"text\"\n")
    code, out, err = bpscript(capsys, "replay", path)
    assert code == 2  # two lines name rules that do not exist
    lines = err.splitlines()
    assert lines[0] == f"{path}:1:3: not UTF-8 text (byte 0xff): not a game log"
    assert lines[1].startswith(f"{path}:2:30: not UTF-8 text (byte 0xe3)")
    assert lines[2] == f"{path}:3: not a game log entry (JSON nested too deeply)"
    assert lines[3] == f"{path}:4: not a game log entry (a number of more than 4,300 digits)"
    assert "seed: an integer of more than 19 digits" in lines[4] and "seed: true is not an integer" in lines[5]
    assert "seed: 1.5 is not an integer" in lines[6] and "format: not a string" in lines[7]
    assert "decisions: not a list" in lines[8] and "ruleset: not a string" in lines[9]
    assert "max_turns: not an integer from 1 to" in lines[10] and "abandoned: not true or false" in lines[11]
    assert lines[12] == f"{path}:13: unknown frame 'nowhere': the ruleset blackpoker-8.2 defines entry20, pack, " \
                        "rarePack, strategy, extra"
    assert lines[13].startswith(f"{path}:14: unknown ruleset 'no-such-rules': the bundled rules in ")
    assert [l.split(": ", 1)[1] for l in lines[14:17]] == [
        "not a game log entry (a JSON int, not an object)", "not a game log entry (a JSON null, not an object)",
        "not a game log entry (a JSON str, not an object)"]
    assert out == "replayed 17 game(s): 0 identical, 17 different or unreadable\n"


def test_decisions_of_the_setup_are_checked_too(tmp_path, capsys):
    """A frame whose setup asks the players (a chosen hand): a log that ends before the
    setup does, or that picks one card twice, is named by its decisions."""
    rules = ROOT / "tests" / "engine" / "fixtures" / "setups.bps"
    log = tmp_path / "chosen.jsonl"
    assert main(["simulate", str(rules), "--frame", "chosenHand", "--games", "1", "--log", str(log), "--json"]) == 0
    capsys.readouterr()
    e = entries(log)[0]
    assert bpscript(capsys, "replay", log, rules)[0] == 0
    empty, twice = dict(e, decisions=[]), json.loads(json.dumps(e))
    twice["decisions"][0] = [twice["decisions"][0][0]] * len(twice["decisions"][0])
    code, out, _ = bpscript(capsys, "replay", write(tmp_path, empty, twice), rules)
    assert code == 1
    assert "forged.jsonl:1: seed 0: decisions: the log's 0 decision(s) end during the setup" in out
    assert "forged.jsonl:2: seed 0: decisions: decision 1 (a choice of P0: 1 to 3 distinct indices" in out


def test_control_characters_of_a_log_are_never_echoed(tmp_path, capsys):
    forged = write(tmp_path, {"format": "lite", "frame": "entry20", "seed": 1, "digest": "x", "decisions": [],
                              "ruleset": "\x1b[31mevil"})
    code, out, err = bpscript(capsys, "replay", forged)
    assert code == 2 and "evil" in err
    assert "\x1b" not in out + err and "\ufffd[31mevil" in err


def test_a_lone_surrogate_of_a_log_is_shown_as_a_replacement(log, tmp_path, capsys):
    """JSON may escape half of a surrogate pair (`"\\ud800"`), which no output can encode: the
    difference is reported with U+FFFD in its place, never as a traceback."""
    forged = write(tmp_path, dict(entries(log)[0], reason="\ud800"))
    code, out, err = bpscript(capsys, "replay", forged)
    assert code == 1 and 'reason: logged "\ufffd", replayed' in out
    out.encode("utf-8"), err.encode("utf-8")  # what reaches the terminal can be written
