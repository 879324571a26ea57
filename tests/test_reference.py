"""Every official script of the model against the reference data, field by field.

The reference (tests/data/, a copy of the official 8.2 lists as data) is the
authority for the exact Japanese text; any difference fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bpscript.model import ruleset as m
from bpscript.load.loader import load_official

DATA = Path(__file__).parent / "data"


def _reference() -> list[tuple[str, dict]]:
    base = yaml.safe_load((DATA / "blackpoker-8.2-base.yaml").read_text("utf-8"))
    frames = yaml.safe_load((DATA / "blackpoker-8.2-frames.yaml").read_text("utf-8"))
    out = []
    for doc in (base, frames):
        for kind, key in (("action", "actions"), ("character", "characters"), ("fog", "fogs"), ("trump", "trumps")):
            out += [(kind, d) for d in doc.get(key, [])]
    return out


REFERENCE = _reference()


@pytest.fixture(scope="module")
def ruleset() -> m.Ruleset:
    result = load_official()
    assert not result.errors, [str(d.span) + " " + d.message for d in result.errors]
    return result.ruleset


def test_counts(ruleset):
    assert len(REFERENCE) == 137
    kinds = {}
    for s in ruleset.scripts.values():
        kinds[s.kind] = kinds.get(s.kind, 0) + 1
    assert kinds == {"action": 90, "character": 12, "fog": 4, "trump": 31}
    assert sorted(ruleset.scripts) == sorted(d["id"] for _, d in REFERENCE)


def _actual(s: m.Script) -> dict:
    """The model's script in the reference's shape."""
    out: dict = {"id": s.id, "name": s.name, "category": s.category.name}
    if s.type:
        out["type"] = s.type.name
    if s.ruby:
        out["ruby"] = s.ruby
    if s.formats:
        out["formats"] = list(s.formats)
    if s.frames:
        out["frames"] = list(s.frames)
    if s.since:
        out["since"] = s.since
    if s.update:
        out["update"] = list(s.update)
    if s.story:
        out["story"] = s.story
    if s.flavor:
        out["flavor"] = s.flavor.text
        if s.flavor.speaker:
            out["flavor_speaker"] = s.flavor.speaker
    if isinstance(s, m.ActionScript):
        out["trigger"] = s.header.trigger.name
        out["speed"] = s.header.speed.name
        out["timing"] = s.header.timing.name
        if s.cost:
            out["cost"] = "".join(s.cost.letters)
        if s.key_cards:
            out["key"] = s.key_cards.text
        if s.key_unit:
            out["unit"] = s.key_unit.text
        if s.note:
            out["note"] = s.note
        if s.activation:
            out["activation"] = s.activation.text
        if s.trigger_condition:
            out["trigger_condition"] = s.trigger_condition.text
        if s.target:
            out["target"] = s.target.text
        out["effect"] = s.effect.text
    else:
        out["unit_condition"] = s.unit_condition.text
        if s.size:
            out["size"] = s.size.text
        if s.labels:
            out["labels"] = [l.text for l in s.labels]
        if s.abilities or s.kind == "trump":
            out["abilities"] = [a.text for a in s.abilities]
        if s.placed_by:
            out["placed_by"] = s.placed_by
    return out


def _expected(kind: str, d: dict) -> dict:
    exp = {k: v for k, v in d.items()}
    if kind == "trump":
        if "type" in d:  # 裏切札 has no heading of its own: its category is its type
            exp.setdefault("category", d["type"])
        exp.setdefault("type", "表切札")
        exp.setdefault("abilities", [])
    if "cost" in exp:
        exp["cost"] = str(exp["cost"])
    return exp


@pytest.mark.parametrize("kind,ref", REFERENCE, ids=[d["id"] for _, d in REFERENCE])
def test_script_matches_reference(ruleset, kind, ref):
    s = ruleset.scripts[ref["id"]]
    assert s.kind == kind
    expected = _expected(kind, ref)
    actual = _actual(s)
    for field in sorted(set(expected) | set(actual)):
        assert actual.get(field) == expected.get(field), f"{ref['id']}.{field}"


TRUMPS = [d for kind, d in REFERENCE if kind == "trump" and "type" not in d]


@pytest.mark.parametrize("ref", TRUMPS, ids=[d["id"] for d in TRUMPS])
def test_a_face_up_trump_is_listed_under_its_heading(ruleset, ref):
    """8.3.5: each trump is printed under 「切札 ♠ A 革命」 — its card and name — and the official
    list uses that heading as its category, as it does for the trump's actions and characters."""
    s = ruleset.scripts[ref["id"]]
    assert ref["category"] == f"切札{ref['unit_condition']} {ref['name']}"
    assert s.category.name == ref["category"]
    assert ruleset.vocabulary.categories[s.category.id].trump == s.id
    related = [x for x in ruleset.scripts.values() if x.kind != "trump" and x.category.id == s.category.id]
    assert all(x.category.name == ref["category"] for x in related)


def test_frames_match_reference(ruleset):
    frames = yaml.safe_load((DATA / "blackpoker-8.2-frames.yaml").read_text("utf-8"))["frames"]
    assert list(ruleset.frames) == [f["id"] for f in frames]
    for ref in frames:
        fr = ruleset.frames[ref["id"]]
        assert fr.name == ref["name"]
        assert list(fr.formats) == ref["formats"]
        assert fr.deck.text == ref["deck"]
        assert fr.setup.text == ref["setup"]
        zones = ruleset.vocabulary.zones
        assert [zones[z].name for z in fr.zones] == ref["zones"]
        assert list(fr.action_lists) == ref.get("action_lists", [])
        disc = {zones[d.zone].name: {"完全公開": d.public, "個人公開": d.owner_only, "非公開": d.hidden}
                for d in fr.disclosure}
        assert disc == ref.get("disclosure", {})


def test_formats_and_costs_match_reference(ruleset):
    base = yaml.safe_load((DATA / "blackpoker-8.2-base.yaml").read_text("utf-8"))
    assert [(f.id, f.name, f.summary) for f in ruleset.formats.values()] == \
        [(f["id"], f["name"], f["summary"]) for f in base["formats"]]
    assert [(c.letter, c.text) for c in ruleset.costs.values()] == [(c["letter"], c["text"]) for c in base["costs"]]
