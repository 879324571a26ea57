"""The fan-made corpus: every fixture in corpus/ gives exactly the findings its
`# expect:` lines list (code, line, column), no more and no fewer."""

from __future__ import annotations

import pytest

from bpscript.load.loader import load_official
from bpscript.lint import lint_paths

from lintcorpus import CORPUS, expectations, requires, severities

FIXTURES = sorted(CORPUS.glob("*.bps"))


def test_corpus_is_large_enough():
    assert len(FIXTURES) >= 30
    codes = set()
    for f in FIXTURES:
        reported, suppressed = expectations(f)
        codes |= {c for c, _, _ in reported | suppressed}
    # every rule has a failing case …
    assert {"G1", "G2", "G3", "G4", "G5", "G6", "S101", "S102", "S103", "L100", "L101"} <= codes
    assert any(c.startswith("E") for c in codes)
    # … and a passing one
    passing = {f.name.split("_")[0] for f in FIXTURES if not expectations(f)[0]}
    assert {"g1", "g2", "g3", "g4", "g5", "g6", "s"} <= passing


@pytest.fixture(scope="module")
def official():
    return load_official().ruleset


@pytest.mark.parametrize("path", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_fixture(path, official):
    missing = [sid for sid in requires(path)
               if sid not in official.scripts or official.scripts[sid].effect is None
               or official.scripts[sid].effect.body is None]
    if missing:
        pytest.skip(f"needs structured effects of official scripts: {', '.join(missing)}")
    reported, suppressed = expectations(path)
    report = lint_paths([path])
    got = {(f.code, f.span.line, f.span.column) for f in report.findings}
    got_sup = {(f.code, f.span.line, f.span.column) for f in report.suppressed}
    assert got == reported, "\n".join(f"{f.span}: {f.code} {f.message}" for f in report.findings)
    assert got_sup == suppressed
    for f in report.findings:
        want = severities(path).get((f.code, f.span.line, f.span.column))
        assert want is None or f.severity.value == want, f"{f.code} at {f.span}: {f.severity.value}, not {want}"
    for f in report.findings:
        assert f.span.file.endswith(path.name), "findings stay in the linted file"
        if f.rule is not None and f.code[0] in "GSL":
            assert f.diagnostic.fix, f"{f.code} says how to fix it"


def test_invalid_suppression_lists_every_rule_that_can_be_suppressed():
    """L101's hint names the codes an `allow` may name, read from the rules (S104 too)."""
    from bpscript.lint.rules import SUPPRESSIBLE
    report = lint_paths([CORPUS / "l101_unknown_code.bps"])
    [finding] = [f for f in report.findings if f.code == "L101"]
    listed = finding.diagnostic.expected.split()
    assert sorted(listed) == sorted(SUPPRESSIBLE) and "S104" in listed and "G6" in listed
