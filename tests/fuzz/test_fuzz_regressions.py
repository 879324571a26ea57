"""Inputs that once crashed a command (or still do), kept as explicit cases: they run in
the normal suite, through the same in-process harness as the fuzz tests.

The nesting cases are reported at the construct by the front end's limits (E005)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuzzing import HOMEBREW, cli

def _package(tmp_path: Path, effect: str) -> Path:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "frame.bps").write_text(HOMEBREW.replace("draw(me)", effect, 1), "utf-8")
    return package


@pytest.mark.parametrize("command", ["check", "lint", "export", "build"])
def test_a_sum_of_a_thousand_terms(tmp_path, command):
    package = _package(tmp_path, "damage(opponent, " + " + ".join(["1"] * 1000) + ")")
    extra = ["--out", tmp_path / "out", "--only", "json"] if command == "build" else []
    code, out, err = cli("--no-cache", command, package, *extra)
    assert code == 1 and "frame.bps:" in out + err


def test_if_nested_six_hundred_deep_is_located_without_internal_names(tmp_path):
    package = _package(tmp_path, "if true {\n" * 600 + "draw(me)\n" + "}\n" * 600)
    code, out, _ = cli("--no-cache", "check", package)
    assert code == 1
    assert "RecursionError" not in out and "VisitError" not in out and "frame.bps:1:1:" not in out


def test_parentheses_three_thousand_deep(tmp_path):
    """The parser folds parentheses: no recursion (a nesting limit may make it exit 1)."""
    package = _package(tmp_path, "damage(opponent, " + "(" * 3000 + "1" + ")" * 3000 + ")")
    assert cli("--no-cache", "check", package)[0] in (0, 1)


@pytest.mark.parametrize("where", ["a file", "a file's child"])
def test_build_out_where_no_directory_can_be(tmp_path, where):
    blocker = tmp_path / "blocker"
    blocker.write_text("x", "utf-8")
    out = blocker if where == "a file" else blocker / "out"
    code, _, err = cli("--no-cache", "build", Path(__file__).parents[2] / "frames" / "homebrew-example",
                       "--out", out, "--only", "json")
    assert code == 2 and "blocker" in err


@pytest.mark.parametrize("data", [b"\x00\xff\xfe\x01", b"[" * 200_000, b'{"seed": ' + b"9" * 5000 + b"}",
                                  b'{"format": "lite", "frame": "entry20", "seed": 1, "digest": "", "decisions": '
                                  b'[], "ruleset": {"a": 1}}', b'{"format": ["lite"], "frame": "entry20", "seed": 1, '
                                  b'"digest": "", "decisions": []}'])
def test_replay_of_a_log_that_crashed_it(tmp_path, data):
    """Binary, deeply nested, a 5,000-digit seed, a ruleset or format that is no string:
    each once a traceback (UnicodeDecodeError, RecursionError, ValueError, TypeError)."""
    log = tmp_path / "log.jsonl"
    log.write_bytes(data + b"\n")
    code, _, err = cli("replay", log)
    assert code == 1 and f"{log}:1" in err
