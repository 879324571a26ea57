"""docs/tutorial.md, run as a reader would: its files written and its commands run verbatim,
in order, in an empty directory outside the repository; then what it promises is there."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"
FENCE = re.compile(r'^```(\w+)(?: title="([^"]+)")?\n(.*?)^```', re.S | re.M)


def steps() -> list[tuple[str, str]]:
    """("run", command) and ("write", path + text) in the order the tutorial gives them."""
    out = []
    for lang, title, body in FENCE.findall(TUTORIAL.read_text("utf-8")):
        if lang == "sh":
            out += [("run", line) for line in body.splitlines() if line.strip() and not line.startswith("#")]
        elif lang == "bps" and title:
            out.append(("write", f"{title}\n{body}"))
    return out


def run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    argv = shlex.split(command.split("  #")[0])
    if argv[0] == "bpscript":
        argv = [sys.executable, "-m", "bpscript", *argv[1:]]
    elif argv[0] in ("python", "python3"):
        argv = [sys.executable, *argv[1:]]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env, timeout=900)


def test_the_tutorial_runs_as_written(tmp_path):
    done = steps()
    commands = [c for kind, c in done if kind == "run"]
    assert commands[0] == 'bpscript new frame duel --title "決闘"'
    assert "bpscript build duel --out site" in commands
    assert "bpscript simulate duel --frame duel --games 100" in commands
    outputs: dict[str, str] = {}
    for kind, what in done:
        if kind == "write":
            name, _, text = what.partition("\n")
            (tmp_path / name).write_text(text, encoding="utf-8")
            continue
        proc = run(what, tmp_path)
        assert proc.returncode == 0, f"{what}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
        outputs[what] = proc.stdout
    assert outputs["python3 duel/test_duel.py"] == "3 passed, 0 failed\n"  # no pytest needed
    games = outputs["bpscript simulate duel --frame duel --games 100"]
    assert games.startswith("100 games of 決闘: lite / duel"), games[:200]
    coverage = outputs["bpscript check --coverage duel"]
    assert re.search(r"coverage \[duel\] own scripts: 4 / 4 structured, 4 / 4 executable", coverage), coverage
    page = (tmp_path / "site" / "duel" / "html" / "frame-duel.html").read_text("utf-8")
    for words in ("決闘の休息", "双子召喚", "置き換えるスクリプト", "自作ルール", "BlackPoker 公式ルール 第8.2版"):
        assert words in page, words
    if importlib.util.find_spec("weasyprint") is not None:
        assert (tmp_path / "site" / "duel" / "pdf" / "frame-duel.pdf").read_bytes().startswith(b"%PDF")
        assert (tmp_path / "site" / "duel" / "pdf" / "frame-duel-2up.pdf").is_file()
