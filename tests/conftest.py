"""Fixtures every test directory shares."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from bpscript.load.loader import load

# the command line's cache of loaded rules: a directory of the suite's own, never the user's
os.environ["BPSCRIPT_CACHE_DIR"] = tempfile.mkdtemp(prefix="bpscript-test-cache-")

# the fuzz profile: `pytest tests/fuzz --hypothesis-profile=fuzz` (or BPSCRIPT_FUZZ=1) runs
# each fuzz test with its share of at least 10,000 inputs (tests/fuzz/fuzzing.py); without
# it the fuzz tests run a few examples each
settings.register_profile("fuzz", deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)
if os.environ.get("BPSCRIPT_FUZZ"):
    settings.load_profile("fuzz")

VOCABULARY = Path(__file__).parents[1] / "stdlib" / "blackpoker-8.2" / "00-vocabulary.bps"


@pytest.fixture(scope="session")
def load_on_vocabulary(tmp_path_factory):
    """Load a small fixture with the 8.2 words and nothing else of 8.2: the fixture's files
    beside a copy of the 8.2 vocabulary, in a directory of their own (a file of a bundled
    ruleset given as a path would bring the whole ruleset)."""

    def load_(fixture: Path):
        where = tmp_path_factory.mktemp(fixture.stem)
        shutil.copy(VOCABULARY, where / VOCABULARY.name)
        for f in ([fixture] if fixture.is_file() else sorted(fixture.glob("*.bps"))):
            shutil.copy(f, where / f.name)
        return load([where])

    return load_
