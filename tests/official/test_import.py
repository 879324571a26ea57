"""`bpscript import`: the official act.yaml becomes .bps that checks, with every text exact."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bpscript.model import ruleset as m
from bpscript.cli import main
from bpscript.load.loader import load, load_official
from bpscript.official import notation as nt

ROOT = Path(__file__).parents[2]
OFFICIAL = ROOT / "tests" / "data" / "official" / "act-8.2.yaml"


def _fields(s: m.Script) -> dict:
    """Every text field of a script (not its bpscript structure)."""
    out = {"name": s.name, "type": s.type, "category": s.category, "ruby": s.ruby, "formats": s.formats,
           "frames": s.frames, "since": s.since, "update": s.update, "story": s.story,
           "flavor": (s.flavor.text, s.flavor.speaker) if s.flavor else None, "dev_note": s.dev_note}
    if isinstance(s, m.ActionScript):
        out.update(header=s.header.text, cost=s.cost.text if s.cost else None,
                   key=(s.key.text, s.key.is_unit) if s.key else None, note=s.note,
                   activation=s.activation.text if s.activation else None,
                   trigger=s.trigger_condition.text if s.trigger_condition else None,
                   target=s.target.text if s.target else None, effect=s.effect.text)
    else:
        out.update(unit=s.unit_condition.text, size=s.size.text if s.size else None,
                   labels=[lab.text for lab in s.labels], abilities=[a.text for a in s.abilities],
                   placed_by=s.placed_by)
    return out


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("imported") / "act"
    assert main(["import", str(OFFICIAL), "--out", str(out)]) == 0
    return out


def test_import_writes_a_package_that_checks(imported, capsys):
    assert sorted(p.name for p in imported.iterdir()) == [
        "00-formats.bps", "00-vocabulary.bps", "10-actions.bps", "20-characters.bps", "30-fogs.bps",
        "official-data.yaml"]
    for name in ("00-formats.bps", "00-vocabulary.bps"):  # the vocabulary it was checked against
        assert (imported / name).read_text("utf-8") == (ROOT / "stdlib" / "blackpoker-8.2" / name).read_text("utf-8")
    assert main(["check", str(imported)]) == 0
    assert "0 error(s), 0 warning(s)" in capsys.readouterr().out


def test_imported_files_are_in_the_canonical_layout(imported, capsys):
    """What `import` writes needs no `bpscript fmt` afterwards."""
    assert main(["fmt", "--check", str(imported)]) == 0
    assert "0 file(s) would be reformatted" in capsys.readouterr().err


def test_every_text_field_equals_the_stdlib(imported):
    result = load([imported])
    assert not result.errors
    rs, base = result.ruleset, load_official().ruleset
    official = yaml.safe_load(OFFICIAL.read_text("utf-8"))
    ids = [e[k] for lk, ik, _ in nt.LISTS for g in official.get(lk, []) for e in g[ik]
           for k in ("actId", "charId", "fogId") if k in e]
    assert list(rs.scripts) == ids and len(ids) == 46
    for sid in ids:
        # the import keeps the data's full-width digits (０, ４); the bundled rules hold ASCII
        assert _ascii(_fields(rs.scripts[sid])) == _fields(base.scripts[sid]), sid
    assert "サイズが０以下" in rs.scripts["down"].effect.text and rs.scripts["reverse"].key.text == "同じ数字を２枚"


def _ascii(fields: dict) -> dict:
    fw = str.maketrans("０１２３４５６７８９", "0123456789")
    return {k: v.translate(fw) if isinstance(v, str) else
            tuple(x.translate(fw) if isinstance(x, str) else x for x in v) if isinstance(v, tuple) else v
            for k, v in fields.items()}


def test_effects_come_in_as_text_and_coverage_lists_them(imported, capsys):
    rs = load([imported]).ruleset
    assert all(s.effect.body is None and s.effect.same_as is None for s in rs.actions())
    assert all(c.event is None and c.when is None for s in rs.actions()
               for c in (s.activation, s.trigger_condition) if c is not None)
    assert main(["check", "--coverage", str(imported)]) == 0
    out = capsys.readouterr().out
    assert "unstructured: damageJudge 【ダメージ判定】 (action) — missing: effect, trigger" in out
    assert "unstructured: truce 【停戦】 (action) — missing: effect, target" in out
    assert "unstructured: soldier 【一般兵】 (character) — missing: size" in out


def test_typed_parts_are_typed(imported):
    rs = load([imported]).ruleset
    hero, slash_like = rs.scripts["summonsHero"], rs.scripts["unsummons"]
    assert (hero.header.trigger.id, hero.header.speed.id, hero.header.timing.id) == ("direct", "normal", "main")
    assert hero.cost.letters == ("B", "B", "L")
    assert hero.key.condition == load_official().ruleset.scripts["summonsHero"].key.condition
    # a target printed in the default form is typed, any other stays text
    assert [(sp.kind, sp.count, sp.owner) for sp in slash_like.target.specs] == [("character", 1, "self")]
    assert rs.scripts["truce"].target.specs == ()
    assert rs.scripts["ace"].size.structured and not rs.scripts["soldier"].size.structured


def test_the_data_block_is_kept(imported):
    data = yaml.safe_load((imported / "official-data.yaml").read_text("utf-8"))["data"]
    assert data == {k: str(v) for k, v in yaml.safe_load(OFFICIAL.read_text("utf-8"))["data"].items()}


def test_the_official_typo_is_a_located_warning(tmp_path, capsys):
    assert main(["import", str(OFFICIAL), "--out", str(tmp_path / "o")]) == 0
    err = capsys.readouterr().err
    line = next(i for i, text in enumerate(OFFICIAL.read_text("utf-8").splitlines(), 1) if "v3.0,8.0,v8.1" in text)
    assert f"act-8.2.yaml:{line}:20: warning[W620]: version '8.0' has no 'v'; imported as 'v8.0'" in err


def test_existing_files_are_never_overwritten_without_force(tmp_path, capsys):
    out = tmp_path / "o"
    out.mkdir()
    (out / "10-actions.bps").write_text("# mine\n", "utf-8")
    assert main(["import", str(OFFICIAL), "--out", str(out)]) == 1
    assert "error[E610]" in capsys.readouterr().err
    assert (out / "10-actions.bps").read_text("utf-8") == "# mine\n"
    assert sorted(p.name for p in out.iterdir()) == ["10-actions.bps"]
    assert main(["import", str(OFFICIAL), "--out", str(out), "--force"]) == 0
    assert (out / "10-actions.bps").read_text("utf-8").count("action ") == 37


@pytest.mark.parametrize("text,expected", [
    ("1. a\n-1. b\n--A. c\n-・d", "1. a\n  1. b\n    A. c\n  ・d"),
    ("サイズが０以下  \n２枚", "サイズが０以下\n２枚"),  # full-width digits are kept as written
    ("１．対象", "１．対象"),
    ("-１．対象", "  １．対象"),
    ("-1点のダメージ", "-1点のダメージ"),  # not a list marker: kept
])
def test_rule_text_notation(text, expected):
    assert nt.from_official(text, rule_text=True) == expected
    assert nt.from_official(text, rule_text=False) == "\n".join(x.rstrip() for x in text.split("\n"))


def test_notation_round_trips_nesting():
    text = "1. a\n  1. b\n    A. c\n  ・d\n2. e"
    assert nt.to_official(text) == "1. a\n-1. b\n--A. c\n-・d\n2. e"
    assert nt.from_official(nt.to_official(text), rule_text=True) == text


def test_an_unwritable_output_is_a_diagnostic(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x", "utf-8")
    assert main(["import", str(OFFICIAL), "--out", str(blocker / "out")]) == 1
    assert "error[E610]: cannot write into" in capsys.readouterr().err
    assert main(["import", str(OFFICIAL), "--out", str(blocker)]) == 1
    assert f"error[E610]: {blocker} is not a directory" in capsys.readouterr().err
    assert blocker.read_text("utf-8") == "x"


def test_an_imported_package_builds_into_its_own_directory(imported, tmp_path):
    out = tmp_path / "site"
    assert main(["build", str(imported), "--only", "html,rst,csv"]) == 2  # never into generated/ by default
    assert main(["build", str(imported), "--out", str(out), "--only", "html,rst,csv"]) == 0
    (out,) = out.iterdir()  # OUT/<package>/
    assert sorted(p.name for p in (out / "rst").iterdir()) == [
        "format-lite.rst", "format-mast.rst", "format-pro.rst", "format-std.rst"]
    assert (out / "csv" / "scripts.csv").read_text("utf-8-sig").count("\nend,action,エンド,") == 1
    assert (out / "html" / "format-lite.html").is_file()


def test_words_the_bundled_rules_do_not_declare_are_declared(tmp_path, capsys):
    source = tmp_path / "new.yaml"
    source.write_text(
        "actList:\n  - type: 特殊\n    acts:\n    - format: lite\n      actName: 新技\n      actId: newMove\n"
        "      actType: 通常魔法\n      actTrigger: 直接\n      actSpeed: 通常\n      actTime: メイン\n"
        "      actEffect: 何かする。\n"
        "charList:\n  - type: 兵士\n    chars:\n    - format: lite\n      charName: 新兵\n      charId: newbie\n"
        "      charType: 兵士\n      charKey: 2〜10\n      charSize: '2'\n      charLabel: ブロッカー, 新ラベル(条件付き)\n",
        "utf-8")
    out = tmp_path / "out"
    assert main(["import", str(source), "--out", str(out)]) == 0
    assert "new.yaml:21:18: warning[W621]: label <新ラベル> is declared by no bundled edition" in capsys.readouterr().err
    extra = (out / "05-imported-vocabulary.bps").read_text("utf-8")
    assert 'category importedCategory1 "特殊"' in extra and 'label importedLabel1 "新ラベル"' in extra
    rs = load([out]).ruleset
    assert rs.scripts["newMove"].category.name == "特殊"
    assert [lab.text for lab in rs.scripts["newbie"].labels] == ["ブロッカー", "新ラベル(条件付き)"]
    assert rs.vocabulary.labels.get("新ラベル").roles == ()  # what it lets a unit do is not in the data
