"""The cache of loaded rules: a warm load gives what a cold one gives, a changed file or a
corrupt entry is never read, --no-cache neither reads nor writes, and a cached lint
report prints exactly what linting prints."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bpscript import cache
from bpscript.load.loader import load

ROOT = Path(__file__).parent.parent
FIXTURE = '''action small "小" (通常魔法) {
  @直接-通常-メイン ★♠A〜5
  effect: "1ダメージを与える。" {
    damage(opponent, 1)
  }
  formats: lite
}
'''


def _env(tmp_path):
    return {**os.environ, "BPSCRIPT_CACHE_DIR": str(tmp_path / "cache")}


def test_a_warm_load_is_the_cold_load(tmp_path, monkeypatch):
    monkeypatch.setenv("BPSCRIPT_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "rules.bps"
    f.write_text(FIXTURE, encoding="utf-8")
    cold = load([f], cache=True)
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 1
    warm = load([f], cache=True)
    assert warm is not cold and warm.cache_key == cold.cache_key
    assert warm.ruleset.scripts.keys() == cold.ruleset.scripts.keys()
    assert warm.ruleset.scripts["small"] == cold.ruleset.scripts["small"]
    assert [d.to_json() for d in warm.diagnostics] == [d.to_json() for d in cold.diagnostics]
    f.write_text(FIXTURE.replace("damage(opponent, 1)", "damage(opponent, 2)"), encoding="utf-8")
    changed = load([f], cache=True)
    assert changed.cache_key != cold.cache_key
    assert "2" in str(changed.ruleset.scripts["small"].effect)
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 2


def test_a_corrupt_or_cut_entry_is_removed_and_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("BPSCRIPT_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "rules.bps"
    f.write_text(FIXTURE, encoding="utf-8")
    first = load([f], cache=True)
    entry = tmp_path / "cache" / f"{first.cache_key}.pickle"
    data = entry.read_bytes()
    for broken in (data[: len(data) // 2], b"not a cache entry", data[:20] + b"\x00" * 50):
        entry.write_bytes(broken)
        assert cache.get(first.cache_key) is None and not entry.exists()
        again = load([f], cache=True)
        assert again.ruleset.scripts["small"] == first.ruleset.scripts["small"] and entry.exists()


def test_the_library_does_not_cache_unless_asked(tmp_path, monkeypatch):
    monkeypatch.setenv("BPSCRIPT_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "rules.bps"
    f.write_text(FIXTURE, encoding="utf-8")
    assert load([f]).cache_key is None and not (tmp_path / "cache").exists()


def test_cli_no_cache_and_a_cached_lint_report(tmp_path):
    env = _env(tmp_path)
    pkg = ROOT / "tests" / "fixtures"

    def lint(*extra):
        return subprocess.run([sys.executable, "-m", "bpscript.cli", *extra, "lint", str(pkg / "broken.bps")],
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)

    fresh = lint("--no-cache")
    assert not (tmp_path / "cache").exists()
    first, second = lint(), lint()
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 2  # the load and the report
    assert fresh.stdout == first.stdout == second.stdout and fresh.returncode == first.returncode == second.returncode
    r = subprocess.run([sys.executable, "-m", "bpscript.cli", "check", "--no-cache", str(pkg / "broken.bps")],
                       capture_output=True, text=True, env=_env(tmp_path / "other"), cwd=ROOT, timeout=300)
    assert r.returncode == 1 and not (tmp_path / "other").exists()


def test_the_files_asked_for_are_part_of_the_key(tmp_path, monkeypatch):
    """An empty directory is not the official rules, though the base is read for both."""
    from bpscript.load.loader import base_files
    monkeypatch.setenv("BPSCRIPT_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "empty").mkdir()
    empty = load([tmp_path / "empty"], cache=True)
    official = load(base_files(), cache=True)
    assert empty.cache_key != official.cache_key
    assert not empty.ruleset.formats and "lite" in official.ruleset.formats


def test_the_command_line_turns_the_cache_on_for_its_command_only(tmp_path, monkeypatch):
    from bpscript.cli import main
    monkeypatch.setenv("BPSCRIPT_CACHE_DIR", str(tmp_path / "cache"))
    f = tmp_path / "rules.bps"
    f.write_text(FIXTURE, encoding="utf-8")
    assert main(["check", str(f)]) == 1 and (tmp_path / "cache").exists()  # alone, its format is unknown
    assert cache.ENABLED is False and load([f]).cache_key is None


def test_two_trees_with_the_same_sizes_and_times_have_different_fingerprints(tmp_path):
    """A compiler changed in place (a merge, a copy) can keep each module's size and time
    of change: the fingerprint reads the bytes, so the old compiler's entries are not read."""
    trees = []
    for body in (b"x = 1\n", b"x = 2\n"):
        root = tmp_path / f"tree{len(trees)}"
        (root / "engine").mkdir(parents=True)
        f = root / "engine" / "game.py"
        f.write_bytes(body)
        os.utime(f, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
        trees.append(root)
    a, b = (cache.tree_fingerprint(t) for t in trees)
    assert a != b
    (trees[1] / "engine" / "game.py").write_bytes(b"x = 1\n")
    assert cache.tree_fingerprint(trees[1]) == a


def test_a_bundled_file_changed_in_place_is_another_key(tmp_path):
    f = tmp_path / "10-basic.bps"
    f.write_bytes(b"a\n")
    os.utime(f, ns=(1_700_000_000_000_000_000,) * 2)
    first = cache.key([], installed=[f])
    f.write_bytes(b"b\n")
    os.utime(f, ns=(1_700_000_000_000_000_000,) * 2)
    assert cache.key([], installed=[f]) != first
