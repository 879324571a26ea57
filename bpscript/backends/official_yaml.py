"""The model in the official generator's shape, so bpscript can feed it: act.yaml (the
format lists) or act-frame.yaml (the frame data).

`data` (taken from the data file the caller gives: the official `data:` block), then the
lists — `actList` / `charList` / `fogList` (and, in the frame data, `trumpData` and
`trumpList`), grouped by category (the official `type`) — with the official field names and
notation (`notation.to_official`). act.yaml holds the scripts of a format; act-frame.yaml
those of frames only, each naming its frames in `frame:`. The document is checked against
bpscript/schema/official-act.schema.json; the fields an import kept as written are put back
after (`with_kept`).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from ..model import ruleset as m
from ..model import scriptview as sv
from ..official import notation as nt

LIST_OF_KIND = {kind: (list_key, items_key) for list_key, items_key, kind in nt.LISTS}
#: the two documents of the official data: the format lists and the frame data
DOCUMENTS = ("act", "act-frame")


def exported(rs: m.Ruleset, part: str = "act") -> list[m.Script]:
    """The scripts a document holds: act.yaml those of a format (actions, characters, fogs),
    act-frame.yaml those of frames only (trumps too)."""
    if part == "act-frame":
        return [s for s in rs.scripts.values() if not sv.formats(s) and s.frames and s.kind in LIST_OF_KIND]
    return [s for s in rs.scripts.values() if sv.formats(s) and s.kind in LIST_OF_KIND and s.kind != "trump"]


def left_out(rs: m.Ruleset, part: str = "act") -> list[m.Script]:
    """Scripts the document has no place for (act.yaml: frame-only scripts and trumps)."""
    keep = {s.id for s in exported(rs, part)}
    return [s for s in rs.scripts.values() if s.id not in keep]


def _put(out: dict[str, str], key: str, value: str | None, rule_text: bool = False) -> None:
    if value:
        out[key] = nt.to_official(value) if rule_text else value


def entry(rs: m.Ruleset, s: m.Script, part: str = "act") -> dict[str, str]:
    """One script with the official field names, in the official order."""
    frames = nt.write_frames([rs.frames[f].name if f in rs.frames else f for f in s.frames])
    if part == "act-frame":
        out: dict[str, str] = {nt.FRAME: frames}
    else:  # a script of formats that names frames too keeps them
        out = {"format": nt.write_formats(sv.formats(s), sv.format_ids(rs)), **({nt.FRAME: frames} if frames else {})}
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
    else:
        prefix = {"character": "char", "fog": "fog", "trump": "trump"}[s.kind]
        out[f"{prefix}Name"] = s.name
        _put(out, "ruby", sv.ruby(s))
        out.update({f"{prefix}Id": s.id, f"{prefix}Type": sv.type_name(s),
                    f"{prefix}Key": sv.unit_condition_text(s) or ""})
        abilities = sv.ability_texts(s)
        if s.kind == "character":
            _put(out, "charSize", sv.size_text(s))
            _put(out, "charLabel", ", ".join(sv.label_texts(s)))
            _put(out, "charAbility", nt.join_abilities(abilities, bullets=True) if abilities else None, True)
        else:
            if s.kind == "fog":
                _put(out, "fogTarget", sv.placed_by(s), True)
            _put(out, f"{prefix}Ability", nt.join_abilities(abilities, bullets=False) if abilities else None, True)
    _put(out, "story", sv.story(s))
    _put(out, "flavor", sv.flavor_text(s))
    _put(out, "flavorSpeaker", sv.flavor_speaker(s))
    _put(out, "since", sv.since(s))
    _put(out, "update", ",".join(sv.updates(s)))
    _put(out, "devNote", sv.dev_note(s))
    return out


def document(rs: m.Ruleset, data: dict[str, str], part: str = "act",
             trump_data: dict[str, str] | None = None) -> dict[str, Any]:
    """A whole document as plain data: `data`, then each list grouped by category (the
    frame data: `trumpData` before its trump list)."""
    doc: dict[str, Any] = {"data": dict(data)}
    for list_key, items_key, kind in nt.LISTS:
        if kind == "trump":
            if part != "act-frame":
                continue
            if trump_data:
                doc["trumpData"] = dict(trump_data)
        groups: dict[str, list[dict[str, str]]] = {}
        for s in exported(rs, part):
            if s.kind == kind:
                groups.setdefault(sv.category(s), []).append(entry(rs, s, part))
        if groups or part == "act" or kind in ("action", "character"):
            doc[list_key] = [{"type": category, items_key: items} for category, items in groups.items()]
    return doc


def with_kept(doc: dict[str, Any], kept: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """`doc` with the fields an import kept as written (official-data.yaml `kept:`) back in
    their entries, before devNote (where the official data writes them)."""
    if not kept:
        return doc
    for list_key, items_key, kind in nt.LISTS:
        for group in doc.get(list_key, []):
            for i, e in enumerate(group[items_key]):
                sid = e.get(next(k for k, v in nt.FIELDS[kind].items() if v == "id"))
                extra = kept.get(str(sid))
                if not extra:
                    continue
                note = e.pop("devNote", None)
                e.update({str(k): v for k, v in extra.items() if str(k) not in e})
                if note is not None:
                    e["devNote"] = note
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
