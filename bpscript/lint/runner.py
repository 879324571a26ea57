"""Run the rules: over every ruleset a load found, with select/ignore, suppressions and
the report of unused ones."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Iterable

from ..model import ruleset as m
from ..load.loader import LoadResult, load
from .core import Finding, LintContext, LintReport, Rule, matches_code, script_of
from .rules import BY_CODE, CHECKS, RULES, SUPPRESSIBLE

STRUCTURAL = BY_CODE["E"]
UNUSED = BY_CODE["L100"]
INVALID = BY_CODE["L101"]


def _code_order(code: str) -> tuple[str, int]:
    """G2 before G10: the letter, then the number."""
    return code[0], int(code[1:])


class UsageError(Exception):
    """A bad --select/--ignore value (exit 2)."""


def parse_codes(text: str | None) -> list[str] | None:
    if text is None:
        return None
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    for c in codes:
        if c == "ALL":
            continue
        if not any(r.code.startswith(c) or c.startswith(r.code) for r in RULES):
            known = ", ".join(r.code for r in RULES)
            raise UsageError(f"unknown rule code '{c}' (known: {known}, or a prefix such as G or E1)")
    return codes


def _selected(code: str, select: list[str] | None, ignore: list[str] | None) -> bool:
    if select is not None and "ALL" not in select and not matches_code(code, select):
        return False
    return not (ignore and matches_code(code, ignore))


def _rule_selected(rule: Rule, select, ignore) -> bool:
    if rule.code == "E":
        return True  # judged per diagnostic code
    return _selected(rule.code, select, ignore)


def lint_paths(paths: Iterable[str | Path], select: list[str] | None = None,
               ignore: list[str] | None = None) -> LintReport:
    """Lint the `.bps` files under `paths` as `bpscript lint PATH…` does (with the engine's
    first-turn search off; `lint_result` takes one): every structural error and every
    finding of the rules `select` picks and `ignore` leaves out (codes or prefixes: `G`,
    `E1`, `S101`)."""
    return lint_result(load(list(paths)), select, ignore)


def lint_result(result: LoadResult, select: list[str] | None = None, ignore: list[str] | None = None,
                engine=None) -> LintReport:
    """Lint what `loader.load` gave; `engine` is a first-turn search object, or a function
    of the ruleset that makes one (G4 confirms its lines with it)."""
    report = LintReport(sources=dict(result.sources), files=result.files)
    report.rules = [r for r in RULES if _rule_selected(r, select, ignore)]
    raw: list[Finding] = []
    contexts: list[LintContext] = []
    for name, rs, own in _views(result):
        ctx = LintContext(rs, name, own, report.sources)
        # an engine object, or a factory that makes one for this ruleset
        factory = isinstance(engine, type) or (callable(engine) and not hasattr(engine, "first_turn_win"))
        ctx.engine = engine(rs) if factory else engine
        contexts.append(ctx)
        if rs.scoped or not any(s.scope for s in rs.scripts.values()):  # a ruleset, not one of its views
            report.scripts += sum(1 for s in rs.own_scripts() if ctx.own(s))
        for rule in report.rules:
            check = CHECKS.get(rule.code)
            if check is not None:
                raw.extend(check(ctx))
    raw.extend(_structural(result, contexts, select, ignore))
    seen: set[tuple] = set()  # a script linted in several views of its ruleset is reported once
    raw = [f for f in raw if (f.code, f.span, f.message) not in seen and not seen.add((f.code, f.span, f.message))]
    _suppress(raw, contexts, report, select, ignore)
    report.findings.sort(key=Finding.sort_key)
    report.suppressed.sort(key=Finding.sort_key)
    return report


def _views(result: LoadResult):
    """(name, ruleset, own) for each ruleset, and for each scope of its scoped overrides
    the ruleset as that scope sees it (so an override written `in …` is linted too)."""
    for name, rs in result.rulesets:
        own = result.owns(name)
        yield name, rs, own
        for scope in dict.fromkeys(x for overs in rs.scoped.values() for s in overs for x in s.scope):
            view = rs.view(scope if scope in rs.formats else None, scope if scope in rs.frames else None)
            yield name, view, (lambda f, own=own, view=view: _scoped_own(view, own, f))


def _scoped_own(view, own, file: str) -> bool:
    """In a scope's view only the overrides are new: the rest was linted with the ruleset."""
    return (own is None or own(file)) and any(s.scope and s.span.file == file for s in view.scripts.values())


def _structural(result: LoadResult, contexts: list[LintContext], select, ignore) -> list[Finding]:
    out = []
    seen: set[tuple] = set()
    for d in result.diagnostics:
        if not _selected(d.code, select, ignore):
            continue
        key = (d.code, d.span, d.message)
        if key in seen:
            continue
        seen.add(key)
        script = None
        for ctx in contexts:
            if ctx.own(d.span.file):
                s = script_of(ctx.ruleset, d.span)
                script = s.id if s else None
                break
        out.append(Finding(d, script, "main", None, STRUCTURAL))
    return out


def _suppress(raw: list[Finding], contexts: list[LintContext], report: LintReport, select, ignore) -> None:
    # (ruleset, script id, code) -> suppression, and which of them were used
    table: dict[tuple[str, str, str], m.Suppression] = {}
    owners: dict[tuple[str, str, str], m.Script] = {}
    for ctx in contexts:
        for s in ctx.ruleset.scripts.values():
            if not s.suppressions or not ctx.own(s):
                continue
            for sup in s.suppressions:
                if not sup.reason.strip():
                    continue  # E190: a suppression without a reason silences nothing
                key = (ctx.name, s.id, sup.code)
                table.setdefault(key, sup)
                owners[key] = s
    used: set[tuple[str, str, str]] = set()
    for f in raw:
        key = (f.ruleset, f.script or "", f.code)
        sup = table.get(key) if f.script and f.code in SUPPRESSIBLE else None
        if sup is not None:
            used.add(key)
            report.suppressed.append(replace(f, suppressed_by=sup))
        else:
            report.findings.append(f)
    ctx_by_name = {c.name: c for c in contexts}
    for key, sup in table.items():
        ctx = ctx_by_name[key[0]]
        script = owners[key]
        code = sup.code
        if code not in SUPPRESSIBLE:
            if _selected(INVALID.code, select, ignore):
                why = ("structural errors cannot be suppressed; fix the script" if code.startswith("E")
                       else f"'{code}' is not a lint rule that can be suppressed")
                report.findings.append(ctx.finding(
                    INVALID, f"`allow {code}` in '{script.id}': {why}", sup.span, script=script,
                    fix="delete the line", expected=" ".join(sorted(SUPPRESSIBLE, key=_code_order))))
            continue
        rule_ran = _selected(code, select, ignore)
        if rule_ran and key not in used and _selected(UNUSED.code, select, ignore):
            report.findings.append(ctx.finding(
                UNUSED, f"`allow {code}` in '{script.id}' silences nothing: '{script.id}' does not break {code}",
                sup.span, script=script, fix="delete the line"))
