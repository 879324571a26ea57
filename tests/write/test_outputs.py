"""Single-file outputs (`-o`, `--log`, `--report`, `import --out`, `fmt`) through
bpscript/write/single.py: a full disk or an interruption keeps the old file, and is one error
line, exit 2 (docs/guarantees.md "Atomic outputs"; issue 27)."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bpscript.cli import main
from bpscript.write.single import OutputError, atomic_output, write_atomically

ROOT = Path(__file__).parents[2]
FULL = Path("/dev/full")


def run(capsys, *args: object) -> tuple[int, str, str]:
    code = main(["--no-cache", *map(str, args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
@pytest.mark.parametrize("command", [["export", "-o", FULL], ["diff", "blackpoker-8.2", "blackpoker-9.0", "-o", FULL],
                                     ["simulate", "--games", "1", "--force", "--log", FULL],
                                     ["simulate", "--games", "1", "--force", "--report", FULL]])
def test_a_full_disk_is_one_error_line(capsys, command):
    code, _, err = run(capsys, *command)
    assert code == 2 and err.splitlines()[-1] == "error: cannot write /dev/full: No space left on device"


def test_an_interrupted_report_keeps_the_old_one(tmp_path, capsys, monkeypatch):
    import bpscript.backends.report as report
    old = tmp_path / "r.html"
    old.write_text("the old report")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(report, "render_report", interrupted)
    code, _, _ = run(capsys, "simulate", "--games", "2", "--report", old, "--force")
    assert code == 130 and old.read_text() == "the old report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html"]


def test_an_interrupted_log_keeps_the_old_one(tmp_path, capsys, monkeypatch):
    import bpscript.engine.players.runner as runner
    log = tmp_path / "games.jsonl"
    log.write_text("the old log\n")
    real, played = runner.random_game, []

    def second_interrupted(*args, **kwargs):
        played.append(1)
        if len(played) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(runner, "random_game", second_interrupted)
    code, _, _ = run(capsys, "simulate", "--games", "3", "--log", log, "--force")
    assert code == 130 and log.read_text() == "the old log\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_a_write_that_fails_half_way_keeps_the_old_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    os.chmod(target, 0o640)
    with pytest.raises(OutputError, match="No space left on device"):
        with atomic_output(target) as out:
            out.write("half")
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    write_atomically(target, "new")
    assert target.read_text() == "new" and target.stat().st_mode & 0o777 == 0o640  # its mode kept


def test_fmt_on_a_full_disk_keeps_the_source_and_says_so(tmp_path, capsys, monkeypatch):
    src = tmp_path / "a.bps"
    text = 'extends "blackpoker-8.2"\naction  x "X" (通常魔法) {\n  @直接-通常-メイン $B ★♠A〜K\n  effect: "何もしない。"\n  formats: lite\n}\n'
    src.write_text(text, "utf-8")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = run(capsys, "fmt", src)
    assert code == 1 and f"cannot write {src}: No space left on device; left untouched" in err
    assert src.read_text("utf-8") == text


EFBIG = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
from bpscript.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_file_too_large_for_the_limit_is_one_line_and_keeps_the_old_file(tmp_path):
    """RLIMIT_FSIZE makes every write past 4 KB fail with EFBIG, as root too (a chmod would not)."""
    target = tmp_path / "rules.json"
    target.write_text("the old export")
    proc = subprocess.run([sys.executable, "-c", EFBIG, "--no-cache", "export", "--json", "-o", str(target)],
                          cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stderr.splitlines()[-1] == f"error: cannot write {target}: File too large"
    assert target.read_text() == "the old export" and sorted(p.name for p in tmp_path.iterdir()) == ["rules.json"]


def test_an_append_keeps_the_old_lines_and_adds_the_new_in_one_step(tmp_path, monkeypatch):
    """`play --log` appends a game this way: interrupted, the log keeps its old lines."""
    from bpscript.write.single import append_atomically
    log = tmp_path / "games.jsonl"
    log.write_text("game 1\n")
    append_atomically(log, "game 2\n")
    assert log.read_text() == "game 1\ngame 2\n"

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputError):
        append_atomically(log, "game 3\n")
    assert log.read_text() == "game 1\ngame 2\n" and sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
