"""`bpscript lint`: the six authoring guidelines of rulebook 10.2.2 and every structural error.

    from bpscript.lint import lint_paths
    report = lint_paths(["stdlib", "frames"])
    for f in report.findings: ...

Rules live in `bpscript.lint.rules` (one module each, documented by its docstring);
`runner` runs them, `output` and `sarif` print the report, the command is `bpscript.commands.lint`.
"""

from __future__ import annotations

from .core import Finding, LintContext, LintReport, Rule
from .runner import lint_paths, lint_result

__all__ = ["Finding", "LintContext", "LintReport", "Rule", "lint_paths", "lint_result"]
