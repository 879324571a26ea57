"""Every script of the trumps and the abilities — エクストラ's trumps, their actions, characters
and fog, 魔術士 and 対象変更 — has a scenario test under tests/engine/trumps/ or
tests/engine/abilities/ that names it (a trump without an ability of its own is covered by
the test of its actions' activation conditions). A new trump script fails here until its
scenario is written."""

from __future__ import annotations

import re
from pathlib import Path

from bpscript.loader import load_official

HERE = Path(__file__).parent
SOURCES = "\n".join(p.read_text("utf-8") for d in (HERE, HERE.parent / "abilities") for p in sorted(d.glob("test_*.py"))
                    if p.name != Path(__file__).name)
RS = load_official().ruleset
#: the other half of エクストラ: pack and rare-card operations (their own tests)
OTHERS = {"packOperation", "rareOperation"}


def _scripts() -> list[str]:
    extra = [s.id for s in RS.scripts.values() if "extra" in s.frames and s.type.id not in OTHERS
             and getattr(getattr(getattr(s, "key", None), "condition", None), "zone", None) != "rare"]
    return sorted(extra + ["magician", "changeTarget"])


def _named(sid: str) -> bool:
    s = RS.scripts[sid]
    if re.search(rf"[\"']{re.escape(sid)}[\"']", SOURCES):
        return True
    if s.kind == "trump":  # the activation-condition test takes every trump with actions
        cats = {c.id for c in RS.vocabulary.categories if c.trump == sid}
        return any(a.category.id in cats and a.activation is not None for a in RS.actions())
    return False


def test_every_trump_and_ability_script_has_a_scenario():
    assert len(_scripts()) > 80
    assert [s for s in _scripts() if not _named(s)] == []
