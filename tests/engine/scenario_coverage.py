"""What counts as a scenario test naming a script, shared by the checks that every script
has one (test_every_script_has_a_scenario.py, trumps/test_trump_every_script_has_a_scenario.py):
its id as a quoted string in a test file; a trump without an ability of its own is covered
by the test of its actions' activation conditions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

from bpscript.model import ruleset as m

#: the checks themselves name scripts without being scenarios of them
CHECKS = "every_script_has_a_scenario"


def sources_of(files: Iterable[Path]) -> str:
    """The text of the test files among `files`, less the coverage checks."""
    return "\n".join(p.read_text("utf-8") for p in sorted(files) if CHECKS not in p.name)


def named(rs: m.Ruleset, sid: str, sources: str) -> bool:
    """Whether script `sid` has a scenario in `sources`."""
    if re.search(rf"[\"']{re.escape(sid)}[\"']", sources):
        return True
    if rs.scripts[sid].kind == "trump":  # the activation-condition test takes every trump with actions
        cats = {c.id for c in rs.vocabulary.categories if c.trump == sid}
        return any(a.category.id in cats and a.activation is not None for a in rs.actions())
    return False
