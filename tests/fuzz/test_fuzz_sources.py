"""Source text — mutations of the bundled scripts, of the example package and of the test
fixtures, random tokens, arbitrary text — through `check`, `lint`, `export` and `build
--out`: every run ends with exit 0, 1 or 2 and no traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from fuzzing import cli, homebrew_text, settings_for, source_text


def _file(where: Path, text: str, name: str = "fuzz.bps") -> Path:
    path = where / name
    path.write_text(text, "utf-8", errors="surrogatepass")
    return path


@settings_for(3500)
@given(source_text(), st.sampled_from(["check", "check --format json", "fmt --check"]))
def test_check(tmp_path, text, command):
    with tempfile.TemporaryDirectory(dir=tmp_path) as d:
        cli("--no-cache", *command.split(), _file(Path(d), text))


@settings_for(2000)
@given(source_text(), st.sampled_from(["lint --no-engine", "lint --no-engine --format json", "lint"]))
def test_lint(tmp_path, text, command):
    with tempfile.TemporaryDirectory(dir=tmp_path) as d:
        cli("--no-cache", *command.split(), _file(Path(d), text))


@settings_for(1200)
@given(st.one_of(source_text(), homebrew_text()), st.sampled_from(["json", "official-yaml"]))
def test_export(tmp_path, text, fmt):
    with tempfile.TemporaryDirectory(dir=tmp_path) as d:
        code, out, err = cli("--no-cache", "export", "--format", fmt, _file(Path(d), text))
        if code != 0:
            assert not out.strip(), "diagnostics go to stderr: stdout carries the export"


@settings_for(200)
@given(homebrew_text())
def test_build_out(tmp_path, text):
    with tempfile.TemporaryDirectory(dir=tmp_path) as d:
        package = Path(d) / "pkg"
        package.mkdir()
        _file(package, text, "frame.bps")
        cli("--no-cache", "build", package, "--out", Path(d) / "out", "--only", "json,python,html,markdown,rst,csv")


@settings_for(6)
@given(homebrew_text())
def test_build_out_with_pdf(tmp_path, text):
    with tempfile.TemporaryDirectory(dir=tmp_path) as d:
        package = Path(d) / "pkg"
        package.mkdir()
        _file(package, text, "frame.bps")
        cli("--no-cache", "build", package, "--out", Path(d) / "out")
