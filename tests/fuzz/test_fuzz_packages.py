"""Package trees with odd files — empty, binary, UTF-16 and Shift_JIS, a byte inserted
into a real script, directories named *.bps, nesting forty deep — through `check`,
`lint` and `export`: exit 0, 1 or 2 and no traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from fuzzing import cli, settings_for, tree, write_tree


@settings_for(800)
@given(tree(), st.sampled_from(["check", "lint --no-engine", "export", "check --format json"]))
def test_package_tree(tmp_path, entries, command):
    with tempfile.TemporaryDirectory(dir=tmp_path) as d:
        root = Path(d) / "pkg"
        root.mkdir()
        write_tree(root, entries)
        cli("--no-cache", *command.split(), root)
