"""The UTS #39 skeleton comes from Unicode's own confusables.txt, of the version named,
unchanged (issue 27 point 5); S106 compares names per kind, so the official rules' action
and fog アップ (or action and trump スラッシュ) are not reported."""

from __future__ import annotations

import hashlib

import pytest

from bpscript.lint import lint_paths
from bpscript.lint.confusables import SHA256, UNICODE_VERSION, data_text, prototypes, skeleton, version
from bpscript.load.loader import base_files

from lintcorpus import ROOT

DATA = ROOT / "bpscript" / "lint" / "data"


def test_the_data_is_unicodes_file_of_the_version_named_with_its_licence():
    text = data_text()
    assert version(text) == UNICODE_VERSION == "15.1.0"
    assert "# Unicode Security Mechanisms for UTS #39" in text and "© 2023 Unicode®, Inc." in text
    assert hashlib.sha256((DATA / "confusables.txt").read_bytes()).hexdigest() == SHA256
    assert "UNICODE LICENSE V3" in (DATA / "UNICODE-LICENSE.txt").read_text("utf-8")
    assert len(prototypes()) > 6000  # every MA row, none written by hand


@pytest.mark.parametrize("a, b", [("アップ", "ｱｯﾌﾟ"), ("Attack", "\u0410ttack"), ("カ", "力"), ("Ａｔｔａｃｋ", "Attack"),
                                  ("ロ", "口")])
def test_look_alikes_share_a_skeleton(a, b):
    assert a != b and skeleton(a) == skeleton(b)


@pytest.mark.parametrize("a, b", [("アップ", "ダウン"), ("アップ", "アップル"), ("Attack", "Attach")])
def test_different_names_do_not(a, b):
    assert skeleton(a) != skeleton(b)


def test_the_official_names_shared_by_two_kinds_are_not_reported():
    report = lint_paths(base_files())
    assert not [f for f in report.findings + report.suppressed if f.code in ("S105", "S106")]
    kinds = {s.kind for s in report_scripts() if s.name == "アップ"}
    assert kinds == {"action", "fog"}


def report_scripts():
    from bpscript.load.loader import load_official
    return load_official().ruleset.scripts.values()
