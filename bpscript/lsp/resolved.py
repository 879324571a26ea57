"""What a name in an effect resolved to, read from the checked model.

The checker decides every name once (`bpscript.check.names`: local, context, vocabulary term,
constant, script id) and writes the decision into the tree (`effects.Name.ref`). Hover
and go to definition read that decision here instead of guessing from the text, so the
editor shows exactly what the compiled script will use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..model import effects as fx
from ..model import ruleset as m
from ..check.names import action_scope, component_scope
from ..syntax import ast
from ..verbs import CONSTANTS, LIBRARY
from ..model.vocabulary import Term

KIND_WORDS = {
    fx.RefKind.LOCAL: "local name (`let`, `for` or a comprehension)",
    fx.RefKind.CONTEXT: "context name",
    fx.RefKind.TERM: "vocabulary term",
    fx.RefKind.CONSTANT: "constant",
    fx.RefKind.SCRIPT: "script id",
}


def trees(script: m.Script) -> Iterator[object]:
    """Every effect tree of a script: guards, events, target predicates, bodies, sizes."""
    if isinstance(script, m.ActionScript):
        for cond in (script.activation, script.trigger_condition):
            if cond is not None:
                yield from (t for t in (cond.event, cond.when) if t is not None)
        if script.target is not None:
            yield from (s.where for s in script.target.specs if s.where is not None)
        if script.effect is not None and script.effect.body is not None:
            yield script.effect.body
    elif isinstance(script, m.ComponentScript):
        if script.size is not None and script.size.expr is not None:
            yield script.size.expr
        yield from (label.when for label in script.labels if label.when is not None)
        yield from (ab.body for ab in script.abilities if ab.body is not None)


def scripts_named(rs: m.Ruleset, sid: str) -> list[m.Script]:
    """The scripts with this id: the one in force, and the overrides scoped `in …`."""
    found = [rs.scripts[sid]] if sid in rs.scripts else []
    return found + list(rs.scoped.get(sid, ()))


def script_at(rs: m.Ruleset, module: ast.Module, line: int) -> m.Script | None:
    """The checked script written around the 1-based `line` of the document `module`."""
    node = next((i for i in module.items if isinstance(i, ast.ScriptNode)
                 and i.span.line <= line <= i.span.end_line), None)
    if node is None:
        return None
    return next((s for s in scripts_named(rs, node.id.value) if s.kind == node.kind
                 and s.span.file == node.id.span.file and s.span.line == node.id.span.line), None)


def name_at(script: m.Script, file: str, line: int, column: int) -> fx.Name | None:
    """The resolved name at the 1-based `line` and 0-based `column`, if any."""
    for tree in trees(script):
        for node in fx.walk(tree):
            if (type(node) is fx.Name and node.span.file == file and node.span.line == line
                    and node.span.column <= column + 1 <= node.span.end_column):
                return node
    return None


@dataclass(frozen=True)
class Resolved:
    """A name, what it is, and the declaration it stands for (a term or a script)."""

    name: fx.Name
    term: Term | None = None
    script: m.Script | None = None


def resolve_name(rs: m.Ruleset, name: fx.Name) -> Resolved:
    ref = name.ref
    if ref is None:
        return Resolved(name)
    if ref.kind is fx.RefKind.TERM and ref.table != "events":
        if ref.table == "unit_kinds":
            return Resolved(name, rs.vocabulary.unit_kind(ref.key))
        table = getattr(rs.vocabulary, ref.table, None)
        return Resolved(name, table.get(ref.key) if table is not None else None)
    if ref.kind is fx.RefKind.SCRIPT:
        return Resolved(name, script=rs.scripts.get(ref.key))
    return Resolved(name)


def describe(rs: m.Ruleset, script: m.Script, found: Resolved) -> str:
    """Markdown: the name, what it resolved to and what that is."""
    name, ref = found.name, found.name.ref
    if ref is None:
        return f"`{name.id}` — not resolved (see the diagnostics)"
    head = f"`{name.id}` — {KIND_WORDS[ref.kind]}"
    if ref.kind is fx.RefKind.CONTEXT:
        scope = action_scope(rs.vocabulary, script) if isinstance(script, m.ActionScript) else component_scope(script)
        kind = scope.context.get(ref.key, "any")
        if ref.key == "it":
            kind = "the candidate of the target's `where`"
        return f"{head}: {kind}, provided by {script.kind} `{script.id}`"
    if ref.kind is fx.RefKind.CONSTANT:
        return f"{head}: {CONSTANTS.get(ref.key, 'any')}"
    if ref.kind is fx.RefKind.TERM:
        if ref.table == "events":
            spec = LIBRARY.get(ref.key)
            return f"{head} (event): {spec.doc if spec else ref.key}"
        term = found.term
        if term is None:
            return f"{head} ({ref.table})"
        return f"{head} ({ref.table}): 「{term.name}」 — declared at {term.span}"
    if ref.kind is fx.RefKind.SCRIPT and found.script is not None:
        s = found.script
        return f"{head}: {s.kind} 【{s.name}】"
    return head


#: fields whose value names a declared term instead of holding text (`note: untargetableByCounter`)
FIELD_TERMS = {"note": "notes"}
def describe_term(table: str, term: Term) -> str:
    """Markdown for a declared term named outside an effect (a rule note)."""
    return f"`{term.id}` — vocabulary term ({table}): 「{term.name}」 — declared at {term.span}"
