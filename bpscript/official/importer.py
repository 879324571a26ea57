"""Official act.yaml / act-frame.yaml → checked entries, one per script, each remembering
its YAML place.

Reading comes first (`read_official`: structure, texts, what the model has no place for,
earlier editions' shapes); headers, costs and key / unit conditions are checked after
(`check_entries`), against the package's vocabulary once `vocab_fill` has made it. Every
text is kept exactly, up to the notation differences of `notation`. Effects, conditions, abilities and (unless printed in the default form) targets
and sizes come in as text: nothing guesses their structure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

from ..model import ruleset as m
from ..model import scriptview as sv
from ..model.conditions import UnitCondition
from ..diagnostics import Diagnostic, Severity
from ..source import Span
from ..syntax.conditions import ConditionError, parse_condition
from . import notation as nt
from .yamlnodes import Reader, compose, inner_column, items, sequence, text

ID = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
VERSION = re.compile(r"^[A-Za-z_][A-Za-z0-9_.]*$")
LABEL = re.compile(r"^(?P<name>[^<>()（）\n]+?)\s*(?:[(（](?P<qual>[^)）\n]*)[)）])?$")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
#: top-level sections besides the lists: the data block and the trump list's description
SECTIONS = ("data", "trumpData")
#: fields of earlier editions' data, and what the current shape writes instead
OLD_FIELDS = {"actS": "actSpeed (即時 or 通常; an earlier edition marked 即時 with ●)",
              "type": "the type in the entry's own field (actType, charType, fogType, trumpType)"}
#: sections of earlier editions' data, and where the current shape keeps what they held
OLD_SECTIONS = {"abiList": "the abilities inside each entry of charList / fogList (charAbility, fogAbility)"}


@dataclass
class Entry:
    """One script read from the official data: bpscript field → value, and its YAML nodes."""

    kind: str
    node: yaml.Node
    values: dict[str, object] = field(default_factory=dict)
    nodes: dict[str, yaml.Node] = field(default_factory=dict)
    #: official fields the model has no place for (changed, charNote, unknown ones), as written
    kept: dict[str, object] = field(default_factory=dict)
    path: str = ""  # which file it came from
    reader: "Reader | None" = None

    @property
    def id(self) -> str:
        return str(self.values.get("id", ""))


@dataclass
class Imported:
    path: str
    text: str
    entries: list[Entry] = field(default_factory=list)
    data: dict[str, str] = field(default_factory=dict)
    #: the frame data's trump list heading (trumpData: description, devNote)
    trump_data: dict[str, str] = field(default_factory=dict)
    #: whether this is the frame data (act-frame.yaml): `data.id`, else entries of frames only
    is_frame_data: bool = False
    #: top-level sections bpscript has no place for, kept as written (name → YAML text)
    kept_sections: dict[str, object] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    dropped: int = 0  # entries left out while reading (their diagnostics say why)
    #: unknown field name → (its first path, its node, how many entries hold it)
    unknown: dict[str, list] = field(default_factory=dict)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity.value == "error"]


def read_official(path: str, source: str, edition: str = "") -> Imported:
    """Read the official data in `source` (shown as `path` in diagnostics): its structure and
    texts; the vocabulary is checked later (`check_entries`), once the package's is known.
    `edition` names the shape expected, for messages about data of another shape."""
    out = Imported(path, source)
    r = Reader(path, source, out.diagnostics)
    root, err = compose(path, source)
    if err is not None:
        out.diagnostics.append(err)
        return out
    if root is None:
        out.diagnostics.append(Diagnostic("E601", "the file holds no data", Span(path, 1, 1, 1, 2),
                                          expected="data, actList, charList, fogList, trumpList, trumpData"))
        return out
    known = set(SECTIONS) | {key for key, _, _ in nt.LISTS}
    for key, knode, value in items(r, root, "the official data"):
        if key in ("data", "trumpData"):
            target = out.data if key == "data" else out.trump_data
            for k, kn, v in items(r, value, key):
                t = text(r, v, f"{key}.{k}")
                if t is not None:
                    target[k] = t
        elif key in OLD_SECTIONS:
            r.error("E612", f"'{key}' is a section of an earlier edition's data; the {edition or 'current'} shape keeps "
                            f"{OLD_SECTIONS[key]}: kept as written in official-data.yaml, not imported", knode,
                    fix="move its texts into the entries")
            out.kept_sections[key] = yaml.safe_load(yaml.serialize(value))
        elif key not in known:
            r.warn("W622", f"unknown section '{key}': kept as written in official-data.yaml, not imported", knode,
                   fix="sections bpscript reads: " + ", ".join(sorted(known)))
            out.kept_sections[key] = yaml.safe_load(yaml.serialize(value))
    out.is_frame_data = out.data.get("id", "") == "act-frame"
    sections = {k: v for k, _, v in items(Reader(path, source, []), root, "")}
    seen: dict[str, yaml.Node] = {}
    for list_key, items_key, kind in nt.LISTS:
        if list_key not in sections:
            continue
        for gi, group in enumerate(sequence(r, sections[list_key], list_key)):
            category, members = None, None
            for key, knode, value in items(r, group, f"a group of {list_key}"):
                if key == "type":
                    category = text(r, value, "the group's type")
                    if category is not None:
                        category = category.strip()
                        _check_line(r, value, category, "the group's type (its category)", allow_hash=False)
                elif key == items_key:
                    members = value
                else:
                    r.error("E602", f"unknown key '{key}' in a group of {list_key}", knode,
                            expected=f"type, {items_key}")
            if category is None and isinstance(group, yaml.MappingNode):
                r.error("E603", f"a group of {list_key} has no type (its category)", group)
            if members is None:
                continue
            for ei, node in enumerate(sequence(r, members, f"{list_key}.{items_key}")):
                where = f"{list_key}[{gi}].{items_key}[{ei}]"
                entry = _entry(r, node, kind, category or "", where, out, edition)
                if entry is None:
                    out.dropped += 1
                    continue
                if entry.id in seen:
                    r.error("E607", f"duplicate id '{entry.id}' (first at line {seen[entry.id].start_mark.line + 1})",
                            entry.nodes.get("id", node))
                    out.dropped += 1
                    continue
                seen[entry.id] = node
                entry.reader = r
                out.entries.append(entry)
    if "id" not in out.data and out.entries and all("formats" not in e.values for e in out.entries):
        out.is_frame_data = True  # no data.id: entries of frames only make the frame data
    for name, (where, knode, count) in out.unknown.items():
        more = f" (and {count - 1} more entr{'y' if count == 2 else 'ies'})" if count > 1 else ""
        r.warn("W622", f"unknown field '{name}' at {where}{more}: kept as written in official-data.yaml",
               knode, fix="bpscript writes it back on export; it has no meaning for the rules")
    return out


def check_entries(imported: Imported, vocab: m.Ruleset, frame_ids: dict[str, str], edition: str = "") -> None:
    """Check every entry's typed fields against the package's vocabulary; an entry that
    does not check is left out (its diagnostics say why)."""
    kept = []
    for e in imported.entries:
        r = e.reader or Reader(imported.path, imported.text, imported.diagnostics)
        if _check(r, e, vocab, frame_ids, edition):
            kept.append(e)
    imported.entries = kept


def official_name(kind: str, field_: str) -> str:
    """The official data's name of a bpscript field (for messages)."""
    return next((k for k, v in nt.FIELDS[kind].items() if v == field_), field_)


def _a(kind: str) -> str:
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def _check_line(r: Reader, node: yaml.Node, value: str, what: str, allow_hash: bool = True) -> bool:
    """Text bpscript holds on one line: no line break, no control character (and no `#`)."""
    bad = "\n" in value or bool(CONTROL.search(value)) or (not allow_hash and "#" in value)
    if bad:
        r.error("E604", f"{what} cannot hold a line break, a control character{'' if allow_hash else ' or #'}",
                node)
    return not bad


def _entry(r: Reader, node: yaml.Node, kind: str, category: str, where: str, out: Imported,
           edition: str) -> Entry | None:
    fields = nt.FIELDS[kind]
    e = Entry(kind, node)
    raw: dict[str, tuple[str, yaml.Node]] = {}
    old: list[tuple[str, yaml.Node, str | None]] = []
    before = len(r.diagnostics)
    pairs = items(r, node, f"an entry of the {kind} list")
    twice = any(d.code == "E608" for d in r.diagnostics[before:])  # which value is meant is not known
    for key, knode, value in pairs:
        if key not in fields and key != nt.FRAME and key not in OLD_FIELDS:
            if key:  # kept as written: text, or whatever YAML the data holds there
                e.kept[key] = value.value if isinstance(value, yaml.ScalarNode) else \
                    yaml.safe_load(yaml.serialize(value))
                if key not in nt.KEPT:
                    first = out.unknown.setdefault(key, [f"{where}.{key}", knode, 0])
                    first[2] += 1
            continue
        t = text(r, value, key)
        if key in OLD_FIELDS:
            old.append((key, knode, t))
            continue
        if t is not None and t.strip():
            raw[key] = (t, value)
    if not isinstance(node, yaml.MappingNode):
        return None
    shape = f"the {edition} shape" if edition else "the current shape"
    errors = False
    missing = [k for k in nt.REQUIRED[kind] if k not in raw and not (k == "format" and nt.FRAME in raw)]
    for key, knode, t in old:
        replaces = official_name(kind, "type") if key == "type" else "actSpeed"
        if key == "type" and replaces not in missing:
            r.warn("W623", f"'type' repeated inside {_a(kind)} (an earlier edition's shape): the group's type and "
                           f"{replaces} are used", knode)
            continue
        if replaces in missing:
            missing.remove(replaces)
        r.error("E612", f"{_a(kind)} gives '{key}', a field of an earlier edition's data, and no {replaces}; "
                        f"{shape} writes {OLD_FIELDS[key]}", knode, fix=f"write `{replaces}: …` instead")
        errors = True
    for key in missing:
        what = {"format": "format (or frame)", "actTrigger": "actTrigger (直接 or 誘発)",
                "actSpeed": "actSpeed (即時 or 通常)"}.get(key, key)
        r.error("E603", f"{_a(kind)} without {what}: {shape} requires it", node, fix=f"add `{key}: …`")
    if missing or twice or errors:
        return None
    ok = True
    for key, (value, vnode) in raw.items():
        name = "frames" if key == nt.FRAME else fields[key]
        e.nodes[name] = vnode
        e.values[name] = nt.from_official(value, name in nt.RULE_TEXT)
        if CONTROL.search(str(e.values[name])):
            r.error("E604", f"{key} holds a control character", vnode)
            ok = False
    e.values["category"] = category
    e.values.setdefault("type", "")
    e.path = out.path
    return e if ok else None


def _check(r: Reader, e: Entry, vocab: m.Ruleset, frame_ids: dict[str, str], edition: str = "") -> bool:
    """Check one entry's typed fields against the vocabulary; convert lists."""
    v, n = e.values, e.nodes
    ok = True

    def bad(code: str, message: str, field_: str, **kw) -> None:
        nonlocal ok
        r.error(code, message, n.get(field_, e.node), **kw)
        ok = False

    if not ID.match(str(v["id"])):
        bad("E607", f"id '{v['id']}' is not an identifier", "id", expected="letters, digits and _, e.g. summonsHero")
    for f in ("id", "name", "ruby", "flavor_speaker", "key", "key_unit", "unit_condition", "size", "labels"):
        if f in v and not _check_line(r, n[f], str(v[f]), official_name(e.kind, f),
                                      allow_hash=f not in ("key", "key_unit", "unit_condition")):
            ok = False
    types = sv.action_types(vocab) if e.kind == "action" else sv.component_types(vocab, e.kind)
    if v["type"] and v["type"] not in types:
        bad("E605", f"unknown {e.kind} type '{v['type']}'", "type", expected=" ".join(types))
    formats = nt.read_list(str(v.get("formats", "")))
    for f in formats:
        if f not in vocab.formats:
            bad("E605", f"unknown format '{f}'", "formats", expected=" ".join(sv.format_ids(vocab)))
    frames = []
    for name in nt.read_frames(str(v.get("frames", ""))):
        if name in frame_ids:
            frames.append(frame_ids[name])
        else:
            bad("E605", f"unknown frame '{name}': no bundled edition defines a frame of that name", "frames",
                expected=" ".join(frame_ids) or "(no frames)")
    if not formats and not frames:
        bad("E603", "the format list is empty", "formats" if "formats" in v else "frames",
            fix="name at least one format, e.g. 'lite,std,pro,mast'")
    v["formats"] = formats
    v["frames"] = frames
    if e.kind == "action":
        words = sv.header_vocabulary(vocab)
        for f, choices in zip(("trigger", "speed", "timing"), words):
            if v[f] not in choices:
                bad("E605", f"unknown {f} '{v[f]}' ({official_name(e.kind, f)})", f, expected=" or ".join(choices))
        ok = _check_cost(r, e, vocab, edition) and ok
        if "key" in v and "key_unit" in v:
            bad("E609", "an action has one key: actKey (cards) or actUnit (a unit), not both", "key_unit")
        for f, unit in (("key", False), ("key_unit", True)):
            if f in v:
                ok = _check_condition(r, e, f, unit, vocab) and ok
        if "target" in v:
            v["target_spec"] = default_target(str(v["target"]), vocab)
    else:
        ok = _check_condition(r, e, "unit_condition", None, vocab) and ok
        if "size" in v:
            v["size_number"] = bool(re.fullmatch(r"[0-9]+", str(v["size"])))
        if "labels" in v:
            labels = []
            for lab in nt.split_labels(str(v["labels"])):
                mm = LABEL.match(lab)
                if mm is None:
                    bad("E604", f"label '{lab}' cannot be read", "labels",
                        expected="a name and an optional qualifier in parentheses: 速攻(…)")
                    continue
                labels.append((mm.group("name"), mm.group("qual")))
            v["labels"] = labels
        if "abilities" in v:
            v["abilities"] = nt.split_abilities(str(v["abilities"]))
    if "flavor_speaker" in v and "flavor" not in v:
        bad("E603", "flavorSpeaker without a flavor", "flavor_speaker")
    ok = _check_versions(r, e) and ok
    return ok


def _check_cost(r: Reader, e: Entry, vocab: m.Ruleset, edition: str = "") -> bool:
    cost = str(e.values.get("cost", ""))
    letters = sv.declared_cost_letters(vocab)
    node = e.nodes.get("cost")
    ok = True
    for i, ch in enumerate(cost):
        if ch not in letters:
            col = inner_column(node, i) if node is not None else None
            span_node = node if node is not None else e.node
            r.diagnostics.append(Diagnostic(
                "E605", f"unknown cost letter '{ch}'" + (f": neither {edition} nor another bundled edition "
                                                         "declares it (an earlier edition's letter?)" if edition else ""),
                _at(r, span_node, col), expected=" ".join(f"{c} ({vocab.costs[c].text})" for c in letters)))
            ok = False
    return ok


def _at(r: Reader, node: yaml.Node, col: int | None, length: int = 1) -> Span:
    """The node's span, or `length` characters at source column `col` (0-based) of its line."""
    span = r.span(node)
    return span if col is None else Span(span.file, span.line, col + 1, span.line, col + 1 + length)


def _check_condition(r: Reader, e: Entry, f: str, unit: bool | None, vocab: m.Ruleset) -> bool:
    """A key (unit=False), key unit (True) or unit condition (None) must read as one."""
    value = str(e.values[f])
    node = e.nodes[f]
    name = official_name(e.kind, f)
    try:
        cond = parse_condition(value, vocab.vocabulary.spelling_map())
    except ConditionError as err:
        col = inner_column(node, len(value) - len(value.lstrip()) + err.offset)
        r.diagnostics.append(Diagnostic("E606", f"{name} '{value}' cannot be read: {err.message}",
                                        _at(r, node, col), expected=err.expected))
        return False
    is_unit = isinstance(cond, UnitCondition)
    if unit is not None and is_unit != unit:
        what = "a key unit condition (a unit on the field)" if is_unit else "a key card condition (cards)"
        r.error("E606", f"{name} '{value}' is {what}", node,
                fix="use actUnit for a unit on the field, actKey for cards from the hand")
        return False
    return True


def _check_versions(r: Reader, e: Entry) -> bool:
    ok = True
    for f in ("since", "update"):
        if f not in e.values:
            continue
        node = e.nodes[f]
        items_ = nt.read_list(str(e.values[f])) if f == "update" else [str(e.values[f]).strip()]
        fixed = []
        for ver in items_:
            if re.fullmatch(r"[0-9][0-9.]*", ver):
                col = inner_column(node, str(node.value).find(ver))
                r.diagnostics.append(Diagnostic(
                    "W620", f"version '{ver}' has no 'v'; imported as 'v{ver}'", _at(r, node, col, len(ver)),
                    Severity.WARNING, fix=f"write v{ver} in the official data"))
                ver = "v" + ver
            if not VERSION.match(ver):
                r.error("E604", f"version '{ver}' cannot be written in bpscript", node,
                        expected="a word such as v8.1 or ex4.22.0")
                ok = False
            fixed.append(ver)
        if f == "since" and len(fixed) != 1:
            r.error("E604", "since takes one version", node)
            ok = False
        e.values[f] = fixed if f == "update" else (fixed[0] if fixed else "")
    return ok


def default_target(text_: str, vocab: m.Ruleset) -> str | None:
    """The target spec whose default rendering is exactly `text_` (`兵士1体` → `soldier`,
    `自分のキャラクター1体` → `character 1 of self`), or None: the target stays text."""
    kinds, owners = sv.target_vocabulary(vocab)
    for kind, (noun, counter) in kinds.items():
        for owner, prefix in [(None, "")] + list(owners.items()):
            if text_ == f"{prefix}{noun}1{counter}":
                return kind if owner is None else f"{kind} 1 of {owner}"
    return None
