"""The official frame data (act-frame.yaml, 第9.0版 フレーム編) in and out: import reads every
field, the package checks, lints and builds on its own, and export gives every value back."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bpscript.cli import main
from bpscript.load.loader import load

ROOT = Path(__file__).parents[2]
DATA = ROOT / "tests" / "data" / "official"
FRAME = DATA / "act-frame-9.0.yaml"
BASE = DATA / "act-8.2.yaml"
LISTS = (("actList", "acts", "actId"), ("charList", "chars", "charId"), ("fogList", "fogs", "fogId"),
         ("trumpList", "trumps", "trumpId"))


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("frame") / "pkg"
    assert main(["import", str(FRAME), "--out", str(out)]) == 0
    return out


def _entries(doc: dict) -> dict[str, dict]:
    return {e[key]: e for lk, ik, key in LISTS for g in doc.get(lk, []) for e in g[ik]}


def test_the_frame_data_checks_lints_and_builds(imported, tmp_path, capsys):
    capsys.readouterr()
    assert main(["check", str(imported)]) == 0
    assert "94 script(s): 0 error(s), 0 warning(s)" in capsys.readouterr().out
    assert main(["lint", str(imported)]) == 0
    assert "0 error(s)" in capsys.readouterr().out
    assert main(["build", str(imported), "--out", str(tmp_path / "site")]) == 0  # every backend
    assert "built " in capsys.readouterr().out and (tmp_path / "site" / "main" / "rst" / "frame-extra.rst").is_file()


def test_every_entry_and_field_comes_in(imported):
    rs = load([imported]).ruleset
    kinds = [s.kind for s in rs.scripts.values()]
    assert (kinds.count("action"), kinds.count("character"), kinds.count("fog"), kinds.count("trump")) == \
        (56, 6, 1, 31)
    assert rs.scripts["packopen"].frames == ("pack", "rarePack", "strategy", "extra")
    assert rs.scripts["packopen"].formats == ()
    assert rs.frames["extra"].name == "エクストラ" and rs.frames["pack"].deck.smallest == 40  # carried over from 8.2
    sa = rs.scripts["sA"]
    assert (sa.kind, sa.type.name, sa.category.name, sa.unit_condition.text) == ("trump", "表切札", "切札♠A 革命", "♠A")
    assert rs.vocabulary.category("切札♠A 革命").trump == "sA"
    assert "\n\n1.兵士（アタッカー）" in sa.abilities[1].text  # a blank line inside an ability is kept
    assert rs.scripts["trapCounter"].dev_note == "罠カウンターをカウンターできていたのでv9.0で即時化"
    side = yaml.safe_load((imported / "official-data.yaml").read_text("utf-8"))
    assert side["frameData"]["id"] == "act-frame" and "data" not in side
    assert side["trumpData"]["description"].startswith("切札は、ゲームにさらなる戦略性")
    assert side["trumpData"]["devNote"] == "* v8.1 「立ち上がる兵」を再集録"
    assert side["kept"]["trapCounter"] == {"changed": "changed"}
    assert side["kept"]["sA"] == {"image": "tarot/Pictorial_Key_to_the_Tarot_Swords_01"}
    assert "兵士を１枚選び" in rs.scripts["summonKnight"].effect.text  # full-width digits kept as written


def test_the_vocabulary_the_data_uses_is_declared_in_the_package(imported):
    extra = (imported / "05-imported-vocabulary.bps").read_text("utf-8")
    for decl in ('type packOperation "パック操作" { kind: action }', 'component trump "切札"',
                 'category trumpSA "切札♠A 革命" { trump: sA }', 'label slash "スラッシュ"',
                 'frame extra "エクストラ" {', 'cost S Sacrifice'):
        assert decl in extra, decl
    # 9.0 bundles its frames (frames/blackpoker-9.0): their words and frames come from 9.0 itself
    assert "# from blackpoker-9.0" in extra and "# from blackpoker-8.2" not in extra
    assert 'frame extra "エクストラ" {\n  formats: lite\n' in extra
    # what 9.0 declares is not declared again
    assert (imported / "00-vocabulary.bps").read_text("utf-8") == \
        (ROOT / "stdlib" / "blackpoker-9.0" / "00-vocabulary.bps").read_text("utf-8")


def test_an_unknown_field_is_kept_and_reported_once(tmp_path, capsys):
    assert main(["import", str(FRAME), "--out", str(tmp_path / "o")]) == 0
    err = capsys.readouterr().err
    assert err.count("unknown field 'image'") == 1
    line = next(i for i, t in enumerate(FRAME.read_text("utf-8").splitlines(), 1) if "image:" in t)
    assert f"act-frame-9.0.yaml:{line}:7: warning[W622]: unknown field 'image' at trumpList[0].trumps[0].image " \
           "(and 29 more entries): kept as written in official-data.yaml" in err


def test_both_files_make_one_package(tmp_path, capsys):
    out = tmp_path / "both"
    assert main(["import", str(BASE), str(FRAME), "--out", str(out), "--ruleset", "blackpoker-8.2"]) == 0
    assert "imported 93 action(s), 12 character(s), 4 fog(s), 31 trump(s) with the words of blackpoker-8.2" \
        in capsys.readouterr().out
    result = load([out])
    assert not result.errors
    # the frame data's references to base actions resolve now: 「リアニメイト」を参照
    assert result.ruleset.scripts["reanimatorReanimate"].effect.same_as == "reanimate"
    side = yaml.safe_load((out / "official-data.yaml").read_text("utf-8"))
    assert side["data"]["ver"] == "第8.2版" and side["frameData"]["id"] == "act-frame"
    for part, original in (("act", BASE), ("act-frame", FRAME)):
        got = tmp_path / f"{part}.yaml"
        assert main(["export", "--format", "official-yaml", "--document", part, str(out), "-o", str(got)]) == 0
        assert set(_entries(yaml.safe_load(got.read_text("utf-8")))) == \
            set(_entries(yaml.safe_load(original.read_text("utf-8"))))


def test_the_edition_is_inferred_from_data_ver_or_named(tmp_path, capsys):
    assert main(["import", str(FRAME), "--out", str(tmp_path / "a")]) == 0
    assert "with the words of blackpoker-9.0" in capsys.readouterr().out
    assert main(["import", str(FRAME), "--out", str(tmp_path / "b"), "--ruleset", "blackpoker-8.2"]) == 0
    assert "with the words of blackpoker-8.2" in capsys.readouterr().out
    assert (tmp_path / "b" / "00-vocabulary.bps").read_text("utf-8") == \
        (ROOT / "stdlib" / "blackpoker-8.2" / "00-vocabulary.bps").read_text("utf-8")
    assert main(["import", str(FRAME), "--out", str(tmp_path / "c"), "--ruleset", "nope"]) == 2


# Every difference between act-frame-9.0.yaml and the export of its import, after a YAML load,
# each a notation choice documented in docs/migrating.md ("Notation differences").
NOTATION = {
    "trailing line break": lambda official, ours: official.rstrip("\n") == ours,
    "update list spacing": lambda official, ours: official.replace(", ", ",") == ours,
}


def _differences(out: Path) -> dict[str, int]:
    """Compare an export with the official frame data after a YAML load: every list, group,
    entry and field is there, each value equal but for the allow-listed notations (counted)."""
    ours, theirs = yaml.safe_load(out.read_text("utf-8")), yaml.safe_load(FRAME.read_text("utf-8"))
    assert list(ours) == list(theirs)
    assert ours["data"] == {k: str(v) for k, v in theirs["data"].items()}
    assert ours["trumpData"] == theirs["trumpData"]
    for lk, ik, _ in LISTS:
        assert [g["type"] for g in ours[lk]] == [g["type"] for g in theirs[lk]]
    mine, official = _entries(ours), _entries(theirs)
    assert list(mine) == list(official)
    seen: dict[str, int] = {}
    for sid, e in official.items():
        assert set(mine[sid]) == set(e), sid
        for field, value in e.items():
            if str(value) == mine[sid][field]:
                continue
            why = next((name for name, same in NOTATION.items() if same(str(value), mine[sid][field])), None)
            assert why is not None, (sid, field, value, mine[sid][field])
            seen[why] = seen.get(why, 0) + 1
    return seen


def test_the_export_of_the_frame_data_loses_no_value(imported, tmp_path):
    out = tmp_path / "act-frame.yaml"
    assert main(["export", "--format", "official-yaml", "--document", "act-frame", str(imported),
                 "-o", str(out)]) == 0
    assert _differences(out) == {"trailing line break": 28, "update list spacing": 11}


def test_the_bundled_9_0_frames_are_the_official_frame_data(tmp_path):
    """The frame scripts bundled with 9.0 (frames/blackpoker-9.0) hold every text and value of
    the official frame data: their export is the data, but for the same notation choices."""
    out = tmp_path / "act-frame.yaml"
    assert main(["export", "--format", "official-yaml", "--ruleset", "blackpoker-9.0", "--document",
                 "act-frame", "-o", str(out)]) == 0
    assert _differences(out) == {"trailing line break": 28, "update list spacing": 11}
