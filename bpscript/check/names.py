"""What a name in an effect is: the one lookup order, decided once at check time.

A name is, in this order:

1. a **local**: a `let`, `for` or comprehension variable in scope;
2. a **context name** the script provides — always `me`, `opponent`, `turn_player` and
   `this` (an action's request; a component's unit); `target` / `targets` with a 対象,
   `key` with a ★ key card condition, `key_unit` with a key unit condition, `event` in a
   triggered action, `unit` in a component script, `it` in a target's `where`. A context
   name the script does not provide is an error where it is used (E320);
3. where the parameter asks for a type or a script (`summon`'s `as`), a type of the
   vocabulary, else a script id: `as=soldier` is the type 兵士, not the component 一般兵
   that shares its id (4.1.3: the unit conditions decide the component);
   where the parameter asks for a word of the vocabulary (a `zone`, `unit_kind`, `role`,
   `label`, `status`, `rule` or `event_kind`), that word (E300 when the ruleset does not
   declare it);
4. a **constant** of the language (`charged`, `face_up`, `end_of_turn`, `spade`, `true` …);
5. a **script id**.

The checker records the choice in the model (`effects.Name.ref`) and code generation
emits it, so the engine never looks a name up while a game is played. A script id that
is also a context name or a constant would be ambiguous, and is an error (E205).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import ruleset as m
from ..model import vocabulary as v
from ..model.effects import Ref, RefKind
from ..verbs import CONSTANTS, CONTEXT, LIBRARY, TERM_TYPES

ALWAYS = ("me", "opponent", "turn_player", "this")
#: the parameter type of a type (兵士として) or, failing one, a script (英雄として)
TYPE_OR_SCRIPT = "type_or_script"


@dataclass
class Scope:
    """The names visible at one place of a script: locals, the context names the script
    provides (with their types), and why the others are missing."""

    context: dict[str, str]
    missing: dict[str, str]
    locals: dict[str, str] = field(default_factory=dict)
    fixes: dict[str, str] = field(default_factory=dict)  # what to write to have a missing name

    def child(self, **names: str) -> "Scope":
        return Scope(self.context, self.missing, {**self.locals, **names}, self.fixes)


# How to fix a use of a context name an action lacks (E320): give it what the name is, or
# stop using it.
ACTION_FIXES = {
    "target": "give the action a target (`target: soldier`), or reach what it acts on without `target`",
    "key": "give the header a key card condition (`★♡5`), or drop `key`",
    "key_unit": "give the header a key unit condition (a ★ naming a unit), or drop `key_unit`",
    "event": "make the action triggered (a triggered header with an `on …` condition), or drop `event`",
    "unit": "write `this` for the action's own request, or move the code into a component script",
    "it": "use `it` inside a target's `where` only",
}
ACTION_FIXES["targets"] = ACTION_FIXES["target"]


def target_type(voc: v.Vocabulary, spec: m.TargetSpec) -> str:
    """The value type of a target of this kind: a unit, a request or a player. A component
    is a unit wherever it is, a trump (切札, one card in a zone of cards) too: the same
    value its own script calls `unit` (`component_scope`), read as one."""
    of = spec.of
    if isinstance(of, v.TargetKindDef):
        return "request" if of.subject is v.Subject.REQUEST else "player"
    return "unit" if of is not None else "any"


def action_scope(voc: v.Vocabulary, s: m.ActionScript) -> Scope:
    ctx = {n: CONTEXT[n] for n in ALWAYS}
    missing = {"unit": "only a component script (character, fog, trump) has `unit`",
               "it": "`it` is the candidate in a target's `where` only"}
    if s.target is not None and s.target.specs:
        t = target_type(voc, s.target.specs[0]) if len(s.target.specs) == 1 else "any"
        ctx["target"] = t
        ctx["targets"] = "units" if t == "unit" else "any"
    else:
        missing["target"] = missing["targets"] = f"'{s.id}' has no target (対象)"
    if s.key_cards is not None:
        ctx["key"] = "cards"
    else:
        missing["key"] = f"'{s.id}' has no key card condition (★)"
    if s.key_unit is not None:
        ctx["key_unit"] = "unit"
    else:
        missing["key_unit"] = f"'{s.id}' has no key unit condition (★…を持つ…, ★「…」)"
    if s.header is not None and s.header.trigger.origin is v.Origin.EVENT:
        ctx["event"] = "event"
    else:
        missing["event"] = f"'{s.id}' is not a triggered action: no event made it"
    return Scope(ctx, missing, fixes=ACTION_FIXES)


def component_scope(s: m.ComponentScript) -> Scope:
    ctx = {n: CONTEXT[n] for n in ALWAYS}
    ctx["this"] = ctx["unit"] = "unit"  # a component's `this` is its unit
    why = f"'{s.id}' is a {s.kind}, not an action"
    missing = {n: why for n in ("target", "targets", "key", "key_unit", "event")}
    missing["it"] = "`it` is the candidate in a target's `where` only"
    fixes = {n: f"write `unit` (or `this`) for the {s.kind}'s own unit; a {s.kind} has no `{n}`"
             for n in ("target", "targets", "key", "key_unit", "event")}
    fixes["it"] = ACTION_FIXES["it"]
    return Scope(ctx, missing, fixes=fixes)


def term_table(voc: v.Vocabulary, want: str) -> dict[str, object]:
    """The declared words a parameter of type `want` takes, by id."""
    table = TERM_TYPES[want]
    if table == "unit_kinds":
        out: dict[str, object] = {t.id: t for t in voc.types if t.kind != "action"}
        out.update({c.id: c for c in voc.components})
        return out
    if table == "events":
        return {n: spec for n, spec in LIBRARY.items() if spec.kind == "event"}
    return {t.id: t for t in getattr(voc, table)}


@dataclass
class Resolution:
    """A name's meaning (None when it is an error) and, if so, the error to report."""

    ref: Ref | None
    type: str | None
    code: str = ""
    message: str = ""
    expected: str | None = None
    fix: str | None = None


def resolve(name: str, want: str | None, scope: Scope, voc: v.Vocabulary, scripts: dict[str, m.Script]
            ) -> Resolution:
    """Apply the lookup order of the module docstring."""
    if name in scope.locals:
        return Resolution(Ref(RefKind.LOCAL, name), scope.locals[name])
    if name in scope.context:
        return Resolution(Ref(RefKind.CONTEXT, name), scope.context[name])
    if name in scope.missing:
        return Resolution(None, None, "E320", f"'{name}' is not available here: {scope.missing[name]}",
                          fix=scope.fixes.get(name))
    if want == TYPE_OR_SCRIPT:  # summon(…, as=): the type first, as `units(soldier)` reads it
        t = voc.types.get(name)
        if t is not None and t.kind != "action":
            return Resolution(Ref(RefKind.TERM, name, "types"), want)
        if name in scripts:
            return Resolution(Ref(RefKind.SCRIPT, name), "script")
        return Resolution(None, None, "E300", f"unknown type or script '{name}'",
                          " ".join(t.id for t in voc.types if t.kind != "action") or None)
    if want in TERM_TYPES:
        table = term_table(voc, want)
        if name in table:
            return Resolution(Ref(RefKind.TERM, name, TERM_TYPES[want]), want)
        shown = " ".join(table) or f"(the ruleset declares no {TERM_TYPES[want]})"
        return Resolution(None, None, "E300", f"unknown {want.replace('_', ' ')} '{name}'", shown)
    if name in CONSTANTS:
        return Resolution(Ref(RefKind.CONSTANT, name), CONSTANTS[name])
    if name in scripts:
        return Resolution(Ref(RefKind.SCRIPT, name), "script")
    for kind in TERM_TYPES:  # a word of the vocabulary, in a place that does not take one
        if name in term_table(voc, kind):
            where = f"a {want}" if want not in (None, "any") else "a value"
            return Resolution(None, None, "E305", f"'{name}' is a {kind.replace('_', ' ')}, where {where} is expected",
                              f"a {kind.replace('_', ' ')} goes where a parameter takes one, e.g. move(x, to={name})"
                              if kind == "zone" else None)
    return Resolution(None, None, "E300", f"undefined name '{name}'")


def ambiguous_ids(scripts: dict[str, m.Script]) -> list[m.Script]:
    """Scripts whose id is also a context name or a constant (E205)."""
    return [s for sid, s in scripts.items() if sid in CONTEXT or sid in CONSTANTS]
