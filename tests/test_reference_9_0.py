"""The bundled 9.0 ライト ruleset against the official 9.0 ライト action list, field by field.

The reference is a copy of the list as published (tests/data/blackpoker-9.0-lite-actionlist.md,
Markdown extracted from the PDF). Its extraction put spaces around half-width digits and
Latin letters and turned numbered lists into `-` bullets; the comparison therefore ignores
whitespace and list markers, and compares everything else — every character, the
nesting of lists — exactly. It reads what `bpscript export --json --ruleset
blackpoker-9.0` prints.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from bpscript.backends.textfmt import parse_blocks
from bpscript.cli import main
from bpscript.load.loader import load_bundled

ROOT = Path(__file__).parent.parent
LIST = ROOT / "tests" / "data" / "blackpoker-9.0-lite-actionlist.md"
SECTIONS = {"(効果)": "effect", "(誘発条件)": "trigger_condition", "(起動条件)": "activation",
            "(対象)": "target", "(ラベル)": "labels", "(能力)": "abilities"}
ITEM = re.compile(r"^■ \*\*(?P<name>[^*(]+?)(?: \((?P<type>[^)]+)\))?\*\*(?: \((?P<type2>[^)]+)\))?\s*(?P<rest>.*)$")


def canon(text: str) -> str:
    """The text without whitespace and Markdown escapes: what the comparison reads."""
    return re.sub(r"\s+", "", text.replace("\\$", "$"))


def shape(text: str) -> list[tuple[str, int, str]]:
    """A printed text as (paragraph or item, depth, canonical text), whatever the markers."""
    out: list[tuple[str, int, str]] = []

    def walk(blocks, depth):
        for b in blocks:
            if b.kind == "p":
                out.append(("p", depth, canon(b.text)))
                continue
            for it in b.items:
                out.append(("li", depth, canon(it.text)))
                walk(it.children, depth + 1)
    walk(parse_blocks(text), 0)
    return out


def reference_shape(lines: list[str]) -> list[tuple[str, int, str]]:
    out = []
    for line in lines:
        m = re.match(r"^( *)- (.*)$", line)
        if m:
            out.append(("li", len(m.group(1)) // 2, canon(m.group(2))))
        else:
            out.append(("p", 0, canon(line)))
    return out


def parse_reference() -> dict:
    """The list as data: title, date, costs, notes and the scripts by (kind, name)."""
    lines = LIST.read_text("utf-8").splitlines()
    doc: dict = {"scripts": [], "notes": {}, "costs": []}
    kind, category, current, section, note = "action", None, None, None, None
    for raw in lines:
        line = raw.rstrip()
        if not line.strip() or line.strip() == "---":
            continue
        if line.startswith("# ") and "title" in doc or line.endswith("リスト"):  # フォグリスト / # FogList
            current = note = None
            continue
        if line.startswith("## "):
            kind = {"アクションリスト": "action", "キャラクターリスト": "character", "滞留魔法": "fog"}[line[3:].split()[0]]
            category = line[3:].split()[0] if kind == "fog" else None
            current = note = None
            continue
        if line.startswith("### "):
            category, current, note = line[4:].strip(), None, None
            continue
        if line.startswith("(補足) "):
            note, current = line[5:].strip(), None
            doc["notes"][note] = []
            continue
        m = ITEM.match(line)
        if m:
            note = None
            current = {"kind": kind, "name": m.group("name").strip(), "type": m.group("type") or m.group("type2"),
                       "category": category, "fields": {}}
            doc["scripts"].append(current)
            rest = m.group("rest")
            header = re.match(r"(@\S+)(?: \| \\\$ (\S+))?", rest)
            if header:
                current["header"] = header.group(1)
                if header.group(2):
                    current["cost"] = "$" + header.group(2)
            elif rest:
                current["unit"] = canon(rest)
            section = None
            continue
        if note is not None:
            if note == "コストの意味":
                letter, text = line.split("：")
                doc["costs"].append((letter, canon(text)))
            else:
                doc["notes"][note].append(line)
            continue
        if current is None:
            if re.match(r"^\d{4}/\d\d/\d\d$", line):
                doc["date"] = line
            elif line.startswith("第"):
                doc["edition_line"] = canon(line)
            elif line.startswith("# ") and "title" not in doc:
                doc["title"] = line[2:].strip()
            continue
        if line in SECTIONS:
            section = SECTIONS[line]
            current["fields"][section] = []
        elif line.startswith("★"):
            current["key"] = canon(line)
        elif line.startswith("サイズ:"):
            current["size"] = canon(line.partition(":")[2])
        elif section is not None:
            current["fields"][section].append(line)
    return doc


REFERENCE = parse_reference()


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("export") / "ruleset-9.0.json"
    assert main(["export", "--json", "--ruleset", "blackpoker-9.0", "-o", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    schema = json.loads((ROOT / "docs" / "schema" / "ruleset.schema.json").read_text("utf-8"))
    jsonschema.validate(data, schema)
    return data


def _lite(exported: dict) -> list[dict]:
    """The scripts of ライト: the list's (the frames' scripts are compared with the official
    frame data, tests/official/test_frame_data.py)."""
    return [s for s in exported["scripts"] if "lite" in s["formats"] or "entry20" in s["frames"]]


def _script(exported: dict, ref: dict) -> dict:
    found = [s for s in _lite(exported) if s["kind"] == ref["kind"] and s["name"] == ref["name"]]
    assert len(found) == 1, (ref["kind"], ref["name"])
    return found[0]


def test_the_list_has_26_scripts_and_the_export_all_of_them(exported):
    kinds = [r["kind"] for r in REFERENCE["scripts"]]
    assert (kinds.count("action"), kinds.count("character"), kinds.count("fog")) == (19, 5, 2)
    assert sorted((s["kind"], s["name"]) for s in _lite(exported)) == \
        sorted((r["kind"], r["name"]) for r in REFERENCE["scripts"])


@pytest.mark.parametrize("ref", REFERENCE["scripts"], ids=[f"{r['kind']}-{r['name']}" for r in REFERENCE["scripts"]])
def test_script_matches_the_list(exported, ref):
    s = _script(exported, ref)
    assert s["type"] == ref["type"]
    assert s["category"] == ref["category"]
    fields = ref["fields"]
    if ref["kind"] == "action":
        assert s["header"]["text"] == ref["header"]
        assert s.get("cost") == ref.get("cost")
        assert ("★" + canon(s["key"]["text"]) if "key" in s else None) == ref.get("key")
        for name in ("trigger_condition", "activation", "target"):
            got = s[name]["text"] if name in s else None
            want = "".join(canon(x) for x in fields[name]) if name in fields else None
            assert (canon(got) if got else None) == want, name
        assert shape(s["effect"]["text"]) == reference_shape(fields["effect"])
        assert s["effect"]["structured"]
    else:
        marks = {c["id"]: c["mark"] for c in exported["vocabulary"]["components"]}
        assert marks[s["kind"]] + canon(s["unit_condition"]["text"]) == ref["unit"]
        assert (canon(s["size"]["text"]) if "size" in s else None) == ref.get("size")
        labels = ["".join(canon(x) for x in fields["labels"]).split(",")] if "labels" in fields else []
        assert [[canon(l["name"] + (f"({l['qualifier']})" if "qualifier" in l else "")) for l in s.get("labels", [])]] \
            == (labels or [[]])
        abilities = fields.get("abilities", [])
        assert [canon(a["text"]) for a in s.get("abilities", [])] == [canon(x) for x in abilities]
    for extra in ("ruby", "story", "flavor", "since", "update", "note", "placed_by"):
        assert extra not in s, f"the 9.0 list prints no {extra}"


def test_identity_costs_and_supplements(exported):
    info = exported["ruleset"]
    assert info["name"] == "blackpoker-9.0" and info["date"] == REFERENCE["date"]
    # the list's title is the ruleset's and its one format's: BlackPoker 第9.0版 ライト
    assert canon(info["title"] + exported["formats"][0]["name"]) == canon(REFERENCE["title"]) + REFERENCE["edition_line"]
    # the list's costs, then the two its frames add (S and C, frames/blackpoker-9.0)
    costs = [(c["letter"], canon(c["text"])) for c in exported["costs"]]
    assert costs[:3] == REFERENCE["costs"] and [c for c, _ in costs[3:]] == ["S", "C"]
    supplements = {n["name"]: n["text"] for n in exported["supplements"]}
    assert shape(supplements["防壁の置き方"]) == reference_shape(REFERENCE["notes"]["防壁の置き方"])


def test_the_text_has_no_extraction_spaces():
    """The canonical text: no space beside a half-width digit or Latin letter, except the
    ` と ` that joins card patterns in a condition (as 8.2 prints it). The frame data prints
    such spaces itself (「サイズが X 以下」), and its text is kept as printed."""
    rs = load_bundled("blackpoker-9.0").ruleset
    texts = []
    for s in rs.scripts.values():
        if "lite" not in s.formats and "entry20" not in s.frames:
            continue
        for f in ("effect", "activation", "trigger_condition", "target", "size"):
            v = getattr(s, f, None)
            texts.append(v.text if v is not None else "")
        texts += [a.text for a in getattr(s, "abilities", ())]
    bad = [t for t in texts if re.search(r"[0-9A-Za-z] [^\x00-\x7f]|[^\x00-\x7f] [0-9A-Za-z]", t)]
    assert bad == []


def test_same_ids_as_8_2_where_the_rule_is_the_same():
    """Every 9.0 ライト script is a script of 8.2's ライト, under the same id and kind (ドロウ is
    `draw`), so the two versions can be compared script by script; so is every script of the
    9.0 frames that 8.2's frames have, but for those 9.0 added (ブレイク, クイック兵士召喚)."""
    old = load_bundled("blackpoker-8.2").ruleset
    new = load_bundled("blackpoker-9.0").ruleset
    lite = {s.id: s.kind for s in old.scripts.values() if "lite" in s.formats}
    assert {s.id: s.kind for s in new.scripts.values() if "lite" in s.formats} == lite
    framed = {s.id: s.kind for s in new.scripts.values() if s.frames}
    eight = {s.id: s.kind for s in old.scripts.values() if s.frames}
    assert {i: k for i, k in framed.items() if i not in eight} == {
        "break": "action", "quickSoldierSummonS": "action", "quickSoldierSummonH": "action",
        "quickSoldierSummonD": "action", "quickSoldierSummonC": "action"}
    assert all(eight[i] == k for i, k in framed.items() if i in eight)
