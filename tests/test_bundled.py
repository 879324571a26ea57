"""Where the bundled rules are found, and the names bundled files get wherever they are.

tests/test_install.py checks the same from an installed wheel; these run in-process on
the checkout, with BPSCRIPT_HOME standing for another install location.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bpscript.backends.json_backend import build_json
from bpscript.backends.python_backend import build_python
from bpscript.bundled import RulesNotFound, rules_root
from bpscript.load.loader import base_files, display_path, load, load_official

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """The bundled rules copied to another place, named by BPSCRIPT_HOME."""
    home = tmp_path / "some" / "site-packages" / "bpscript" / "_bundled"
    shutil.copytree(ROOT / "stdlib", home / "stdlib")
    shutil.copytree(ROOT / "frames", home / "frames")
    monkeypatch.setenv("BPSCRIPT_HOME", str(home))
    monkeypatch.chdir(tmp_path)
    return home


def test_a_checkout_finds_its_own_stdlib_and_frames(monkeypatch):
    monkeypatch.delenv("BPSCRIPT_HOME", raising=False)
    assert rules_root().resolve() == ROOT
    names = [display_path(f) for f in base_files()]
    assert names[0] == "stdlib/blackpoker-8.2/00-formats.bps" and "frames/10-entry20/frame.bps" in names
    assert not any("homebrew-example" in n for n in names)  # a package that extends the base


def test_home_overrides_and_bundled_files_keep_their_names(elsewhere):
    assert rules_root() == elsewhere
    files = base_files()
    assert all(f.is_relative_to(elsewhere) for f in files)
    assert [display_path(f) for f in files] == [f.relative_to(elsewhere).as_posix() for f in files]
    assert display_path(files[0]) == "stdlib/blackpoker-8.2/00-formats.bps"


def test_generated_output_does_not_depend_on_where_the_rules_are(elsewhere):
    rs = load_official().ruleset
    for rel, data in {**build_json(rs), **build_python(rs)}.items():  # both name source files
        assert data == (GENERATED / "blackpoker-8.2" / rel).read_bytes(), rel


def test_a_homebrew_package_names_the_base_it_extends_by_its_bundled_name(elsewhere, tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.bps").write_text('extends "blackpoker-8.2"\n\naction up "アップ改" (速攻魔法) {\n'
                               '  @直接-通常-クイック $D ★♡A〜10\n  effect: "x"\n  formats: lite\n}\n', "utf-8")
    [err] = load([pkg]).errors
    assert err.span.file == "pkg/a.bps"
    assert err.message == "duplicate id 'up' (first defined at stdlib/blackpoker-8.2/30-quick-magic.bps:3:8)"


def test_a_home_without_stdlib_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.setenv("BPSCRIPT_HOME", str(tmp_path))
    with pytest.raises(RulesNotFound, match=f"BPSCRIPT_HOME={tmp_path}: no stdlib/ directory in {tmp_path}"):
        base_files()


def test_user_files_are_named_even_without_bundled_rules(tmp_path, monkeypatch):
    monkeypatch.setenv("BPSCRIPT_HOME", str(tmp_path / "nowhere"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.bps").write_text("", "utf-8")
    assert display_path(tmp_path / "mine.bps") == "mine.bps"
