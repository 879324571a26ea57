"""Helpers for the lint tests: the corpus fixtures and their `# expect:` lines."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = Path(__file__).resolve().parent / "corpus"

EXPECT = re.compile(r"^#\s*expect(-suppressed)?:\s*(.+?)\s*$", re.M)
REQUIRES = re.compile(r"^#\s*requires:\s*(.+?)\s*$", re.M)


def expectations(path: Path) -> tuple[set[tuple[str, int, int]], set[tuple[str, int, int]]]:
    """(reported, suppressed): sets of (code, line, column) from the fixture's comments.

    `# expect: G1 6:11` — a finding reported at line 6, column 11;
    `# expect: G4 9:3 warning` — … at that severity (see `severities`);
    `# expect-suppressed: G3 5:3` — a finding silenced by an `allow` line;
    `# expect: nothing` — the file is clean.
    """
    reported, suppressed = set(), set()
    for m in EXPECT.finditer(path.read_text("utf-8")):
        body = m.group(2)
        if body == "nothing":
            continue
        code, pos = body.split()[:2]
        line, col = (int(x) for x in pos.split(":"))
        (suppressed if m.group(1) else reported).add((code, line, col))
    return reported, suppressed


def severities(path: Path) -> dict[tuple[str, int, int], str]:
    """The severities the `# expect:` lines state (error / warning), by finding."""
    out = {}
    for m in EXPECT.finditer(path.read_text("utf-8")):
        parts = m.group(2).split()
        if not m.group(1) and len(parts) == 3:
            line, col = (int(x) for x in parts[1].split(":"))
            out[(parts[0], line, col)] = parts[2]
    return out


def requires(path: Path) -> list[str]:
    """Official scripts whose structured effects the fixture relies on (`# requires: rsf`)."""
    m = REQUIRES.search(path.read_text("utf-8"))
    return m.group(1).split() if m else []
