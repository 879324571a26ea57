"""The examples of docs/python.md run (the docs change with the behaviour): every
```python block of the engine's API, in order, in one namespace (a block goes on from
the one before it, as a reader does), and every gap a newcomer met has its example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).parents[1] / "docs" / "python.md"
API = "## Testing your own rules: positions"

#: the questions a newcomer had to guess or read the source for (issue 26), each a
#: section with an example that runs
GAPS = (
    "### Loading the rules: 8.2, 9.0 or a package",
    "### The chance and the turn",
    "### Targets: a unit, a request, a player, a trump",
    "### Piles: which end is the top",
    "### What an effect asks: choices and answers",
    "### The trump zone, the pack and the rare cards",
    "### Scripts in the ruleset",
    "### Watching a game",
)


def _sections() -> list[tuple[str, list[str]]]:
    """(heading, its python blocks) for each `###` section of the API part."""
    text = DOC.read_text(encoding="utf-8")
    api = text[text.index(API):]
    out = []
    for part in re.split(r"^(?=### )", api, flags=re.M)[1:]:
        heading = part.splitlines()[0].strip()
        out.append((heading, re.findall(r"```python\n(.*?)```", part, re.S)))
    return out


@pytest.fixture(scope="module")
def ran() -> list[str]:
    """Run every block in order; the headings whose blocks ran."""
    namespace: dict = {}
    done = []
    for heading, blocks in _sections():
        for block in blocks:
            exec(compile(block, f"{DOC} ({heading})", "exec"), namespace)  # noqa: S102 - our own docs
        if blocks:
            done.append(heading)
    return done


def test_every_example_runs(ran):
    assert "### Setting up a position" in ran and "### Making requests" in ran


@pytest.mark.parametrize("heading", GAPS)
def test_each_gap_has_an_example_that_runs(heading, ran):
    assert heading in ran, f"docs/python.md: no example under {heading!r}"
