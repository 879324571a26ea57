"""Which scripts refer to which, read from the model (never from the printed prose).

A script *refers to* another when its rules name it: an id in a condition, an event, a
target predicate or an effect (`face_up_trump(me, sJ)`, `summon_with_trump(key, sJ, …)`,
`on resolved(end)`), `effect: … same_as X`, or a key unit condition naming a character
(`「リアニメーター」1体`). For a trump, the scripts listed under the category that stands for
it (`category trumpSJ "切札♠J リアニメーター" { trump: sJ }`) relate to it as well.

The HTML and RST backends both take a trump's 関連 list from `related` and the links of
`「X」` in a script's text from `references`.
"""

from __future__ import annotations

from . import ruleset as m
from .conditions import NamedCharacter
from .effects import Name, walk


def expressions(s: m.Script) -> list[object]:
    """Every expression tree of a script: activation and trigger conditions, target
    conditions, the effect; a component's size, label guards and abilities (what coverage,
    the relations and the verb-usage checks walk)."""
    nodes: list[object] = []
    if isinstance(s, m.ActionScript):
        for c in (s.activation, s.trigger_condition):
            if c is not None:
                nodes += [x for x in (c.event, c.when) if x is not None]
        if s.target is not None:
            nodes += [sp.where for sp in s.target.specs if sp.where is not None]
        if s.effect is not None and s.effect.body is not None:
            nodes += list(s.effect.body)
    elif isinstance(s, m.ComponentScript):
        if s.size is not None and s.size.expr is not None:
            nodes.append(s.size.expr)
        nodes += [lab.when for lab in s.labels if lab.when is not None]
        for a in s.abilities:
            nodes += list(a.body or ())
    return nodes


def references(rs: m.Ruleset, s: m.Script) -> list[m.Script]:
    """The scripts `s` refers to, in the ruleset's order (never `s` itself)."""
    ids: set[str] = set()
    for node in walk(expressions(s)):
        if isinstance(node, Name) and node.id in rs.scripts:
            ids.add(node.id)
    if isinstance(s, m.ActionScript):
        if s.effect is not None and s.effect.same_as:
            ids.add(s.effect.same_as)
        key = s.key
        if key is not None and isinstance(key.condition, NamedCharacter) and key.condition.character:
            ids.add(key.condition.character)
    ids.discard(s.id)
    return [x for x in rs.scripts.values() if x.id in ids]


def names_trump(s: m.Script, trump: m.Script) -> bool:
    """Whether `s` is listed under the category that stands for the trump (a category
    declared `{ trump: sJ }`)."""
    return s.category.trump == trump.id


def related(rs: m.Ruleset, target: m.Script) -> list[m.Script]:
    """The actions and characters that refer to `target` (for a trump: also those printed
    under its category), in the ruleset's order."""
    out = []
    for s in rs.scripts.values():
        if s.id == target.id or s.kind not in ("action", "character"):
            continue
        if (target.kind == "trump" and names_trump(s, target)) or any(r.id == target.id for r in references(rs, s)):
            out.append(s)
    return out
