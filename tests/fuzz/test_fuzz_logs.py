"""Game logs — real entries with fields dropped, replaced and mutated, decisions changed,
cut and extended, damaged bytes, random JSON — through `replay`: exit 0, 1 or 2 and no
traceback."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import cli, log_file, settings_for


@pytest.fixture(scope="module")
def entries(tmp_path_factory) -> list[dict]:
    log = tmp_path_factory.mktemp("fuzz-logs") / "games.jsonl"
    assert cli("simulate", "--games", "4", "--seed", "11", "--log", log, "--json")[0] == 0
    return [json.loads(line) for line in log.read_text("utf-8").splitlines()]


@settings_for(2600)
@given(data=st.data())
def test_replay(tmp_path, entries, data):
    with tempfile.TemporaryDirectory(dir=tmp_path) as d:
        log = Path(d) / "fuzz.jsonl"
        log.write_bytes(data.draw(log_file(entries)))
        cli("replay", log)
