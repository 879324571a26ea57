"""Every script of the trumps and the abilities — エクストラ's trumps, their actions, characters
and fog, 魔術士 and 対象変更 — has a scenario test under tests/engine/trumps/ or
tests/engine/abilities/ that names it (a trump without an ability of its own is covered by
the test of its actions' activation conditions). A new trump script fails here until its
scenario is written."""

from __future__ import annotations

from pathlib import Path

from scenario_coverage import named, sources_of

from bpscript.load.loader import load_official

HERE = Path(__file__).parent
SOURCES = sources_of(p for d in (HERE, HERE.parent / "abilities") for p in d.glob("test_*.py"))
RS = load_official().ruleset
#: the other half of エクストラ: pack and rare-card operations (their own tests)
OTHERS = {"packOperation", "rareOperation"}


def _scripts() -> list[str]:
    extra = [s.id for s in RS.scripts.values() if "extra" in s.frames and s.type.id not in OTHERS
             and getattr(getattr(getattr(s, "key", None), "condition", None), "zone", None) != "rare"]
    return sorted(extra + ["magician", "changeTarget"])


def _named(sid: str) -> bool:
    return named(RS, sid, SOURCES)


def test_every_trump_and_ability_script_has_a_scenario():
    assert len(_scripts()) > 80
    assert [s for s in _scripts() if not _named(s)] == []
