"""The command line: exit codes 0 / 1 / 2, --help everywhere, no tracebacks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bpscript import __version__
from bpscript.cli import main, make_parser

ROOT = Path(__file__).parent.parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bpscript.cli", *args], capture_output=True, text=True, cwd=ROOT)


def test_check_official_is_clean(capsys):
    assert main(["check", str(ROOT / "stdlib"), str(ROOT / "frames")]) == 0
    out = capsys.readouterr().out
    assert "0 error(s)" in out


def test_check_errors_exit_1(capsys):
    code = main(["check", str(ROOT / "stdlib"), str(ROOT / "tests" / "fixtures" / "broken.bps")])
    out = capsys.readouterr().out
    assert code == 1
    assert "error[E102]" in out and "error[E130]" in out and "error[E153]" in out
    assert "Traceback" not in out


def test_usage_errors_exit_2():
    assert run("check", "--ruleset", "nope").returncode == 2
    assert run("frobnicate").returncode == 2
    assert run().returncode == 2


@pytest.mark.parametrize("cmd", [["check"], ["lint"], ["export"], ["simulate", "--games", "1"], ["build", "--check"],
                                 ["play"]])
def test_an_unknown_ruleset_is_one_line_naming_the_bundled_ones(cmd):
    proc = run(*cmd, "--ruleset", "blackpoker-7.0")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"error: unknown ruleset 'blackpoker-7.0': the bundled rules in {ROOT} define " \
                          "blackpoker-8.2, blackpoker-9.0\n"


@pytest.mark.parametrize("cmd", ["check", "lint", "export"])
def test_a_missing_path_says_what_was_looked_for_and_where(cmd):
    proc = run(cmd, "no/such/dir")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"error: no such file or directory: no/such/dir (looked for {ROOT / 'no/such/dir'})\n"


def test_a_directory_without_scripts_is_a_usage_error(tmp_path):
    proc = run("check", str(tmp_path))
    assert proc.returncode == 2 and proc.stderr == f"error: no .bps files found in {tmp_path}\n"


@pytest.mark.parametrize("option, message", [
    (["--frame", "nope"], "unknown frame 'nope': the ruleset blackpoker-8.2 defines entry20, pack, rarePack, "
                          "strategy, extra"),
    (["--format", "nope"], "unknown format 'nope': the ruleset blackpoker-8.2 defines lite, std, pro, mast"),
    (["--format", "std"], "frame 'entry20' (エントリー20) is played in lite, not in 'std'"),
    (["--ruleset", "blackpoker-9.0", "--frame", "miniDuel"], "unknown frame 'miniDuel': the ruleset "
                                                             "blackpoker-9.0 defines entry20, pack, rarePack, strategy, extra"),
    (["frames/homebrew-example", "--frame", "nope"], "unknown frame 'nope': the ruleset homebrew-example defines "
                                                      "entry20, pack, rarePack, strategy, extra, miniDuel"),
])
@pytest.mark.parametrize("cmd", [["simulate", "--games", "1"], ["play"]])
def test_an_unknown_frame_or_format_names_what_exists(cmd, option, message):
    proc = run(*cmd, *option)
    assert proc.returncode == 2 and proc.stderr == f"error: {message}\n"


def test_an_output_that_cannot_be_written_is_one_line(tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "ruleset.json"
    proc = run("export", "--json", "-o", str(target))
    assert proc.returncode == 2 and proc.stderr == f"error: cannot write {target}: No such file or directory\n"


@pytest.mark.parametrize("cmd", [["check", "frames/homebrew-example"], ["simulate", "--games", "1"], ["export"]])
def test_missing_bundled_rules_are_named_not_a_traceback(tmp_path, cmd):
    env = {**os.environ, "BPSCRIPT_HOME": str(tmp_path / "nowhere")}
    proc = subprocess.run([sys.executable, "-m", "bpscript", *cmd], capture_output=True, text=True, cwd=ROOT,
                          env=env)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr == f"error: BPSCRIPT_HOME={tmp_path / 'nowhere'}: no stdlib/ directory in " \
                          f"{tmp_path / 'nowhere'}\n"


def test_python_dash_m_bpscript_is_the_command():
    proc = subprocess.run([sys.executable, "-m", "bpscript", "--version"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0 and proc.stdout == f"bpscript {__version__}\n"


@pytest.mark.parametrize("cmd", [[], ["check"], ["export"], ["build"], ["lint"]])
def test_help_everywhere(cmd):
    proc = run(*cmd, "--help")
    assert proc.returncode == 0
    assert "usage: bpscript" in proc.stdout


def test_every_subcommand_has_help():
    parser = make_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, p in sub.choices.items():
        assert p.format_help(), name


def test_check_json_format(capsys):
    main(["check", "--format", "json", str(ROOT / "stdlib"), str(ROOT / "tests" / "fixtures" / "broken.bps")])
    data = json.loads(capsys.readouterr().out)
    assert {d["code"] for d in data} >= {"E102", "E130", "E153"}
    assert all({"file", "line", "column"} <= set(d["span"]) for d in data)


def test_coverage_lists_scripts(capsys):
    main(["check", "--coverage", str(ROOT / "stdlib"), str(ROOT / "frames")])
    out = capsys.readouterr().out
    assert "coverage [blackpoker-8.2]: 137 / 137 structured" in out
    assert "coverage [blackpoker-9.0]: 120 / 120 structured, 120 / 120 executable" in out  # ライト and its frames


def test_coverage_of_a_package_keeps_its_own_scripts_apart(capsys):
    assert main(["check", "--coverage", str(ROOT / "frames" / "homebrew-example")]) == 0
    out = capsys.readouterr().out
    assert "coverage [frames/homebrew-example] own scripts: 2 / 2 structured, 2 / 2 executable" in out
    assert "coverage [frames/homebrew-example] base blackpoker-8.2 (list: bpscript check --coverage --ruleset " \
           "blackpoker-8.2): 137 / 137 structured" in out
    assert "not executable: sA" not in out  # the base's own list is not repeated


def test_export_json_to_file(tmp_path):
    out = tmp_path / "r.json"
    assert main(["export", "--json", "-o", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert len(data["scripts"]) == 137


def test_unreadable_inputs_give_diagnostics_not_tracebacks(tmp_path):
    (tmp_path / "binary.bps").write_bytes(b"\xff\xfe\x00action \x80\x81")
    (tmp_path / "empty.bps").write_text("", "utf-8")
    (tmp_path / "garbage.bps").write_text("}}}{{{ @@@ $$$ ★★★\n\"unterminated\n", "utf-8")
    proc = run("check", str(tmp_path))
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "E004" in proc.stdout and "E001" in proc.stdout
