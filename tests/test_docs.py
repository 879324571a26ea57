"""The documentation site builds with `mkdocs build --strict` (no broken links or nav)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.mark.skipif(shutil.which("mkdocs") is None and subprocess.run(
    [sys.executable, "-c", "import mkdocs"], capture_output=True).returncode != 0, reason="mkdocs not installed")
def test_mkdocs_build_strict(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (tmp_path / "site" / "index.html").is_file()
    # ```bps fences come out highlighted by bpscript's lexer (the `bps` entry point)
    page = (tmp_path / "site" / "language" / "index.html").read_text("utf-8")
    assert 'class="language-bps highlight"' in page
    for span in ('<span class="kd">action</span>', '<span class="nd">@直接-通常-メイン</span>',
                 '<span class="na">effect</span>'):
        assert span in page, span
