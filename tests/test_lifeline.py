"""Worker processes end with the process that started them, even killed with SIGKILL
(bpscript/lifeline.py; docs/guarantees.md "Bounded resources"; issue 27)."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent id) of a live process, None when it is gone or a zombie."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, ppid = text.rsplit(")", 1)[1].split()[:2]
    return None if state in "ZX" else (state, int(ppid))


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            st = _stat(int(entry.name))
            if st and st[1] == pid:
                out.append(int(entry.name))
    return out


def _kill_once_workers_run(args: list[str], tmp_path: Path, workers: int) -> list[int]:
    """Start `bpscript ARGS`, SIGKILL it once it has `workers` children; its children then."""
    proc = subprocess.Popen([sys.executable, "-m", "bpscript.cli", "--no-cache", *args], cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 240
        children: list[int] = []
        while time.monotonic() < deadline and len(children) < workers and proc.poll() is None:
            time.sleep(0.2)
            children = _children(proc.pid)
        assert len(children) >= workers, "the workers never started"
        time.sleep(1.0)  # at work
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        return children
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _survivors(children: list[int]) -> list[int]:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_stat(p) for p in children):
        time.sleep(0.1)
    alive = [p for p in children if _stat(p)]
    for p in alive:  # never leave them behind, whatever the test says
        os.kill(p, signal.SIGKILL)
    return alive


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.skipif(importlib.util.find_spec("weasyprint") is None, reason="the PDF extra is not installed")
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one CPU: the PDFs are rendered without workers")
def test_pdf_render_workers_die_with_a_killed_build(tmp_path):
    children = _kill_once_workers_run(["build", "--ruleset", "blackpoker-8.2", "--only", "pdf", "--out", "out"],
                                      tmp_path, 2)
    assert _survivors(children) == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_game_workers_die_with_a_killed_simulate(tmp_path):
    children = _kill_once_workers_run(["simulate", "--games", "1000000", "--jobs", "2"], tmp_path, 2)
    assert _survivors(children) == []
