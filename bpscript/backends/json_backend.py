"""The model as JSON (schema: docs/schema/ruleset.schema.json).

Expressions and statements are exported as bpscript source text, so the JSON is
readable and stable; positions are exported as `file:line:column`.
"""

from __future__ import annotations

import json
from typing import Any

from ..model import ruleset as m
from ..model.deck import Deck, DeckList
from ..model.setup_steps import Setup, StepKind
from ..model.effects import stmt_to_json, to_source

SCHEMA_VERSION = 4


def _opt(out: dict[str, Any], key: str, value: Any) -> None:
    if value not in (None, (), [], ""):
        out[key] = value


def _body(stmts) -> list[Any] | None:
    return None if stmts is None else [stmt_to_json(s) for s in stmts]


def _condition(c: m.Condition | None) -> dict[str, Any] | None:
    if c is None:
        return None
    out: dict[str, Any] = {"text": c.text}
    if c.event is not None:
        args = [to_source(a) for a in c.event.args] + [f"{k}={to_source(v)}" for k, v in c.event.kwargs]
        out["event"] = {"name": c.event.name, "args": args, "each": c.event.each}
    if c.when is not None:
        out["when"] = to_source(c.when)
    return out


def _key(k: m.KeyCondition | None) -> dict[str, Any] | None:
    if k is None:
        return None
    return {"text": k.text, "unit": k.is_unit, "condition": k.condition.to_json()}


def script_to_json(s: m.Script) -> dict[str, Any]:
    out: dict[str, Any] = {"id": s.id, "kind": s.kind, "name": s.name, "type": s.type.name, "type_id": s.type.id,
                           "category": s.category.name, "category_id": s.category.id}
    _opt(out, "ruby", s.ruby)
    if isinstance(s, m.ActionScript):
        if s.header is not None:
            out["header"] = {"text": s.header.text, "trigger": s.header.trigger.id,
                             "speed": s.header.speed.id, "timing": s.header.timing.id}
        _opt(out, "cost", s.cost.text if s.cost else None)
        _opt(out, "key", _key(s.key_cards))
        _opt(out, "key_unit", _key(s.key_unit))
        _opt(out, "note", s.note)
        _opt(out, "activation", _condition(s.activation))
        _opt(out, "trigger_condition", _condition(s.trigger_condition))
        if s.target is not None:
            out["target"] = {"text": s.target.text, "specs": [
                {k: v for k, v in (("kind", sp.kind), ("count", sp.count), ("owner", sp.owner),
                                   ("where", to_source(sp.where) if sp.where is not None else None))
                 if v is not None or k == "count"} for sp in s.target.specs]}
        if s.effect is not None:
            eff: dict[str, Any] = {"text": s.effect.text, "structured": s.effect.structured}
            _opt(eff, "same_as", s.effect.same_as)
            if s.effect.body is not None:
                eff["body"] = _body(s.effect.body)
            out["effect"] = eff
    elif isinstance(s, m.ComponentScript):
        out["zone"] = s.zone
        _opt(out, "unit_condition", _key(s.unit_condition))
        if s.size is not None:
            out["size"] = {"text": s.size.text}
            if s.size.expr is not None:
                out["size"]["expr"] = to_source(s.size.expr)
        _opt(out, "labels", [{k: v for k, v in (("id", l.id), ("name", l.name), ("qualifier", l.qualifier),
                                                  ("when", to_source(l.when) if l.when else None)) if v}
                             for l in s.labels])
        _opt(out, "abilities", [{k: v for k, v in (("text", a.text), ("scope", a.scope), ("body", _body(a.body)))
                                 if v is not None} for a in s.abilities])
        _opt(out, "placed_by", s.placed_by)
    _opt(out, "story", s.story)
    _opt(out, "dev_note", s.dev_note)
    if s.flavor is not None:
        out["flavor"] = {"text": s.flavor.text, **({"speaker": s.flavor.speaker} if s.flavor.speaker else {})}
    out["formats"] = list(s.formats)
    out["frames"] = list(s.frames)
    _opt(out, "since", s.since)
    _opt(out, "update", list(s.update))
    _opt(out, "suppressions", [{"code": x.code, "reason": x.reason} for x in s.suppressions])
    if s.override:
        out["override"] = True
        _opt(out, "scope", list(s.scope))
    out["source"] = str(s.span)
    return out


def _payment(c) -> dict[str, Any] | None:
    if c.pays is None:
        return None
    out: dict[str, Any] = {"kind": c.pays.kind.value, "amount": c.pays.amount}
    _opt(out, "what", c.pays.what)
    return out


def vocabulary_to_json(voc, skip: set[str] = frozenset()) -> dict[str, Any]:  # type: ignore[assignment]
    """Every declared word: id, printed name and what it means, by sort (but those declared
    in the files `skip`: a package's base)."""
    def terms(table, *attrs: str) -> list[dict[str, Any]]:
        out = []
        for t in table:
            if t.span.file in skip:
                continue
            row: dict[str, Any] = {"id": t.id, "name": t.name}
            for a in attrs:
                value = getattr(t, a)
                row[a] = value.value if hasattr(value, "value") else (list(value) if isinstance(value, tuple) else value)
            out.append(row)
        return out
    return {
        "triggers": terms(voc.triggers, "origin"), "speeds": terms(voc.speeds, "resolution"),
        "timings": terms(voc.timings, "window"), "zones": terms(voc.zones, "holds"),
        "components": terms(voc.components, "zone", "counter", "mark"), "types": terms(voc.types, "kind", "sized"),
        "categories": terms(voc.categories, "trump"), "roles": terms(voc.roles),
        "labels": terms(voc.labels, "roles"), "statuses": terms(voc.statuses), "rules": terms(voc.rules),
        "target_kinds": terms(voc.target_kinds, "subject", "counter"), "owners": terms(voc.owners),
        "spellings": terms(voc.spellings, "alternatives"),
    }


def _deck(d: Deck) -> dict[str, Any]:
    if isinstance(d, DeckList):
        return {"text": d.text, "cards": [str(c) for c in d.cards]}
    return {"text": d.text, "rule": {"min": d.min, "max": d.largest, "jokers": d.jokers}}


def _setup(s: Setup) -> dict[str, Any]:
    steps = []
    for st in s.steps:
        out: dict[str, Any] = {"kind": st.kind.value}
        if st.count is not None:
            out["count"] = st.count
        if st.player is not None:
            out["player"] = st.player
        if st.kind is StepKind.PRESET:
            out["soldier"] = "face_up" if st.face_up else "face_down"
        steps.append(out)
    return {"text": s.text, "steps": steps}


def info_to_json(info: m.RulesetInfo) -> dict[str, Any]:
    out: dict[str, Any] = {"name": info.name, "title": info.title}
    _opt(out, "edition", info.edition)
    _opt(out, "date", info.date)
    _opt(out, "includes", list(info.frames))
    _opt(out, "follows", info.follows)
    if info.base is not None:
        out["base"] = info_to_json(info.base)
    return out


def ruleset_to_json(rs: m.Ruleset) -> dict[str, Any]:
    """The model as data. A homebrew package's (`Ruleset.package()`) holds what the package
    declares — its words, scripts, frames and supplements, and the formats and frames its
    content is in — and names the base it extends (`ruleset.base`); the base's own export
    holds the rest."""
    skip = rs.base_files if rs.package_only else set()
    return {
        "schema_version": SCHEMA_VERSION,
        "ruleset": info_to_json(rs.info),
        "vocabulary": vocabulary_to_json(rs.vocabulary, skip),
        "costs": [{k: v for k, v in (("letter", c.letter), ("id", c.id), ("text", c.text), ("pays", _payment(c)))
                   if v is not None} for c in rs.costs.values() if c.span.file not in skip],
        "formats": [{"id": f.id, "name": f.name, "summary": f.summary} for f in rs.formats.values()],
        "frames": [{
            "id": f.id, "name": f.name, "formats": list(f.formats), "deck": _deck(f.deck),
            "zones": list(f.zones), "setup": _setup(f.setup), "action_lists": list(f.action_lists),
            "disclosure": [{"zone": d.zone, "public": d.public, "owner_only": d.owner_only, "hidden": d.hidden}
                           for d in f.disclosure],
        } for f in rs.frames.values()],
        "supplements": [{"id": n.id, "name": n.name, "text": n.text} for n in rs.supplements.values()],
        "scripts": [script_to_json(s) for s in rs.scripts.values()],
        "scoped_overrides": [script_to_json(s) for overs in rs.scoped.values() for s in overs],
    }


def dumps(rs: m.Ruleset) -> str:
    return json.dumps(ruleset_to_json(rs), ensure_ascii=False, indent=2) + "\n"


def build_json(rs: m.Ruleset) -> dict[str, bytes]:
    return {"json/ruleset.json": dumps(rs).encode("utf-8")}
