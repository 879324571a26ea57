"""The names an author may use at the cursor, as the checker will see them: the context
names the script provides (`bpscript.check.names`: `key` only with ★, `target` only with a 対象,
`event` only in a triggered action, `it` in a target's `where`), the locals in scope
(`let`, `for`, a comprehension's variable, by the checker's rules of `typecheck`), and
which parameter of which verb the cursor is an argument of. Read from the parser's stack
at the cursor (`cursor.at`), so it works while typing."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from ..model import ruleset as m
from ..check.names import ALWAYS, action_scope, component_scope
from ..verbs import CONTEXT, LIBRARY, Param
from .cursor import Cursor
from .resolved import scripts_named


def script_of(cur: Cursor, rs: m.Ruleset | None) -> m.Script | None:
    """The checked script the cursor is in, if the ruleset has it (by kind and id)."""
    found = cur.script()
    if found is None or rs is None:
        return None
    kind, sid, override = found
    return next((s for s in scripts_named(rs, sid) if s.kind == kind and s.override == override), None)


def context_names(cur: Cursor, rs: m.Ruleset | None) -> dict[str, str]:
    """Context name → its type, as the script at the cursor provides them."""
    script = script_of(cur, rs)
    if script is None:
        names = {n: CONTEXT[n] for n in ALWAYS}
        if cur.script() is None:
            return names
        names.update((n, t) for n, t in CONTEXT.items() if n != "it")
    elif isinstance(script, m.ActionScript):
        names = dict(action_scope(rs.vocabulary, script).context)  # type: ignore[union-attr]
    else:
        names = dict(component_scope(script).context)  # type: ignore[arg-type]
    if cur.open_token("where") is not None:  # a target's `where`: the candidate
        names["it"] = "the candidate"
    return names


def locals_at(cur: Cursor) -> list[str]:
    """The locals in scope at the cursor, in the order they were bound: a `let` of an open
    block before the cursor (one inside a `step` too: a step does not close a scope); the
    variable of a `for` whose block is open, or of a comprehension in its `if`; in a
    `repeat`'s `until`, the lets of its block. A `let` is not in scope in its own value."""
    out: list[str] = []
    stack = cur.stack
    for i, v in enumerate(stack):
        if isinstance(v, Tree):
            _statements(v, out)
        elif v.type == "FOR" and i + 1 < len(stack) and _is(stack[i + 1], "ID"):
            if any(_is(w, "LBRACE") or _is(w, "IF") for w in stack[i + 2:]):
                _add(out, str(stack[i + 1]))
        elif v.type == "UNTIL" and i and isinstance(stack[i - 1], Tree):
            _statements(stack[i - 1], out, inside=True)
    return out


def _statements(tree: Tree, out: list[str], inside: bool = False) -> None:
    """The lets a completed part of an open block leaves in scope (`inside`: the tree is a
    block whose statements are read)."""
    data = str(tree.data)
    if data == "let_stmt":
        _add(out, str(tree.children[0]))
    elif data == "step_stmt":
        _statements(tree.children[1], out, inside=True)
    elif data.startswith("_") or inside:
        for c in tree.children:
            if isinstance(c, Tree):
                _statements(c, out)


def _is(v: Any, kind: str) -> bool:
    return isinstance(v, Token) and v.type == kind


def _add(out: list[str], name: str) -> None:
    if name not in out:
        out.append(name)


def parameter_at(cur: Cursor) -> Param | None:
    """The parameter of the call the cursor is an argument of: by keyword (`to=`), or by
    position among the arguments before it."""
    call = cur.call()
    if call is None:
        return None
    name, index, keyword = call
    spec = LIBRARY.get(name)
    if spec is None or keyword == "":
        return None
    if keyword is not None:
        return spec.param(keyword)
    return spec.params[index] if index < len(spec.params) else None
