"""`bpscript export --format official-yaml`: the official act.yaml shape, valid against the
schema, and equal to the official 8.2 data up to the documented notation differences."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from bpscript.cli import main
from bpscript.official import notation as nt

ROOT = Path(__file__).parents[2]
OFFICIAL = ROOT / "tests" / "data" / "official" / "act-8.2.yaml"
SCHEMA = json.loads((ROOT / "bpscript" / "schema" / "official-act.schema.json").read_text("utf-8"))
RULE_FIELDS = {"actKey", "actUnit", "actCost", "actActCond", "actTriggerCond", "actNote", "actTarget", "actEffect",
               "charKey", "charSize", "charLabel", "charAbility", "fogKey", "fogTarget", "fogAbility"}
FULLWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")

# Every difference between the official file and the export, each with its documented reason
# (docs/migrating.md, "Notation differences").
DOCUMENTED = {
    ("block", "actEffect"): "trailing spaces",
    ("bj", "actEffect"): "trailing spaces",
    ("down", "actEffect"): "full-width digits",
    ("deathLance", "actEffect"): "full-width digits",
    ("recruit", "actEffect"): "full-width digits",
    ("reverse", "actKey"): "full-width digits",
    ("deathLance", "update"): "version without v",
    **{(i, "format"): "format slots" for i in ("quickSummonsAce", "summonsMagic", "reverse", "bj", "rsf",
                                               "swordRain", "force", "recruit", "surprise", "forceFog")},
}


def normalised(field: str, value: str) -> object:
    """The official value with the documented notation rules applied."""
    if field == "format":
        return nt.read_list(value)
    value = "\n".join(line.rstrip(" \t") for line in value.split("\n")).strip("\n")
    if field in RULE_FIELDS:
        value = value.translate(FULLWIDTH)
    if field == "update":
        value = ",".join("v" + v if v[:1].isdigit() else v for v in value.split(","))
    return value


def _entries(doc: dict) -> list[tuple[str, str, dict]]:
    out = []
    for list_key, items_key, _ in nt.LISTS:
        for group in doc.get(list_key, []):
            for e in group[items_key]:
                sid = next(e[k] for k in ("actId", "charId", "fogId") if k in e)
                out.append((group["type"], sid, e))
    return out


def _export(args: list[str], tmp_path: Path) -> dict:
    out = tmp_path / "act.yaml"
    assert main(["export", "--format", "official-yaml", *args, "-o", str(out)]) == 0
    return yaml.safe_load(out.read_text("utf-8"))


def _compare(exported: dict) -> set[tuple[str, str]]:
    official = yaml.safe_load(OFFICIAL.read_text("utf-8"))
    assert exported["data"] == {k: str(v) for k, v in official["data"].items()}
    ours, theirs = _entries(exported), _entries(official)
    assert [(t, i) for t, i, _ in ours] == [(t, i) for t, i, _ in theirs]  # same groups, same order
    raw = set()
    for (_, sid, a), (_, _, b) in zip(ours, theirs):
        assert set(a) == set(b), sid
        for field in a:
            if a[field] != str(b[field]):
                raw.add((sid, field))
            assert normalised(field, a[field]) == normalised(field, str(b[field])), (sid, field)
    return raw


def test_export_of_the_base_is_the_official_data(tmp_path, capsys):
    doc = _export([], tmp_path)
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)
    assert _compare(doc) == set(DOCUMENTED)
    err = capsys.readouterr().err
    assert "note: 91 script(s) are not part of act.yaml (frame-only scripts and trumps)" in err


def test_import_then_export_gives_the_official_data_back(tmp_path):
    pkg = tmp_path / "pkg"
    assert main(["import", str(OFFICIAL), "--out", str(pkg)]) == 0
    doc = _export([str(pkg)], tmp_path)
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)
    # the import keeps full-width digits as written: only the bundled rules hold them as ASCII
    assert _compare(doc) == {k for k, why in DOCUMENTED.items() if why != "full-width digits"}


def test_the_schema_accepts_the_official_file_and_rejects_broken_data():
    validator = jsonschema.Draft202012Validator(SCHEMA)
    official = yaml.safe_load(OFFICIAL.read_text("utf-8"))
    assert list(validator.iter_errors(official)) == []
    broken = yaml.safe_load(OFFICIAL.read_text("utf-8"))
    del broken["data"]["qrMast"]
    del broken["actList"][0]["acts"][0]["actEffect"]
    broken["charList"][0]["chars"][0]["charColour"] = "赤"
    broken["fogList"][0]["fogs"][0]["format"] = "lite;std"
    messages = sorted(e.message for e in validator.iter_errors(broken))
    assert len(messages) == 4
    assert any("'qrMast' is a required property" in m for m in messages)
    assert any("'actEffect' is a required property" in m for m in messages)
    assert any("'charColour' was unexpected" in m for m in messages)
    assert any("does not match" in m for m in messages)


def test_json_stays_the_default(capsys):
    assert main(["export"]) == 0
    out = capsys.readouterr().out
    assert "scripts" in json.loads(out) and "schema_version" in json.loads(out)


def test_a_package_without_data_block_is_an_error(tmp_path, capsys):
    for src in (ROOT / "tests" / "fixtures" / "text_only.bps", ROOT / "stdlib" / "blackpoker-8.2" / "00-vocabulary.bps"):
        (tmp_path / src.name).write_text(src.read_text("utf-8"), "utf-8")
    assert main(["export", "--format", "official-yaml", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no official-data.yaml" in captured.err
    assert main(["export", "--format", "official-yaml", str(tmp_path), "--data", str(OFFICIAL)]) == 0
    doc = yaml.safe_load(capsys.readouterr().out)
    assert [e["actId"] for g in doc["actList"] for e in g["acts"]] == ["truceLike"]
    assert doc["charList"][0]["chars"][0]["charLabel"] == "アタッカー, 速攻(キーカードにAが含まれる場合のみ)"


@pytest.mark.parametrize("ids,expected", [(("lite", "std", "pro", "mast"), "lite,std,pro,mast"),
                                          (("pro", "mast"), ",,pro,mast"), (("mast",), ",,,mast"),
                                          (("lite",), "lite"), (("std", "mast"), ",std,,mast")])
def test_format_slots(ids, expected):
    assert nt.write_formats(ids, ["lite", "std", "pro", "mast"]) == expected
