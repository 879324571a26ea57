"""The linter's building blocks: rules, findings and the context a rule checks.

A rule is one module of `bpscript.lint.rules`: its docstring is its documentation
(the pages under docs/lint/ are generated from it; its first line is `CODE name —
title`), it defines `RULE` (a `Rule`: stable code, name, level, rulebook section) and
`check(ctx)`, a generator of findings made with `ctx.finding(...)`. Messages speak
English and quote the ruleset's printed words only as the model gives them
(`bpscript.lint.words`). The runner (`bpscript.lint.runner`) runs every
selected rule over every ruleset, applies the `allow` suppressions and reports the
unused ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from pathlib import PurePosixPath
from typing import Callable, Iterable

from ..model import ruleset as m
from ..diagnostics import Diagnostic, Severity
from ..source import Span


class Level(str, Enum):
    """How binding a rule is: the guideline's own levels (10.2.2: 必須 / 推奨) and the
    structural checks, which are errors like the guideline's musts."""

    MUST = "must"              # an error
    SHOULD = "should"          # a warning
    STRUCTURAL = "structural"  # an error: the script cannot be judged or is inconsistent


@dataclass(frozen=True)
class Rule:
    """One lint rule: what it is called and how bad a finding is.

    `level` says how binding it is (a must or a structural check gives an error, a
    should a warning). `section` is the rulebook section the rule comes from. The
    rule's documentation is its module's docstring (`doc`), whose first line is
    `CODE name — title`: the title is the guideline's own heading, kept only there.
    """

    code: str
    name: str  # kebab-case, e.g. single-target
    level: Level
    section: str
    summary: str  # one English line: what the rule wants
    doc: str = ""  # the module docstring, filled by the registry

    @property
    def severity(self) -> Severity:
        return Severity.WARNING if self.level is Level.SHOULD else Severity.ERROR

    @property
    def heading(self) -> str:
        """The first line of the documentation: `G1 single-target — <guideline heading> (<level>)`."""
        return self.doc.partition("\n")[0].strip()

    @property
    def title(self) -> str:
        """The guideline's heading as the docstring gives it, without the level it
        prints after it in parentheses."""
        _, sep, title = self.heading.partition(" — ")
        title = title.strip() if sep else ""
        return re.sub(r"\s*\([^()]*\)$", "", title)


@dataclass(frozen=True)
class Finding:
    """A diagnostic plus what the linter needs: the rule, the script it belongs to
    (the scope of an `allow`), and the suppression that silenced it, if any."""

    diagnostic: Diagnostic
    script: str | None = None
    ruleset: str = "main"
    suppressed_by: m.Suppression | None = None
    rule: Rule | None = None

    @property
    def code(self) -> str:
        return self.diagnostic.code

    @property
    def span(self) -> Span:
        return self.diagnostic.span

    @property
    def severity(self) -> Severity:
        return self.diagnostic.severity

    @property
    def message(self) -> str:
        return self.diagnostic.message

    def sort_key(self) -> tuple:
        s = self.span
        return (s.file, s.line, s.column, self.code, self.message)

    def to_json(self) -> dict[str, object]:
        out = self.diagnostic.to_json()
        if self.rule is not None:
            out["rule"] = self.rule.name
            out["section"] = self.rule.section
        if self.script is not None:
            out["script"] = self.script
        if self.ruleset != "main":
            out["ruleset"] = self.ruleset
        if self.suppressed_by is not None:
            out["suppressed"] = {"reason": self.suppressed_by.reason,
                                 "span": self.suppressed_by.span.to_json()}
        return out


class LintContext:
    """What a rule sees: one resolved ruleset and which of its files are the user's own.

    In a homebrew package the ruleset also holds the official scripts it extends; rules
    read all of them (an overlap with an official character matters) but report only on
    the package's own files (`ctx.own`).
    """

    def __init__(self, ruleset: m.Ruleset, name: str = "main",
                 own: Callable[[str], bool] | None = None, sources: dict[str, str] | None = None):
        self.ruleset = ruleset
        self.name = name
        self._own = own or (lambda _f: True)
        self.sources = sources if sources is not None else ruleset.sources
        self.engine = None  # an optional bounded game search for G4 (see lint/analysis/search.py)
        self._own_cache: dict[str, bool] = {}

    def own(self, what: Span | m.Script | m.Frame | str) -> bool:
        file = what if isinstance(what, str) else (what if isinstance(what, Span) else what.span).file
        hit = self._own_cache.get(file)
        if hit is None:
            hit = self._own_cache[file] = bool(self._own(file))
        return hit

    @cached_property
    def regulations(self):
        from .regulation import regulations
        return regulations(self.ruleset)

    def finding(self, rule: Rule, message: str, span: Span, *, script: m.Script | str | None = None,
                fix: str | None = None, expected: str | None = None, notes: Iterable[str] = (),
                severity: Severity | None = None) -> Finding:
        sid = script.id if isinstance(script, m.Script) else script
        diag = Diagnostic(rule.code, message, span, severity or rule.severity, expected, fix, tuple(notes))
        return Finding(diag, sid, self.name, None, rule)

    # ------------------------------------------------------------ spans in frames
    def frame_span(self, frame: m.Frame, needle: str | None = None) -> Span:
        """The span of `needle` inside a frame's text (its first occurrence), else the frame id."""
        text = self.sources.get(frame.span.file)
        if text is None:
            return frame.span
        lines = text.splitlines()
        first = max(frame.span.line, 1)
        last = min(frame.span.end_line or first, len(lines))
        targets = [needle] if needle else []
        targets.append(f"frame {frame.id}")
        for t in targets:
            for ln in range(first, max(last, first) + 1):
                if ln > len(lines):
                    break
                col = lines[ln - 1].find(t)
                if col >= 0:
                    if t.startswith("frame "):
                        col += len("frame ")
                        t = frame.id
                    return Span(frame.span.file, ln, col + 1, ln, col + 1 + len(t))
        return Span(frame.span.file, frame.span.line, frame.span.column, frame.span.line, frame.span.column + 1)


def own_files_of(package: str) -> Callable[[str], bool]:
    """Files of a homebrew package: those directly in its directory."""
    def own(file: str) -> bool:
        return PurePosixPath(file).parent.as_posix() == package
    return own


def matches_code(code: str, patterns: Iterable[str]) -> bool:
    """`--select`/`--ignore` patterns: a full code (G2) or a prefix (G, E1, S)."""
    return any(code == p or (p and code.startswith(p)) for p in patterns)


def script_of(rs: m.Ruleset, span: Span) -> m.Script | None:
    """The script whose text holds `span` (for resolver diagnostics), if any."""
    best = None
    for first, last, s in _scripts_by_file(rs).get(span.file, ()):
        if first - 1 <= span.line <= last + 1 and (best is None or s.span.line > best.span.line):
            best = s
    return best


_BY_FILE: dict[int, tuple[m.Ruleset, dict[str, list[tuple[int, int, m.Script]]]]] = {}


def _scripts_by_file(rs: m.Ruleset) -> dict[str, list[tuple[int, int, m.Script]]]:
    """Each file's scripts with the lines they span, in script order: built once per
    ruleset, so finding the script of each diagnostic does not scan every script."""
    found = _BY_FILE.get(id(rs))
    if found is None or found[0] is not rs:
        if len(_BY_FILE) > 8:
            _BY_FILE.clear()
        index: dict[str, list[tuple[int, int, m.Script]]] = {}
        for s in rs.scripts.values():
            last = max((fs.end_line for fs in s.field_spans.values()), default=s.span.line)
            index.setdefault(s.span.file, []).append((s.span.line, last, s))
        found = _BY_FILE[id(rs)] = (rs, index)
    return found[1]


@dataclass
class LintReport:
    """Everything one `bpscript lint` run found."""

    findings: list[Finding] = field(default_factory=list)  # reported (not suppressed)
    suppressed: list[Finding] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    files: int = 0
    scripts: int = 0
    rules: list[Rule] = field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.WARNING]

    def codes(self) -> list[str]:
        return sorted(f.code for f in self.findings)
