"""docs/lint/ is generated from the rules' docstrings and stays fresh; every page has a
failing and a passing example, and they lint as they say."""

from __future__ import annotations

import pytest

from bpscript.lint import lint_paths
from bpscript.lint.core import Level
from bpscript.lint.docs import examples, render_all
from bpscript.lint.rules import DOCS, RULES

from lintcorpus import ROOT


def test_docs_are_fresh():
    for name, text in render_all().items():
        path = ROOT / "docs" / "lint" / name
        assert path.is_file() and path.read_text("utf-8") == text, \
            f"docs/lint/{name} is stale: run `python -m bpscript.lint.docs`"


def test_every_rule_is_documented():
    codes = [r.code for r in RULES]
    assert len(codes) == len(set(codes))
    printed = {"必須": Level.MUST, "推奨": Level.SHOULD}  # the guideline's levels (10.2.2)
    for r in RULES:
        assert r.doc.startswith(f"{r.code} {r.name} — "), r.code
        assert r.title and r.title in r.doc.partition("\n")[0]
        assert isinstance(r.level, Level) and r.section
        if r.code.startswith("G"):  # the heading quotes the guideline with its level
            assert r.heading.endswith(f" ({next(k for k, v in printed.items() if v is r.level)})"), r.code
    assert {r.code: r.severity.value for r in RULES if r.code.startswith("G")} == {
        "G1": "error", "G2": "error", "G3": "warning", "G4": "error", "G5": "error", "G6": "error"}


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_examples(rule, tmp_path):
    ex = examples(rule)
    assert set(ex) == {"failing", "passing"}, f"{DOCS[rule.code]}.py needs a failing and a passing example"
    for kind, src in ex.items():
        f = tmp_path / f"{kind}.bps"
        f.write_text(src, encoding="utf-8")
        codes = lint_paths([f]).codes()
        if kind == "passing":
            assert codes == [], codes
        elif rule.code == "E":
            assert codes and all(c.startswith("E") for c in codes)
        else:
            assert rule.code in codes, codes
