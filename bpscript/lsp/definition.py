"""Go to definition: an `override` → the official script it replaces; `same_as X`,
`効果の内容は「X」を参照` or any script id or 「name」 → that script; a word of the
vocabulary in an effect (`to=grave`, `has_role(u, attack)`) or a field (`note: …`) → its
declaration."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..model.ruleset import Script
from ..source import Span
from ..syntax import ast
from . import resolved
from .analysis import Analysis, script_at
from .cursor import Spot


@dataclass(frozen=True)
class Target:
    path: Path
    span: Span
    text: str


def definition(analysis: Analysis, module: ast.Module, path: Path, at: Spot | None, line_no: int,
               column: int) -> Target | None:
    """Where the thing under the cursor (0-based `line_no`, `column`; `at`, its token) is defined."""
    rs = analysis.ruleset(path)
    if rs is None or at is None:
        return None
    checked = resolved.script_at(rs, module, line_no + 1)
    name = resolved.name_at(checked, analysis.name_of(path), line_no + 1, column) if checked else None
    term = resolved.resolve_name(rs, name).term if name is not None else None
    named = at.field_term()
    if named is not None and named[0] in resolved.FIELD_TERMS:  # `note: …`
        term = getattr(rs.vocabulary, resolved.FIELD_TERMS[named[0]]).get(named[1].text) or term
    if term is not None:  # a word of the vocabulary → its declaration
        where, text = analysis.paths.get(term.span.file), analysis.text(term.span.file)
        return Target(where, term.span, text) if where is not None and text is not None else None
    own = script_at(module, line_no + 1)
    ref = at.reference()
    if ref is not None:
        script = rs.by_name(ref.text)
        return _script(analysis, script) if script is not None else None
    word = at.name()
    if word is None:
        return None
    if own is not None and own.override and own.id.value == word.text and own.id.span.line == line_no + 1:
        base = rs.replaced.get(own.id.value)  # the base script the override replaced
        return _script(analysis, base) if base is not None else None
    script = rs.scripts.get(word.text)
    if script is None or (own is not None and script.id == own.id.value and own.id.span.line == line_no + 1):
        return None
    return _script(analysis, script)


def _script(analysis: Analysis, script: Script) -> Target | None:
    where = analysis.locate(script)
    if where is None:
        return None
    return Target(where[0], script.span, where[1])
