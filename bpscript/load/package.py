"""A homebrew package's files, and the one error for a file that has no rules to stand on.

One file that says `extends "NAME"` makes its directory a package (docs/homebrew.md):
every other `.bps` file loaded with it from that directory, or from a directory under it,
belongs to the package and is read on top of the same bundled ruleset, `extends` or not.

A file loaded with no ruleset at all (no `extends`, no bundled ruleset given with it, no
vocabulary of its own) would get an error for every word of the rules it uses — a type,
a trigger, a zone, a frame (the codes in `WORDS`). It gets one error instead (E207), which
says to add `extends`; its other errors (a duplicate id, a syntax error) stay.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..diagnostics import Diagnostic
from ..syntax import ast

NO_RULESET = "E207"
#: the errors of a word the rules declare (header words, types, labels, components, cost
#: letters, formats, frames, zones, target kinds, names, events): what a file with no
#: rules gets for every word it uses
WORDS = frozenset({"E102", "E110", "E111", "E112", "E113", "E114", "E120", "E132", "E160", "E161", "E162",
                   "E180", "E300", "E310", "E512"})
_EXTENDS = re.compile(r'^[ \t]*extends[ \t]+"([^"\n]+)"', re.M)


def package_of(f: Path, dirs: dict[Path, str]) -> str | None:
    """The package (by key) whose directory holds `f`, the nearest one when they nest."""
    for d in [f.resolve().parent, *f.resolve().parent.parents]:
        if d in dirs:
            return dirs[d]
    return None


def needs_rules(module: ast.Module) -> ast.ScriptNode | ast.FrameNode | None:
    """The first item of a file that cannot be read without a ruleset's words."""
    return next((i for i in module.items if isinstance(i, (ast.ScriptNode, ast.FrameNode))), None)


def declares_rules(module: ast.Module) -> bool:
    """Whether a file brings words of its own (a vocabulary, a cost, a ruleset)."""
    return any(isinstance(i, (ast.VocabNode, ast.CostNode, ast.RulesetNode, ast.UseBase)) for i in module.items)


def no_ruleset(module: ast.Module, path: Path, default: str) -> Diagnostic | None:
    """E207 for a file with scripts or frames loaded without any ruleset, naming the
    package beside it on disk when there is one (its directory is what to check)."""
    item = needs_rules(module)
    if item is None:
        return None
    beside = _extends_beside(path)
    where = item.id.span if item.id.span is not None else item.span
    fix = f'add `extends "{beside[1] if beside else default}"` at the top of the file'
    if beside is not None:
        fix += f", or check the whole package: its directory {beside[0]} (`{beside[2]}` says `extends`)"
    return Diagnostic(
        NO_RULESET, "this file is read with no ruleset: it does not say `extends`, and no bundled ruleset "
                    "or vocabulary is loaded with it, so the words of the rules it uses (types, triggers, zones) "
                    "are unknown",
        where, fix=fix)


def _extends_beside(path: Path) -> tuple[str, str, str] | None:
    """(directory, base, file) of a file beside `path` that says `extends`, if any."""
    try:
        siblings = sorted(p for p in path.resolve().parent.glob("*.bps") if p.resolve() != path.resolve())
    except OSError:
        return None
    for p in siblings:
        try:
            found = _EXTENDS.search(p.read_text("utf-8", errors="replace"))
        except OSError:
            continue
        if found is not None:
            return str(path.parent) or ".", found.group(1), p.name
    return None
