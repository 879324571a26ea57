"""The lint rules, one module each; the module docstring is the rule's documentation.

The docstring's first line is `CODE name — title`: the title (the guideline's own
heading) lives only there and `Rule.title` reads it. `RULES` lists them in a stable order; `CHECKS` maps a code to its `check(ctx)` (rules
checked by the runner itself — structural errors and suppressions — have none).
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable

from ..core import Rule

MODULES = ("g1", "g2", "g3", "g4", "g5", "g6", "s101", "s102", "s103", "s104", "s105", "s106", "l100", "l101",
           "structural")

RULES: list[Rule] = []
CHECKS: dict[str, Callable] = {}
DOCS: dict[str, str] = {}

for _name in MODULES:
    _mod = import_module(f"{__name__}.{_name}")
    _rule: Rule = _mod.RULE
    _rule = Rule(**{**_rule.__dict__, "doc": (_mod.__doc__ or "").strip()})
    if not _rule.heading.startswith(f"{_rule.code} {_rule.name} — ") or not _rule.title:
        raise ValueError(f"{__name__}.{_name}: the docstring must start with `{_rule.code} {_rule.name} — title`")
    _mod.RULE = _rule
    RULES.append(_rule)
    DOCS[_rule.code] = _name
    if hasattr(_mod, "check"):
        CHECKS[_rule.code] = _mod.check

BY_CODE: dict[str, Rule] = {r.code: r for r in RULES}
SUPPRESSIBLE = {r.code for r in RULES if r.code[0] in "GS"}


def doc_page(rule: Rule) -> str:
    """The docs page of a rule, relative to docs/: lint/g1.md."""
    return f"lint/{DOCS[rule.code]}.md"
