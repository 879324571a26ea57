"""The example balance report in the docs is what its documented command writes."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGE = ROOT / "docs" / "simulation.md"
EXAMPLE = "docs/examples/balance-report.html"


def test_the_example_report_is_what_the_documented_command_writes(tmp_path):
    pytest.importorskip("matplotlib")
    commands = re.findall(r"```sh\n(bpscript simulate [^\n]*--report " + re.escape(EXAMPLE) + r"[^\n]*)\n```",
                          PAGE.read_text("utf-8"))
    assert len(commands) == 1, "the page shows the command that writes the example"
    argv = shlex.split(commands[0])[1:]
    argv[argv.index("--report") + 1] = str(tmp_path / "report.html")
    r = subprocess.run([sys.executable, "-m", "bpscript.cli", *argv], cwd=ROOT, capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    assert (tmp_path / "report.html").read_bytes() == (ROOT / EXAMPLE).read_bytes()
    assert "<code>bpscript simulate --format lite --frame entry20 --games 1000" in (ROOT / EXAMPLE).read_text("utf-8")
