"""The engine is statically typed: `python -m mypy --strict bpscript/engine`, with the
project's `[tool.mypy]` (pyproject.toml), reports no error. CI installs mypy with the `test`
extra; where it is missing the test is skipped, but never under CI (the `CI` variable set):
there it fails, so the check cannot be lost silently."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def _mypy(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CI"):
            pytest.fail("mypy is not installed: CI installs it with the `test` extra (pip install -e '.[test]')")
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_the_engine_passes_mypy_strict(tmp_path):
    done = _mypy("--strict", "bpscript/engine", cache=tmp_path / "cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_the_check_reports_an_error_it_is_given(tmp_path):
    """The harness is not blind: the same command fails on a module with a type error."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f(x: int) -> str:\n    return x\n", encoding="utf-8")
    done = _mypy("--strict", str(bad), cache=tmp_path / "cache")
    assert done.returncode == 1
    assert 'Incompatible return value type (got "int", expected "str")' in done.stdout
