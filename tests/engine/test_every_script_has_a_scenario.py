"""Every official 8.2 script that is not in ライト (neither in the format lite nor in the frame
entry20) has a scenario test under tests/engine/ that names it by id (as a quoted string);
a trump without an ability of its own counts as covered by the test of its actions'
activation conditions (the rule of trumps/test_trump_every_script_has_a_scenario.py, shared
in scenario_coverage.py). A new script fails here until its scenario is written."""

from __future__ import annotations

from pathlib import Path

from scenario_coverage import named, sources_of

from bpscript.load.loader import load_official

RS = load_official().ruleset
SOURCES = sources_of(Path(__file__).parent.rglob("test_*.py"))


def _not_lite() -> list[str]:
    return sorted(s.id for s in RS.scripts.values() if "lite" not in s.formats and "entry20" not in s.frames)


def test_every_script_not_in_lite_has_a_scenario():
    scripts = _not_lite()
    assert len(scripts) > 100 and {"kill", "rsf", "handeth", "reanimate", "magician"} <= set(scripts)
    assert [s for s in scripts if not named(RS, s, SOURCES)] == []


def test_a_script_no_test_names_is_reported():
    """The check can fail: with no test text, every script but the trumps the activation
    test covers is missing; an id counts only whole and quoted."""
    missing = [s for s in _not_lite() if not named(RS, s, "")]
    assert {"kill", "truce", "deathLance", "addBulwark", "magician"} <= set(missing)
    assert all(RS.scripts[s].kind == "trump" for s in set(_not_lite()) - set(missing))
    assert named(RS, "kill", 'game.request(0, "kill", keys)')
    assert not named(RS, "kill", 'game.request(0, "killer", keys)') and not named(RS, "kill", "# kill")
