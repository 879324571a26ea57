"""The official data's field names and notation, and how each maps to bpscript.

The official act.yaml writes a few things differently from the model (documented in
docs/migrating.md, "Notation differences"):

- nesting: a leading `-` per level before a list marker (`-1.`, `--A.`, `-・`) where the
  model indents by two spaces per level;
- full-width digits (`０`, `４`, `２枚`) are kept as written (a card condition reads them
  as the digits they are);
- trailing spaces at line ends (Markdown-style breaks) that no output shows;
- abilities as `・` lines of one text (charAbility), labels as one comma-separated text,
  update versions as one comma-separated text, formats as one comma-separated text with
  empty slots (`',,pro,mast'`).
"""

from __future__ import annotations

import re

#: the official lists: (top-level key, key of the items in a group, script kind)
LISTS: tuple[tuple[str, str, str], ...] = (
    ("actList", "acts", "action"), ("charList", "chars", "character"), ("fogList", "fogs", "fog"),
    ("trumpList", "trumps", "trump"))

#: official field → bpscript field, per kind (`format` → formats, and the group `type` → category)
ACTION_FIELDS: dict[str, str] = {
    "format": "formats", "actName": "name", "ruby": "ruby", "actId": "id", "actType": "type",
    "actTrigger": "trigger", "actSpeed": "speed", "actTime": "timing", "actCost": "cost",
    "actKey": "key", "actUnit": "key_unit", "actActCond": "activation", "actTriggerCond": "trigger_condition",
    "actNote": "note", "actTarget": "target", "actEffect": "effect", "story": "story", "flavor": "flavor",
    "flavorSpeaker": "flavor_speaker", "since": "since", "update": "update", "devNote": "dev_note",
}
CHARACTER_FIELDS: dict[str, str] = {
    "format": "formats", "charName": "name", "ruby": "ruby", "charId": "id", "charType": "type",
    "charKey": "unit_condition", "charSize": "size", "charLabel": "labels", "charAbility": "abilities",
    "story": "story", "flavor": "flavor", "flavorSpeaker": "flavor_speaker", "since": "since",
    "update": "update", "devNote": "dev_note",
}
FOG_FIELDS: dict[str, str] = {
    "format": "formats", "fogName": "name", "ruby": "ruby", "fogId": "id", "fogType": "type",
    "fogKey": "unit_condition", "fogTarget": "placed_by", "fogAbility": "abilities", "story": "story",
    "flavor": "flavor", "flavorSpeaker": "flavor_speaker", "since": "since", "update": "update",
    "devNote": "dev_note",
}
TRUMP_FIELDS: dict[str, str] = {
    "format": "formats", "trumpName": "name", "ruby": "ruby", "trumpId": "id", "trumpType": "type",
    "trumpKey": "unit_condition", "trumpAbility": "abilities", "story": "story", "flavor": "flavor",
    "flavorSpeaker": "flavor_speaker", "since": "since", "update": "update", "devNote": "dev_note",
}
FIELDS: dict[str, dict[str, str]] = {"action": ACTION_FIELDS, "character": CHARACTER_FIELDS, "fog": FOG_FIELDS,
                                     "trump": TRUMP_FIELDS}
#: official fields of every entry that the model has no place for: kept beside the scripts
#: (official-data.yaml, `kept:`) and written back by the export, never reported
KEPT = ("changed", "charNote")
#: the frame membership of an entry of the frame data (`・パック` per line)
FRAME = "frame"

#: what an entry must have: the official schema's requirements, plus the unit condition
#: bpscript needs of every component (fogKey)
REQUIRED: dict[str, tuple[str, ...]] = {
    "action": ("format", "actName", "actId", "actType", "actTrigger", "actSpeed", "actTime", "actEffect"),
    "character": ("format", "charName", "charId", "charType", "charKey"),
    "fog": ("format", "fogName", "fogId", "fogType", "fogKey"),
    "trump": ("format", "trumpName", "trumpId", "trumpKey"),
}

#: bpscript fields holding rule text: here nesting markers, full-width digits and
#: full-width list periods are read as the official RST writer prints them
RULE_TEXT = frozenset({"key", "key_unit", "unit_condition", "cost", "activation", "trigger_condition", "note",
                       "target", "effect", "size", "labels", "abilities", "placed_by"})

_MARKER = r"(?=・|[0-9０-９]+[.．]|[A-Z][.．]|※)"
_DASHES = re.compile(r"^(-+)" + _MARKER)
_INDENT = re.compile(r"^((?:  )+)(?=・|[0-9０-９]+[.．]|[A-Z][.．]|※)")


def from_official(text: str, rule_text: bool) -> str:
    """Official text → the model's: trailing spaces go; in rule text `-` nesting becomes
    indentation. Everything else (full-width digits too) is kept as written."""
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = line.rstrip(" \t")
        if rule_text:
            m = _DASHES.match(line)
            if m:
                line = "  " * len(m.group(1)) + line[m.end():]
        lines.append(line)
    return "\n".join(lines).strip("\n")


def to_official(text: str) -> str:
    """The model's text → official: two spaces of indentation before a list marker become one `-`."""
    out = []
    for line in text.split("\n"):
        m = _INDENT.match(line)
        if m:
            line = "-" * (len(m.group(1)) // 2) + line[m.end():]
        out.append(line)
    return "\n".join(out)


def read_list(value: str) -> list[str]:
    """`'lite,std,pro,mast'`, `',,pro,mast'`, `'v8.0, v8.1'` → the non-empty items."""
    return [x.strip() for x in value.split(",") if x.strip()]


def write_formats(ids: tuple[str, ...] | list[str], order: list[str]) -> str:
    """One slot per format of `order`, empty where absent, trailing empty slots dropped:
    (pro, mast) → `',,pro,mast'`, (mast) → `',,,mast'`."""
    slots = [f if f in ids else "" for f in order]
    while slots and not slots[-1]:
        slots.pop()
    return ",".join(slots)


def split_labels(value: str) -> list[str]:
    """`アタッカー, ブロッカー, 速攻(A,Jの場合)` → labels, splitting at commas outside parentheses."""
    out, depth, cur = [], 0, ""
    for ch in value:
        if ch in "(（":
            depth += 1
        elif ch in ")）":
            depth = max(depth - 1, 0)
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        cur += ch
    out.append(cur.strip())
    return [x for x in out if x]


def split_abilities(text: str) -> list[str]:
    """charAbility / fogAbility → one text per ability: a text of `・` lines is one ability
    per `・` (lines that follow belong to it); any other text is one ability."""
    lines = text.split("\n")
    if not lines or not lines[0].startswith("・"):
        return [text] if text.strip() else []
    out: list[list[str]] = []
    for line in lines:
        if line.startswith("・"):
            out.append([line[1:]])
        else:  # blank lines inside an ability are its own (a paragraph break): kept
            out[-1].append(line)
    return ["\n".join(x).strip("\n") for x in out]


def join_abilities(texts: list[str], bullets: bool) -> str:
    """Abilities → one official text: `・` lines for characters (as the official data writes
    them), the text itself for a single fog or trump ability."""
    if not bullets and len(texts) == 1:
        return texts[0]
    return "\n".join("・" + t for t in texts)


def read_frames(value: str) -> list[str]:
    """`frame:` of the frame data (`・パック` per line) → the frames' printed names."""
    return [line.strip().lstrip("・").strip() for line in value.split("\n") if line.strip().lstrip("・").strip()]


def write_frames(names: list[str]) -> str:
    return "\n".join("・" + n for n in names)
