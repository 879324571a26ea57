"""Human, JSON and GitHub-workflow output of a lint report (SARIF is in `sarif.py`)."""

from __future__ import annotations

import json

from .. import __version__
from ..diagnostics import BOLD, RESET, Severity, render
from .core import Finding, LintReport
from .rules import doc_page

DIM = "\x1b[2m"


def text(report: LintReport, colour: bool = False) -> str:
    """Like a modern compiler: each finding with an excerpt, a caret, the fix, then a summary."""
    out: list[str] = []
    for f in report.findings:
        block = render(f.diagnostic, report.sources, colour)
        if f.rule is not None and f.rule.code not in ("E",):
            ref = f"{f.rule.code} {f.rule.name} ({f.rule.section} {f.rule.title}) — docs/{doc_page(f.rule)}"
            block += "\n" + (f"{DIM}  = rule: {ref}{RESET}" if colour else f"  = rule: {ref}")
        out.append(block)
        out.append("")
    out.append(summary(report, colour))
    return "\n".join(out)


def summary(report: LintReport, colour: bool = False) -> str:
    e, w = len(report.errors), len(report.warnings)
    sup = len(report.suppressed)
    line = (f"{report.files} file(s), {report.scripts} script(s) linted: "
            f"{e} error(s), {w} warning(s)" + (f", {sup} suppressed" if sup else ""))
    if not report.findings:
        line = "ok: " + line
    return f"{BOLD}{line}{RESET}" if colour else line


def as_json(report: LintReport) -> str:
    data = {
        "tool": {"name": "bpscript lint", "version": __version__},
        "summary": {"files": report.files, "scripts": report.scripts, "errors": len(report.errors),
                    "warnings": len(report.warnings), "suppressed": len(report.suppressed)},
        "findings": [f.to_json() for f in report.findings],
        "suppressed": [f.to_json() for f in report.suppressed],
    }
    return json.dumps(data, ensure_ascii=False, indent=2)


def _escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_prop(s: str) -> str:
    return _escape_data(s).replace(":", "%3A").replace(",", "%2C")


def github_line(f: Finding) -> str:
    """One workflow command: `::error file=…,line=…,col=…,title=…::message`."""
    level = {Severity.ERROR: "error", Severity.WARNING: "warning"}.get(f.severity, "notice")
    s = f.span
    title = f.code if f.rule is None or f.rule.code == "E" else f"{f.code} {f.rule.name}"
    props = [f"file={_escape_prop(s.file)}", f"line={s.line}", f"col={s.column}"]
    if s.end_line:
        props.append(f"endLine={s.end_line}")
        if s.end_line == s.line and s.end_column:
            props.append(f"endColumn={s.end_column}")
    props.append(f"title={_escape_prop(title)}")
    msg = f.message + (f"\nfix: {f.diagnostic.fix}" if f.diagnostic.fix else "")
    for n in f.diagnostic.notes:
        msg += f"\nnote: {n}"
    return f"::{level} {','.join(props)}::{_escape_data(msg)}"


def github(report: LintReport) -> str:
    lines = [github_line(f) for f in report.findings]
    lines.append(summary(report))
    return "\n".join(lines)
