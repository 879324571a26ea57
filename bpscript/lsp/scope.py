"""The names an author may use at the cursor, as the checker will see them: the context
names the script provides (`bpscript.names`: `key` only with ★, `target` only with a 対象,
`event` only in a triggered action, `it` in a target's `where`), the locals bound before
the cursor (`let`, `for`, a comprehension's variable), and which parameter of which verb
the cursor is an argument of. Read from the text, so it works while typing."""

from __future__ import annotations

import re

from .. import model as m
from ..names import ALWAYS, action_scope, component_scope
from ..verbs import CONTEXT, LIBRARY, Param
from .cursor import enclosing_call
from .resolved import scripts_named

SCRIPT_LINE = re.compile(r"^(?:override[ \t]+)?(action|character|fog|trump)[ \t]+([A-Za-z_][A-Za-z0-9_]*)", re.M)
ITEM_LINE = re.compile(r"^[A-Za-z_]", re.M)
LOCAL = re.compile(r"\blet[ \t]+([A-Za-z_][A-Za-z0-9_]*)|\bfor[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+in\b")
_SKIP = re.compile(r'"""(?:[^\\]|\\.)*?"""|"(?:[^"\\\n]|\\.)*"|#[^\n]*', re.S)


def script_start(text: str, offset: int) -> tuple[int, str, str] | None:
    """Where the script around `offset` starts, its kind and its id."""
    last = None
    for m_ in SCRIPT_LINE.finditer(text, 0, offset):
        last = m_
    if last is None:
        return None
    other = [i for i in ITEM_LINE.finditer(text, last.end(), offset) if not text.startswith("}", i.start())]
    return None if other else (last.start(), last.group(1), last.group(2))


def script_of(text: str, offset: int, rs: m.Ruleset | None) -> m.Script | None:
    """The checked script the cursor is in, if the ruleset has it (by kind and id)."""
    found = script_start(text, offset)
    if found is None or rs is None:
        return None
    override = text.startswith("override", found[0])
    return next((s for s in scripts_named(rs, found[2]) if s.kind == found[1] and s.override == override), None)


def context_names(text: str, offset: int, rs: m.Ruleset | None) -> dict[str, str]:
    """Context name → its type, as the script at the cursor provides them."""
    script = script_of(text, offset, rs)
    line = text[text.rfind("\n", 0, offset) + 1:offset]
    if script is None:
        names = {n: CONTEXT[n] for n in ALWAYS}
        if script_start(text, offset) is None:
            return names
        names.update((n, t) for n, t in CONTEXT.items() if n != "it")
    elif isinstance(script, m.ActionScript):
        names = dict(action_scope(rs.vocabulary, script).context)
    else:
        names = dict(component_scope(script).context)
    if re.match(r"\s*target\s*:.*\bwhere\b", line):
        names["it"] = "the candidate"
    return names


def locals_before(text: str, offset: int) -> list[str]:
    """The names bound by `let`, `for` and comprehensions in the script before `offset`."""
    found = script_start(text, offset)
    if found is None:
        return []
    body = _SKIP.sub(lambda g: " " * len(g.group()), text[found[0]:offset])
    while True:  # a closed comprehension's variable is not in scope after it
        shorter = re.sub(r"\[[^\[\]]*\]", "", body)
        if shorter == body:
            break
        body = shorter
    out: list[str] = []
    for m_ in LOCAL.finditer(body):
        name = m_.group(1) or m_.group(2)
        if name not in out:
            out.append(name)
    return out


def parameter_at(before: str) -> Param | None:
    """The parameter of the call the cursor is an argument of: by keyword (`to=`), or by
    position among the arguments typed so far."""
    spec = LIBRARY.get(enclosing_call(before) or "")
    if spec is None:
        return None
    kw = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*[A-Za-z_]*$", before)
    if kw:
        return spec.param(kw.group(1))
    args = before[_open_paren(before) + 1:]
    depth = index = 0
    for ch in args:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            index += 1
    current = args[args.rfind(",") + 1:] if index else args
    if "=" in current.replace("==", "") or index >= len(spec.params):
        return None
    return spec.params[index]


def _open_paren(before: str) -> int:
    """The position of the `(` that is still open at the end of `before`."""
    level = 0
    for i in range(len(before) - 1, -1, -1):
        if before[i] == ")":
            level += 1
        elif before[i] == "(":
            if level == 0:
                return i
            level -= 1
    return -1
