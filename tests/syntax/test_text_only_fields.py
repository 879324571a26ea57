"""Targets and sizes given as printed text only, and dev_note: valid, and listed as unstructured."""

from __future__ import annotations

import shutil
from pathlib import Path

from bpscript.engine.kernel.coverage import coverage
from bpscript.lint import lint_paths

FIXTURE = Path(__file__).parent.parent / "fixtures" / "text_only.bps"
VOCABULARY = Path(__file__).parents[2] / "stdlib" / "blackpoker-8.2" / "00-vocabulary.bps"  # the words the fixture uses


def test_text_only_target_and_size_are_kept_and_unstructured(load_on_vocabulary):
    result = load_on_vocabulary(FIXTURE)
    assert not result.errors, [d.message for d in result.errors]
    rs = result.ruleset
    action, character = rs.scripts["truceLike"], rs.scripts["soldierLike"]
    assert action.target.text == "ダメージ判定アクションのリクエスト"
    assert action.target.specs == () and not action.target.structured
    assert character.size.text == "ユニットカードの数字" and character.size.expr is None
    assert action.dev_note == "v1.0 で追加。\n二行目"
    missing = {c.id: c.missing for c in coverage(rs)}
    assert missing["truceLike"] == ["effect", "target"]
    assert missing["soldierLike"] == ["size", "label <速攻>(キーカードにAが含まれる場合のみ)"]
    assert not any(c.structured for c in coverage(rs))


def test_a_string_size_is_text_a_number_is_an_expression(tmp_path, load_on_vocabulary):
    f = tmp_path / "s.bps"
    f.write_text(FIXTURE.read_text("utf-8").replace('size: "ユニットカードの数字"', "size: 1"), "utf-8")
    s = load_on_vocabulary(f).ruleset.scripts["soldierLike"]
    assert s.size.text == "1" and s.size.structured


def test_lint_runs_on_text_only_targets(tmp_path):
    shutil.copy(VOCABULARY, tmp_path / VOCABULARY.name)
    shutil.copy(FIXTURE, tmp_path / FIXTURE.name)
    report = lint_paths([tmp_path])
    assert report.scripts == 2
    assert all(f.code != "G1" for f in report.findings + report.suppressed)
