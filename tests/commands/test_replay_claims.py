"""`replay` verifies every claim it can (issue 27 point 6) and homebrew logs are portable
(issue 31 point 4): a changed `discarded` or agents claim is a difference, never
"identical"; what cannot be verified is printed as "not verified"; a log names a package
by its own name, title and frames and its digest, not its directory, so a renamed
directory replays, and `replay LOG` without the package says which one to give. Logs of
schema 1 still replay."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from bpscript.cli import main

ROOT = Path(__file__).parents[2]


def cli(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def entries(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


def write(path: Path, *items: dict) -> Path:
    path.write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items), "utf-8")
    return path


@pytest.fixture(scope="module")
def log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "games.jsonl"
    assert main(["simulate", "--games", "4", "--seed", "5", "--log", str(path), "--json",
                 "--agent", "greedy"]) == 0
    return path


@pytest.fixture(scope="module")
def homebrew(tmp_path_factory) -> tuple[Path, Path]:
    """(the package, a log of three of its games)."""
    where = tmp_path_factory.mktemp("hb")
    pkg = where / "guard"
    shutil.copytree(ROOT / "frames" / "homebrew-example", pkg)
    path = where / "guard.jsonl"
    assert main(["simulate", str(pkg), "--frame", "miniDuel", "--games", "3", "--log", str(path), "--json"]) == 0
    return pkg, path


def test_a_changed_discarded_count_is_a_difference(log, tmp_path, capsys):
    e = entries(log)[0]
    action = "down"
    e["discarded"][action] = e["discarded"].get(action, 0) + 1
    code, out, _ = cli(capsys, "replay", write(tmp_path / "f.jsonl", e))
    assert code == 1 and f"discarded[{action}]: logged {e['discarded'][action]}, replayed" in out
    assert "0 identical" in out


@pytest.mark.parametrize("claim", [["random", "random"], ["greedy", "greedy"]])
def test_a_changed_agents_claim_is_a_difference(claim, log, tmp_path, capsys):
    e = entries(log)[0]
    assert e["agents"] == ["greedy", "random"]
    e["agents"] = claim
    code, out, _ = cli(capsys, "replay", write(tmp_path / "f.jsonl", e))
    seat = 0 if claim[0] != "greedy" else 1
    assert code == 1 and f'agents[{seat}]: logged "{claim[seat]}", replayed not \'{claim[seat]}\' seeded' in out
    assert "0 identical" in out


def test_an_honest_log_replays_identical_and_says_what_it_did_not_verify(log, capsys):
    code, out, err = cli(capsys, "replay", log)
    assert (code, out) == (0, "replayed 4 game(s): 4 identical, 0 different or unreadable\n")
    assert "note: not verified in 4 game(s): bpscript (the version that wrote the log" in err
    assert entries(log)[0]["schema"] == 2


def test_a_homebrew_log_names_the_package_not_its_directory(homebrew):
    pkg, log = homebrew
    e = entries(log)[0]
    assert e["package"] == {"name": None, "title": "ミニ決闘", "frames": ["miniDuel"], "extends": "blackpoker-8.2"}
    assert "guard" not in json.dumps({k: v for k, v in e.items() if k != "decisions"})


def test_replay_of_a_homebrew_log_without_its_package_says_which_to_give(homebrew, capsys):
    _, log = homebrew
    code, _, err = cli(capsys, "replay", log)
    assert code == 2
    assert "a game of the homebrew package 「ミニ決闘」 (frames miniDuel; extends blackpoker-8.2)" in err
    assert "bpscript replay LOG PATH" in err and "unknown ruleset" not in err


def test_a_homebrew_log_replays_after_its_directory_is_renamed(homebrew, tmp_path, capsys):
    pkg, log = homebrew
    moved = tmp_path / "somewhere-else"
    shutil.copytree(pkg, moved)
    code, out, _ = cli(capsys, "replay", log, moved)
    assert (code, out) == (0, "replayed 3 game(s): 3 identical, 0 different or unreadable\n")


def test_a_homebrew_log_refuses_other_rules(homebrew, tmp_path, capsys):
    pkg, log = homebrew
    other = tmp_path / "other"
    shutil.copytree(pkg, other)
    f = other / "frame.bps"
    f.write_text(f.read_text("utf-8").replace("hand 4", "hand 3"), "utf-8")
    code, out, err = cli(capsys, "replay", log, other)
    assert code == 2 and "3 refused (played with other rules)" in out and "played with other rules" in err


def test_a_log_of_schema_1_still_replays(homebrew, log, tmp_path, capsys):
    from bpscript.commands._games import legacy_digest
    from bpscript.load.loader import load
    pkg, hb = homebrew
    rs = next(rs for _, rs in load([str(pkg)]).rulesets if rs.info.homebrew)
    old = []
    for e in entries(hb):  # as bpscript wrote them before: the directory's name, the digest of then
        del e["schema"], e["package"], e["discarded"]
        e["ruleset"], e["ruleset_digest"] = "guard", legacy_digest(rs)
        old.append(e)
    code, out, err = cli(capsys, "replay", write(tmp_path / "old.jsonl", *old), pkg)
    assert (code, out) == (0, "replayed 3 game(s): 3 identical, 0 different or unreadable\n")
    assert "not verified in 3 game(s): agents (a log of schema 1" in err
    assert "not verified in 3 game(s): discarded (a log written before it was recorded)" in err
    bundled = [{k: v for k, v in e.items() if k != "schema"} for e in entries(log)]
    code, out, _ = cli(capsys, "replay", write(tmp_path / "old8.jsonl", *bundled))
    assert code == 0 and "4 identical" in out


def test_a_log_of_a_newer_schema_is_refused_with_a_reason(log, tmp_path, capsys):
    e = entries(log)[0]
    e["schema"] = 3
    code, _, err = cli(capsys, "replay", write(tmp_path / "new.jsonl", e))
    assert code == 1 and "a log of schema 3, newer than this bpscript reads (2)" in err


def test_a_play_log_claims_its_agents_by_seat_and_checks_the_random_one(tmp_path, capsys, monkeypatch):
    path = tmp_path / "play.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("0\n1\n" * 200))
    main(["play", "--seat", "1", "--seed", "4", "--log", str(path)])
    capsys.readouterr()
    e = entries(path)[0]
    assert e["agents"] == ["random", "terminal"]
    code, out, err = cli(capsys, "replay", path)
    assert code == 0 and "1 identical" in out
    assert 'agents[1] "terminal" (not an agent bpscript can seed again' in err
    e["agents"] = ["terminal", "random"]  # the claim of before: the random agent was in seat 1
    code, out, _ = cli(capsys, "replay", write(tmp_path / "swapped.jsonl", e))
    assert code == 1 and "agents[1]: logged \"random\"" in out
