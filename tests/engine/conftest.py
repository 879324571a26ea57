"""Shared fixtures of the engine tests: the official ruleset and its generated classes
for ライト + エントリー20. Scenes are set up with `bpscript.engine.position.Position`
(helpers in scenes.py)."""

from __future__ import annotations

import pytest

from bpscript.engine.rules import Rules
from bpscript.loader import load_official


@pytest.fixture(scope="session")
def rs():
    return load_official().ruleset


@pytest.fixture(scope="session")
def rules(rs):
    return Rules(rs, "lite", "entry20")
