"""Hostile input on every command (issue 13, docs/guarantees.md): a located diagnostic or one
error line and exit 0 / 1 / 2, never a traceback; bounded messages; no content from a file
outside the tree the user named. One test per case."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bpscript.cli import main
from bpscript.commands import COMMANDS
from bpscript.syntax.limits import MAX_BLOCK_DEPTH, MAX_EXPR_DEPTH

ROOT = Path(__file__).parent.parent
HEAD = 'extends "blackpoker-8.2"\n\n'


def action(body: str, ident: str = "hostile") -> str:
    """One action whose effect block holds `body` (on line 6, from column 5)."""
    return (f'{HEAD}action {ident} "テスト" (通常魔法) {{\n  @直接-通常-メイン $B ★♠A〜K\n'
            f'  effect: "何もしない。" {{\n    {body}\n  }}\n  formats: lite\n}}\n')


def package(tmp_path: Path, text: str | bytes, name: str = "a.bps") -> Path:
    where = tmp_path / "pkg"
    where.mkdir(exist_ok=True)
    f = where / name
    f.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return where


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["--no-cache", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def nested_ifs(n: int) -> str:
    return "if true { " * n + "draw(me)" + " }" * n


# ---------------------------------------------------------------- nesting and numbers
def test_a_sum_of_a_thousand_terms_is_E005_at_the_expression(tmp_path, capsys):
    code, out, _ = cli(capsys, "check", str(package(tmp_path, action("discard(me, " + " + ".join(["1"] * 1000) + ")"))))
    assert code == 1
    assert "a.bps:6:17: error[E005]" in out and "RecursionError" not in out


def test_deep_if_nesting_is_E005_at_the_if_that_exceeds_the_limit(tmp_path, capsys):
    code, out, _ = cli(capsys, "check", str(package(tmp_path, action(nested_ifs(300)))))
    column = 5 + len("if true { ") * (MAX_BLOCK_DEPTH - 1)  # the effect's block and 11 `if`s fit, not the 12th
    assert code == 1
    assert f"a.bps:6:{column}: error[E005]: nested too deeply: blocks nested more than {MAX_BLOCK_DEPTH}" in out


def test_deep_call_nesting_is_E005(tmp_path, capsys):
    code, out, _ = cli(capsys, "check", str(package(tmp_path, action("discard(me, " + "abs(" * 2000 + "1" + ")" * 2001))))
    assert code == 1 and "error[E005]" in out


def test_a_number_of_five_thousand_digits_is_E006(tmp_path, capsys):
    code, out, _ = cli(capsys, "check", str(package(tmp_path, action("discard(me, " + "9" * 5000 + ")"))))
    assert code == 1 and "a.bps:6:17: error[E006]" in out and "9" * 50 not in out.splitlines()[0]
    assert max(len(line) for line in out.splitlines()) < 200


def test_a_script_at_the_limits_checks_builds_and_lints(tmp_path, capsys):
    """The limits are safe downstream: type checker, code generator, linter."""
    deepest = nested_ifs(MAX_BLOCK_DEPTH - 1).replace("draw(me)", "discard(me, " + " + ".join(["1"] * MAX_EXPR_DEPTH) + ")")
    pkg = package(tmp_path, action(deepest))
    assert cli(capsys, "check", str(pkg))[0] == 0
    code, _, err = cli(capsys, "build", str(pkg), "--out", str(tmp_path / "out"), "--only", "python,json")
    assert code == 0, err
    assert cli(capsys, "lint", str(pkg), "--no-engine")[0] in (0, 1)


# ---------------------------------------------------------------- build
def test_build_out_pointing_at_a_file_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    code, _, err = cli(capsys, "build", "--ruleset", "blackpoker-8.2", "--out", str(tmp_path / "file"))
    assert code == 2 and "is not a directory" in err


def test_build_out_under_a_file_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    code, _, err = cli(capsys, "build", "--ruleset", "blackpoker-8.2", "--only", "json",
                       "--out", str(tmp_path / "file" / "sub"))
    assert code == 2 and "not a directory" in err


def test_build_out_in_an_unwritable_place_is_a_usage_error(tmp_path, capsys):
    code, _, err = cli(capsys, "build", "--ruleset", "blackpoker-8.2", "--only", "json", "--out", "/proc/bpscript-out")
    assert code == 2 and "error: " in err and "/proc/bpscript-out" in err


def test_build_only_an_unknown_backend_is_a_usage_error(tmp_path, capsys):
    code, out, err = cli(capsys, "build", "--ruleset", "blackpoker-8.2", "--only", "bogus", "--out", str(tmp_path))
    assert code == 2 and "bogus" in err and "json" in err and "built" not in out


def test_build_never_removes_a_file_its_manifest_names_outside_out(tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    out = tmp_path / "out"
    out.mkdir()
    (out / "MANIFEST").write_text(f"../victim.txt\n{victim}\n")
    assert cli(capsys, "build", "--ruleset", "blackpoker-8.2", "--only", "json", "--out", str(out))[0] == 0
    assert cli(capsys, "build", str(ROOT / "tests" / "fixtures" / "text_only.bps"), "--out", str(out))[0] in (0, 1)
    assert victim.read_text() == "keep me"


# ---------------------------------------------------------------- replay
def test_replay_of_a_binary_log_names_the_line_and_byte(tmp_path, capsys):
    log = tmp_path / "bin.log"
    log.write_bytes(b'{"a": 1}\n\x00\x8f\xff\xfe binary\n')
    code, _, err = cli(capsys, "replay", str(log))
    assert code == 1 and "bin.log:2:2: not UTF-8 text (byte 0x8f)" in err


def test_replay_of_a_deeply_nested_json_log(tmp_path, capsys):
    log = tmp_path / "deep.log"
    log.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    code, _, err = cli(capsys, "replay", str(log))
    assert code == 1 and "deep.log:1:" in err and "nested too deeply" in err


def test_replay_of_a_seed_of_five_thousand_digits(tmp_path, capsys):
    log = tmp_path / "seed.log"
    log.write_text('{"format": "lite", "frame": "entry20", "seed": ' + "9" * 5000 + ', "digest": "x", "decisions": []}\n')
    code, _, err = cli(capsys, "replay", str(log))
    assert code == 1 and "seed.log:1:" in err and len(err) < 1000


@pytest.mark.parametrize("field,value,why", [("ruleset", ["x"], "not a string"), ("digest", 5, "not a string"),
                                             ("seed", "abc", '"abc" is not an integer'),
                                             ("decisions", {}, "not a list")])
def test_replay_of_an_entry_with_a_field_of_the_wrong_type(field, value, why, tmp_path, capsys):
    entry = {"format": "lite", "frame": "entry20", "seed": 1, "digest": "x", "decisions": [], field: value}
    log = tmp_path / "typed.log"
    log.write_text(json.dumps(entry) + "\n")
    code, _, err = cli(capsys, "replay", str(log))
    assert code == 1 and f"typed.log:1: not a game log entry ({field}: {why})" in err


# ---------------------------------------------------------------- play and simulate
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_an_unknown_frame_is_one_error_line(command, capsys):
    code, _, err = cli(capsys, command, "--frame", "bogus")
    assert code == 2 and err.startswith("error: unknown frame 'bogus'")


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_regulation_with_a_script_the_engine_cannot_run_is_one_error_line(command, tmp_path, capsys):
    text = (f'{HEAD}action odd "変" (通常魔法) {{\n  @直接-通常-メイン $B ★♠A〜K\n'
            f'  effect: "何か起こる。"\n  formats: lite\n}}\n')
    code, _, err = cli(capsys, command, str(package(tmp_path, text)))
    assert code == 2 and "not executable: odd" in err


def test_simulate_on_workers_with_a_failing_script_ends_at_once(tmp_path):
    """Once a worker's exception could not be pickled back and the pool hung. (Every official
    frame is set up now: a script that fails in the workers' games raises there instead.)"""
    text = (f'{HEAD}override action end "エンド" (基本) {{\n  @直接-通常-メイン\n  effect: "何か。" {{\n'
            f'    discard(me, 1 / 0)\n    end_turn()\n  }}\n  formats: lite std pro mast\n}}\n')
    proc = subprocess.run([sys.executable, "-m", "bpscript.cli", "simulate", str(package(tmp_path, text)),
                           "--games", "4", "--jobs", "2"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and "in script 'end': ZeroDivisionError" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_script_that_fails_in_a_game_is_reported_at_its_place(tmp_path, capsys):
    text = (f'{HEAD}override action end "エンド" (基本) {{\n  @直接-通常-メイン\n  effect: "何か。" {{\n'
            f'    discard(me, 1 / 0)\n    end_turn()\n  }}\n  formats: lite std pro mast\n}}\n')
    code, out, err = cli(capsys, "simulate", str(package(tmp_path, text)), "--games", "2", "--json")
    assert code == 1 and "a.bps:6:5: in script 'end': ZeroDivisionError" in err and out == ""


# ---------------------------------------------------------------- located, bounded messages
def test_non_utf8_bytes_are_located_with_the_byte(tmp_path, capsys):
    data = (action("draw(me)") + '# fine\naction x "').encode() + b"\x82\xa0" + b'" {}\n'
    code, out, _ = cli(capsys, "check", str(package(tmp_path, data)))
    assert code == 1 and "a.bps:11:11: error[E004]: not UTF-8 text: byte 0x82" in out


def test_an_echoed_token_of_ten_thousand_braces_is_capped(tmp_path, capsys):
    code, out, _ = cli(capsys, "check", str(package(tmp_path, "{" * 10_000 + "\n")))
    assert code == 1 and "error[E001]" in out
    assert max(len(line) for line in out.splitlines()) < 200


def test_parse_errors_never_show_internal_grammar_names(tmp_path, capsys):
    code, out, _ = cli(capsys, "check", str(package(tmp_path, "{" * 10 + "\n" + action("draw(me) ==") )))
    assert code == 1 and "expected:" in out
    assert "anon" not in out.lower() and "__" not in out and "'cost'" in out


def test_control_characters_of_the_input_never_reach_the_terminal(tmp_path, capsys):
    code, out, _ = cli(capsys, "check", str(package(tmp_path, action("\x1b]0;pwned\x07draw(me)"))))
    assert code == 1 and "\x1b" not in out and "\x07" not in out and "\ufffd" in out


@pytest.mark.parametrize("command", [["export"], ["diff", "blackpoker-8.2"], ["simulate", "--json"]],
                         ids=["export", "diff", "simulate"])
def test_diagnostics_go_to_stderr_when_stdout_carries_data(command, capsys):
    broken = str(ROOT / "tests" / "fixtures" / "broken.bps")
    args = [command[0], broken, *command[1:]] if command[0] != "diff" else ["diff", "blackpoker-8.2", broken]
    code, out, err = cli(capsys, *args)
    assert code == 1 and out == "" and "error[E102]" in err


# ---------------------------------------------------------------- links and other files
def test_a_link_out_of_the_tree_is_not_followed_and_is_named(tmp_path, capsys):
    secret = tmp_path / "secret.bps"
    secret.write_text("SECRET-FIRST-LINE\n")
    pkg = package(tmp_path, HEAD)
    (pkg / "leak.bps").symlink_to(secret)
    (pkg / "sub").mkdir()
    (pkg / "sub" / "outside").symlink_to(tmp_path, target_is_directory=True)
    for command in (["check"], ["lint", "--no-engine"], ["export"], ["fmt", "--check"]):
        code, out, err = cli(capsys, command[0], str(pkg), *command[1:])
        assert "SECRET" not in out + err, command
    code, out, _ = cli(capsys, "check", str(pkg))
    assert code == 0 and "warning[W001]" in out and "leak.bps" in out


def test_a_named_pipe_called_bps_in_the_tree_is_not_read(tmp_path, capsys):
    pkg = package(tmp_path, HEAD)
    os.mkfifo(pkg / "pipe.bps")  # reading it would block for ever
    code, out, _ = cli(capsys, "check", str(pkg))
    assert code == 0 and "1 file(s) checked" in out


def test_import_of_yaml_nested_thousands_deep(tmp_path, capsys):
    deep = tmp_path / "deep.yaml"
    deep.write_text("[" * 100_000 + "\n")
    code, _, err = cli(capsys, "import", str(deep), "--out", str(tmp_path / "out"))
    assert code == 1 and "error[E600]" in err and "nested too deeply" in err


def test_export_data_nested_thousands_deep(tmp_path, capsys):
    deep = tmp_path / "deep.yaml"
    deep.write_text("[" * 100_000 + "\n")
    code, out, err = cli(capsys, "export", "--format", "official-yaml", "--data", str(deep))
    assert code == 1 and out == "" and "nested too deeply" in err


def test_new_refuses_a_title_of_several_lines(tmp_path, capsys):
    code, _, err = cli(capsys, "new", "frame", "x", "--title", 'a"\n}\nbad', "--dir", str(tmp_path / "x"))
    assert code == 2 and "--title" in err and not (tmp_path / "x").exists()


# ---------------------------------------------------------------- exit codes
@pytest.mark.parametrize("command", [c.rstrip("_") for c in COMMANDS])
def test_every_command_exits_2_on_an_unknown_option(command, capsys):
    with pytest.raises(SystemExit) as exc:
        main([command, "--no-such-option"])
    assert exc.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_missing_path_is_exit_2_on_every_command_that_reads_rules(tmp_path, capsys):
    missing = str(tmp_path / "missing")
    for command in (["check"], ["lint"], ["export"], ["build", "--out", str(tmp_path / "o")], ["play"],
                    ["simulate"], ["fmt"], ["import"], ["replay"]):
        code, _, err = cli(capsys, command[0], missing, *command[1:])
        assert code == 2 and "missing" in err, command
