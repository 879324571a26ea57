"""The README's promises: its example is the official script, and CI runs its test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")


def test_readme_example_is_the_official_text():
    block = re.search(r"```bps\n(.*?)```", README, re.S).group(1)
    stdlib = "\n".join((ROOT / "stdlib" / "blackpoker-8.2" / f).read_text("utf-8") for f in ("30-quick-magic.bps", "60-fogs.bps"))
    for item in block.strip().split("\n\n"):
        assert item in stdlib, item.splitlines()[0]


def test_ci_runs_exactly_the_readme_test_command():
    commands = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    test_command = next(c for c in commands if "pytest" in c)
    assert test_command in (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
