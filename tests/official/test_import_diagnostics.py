"""Bad official data gets located diagnostics (file:line:column of the YAML), never a
traceback; the entries that read are written (a partial package); any text survives the import exactly."""

from __future__ import annotations

import string
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bpscript.cli import main
from bpscript.load.loader import load
from bpscript.official.package import import_official

FIXTURES = Path(__file__).parent.parent / "fixtures" / "official"


def _line_of(path: Path, needle: str, nth: int = 1) -> int:
    hits = [i for i, line in enumerate(path.read_text("utf-8").splitlines(), 1) if needle in line]
    return hits[nth - 1]


def test_every_bad_entry_is_reported_where_it_stands(tmp_path, capsys):
    """Each bad entry is one located error and is left out; the rest is written (a partial
    package, exit 1); an unknown field is kept and reported once."""
    f = FIXTURES / "bad-entries.yaml"
    out = tmp_path / "out"
    assert main(["import", str(f), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    expected = [
        (_line_of(f, "♡A〜X"), 18, "E606", "actKey '♡A〜X' cannot be read: expected a rank, found 'X'"),
        (_line_of(f, "早い"), 17, "E605", "unknown speed '早い' (actSpeed)"),
        (_line_of(f, "actCost: BX"), 17, "E605", "unknown cost letter 'X'"),
        (_line_of(f, "actName: 効果なし") - 1, 7, "E603",
         "an action without actEffect: the 第8.2版 (blackpoker-8.2) shape requires it"),
        (_line_of(f, "actId: good", 2), 14, "E607", "duplicate id 'good' (first at line 6)"),
        (_line_of(f, "lite,expert"), 15, "E605", "unknown format 'expert'"),
        (_line_of(f, "actUnit: ♡A〜10"), 16, "E606", "actUnit '♡A〜10' is a key card condition (cards)"),
        (_line_of(f, "charKey: A"), 7, "E608", "'charKey' is given twice"),
        (_line_of(f, "flavorSpeaker"), 22, "E603", "flavorSpeaker without a flavor"),
    ]
    for line, col, code, message in expected:
        assert f"bad-entries.yaml:{line}:{col}: error[{code}]: {message}" in err, (code, message)
    assert err.count("error[") == len(expected)
    assert f"bad-entries.yaml:{_line_of(f, 'actColour')}:7: warning[W622]: unknown field 'actColour' at " \
           "actList[0].acts[1].actColour: kept as written in official-data.yaml" in err
    assert "^" in err and "Traceback" not in err
    assert "a partial package: 8 entries left out" in err
    rs = load([out]).ruleset
    assert not load([out]).errors
    assert sorted(rs.scripts) == ["good", "unknownField"]
    assert yaml.safe_load((out / "official-data.yaml").read_text("utf-8"))["kept"] == {
        "unknownField": {"actColour": "赤"}}


def test_broken_yaml_is_one_located_error(tmp_path, capsys):
    assert main(["import", str(FIXTURES / "broken.yaml"), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "broken.yaml:9:1: error[E600]: not valid YAML: found unexpected end of stream" in err
    assert "while scanning a quoted scalar (line 7, column 16)" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("content,code", [("", "E601"), ("- a\n- b\n", "E601"), ("actList: 3\n", "E601"),
                                          ("actList:\n  - type: 基本\n    acts:\n    - 3\n", "E601")])
def test_wrong_shapes(tmp_path, capsys, content, code):
    f = tmp_path / "x.yaml"
    f.write_text(content, "utf-8")
    assert main(["import", str(f), "--out", str(tmp_path / "out")]) == 1
    assert f"error[{code}]" in capsys.readouterr().err


def test_a_file_that_is_not_utf8(tmp_path, capsys):
    f = tmp_path / "x.yaml"
    f.write_bytes(b"data:\n  ver: \x93\n")
    assert main(["import", str(f), "--out", str(tmp_path / "out")]) == 1
    assert "error[E600]" in capsys.readouterr().err


def _yaml_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


# text an author could put in the official data: markup of bpscript, YAML and RST, CJK
TEXT = st.text(alphabet=string.printable.replace("\r", "").replace("\x0b", "").replace("\x0c", "")
               + "「」♡♢♠♣〜・　。、", min_size=1, max_size=40)


@settings(max_examples=60, deadline=None)
@given(effect=TEXT, story=TEXT, name=TEXT.filter(lambda t: "\n" not in t and "\t" not in t))
def test_any_text_survives_the_import_exactly(effect, story, name):
    name = name.rstrip(" \t")  # trailing spaces are notation (see docs/migrating.md)
    effect = "\n".join(line.rstrip(" \t") for line in effect.split("\n")).strip("\n")
    story = "\n".join(line.rstrip(" \t") for line in story.split("\n")).strip("\n")
    if not effect.strip() or not story.strip() or not name.strip():
        return
    if any(line.lstrip("-")[:1] in ("・", "※") or line[:1] == "-" for line in effect.split("\n")):
        return  # nesting markers are notation, not text (tested elsewhere)
    source = (f"actList:\n  - type: 基本\n    acts:\n    - format: lite\n      actName: {_yaml_quote(name)}\n"
              f"      actId: a\n      actType: 基本\n      actTrigger: 直接\n      actSpeed: 通常\n"
              f"      actTime: メイン\n      actEffect: {_yaml_quote(effect)}\n      story: {_yaml_quote(story)}\n")
    run = import_official([("p.yaml", source)])
    assert not run.errors, [d.message for d in run.errors]
    with tempfile.TemporaryDirectory() as tmp:
        for fname, text in run.outputs().items():
            (Path(tmp) / fname).write_text(text, "utf-8")
        result = load([tmp])
    assert not result.errors
    s = result.ruleset.scripts["a"]
    assert (s.name, s.effect.text, s.story) == (name, effect, story)
