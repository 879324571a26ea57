"""CSV: the frame × format table in the official layout, one row per script with every
field, and no cell a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import yaml

from bpscript.backends.csv_backend import COLUMNS, build_csv, guard
from bpscript.load.loader import load_official

ROOT = Path(__file__).parents[2]
FRAMES = yaml.safe_load((ROOT / "tests" / "data" / "blackpoker-8.2-frames.yaml").read_text("utf-8"))
BASE = yaml.safe_load((ROOT / "tests" / "data" / "blackpoker-8.2-base.yaml").read_text("utf-8"))


def _rows(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM, for spreadsheet programs
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_frame_table_in_the_official_layout():
    rows = _rows(build_csv(load_official().ruleset)["csv/frames.csv"])
    names = [f["name"] for f in BASE["formats"]]
    assert rows[0] == ["【フレーム】"] + names
    expected = [[f["name"]] + ["◯" if fmt["id"] in f["formats"] else "-" for fmt in BASE["formats"]]
                for f in FRAMES["frames"]]
    assert rows[1:] == expected


def test_one_row_per_script_with_every_field():
    rs = load_official().ruleset
    rows = _rows(build_csv(rs)["csv/scripts.csv"])
    assert rows[0] == list(COLUMNS)
    table = {r[0]: dict(zip(COLUMNS, r)) for r in rows[1:]}
    assert list(table) == list(rs.scripts)
    reference = {d["id"]: d for doc in (BASE, FRAMES) for key in ("actions", "characters", "fogs", "trumps")
                 for d in doc.get(key, [])}
    for sid, ref in reference.items():
        row = table[sid]
        assert row["name"] == ref["name"]
        for field in ("effect", "target", "key", "unit", "activation", "trigger_condition", "story", "since"):
            if field in ref:
                assert row["key_unit" if field == "unit" else field] == ref[field], (sid, field)
        if "abilities" in ref:
            assert row["abilities"] == "\n".join(ref["abilities"])
        assert row["formats"].split() == ref.get("formats", [])
        assert row["update"].split() == ref.get("update", [])
    assert table["quickSummonReanimator"]["same_as"] == "summonReanimator"
    assert table["armedsoldier"]["labels"] == "<アタッカー> <ブロッカー> <速攻>(キーカードにAが含まれる場合のみ)"


def test_formula_cells_are_guarded(load_on_vocabulary):
    result = load_on_vocabulary(Path(__file__).parent / "fixtures" / "formula")
    assert not result.errors
    files = build_csv(result.ruleset)
    head = _rows(files["csv/frames.csv"])[0]
    assert head[1] == "'=HYPERLINK(\"http://x\")"
    table = {r[0]: dict(zip(COLUMNS, r)) for r in _rows(files["csv/scripts.csv"])[1:]}
    act, char = table["formulaAct"], table["formulaChar"]
    assert act["name"] == "'=1+1" and act["ruby"] == "'@SUM(A1)" and act["effect"] == "'-2+3"
    assert act["story"] == "'+cmd|' /C calc'!A0"
    assert act["flavor"] == "'\tタブ" and act["flavor_speaker"] == "'-話者"
    assert char["name"] == "普通の名前" and char["size"] == "'-1" and char["abilities"] == "'=A1"
    for row in table.values():
        for value in row.values():
            assert not value.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert guard("\r=1") == "'\r=1" and guard("a=1") == "a=1" and guard(None) == ""
