"""The model in the official generator's shape (act.yaml), so bpscript can feed it.

`data` (taken from the data file the caller gives: the official `data:` block), then the
format lists — `actList` / `charList` / `fogList`, grouped by category (the official `type`)
— with the official field names and notation (`notation.to_official`). Only scripts of a
format belong to act.yaml; frame-only scripts are left out (the official keeps them in its
frame data). The document is checked against bpscript/schema/official-act.schema.json.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from .. import model as m
from .. import scriptview as sv
from ..official import notation as nt

LIST_OF_KIND = {kind: (list_key, items_key) for list_key, items_key, kind in nt.LISTS}


def exported(rs: m.Ruleset) -> list[m.Script]:
    """The scripts act.yaml holds: those of a format, of a kind it lists."""
    return [s for s in rs.scripts.values() if sv.formats(s) and s.kind in LIST_OF_KIND]


def left_out(rs: m.Ruleset) -> list[m.Script]:
    """Scripts the official format data has no place for (frame-only scripts, trumps)."""
    keep = {s.id for s in exported(rs)}
    return [s for s in rs.scripts.values() if s.id not in keep]


def _put(out: dict[str, str], key: str, value: str | None, rule_text: bool = False) -> None:
    if value:
        out[key] = nt.to_official(value) if rule_text else value


def entry(rs: m.Ruleset, s: m.Script) -> dict[str, str]:
    """One script with the official field names, in the official order."""
    out: dict[str, str] = {"format": nt.write_formats(sv.formats(s), sv.format_ids(rs))}
    if sv.is_action(s):
        trigger, speed, timing = sv.header_words(s) or ("", "", "")
        out["actName"] = s.name
        _put(out, "ruby", sv.ruby(s))
        out.update(actId=s.id, actType=sv.type_name(s), actTrigger=trigger, actSpeed=speed, actTime=timing)
        _put(out, "actCost", sv.cost_letters(s))
        _put(out, "actKey", sv.key_card_text(s))
        _put(out, "actUnit", sv.key_unit_text(s))
        _put(out, "actActCond", sv.activation_text(s), True)
        _put(out, "actTriggerCond", sv.trigger_text(s), True)
        _put(out, "actNote", sv.note(s), True)
        _put(out, "actTarget", sv.target_text(s), True)
        _put(out, "actEffect", sv.effect_text(s), True)
    elif s.kind == "character":
        out["charName"] = s.name
        _put(out, "ruby", sv.ruby(s))
        out.update(charId=s.id, charType=sv.type_name(s), charKey=sv.unit_condition_text(s) or "")
        _put(out, "charSize", sv.size_text(s))
        _put(out, "charLabel", ", ".join(sv.label_texts(s)))
        _put(out, "charAbility", nt.join_abilities(sv.ability_texts(s), bullets=True) if sv.ability_texts(s)
             else None, True)
    else:
        out["fogName"] = s.name
        _put(out, "ruby", sv.ruby(s))
        out.update(fogId=s.id, fogType=sv.type_name(s), fogKey=sv.unit_condition_text(s) or "")
        _put(out, "fogTarget", sv.placed_by(s), True)
        _put(out, "fogAbility", nt.join_abilities(sv.ability_texts(s), bullets=False) if sv.ability_texts(s)
             else None, True)
    _put(out, "story", sv.story(s))
    _put(out, "flavor", sv.flavor_text(s))
    _put(out, "flavorSpeaker", sv.flavor_speaker(s))
    _put(out, "since", sv.since(s))
    _put(out, "update", ",".join(sv.updates(s)))
    _put(out, "devNote", sv.dev_note(s))
    return out


def document(rs: m.Ruleset, data: dict[str, str]) -> dict[str, Any]:
    """The whole act.yaml as plain data: `data`, then each list grouped by category."""
    doc: dict[str, Any] = {"data": dict(data)}
    for list_key, items_key, kind in nt.LISTS:
        groups: dict[str, list[dict[str, str]]] = {}
        for s in exported(rs):
            if s.kind == kind:
                groups.setdefault(sv.category(s), []).append(entry(rs, s))
        doc[list_key] = [{"type": category, items_key: items} for category, items in groups.items()]
    return doc


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    return json.loads(resources.files("bpscript").joinpath("schema", "official-act.schema.json").read_text("utf-8"))


def problems(doc: dict[str, Any]) -> list[str]:
    """Where the document breaks the schema (`data.ver: 'ver' is a required property`)."""
    errors = sorted(Draft202012Validator(schema()).iter_errors(doc), key=lambda e: list(map(str, e.path)))
    return [f"{'.'.join(map(str, e.path)) or '(top)'}: {e.message}" for e in errors]


class _Dumper(yaml.SafeDumper):
    """Block style; texts over several lines as `|-` blocks, as the official data writes them."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def dumps(doc: dict[str, Any]) -> str:
    return yaml.dump(doc, Dumper=_Dumper, allow_unicode=True, sort_keys=False, default_flow_style=False,
                     width=1 << 20, indent=2)
