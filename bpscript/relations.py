"""Which scripts refer to which, read from the model (never from the printed prose).

A script *refers to* another when its rules name it: an id in a condition, an event, a
target predicate or an effect (`face_up_trump(me, sJ)`, `summon_with_trump(key, sJ, …)`,
`on resolved(end)`), `effect: … same_as X`, or a key unit condition naming a character
(`「リアニメーター」1体`). For a trump, the scripts printed under its category (`切札♠J
リアニメーター`: the trump's card and name) relate to it as well.

The HTML and RST backends both take a trump's 関連 list from `related` and the links of
`「X」` in a script's text from `references`.
"""

from __future__ import annotations

from . import model as m
from .conditions import UnitCondition
from .effects import Name, walk


def _nodes(s: m.Script) -> list[object]:
    """Every rule expression and statement of a script."""
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
    for node in walk(_nodes(s)):
        if isinstance(node, Name) and node.id in rs.scripts:
            ids.add(node.id)
    if isinstance(s, m.ActionScript):
        if s.effect is not None and s.effect.same_as:
            ids.add(s.effect.same_as)
        key = s.key
        if key is not None and isinstance(key.condition, UnitCondition):
            named = getattr(key.condition, "name", None)
            ids.update(c.id for c in rs.components("character") if named is not None and c.name == named)
    ids.discard(s.id)
    return [x for x in rs.scripts.values() if x.id in ids]


def names_trump(s: m.Script, trump: m.Script) -> bool:
    """Whether `s` is printed under the trump's category: its last two words are the
    trump's card (as the category spells it, e.g. `切札♠J`) and the trump's name."""
    if not isinstance(trump, m.ComponentScript) or trump.unit_condition is None:
        return False
    words = s.category.split()
    return len(words) >= 2 and words[-1] == trump.name and words[-2].endswith(trump.unit_condition.text)


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
