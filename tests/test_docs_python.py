"""The examples of docs/python.md run (the docs change with the behaviour)."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).parents[1] / "docs" / "python.md"


def test_the_position_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    runnable = [b for b in blocks if "from bpscript" in b]
    assert runnable, "docs/python.md lost its position example"
    for block in runnable:
        exec(compile(block, str(DOC), "exec"), {})  # noqa: S102 - our own docs, not a script
