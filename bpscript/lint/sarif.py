"""SARIF 2.1.0 output (OASIS Static Analysis Results Interchange Format).

One run; the driver lists every rule that ran (id, name, descriptions, default level,
help page); each finding is a result with its rule index, level, message and region.
Each rule's `helpUri` is its own address in the docs: a lint rule's page
(`lint/g1.md`), a structural code's anchor (`reference/diagnostics.md#e201`), under
`--docs-url` (a published docs site: `lint/g1/`, `reference/diagnostics/#e201`) or
else the `docs/` of the source tree as a `file:` URI; an installed copy without the
docs and no `--docs-url` gives none. Suppressed findings are results too, with an `inSource` suppression carrying the
reason of the `allow` line. Columns count Unicode code points (`columnKind`), as the
.bps spans do.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import __version__
from ..diagnostics import Severity
from .core import Finding, LintReport
from .rules import BY_CODE, doc_page

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_CHECKOUT = Path(__file__).resolve().parents[2]
#: the docs of a source checkout (none in an installed copy)
DOCS_DIR = _CHECKOUT / "docs" if (_CHECKOUT / "pyproject.toml").is_file() else None


def help_uri(code: str, docs_url: str | None = None) -> str | None:
    """The absolute address of a code's documentation: its lint rule page, or its
    anchor in the diagnostics reference (E201 -> #e201). `docs_url` is the base of a
    built docs site (directory URLs); without it, the source tree's Markdown, if any."""
    page = doc_page(BY_CODE[code]) if code in BY_CODE else "reference/diagnostics.md"
    anchor = "" if code in BY_CODE else f"#{code.lower()}"
    if docs_url:
        return docs_url.rstrip("/") + "/" + page.removesuffix(".md") + "/" + anchor
    if DOCS_DIR is None or not (DOCS_DIR / page).is_file():
        return None
    return (DOCS_DIR / page).as_uri() + anchor


def _region(f: Finding) -> dict:
    s = f.span
    region = {"startLine": max(s.line, 1), "startColumn": max(s.column, 1)}
    if s.end_line and s.end_line >= s.line:
        region["endLine"] = s.end_line
        if s.end_column and (s.end_line > s.line or s.end_column > s.column):
            region["endColumn"] = s.end_column
    return region


def _result(f: Finding, rule_index: dict[str, int]) -> dict:
    rid = f.code
    msg = f.message
    if f.diagnostic.fix:
        msg += f" Fix: {f.diagnostic.fix}"
    res: dict = {
        "ruleId": rid,
        "level": LEVEL.get(f.severity, "note"),
        "message": {"text": msg},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": f.span.file},
                                            "region": _region(f)}}],
    }
    if rid in rule_index:
        res["ruleIndex"] = rule_index[rid]
    props: dict = {}
    if f.script:
        props["script"] = f.script
    if f.diagnostic.notes:
        props["notes"] = list(f.diagnostic.notes)
    if f.diagnostic.expected:
        props["expected"] = f.diagnostic.expected
    if f.ruleset != "main":
        props["ruleset"] = f.ruleset
    if props:
        res["properties"] = props
    if f.suppressed_by is not None:
        res["suppressions"] = [{"kind": "inSource", "justification": f.suppressed_by.reason,
                                "location": {"physicalLocation": {
                                    "artifactLocation": {"uri": f.suppressed_by.span.file},
                                    "region": {"startLine": f.suppressed_by.span.line,
                                               "startColumn": f.suppressed_by.span.column}}}}]
    return res


def to_sarif(report: LintReport, docs_url: str | None = None) -> dict:
    """The report as one SARIF run; `docs_url` is the base of the rules' `helpUri`."""
    rules = []
    rule_index: dict[str, int] = {}
    for r in report.rules:
        if r.code == "E":
            continue
        rule_index[r.code] = len(rules)
        rules.append({
            "id": r.code,
            "name": r.name,
            "shortDescription": {"text": r.summary},
            "fullDescription": {"text": f"{r.title} ({r.level.value}, rulebook {r.section})"},
            "help": {"text": r.doc.split("\n\n", 1)[-1][:2000] if r.doc else r.summary},
            "defaultConfiguration": {"level": LEVEL[r.severity]},
            "properties": {"section": r.section, "level": r.level.value, "docs": f"docs/{doc_page(r)}",
                           "tags": ["guideline" if r.code.startswith("G") else "structure"]},
        })
        _help(rules[-1], docs_url)
    # structural codes that occurred get a rule entry of their own
    for f in report.findings + report.suppressed:
        if f.code not in rule_index and f.code.startswith("E"):
            rule_index[f.code] = len(rules)
            rules.append({"id": f.code, "name": "structural-" + f.code.lower(),
                          "shortDescription": {"text": "a structural error reported by `bpscript check`"},
                          "properties": {"tags": ["structure"],
                                         "docs": f"docs/reference/diagnostics.md#{f.code.lower()}"},
                          "defaultConfiguration": {"level": "error"}})
            _help(rules[-1], docs_url)
    results = [_result(f, rule_index) for f in report.findings + report.suppressed]
    artifacts = sorted({f.span.file for f in report.findings + report.suppressed})
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "bpscript lint", "version": __version__,
                                "semanticVersion": __version__,
                                "rules": rules}},
            "columnKind": "unicodeCodePoints",
            "artifacts": [{"location": {"uri": a}} for a in artifacts],
            "results": results,
        }],
    }


def _help(rule: dict, docs_url: str | None) -> None:
    uri = help_uri(rule["id"], docs_url)
    if uri is not None:
        rule["helpUri"] = uri


def as_sarif(report: LintReport, docs_url: str | None = None) -> str:
    return json.dumps(to_sarif(report, docs_url), ensure_ascii=False, indent=2)
