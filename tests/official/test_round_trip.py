"""Export → import → export gives the same bytes, for every bundled edition and both official
documents; data of an earlier edition's shape gives located diagnostics and a partial package."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bpscript.load.catalog import catalog
from bpscript.cli import main
from bpscript.load.loader import load

FIXTURES = Path(__file__).parent.parent / "fixtures" / "official"


def _export(args: list[str], out: Path) -> str:
    assert main(["export", "--format", "official-yaml", *args, "-o", str(out)]) == 0
    return out.read_bytes().decode("utf-8")


@pytest.mark.parametrize("ruleset", sorted(catalog()))
def test_every_bundled_edition_round_trips_byte_for_byte(ruleset, tmp_path, capsys):
    first = {part: _export(["--ruleset", ruleset, "--document", part], tmp_path / f"{part}.yaml")
             for part in ("act", "act-frame")}
    parts = [part for part, text in first.items() if yaml.safe_load(text).get("actList")]  # 9.0: no frame data
    files = [str(tmp_path / f"{part}.yaml") for part in parts]
    pkg = tmp_path / "pkg"
    assert main(["import", *files, "--out", str(pkg)]) == 0
    assert f"with the words of {ruleset}" in capsys.readouterr().out  # inferred from data.ver
    for part in parts:
        again = _export([str(pkg), "--document", part], tmp_path / f"again-{part}.yaml")
        assert again == first[part], part


def test_the_9_0_export_imports_without_options(tmp_path, capsys):
    """The issue's case: 「unknown action type '魔法'」 and 「同じスーツを2枚以上」 came from reading
    9.0's words as 8.2's; and the 9.0 export needed --data."""
    act = tmp_path / "act.yaml"
    _export(["--ruleset", "blackpoker-9.0"], act)
    assert main(["import", str(act), "--out", str(tmp_path / "pkg")]) == 0
    err = capsys.readouterr().err
    assert "error[" not in err
    rs = load([tmp_path / "pkg"]).ruleset
    assert rs.scripts["up"].type.name == "魔法"
    assert any(s.kind == "character" and s.unit_condition.text == "同じスーツを2枚以上" for s in rs.scripts.values())


def test_full_width_digits_changed_and_char_note_come_back(tmp_path):
    source = tmp_path / "act.yaml"
    source.write_text(
        "data:\n  id: act\n  ver: 第8.2版\n  lastupdate: 2025/11/19\n"
        "actList:\n  - type: 基本\n    acts:\n    - format: lite\n      actName: 全角\n      actId: wide\n"
        "      actType: 基本\n      actTrigger: 直接\n      actSpeed: 通常\n      actTime: メイン\n"
        "      actKey: 同じ数字を２枚\n      actEffect: |-\n        カードを１枚引く。\n        -１．次に２枚捨てる。\n"
        "      changed: changed\n"
        "charList:\n  - type: 兵士\n    chars:\n    - format: lite\n      charName: 注記\n      charId: noted\n"
        "      charType: 兵士\n      charKey: 2〜10\n      charSize: '2'\n      charNote: キャラクターの注記\n      devNote: 開発メモ\n",
        "utf-8")
    pkg = tmp_path / "pkg"
    assert main(["import", str(source), "--out", str(pkg)]) == 0
    rs = load([pkg]).ruleset
    assert rs.scripts["wide"].key.text == "同じ数字を２枚" and rs.scripts["wide"].key.condition is not None
    assert rs.scripts["wide"].effect.text == "カードを１枚引く。\n  １．次に２枚捨てる。"
    out = tmp_path / "out.yaml"
    data = tmp_path / "data.yaml"
    data.write_text("data:\n  id: act\n  ver: 第8.2版\n  lastupdate: 2025/11/19\n" + "".join(
        f"  {k}: x\n" for k in ("pdfurl_std", "pdfurl_lite", "pdfurl_pro", "pdfurl_mast", "qrStd", "qrLite",
                                "qrPro", "qrMast")), "utf-8")
    side = yaml.safe_load((pkg / "official-data.yaml").read_text("utf-8"))
    side["data"] = yaml.safe_load(data.read_text("utf-8"))["data"]
    (pkg / "official-data.yaml").write_text(yaml.safe_dump(side, allow_unicode=True), "utf-8")
    doc = yaml.safe_load(_export([str(pkg)], out))
    wide = doc["actList"][0]["acts"][0]
    assert (wide["actKey"], wide["actEffect"], wide["changed"]) == \
        ("同じ数字を２枚", "カードを１枚引く。\n-１．次に２枚捨てる。", "changed")
    noted = doc["charList"][0]["chars"][0]
    assert (noted["charNote"], noted["devNote"], list(noted)[-1]) == ("キャラクターの注記", "開発メモ", "devNote")


def test_an_earlier_editions_shape_gives_located_diagnostics_and_a_partial_package(tmp_path, capsys):
    f = FIXTURES / "old-shape.yaml"
    out = tmp_path / "out"
    assert main(["import", str(f), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    lines = f.read_text("utf-8").splitlines()

    def at(needle: str, nth: int = 1) -> int:
        return [i for i, t in enumerate(lines, 1) if needle in t][nth - 1]

    shape = "the 第8.2版 (blackpoker-8.2) shape"
    expected = [
        f"old-shape.yaml:{at('actName: 古いドロー') - 1}:7: error[E603]: an action without actTrigger (直接 or 誘発): "
        f"{shape} requires it",
        f"old-shape.yaml:{at('actName: 古いドロー') - 1}:7: error[E603]: an action without actSpeed (即時 or 通常): "
        f"{shape} requires it",
        f"old-shape.yaml:{at('      actS: ●')}:7: error[E612]: an action gives 'actS', a field of an earlier edition's "
        f"data, and no actSpeed; {shape} writes actSpeed",
        f"old-shape.yaml:{at('actCost: SH')}:17: error[E605]: unknown cost letter 'H': neither 第8.2版 "
        "(blackpoker-8.2) nor another bundled edition declares it",
        f"old-shape.yaml:{at('type: 兵士', 2)}:7: error[E612]: a character gives 'type', a field of an earlier "
        f"edition's data, and no charType; {shape} writes the type in the entry's own field",
        f"old-shape.yaml:{at('abiList:')}:1: error[E612]: 'abiList' is a section of an earlier edition's data; "
        f"{shape} keeps the abilities inside each entry",
    ]
    for message in expected:
        assert message in err, message
    assert err.count("error[") == len(expected)  # one per field and entry
    assert f"old-shape.yaml:{at('type: 基本', 2)}:7: warning[W623]: 'type' repeated inside an action" in err
    assert "Traceback" not in err and "a partial package: 4 entries left out" in err
    result = load([out])
    assert not result.errors and list(result.ruleset.scripts) == ["fine"]
    assert yaml.safe_load((out / "official-data.yaml").read_text("utf-8"))["sections"] == {
        "abiList": [{"abiName": "古い能力"}]}


def test_an_unknown_field_of_any_shape_is_kept_and_written_back(tmp_path, capsys):
    source = tmp_path / "act.yaml"
    source.write_text(
        "data:\n  ver: 第8.2版\n"
        "actList:\n  - type: 基本\n    acts:\n    - format: lite\n      actName: 良い\n      actId: good\n"
        "      actType: 基本\n      actTrigger: 直接\n      actSpeed: 通常\n      actTime: メイン\n"
        "      actEffect: 何かする。\n      extra:\n        nested: [1, 二]\n      devNote: メモ\n", "utf-8")
    pkg = tmp_path / "pkg"
    assert main(["import", str(source), "--out", str(pkg)]) == 0
    assert "warning[W622]: unknown field 'extra' at actList[0].acts[0].extra" in capsys.readouterr().err
    data = tmp_path / "data.yaml"
    data.write_text("data:\n" + "".join(f"  {k}: x\n" for k in (
        "ver", "lastupdate", "pdfurl_std", "pdfurl_lite", "pdfurl_pro", "pdfurl_mast", "qrStd", "qrLite", "qrPro",
        "qrMast")), "utf-8")
    side = yaml.safe_load((pkg / "official-data.yaml").read_text("utf-8"))
    (pkg / "official-data.yaml").write_text(yaml.safe_dump({**side, **yaml.safe_load(data.read_text("utf-8"))},
                                                           allow_unicode=True), "utf-8")
    entry = yaml.safe_load(_export([str(pkg)], tmp_path / "out.yaml"))["actList"][0]["acts"][0]
    assert entry["extra"] == {"nested": [1, "二"]} and list(entry)[-2:] == ["extra", "devNote"]


def test_an_entry_of_formats_and_frames_keeps_both(tmp_path):
    source = tmp_path / "act.yaml"
    source.write_text(
        "data:\n  ver: 第8.2版\n"
        "actList:\n  - type: 基本\n    acts:\n    - format: lite\n      frame: ・エクストラ\n      actName: 両方\n"
        "      actId: both\n      actType: 基本\n      actTrigger: 直接\n      actSpeed: 通常\n      actTime: メイン\n"
        "      actEffect: 何かする。\n", "utf-8")
    pkg = tmp_path / "pkg"
    assert main(["import", str(source), "--out", str(pkg)]) == 0
    s = load([pkg]).ruleset.scripts["both"]
    assert (s.formats, s.frames) == (("lite",), ("extra",))
    assert "data" in yaml.safe_load((pkg / "official-data.yaml").read_text("utf-8"))  # the base data, not frameData
    entry = yaml.safe_load(_export([str(pkg), "--data", str(Path(__file__).parents[1] / "data" / "official" /
                                                          "act-8.2.yaml")], tmp_path / "o.yaml"))
    assert entry["actList"][0]["acts"][0]["frame"] == "・エクストラ"


def test_a_card_condition_reads_full_width_digits_as_written():
    from bpscript.syntax.conditions import parse_condition
    wide, narrow = parse_condition("同じ数字を２枚"), parse_condition("同じ数字を2枚")
    assert wide.text == "同じ数字を２枚" and wide == type(narrow)(**{**vars(narrow), "text": wide.text})
    assert parse_condition("♡A〜１０").patterns == parse_condition("♡A〜10").patterns
