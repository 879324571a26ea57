"""What bpscript reads (bpscript/load/paths.py): only regular files, of a bounded size, never
round a link loop; and text no file can hold is a diagnostic (docs/guarantees.md; issue 27)."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from bpscript.cli import main

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "frames" / "homebrew-example"
OFFICIAL = ROOT / "tests" / "data" / "official" / "act-8.2.yaml"


def run(capsys, *args: object) -> tuple[int, str, str]:
    code = main(["--no-cache", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.mark.parametrize("command", [["import", "/dev/zero", "--out", "{tmp}/imported"],
                                     ["export", "--format", "official-yaml", "--data", "/dev/zero"]])
def test_an_endless_device_is_not_read(tmp_path, capsys, command):
    started = time.monotonic()
    code, _, err = run(capsys, *(c.format(tmp=tmp_path) for c in command))
    assert code == 1 and "cannot read /dev/zero: not a regular file" in err
    assert time.monotonic() - started < 30


def test_a_named_pipe_is_not_waited_for(tmp_path, capsys):
    pipe = tmp_path / "act.yaml"
    os.mkfifo(pipe)
    code, _, err = run(capsys, "import", pipe, "--out", tmp_path / "out")
    assert code == 1 and "not a regular file" in err


@pytest.mark.parametrize("command", [["check"], ["lint", "--no-engine"], ["build", "--only", "json", "--out", "{tmp}/o"]])
def test_a_symlink_loop_in_a_package_is_a_warning(tmp_path, capsys, command):
    pkg = tmp_path / "pkg"
    shutil.copytree(EXAMPLE, pkg)
    (pkg / "loop.bps").symlink_to("loop.bps")
    (pkg / "a.bps").symlink_to("b.bps")
    (pkg / "b.bps").symlink_to("a.bps")
    code, out, err = run(capsys, *(c.format(tmp=tmp_path) for c in command), pkg)
    assert code == 0
    if command[0] != "build":  # build prints errors only
        assert "warning[W001]: not read: " in out and "loop.bps is a symbolic link that leads round in a loop" in out


def test_a_lone_surrogate_in_act_yaml_is_E604(tmp_path, capsys):
    text = OFFICIAL.read_text("utf-8")
    source = tmp_path / "act.yaml"
    source.write_text(text.replace("ver: 第8.2版", 'ver: "第8.2版\\ud800"', 1), "utf-8")
    code, _, err = run(capsys, "import", source, "--out", tmp_path / "out")
    assert code == 1
    assert "act.yaml:3:8: error[E604]: data.ver holds half a surrogate pair" in err
    # import writes what it can (a partial package, exit 1): never the half pair
    written = [f for f in (tmp_path / "out").rglob("*") if f.is_file()]
    assert all("\ud800" not in f.read_text("utf-8") for f in written)
