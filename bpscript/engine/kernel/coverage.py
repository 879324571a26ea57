"""How much of each script the engine can run: Fireplace's "N / M implemented".

It lives in the engine because "executable" is a fact about the engine: its own tables
are what a script is checked against.

A script is *structured* when every rule it prints has a bpscript form (effect
statements, condition guards, size expression), and *executable* when it is
structured and the engine implements every verb, query and event it uses. A frame is
*playable* when the engine runs every step of its setup.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from ...model import ruleset as m
from ...model.relations import expressions
from ...model.conditions import NamedCharacter
from ...model.effects import Attr, Call, Event, Name, NodeWalker, RefKind, calls
from ...model.semantics import Arg, Role
from ...verbs import LIBRARY
from ...model.setup_steps import StepKind
from ..setup.start import SUPPORTED_STEPS
from ..setup import packs  # noqa: F401  (they fill the table of verbs)
from . import queries, verbs  # noqa: F401  (they fill the table of verbs)
from ...model.vocabulary import ComponentDef, TargetKindDef, TypeDef
from .context import ATTRIBUTES, CONTEXT_NAMES
from .registry import EVENTS, VERBS
from .state import ZONE_OF_KIND
from .targeting import TARGET_ZONES
from .state import PILES

#: the zones the engine keeps: its piles and the field
ZONES = frozenset(PILES) | {"field"}


@dataclass
class ScriptCoverage:
    id: str
    name: str
    kind: str
    structured: bool
    executable: bool
    missing: list[str] = field(default_factory=list)  # what is not yet structured or implemented


def implemented_names() -> frozenset[str]:
    """Names the engine implements: its verbs and queries, and the events it emits."""
    return frozenset(VERBS) | EVENTS


class UsedNames(NodeWalker):
    """What an effect tree asks of the engine: verbs, queries and events; context names,
    zones and attributes; names the checker could not resolve."""

    def __init__(self) -> None:
        self.used: set[str] = set()
        self.context: set[str] = set()
        self.zones: set[str] = set()
        self.attributes: set[str] = set()
        self.unresolved: set[str] = set()

    # [override] below: NodeWalker dispatches by the node's class, so each visit_X
    # receives an X (the base's walk_children takes any node)
    def visit_Call(self, node: Call) -> None:  # type: ignore[override]
        self.used.add(node.func)
        self.walk_children(node)

    def visit_Event(self, node: Event) -> None:  # type: ignore[override]
        self.used.add(node.name)
        self.walk_children(node)

    def visit_Name(self, node: Name) -> None:  # type: ignore[override]
        ref = node.ref
        if ref is None:
            self.unresolved.add(node.id)
        elif ref.kind is RefKind.CONTEXT:
            self.context.add(ref.key)
        elif ref.kind is RefKind.TERM and ref.table == "zones":
            self.zones.add(ref.key)

    def visit_Attr(self, node: Attr) -> None:  # type: ignore[override]
        self.attributes.add(node.name)
        self.walk_children(node)


def script_coverage(s: m.Script, implemented: frozenset[str]) -> ScriptCoverage:
    missing: list[str] = []
    if isinstance(s, m.ActionScript):
        if s.effect is None or s.effect.body is None:
            missing.append("effect")
        for name, c in (("activation", s.activation), ("trigger", s.trigger_condition)):
            if c is not None and not c.structured:
                missing.append(name)
        if s.target is not None and not s.target.structured:
            missing.append("target")
    elif isinstance(s, m.ComponentScript):
        if s.size is not None and not s.size.structured:
            missing.append("size")
        for label in s.labels:
            if label.qualifier and label.when is None:
                missing.append(f"label <{label.name}>({label.qualifier})")
        for a in s.abilities:
            if a.body is None:
                missing.append(f"ability「{a.text[:12]}…」")
    structured = not missing
    names = UsedNames()
    for node in expressions(s):
        names.visit(node)
    lacks = [f"engine: {u}" for u in sorted(names.used - implemented)]
    lacks += [f"engine: context name '{n}'" for n in sorted(names.context - CONTEXT_NAMES)]
    lacks += [f"engine: zone '{z}'" for z in sorted(names.zones - ZONES)]
    lacks += [f"engine: attribute '.{a}'" for a in sorted(names.attributes - ATTRIBUTES)]
    lacks += [f"unresolved name '{n}'" for n in sorted(names.unresolved)]
    if isinstance(s, m.ActionScript) and s.target is not None:
        lacks += [f"engine: target kind '{sp.kind}'" for sp in s.target.specs if not target_supported(sp)]
    key_zone = getattr(s.key.condition, "zone", None) if isinstance(s, m.ActionScript) and s.key else None
    if key_zone is not None and key_zone not in ZONES:  # key cards taken from a zone the engine lacks
        lacks.append(f"engine: zone '{key_zone}' (key cards)")
    if isinstance(s, m.ComponentScript) and s.zone and s.zone not in ZONES:  # it could never be in play
        lacks.append(f"engine: zone '{s.zone}' (where a {s.kind} lives)")
    missing += lacks
    return ScriptCoverage(s.id, s.name, s.kind, structured, structured and not lacks, missing)


def target_supported(spec: m.TargetSpec) -> bool:
    """Whether the engine can offer candidates for a target of this kind: requests,
    players, and units of a type or component kind that lives on the field or in the trump zone."""
    of = spec.of
    if isinstance(of, TargetKindDef):
        return True
    if isinstance(of, TypeDef):
        return ZONE_OF_KIND.get(of.kind) in TARGET_ZONES
    return isinstance(of, ComponentDef) and ZONE_OF_KIND.get(of.id) in TARGET_ZONES


def put_in_play(s: m.Script) -> list[str]:
    """The components an action's effect puts in play by name: the value of the role AS in
    the summary of a verb it calls (`summon(key, as=magician)`, `place_fog(…, as=closeFog)`)."""
    found: list[str] = []
    if not isinstance(s, m.ActionScript):
        return found
    for call in calls(expressions(s)):
        spec = LIBRARY.get(call.func)
        if spec is None:
            continue
        for f in spec.summary:
            src = f.source(Role.AS)
            value = spec.arguments(call.args, call.kwargs).get(src.param) if isinstance(src, Arg) else None
            ref = value.ref if isinstance(value, Name) else None
            # a script, or a type (`summon(…, as=soldier)`): its id as a script, if any
            if ref is not None and (ref.kind is RefKind.SCRIPT or ref.table == "types"):
                if ref.key not in found:
                    found.append(ref.key)
    return found


def coverage(rs: m.Ruleset, scripts: Iterable[m.Script] | None = None) -> list[ScriptCoverage]:
    """The coverage of `scripts` (every script of the ruleset by default): each script on
    its own, then what it depends on — an action whose key unit is a named character, or
    that puts a named component in play, cannot run when that component cannot (it could
    never be in play, or would stop the game once it is)."""
    impl = implemented_names()
    chosen = list(rs.scripts.values()) if scripts is None else list(scripts)
    out = [script_coverage(s, impl) for s in chosen]
    by_id = {c.id: c for c in out}

    def broken(component: str) -> bool:
        dep = by_id.get(component)
        if dep is None and component in rs.scripts:
            dep = script_coverage(rs.scripts[component], impl)
        return dep is not None and not dep.executable

    for s, c in zip(chosen, out):
        cond = s.key.condition if isinstance(s, m.ActionScript) and s.key is not None else None
        if isinstance(cond, NamedCharacter) and cond.character is not None and broken(cond.character):
            c.executable = False
            c.missing.append(f"key unit: character '{cond.character}' is not executable")
        for comp in put_in_play(s):
            if broken(comp):
                c.executable = False
                c.missing.append(f"puts in play: {rs.scripts[comp].kind} '{comp}', which is not executable")
    return out


@dataclass
class FrameCoverage:
    id: str
    name: str
    unsupported: list[str]  # the setup steps the engine does not run, as written

    @property
    def playable(self) -> bool:
        return not self.unsupported


def supported_setup_steps() -> frozenset[StepKind]:
    """The setup step kinds the engine runs."""
    return SUPPORTED_STEPS


def setup_coverage(rs: m.Ruleset) -> list[FrameCoverage]:
    runs = supported_setup_steps()
    return [FrameCoverage(fr.id, fr.name, [str(st) for st in fr.setup.steps if st.kind not in runs])
            for fr in rs.frames.values()]


@dataclass
class NoteCoverage:
    """A script's rule note (※): enforced by the engine, or text only and why."""

    script: str
    text: str
    note: str | None  # the declared note's id; None for free text
    enforced: bool
    reason: str  # why it is text only ("" when enforced)


FREE_TEXT = "written as free text: no declared note gives it a meaning"


def note_coverage(rs: m.Ruleset) -> list[NoteCoverage]:
    out = []
    for s in rs.actions():
        if not s.note:
            continue
        nd = s.note_def
        if nd is None:
            out.append(NoteCoverage(s.id, s.note, None, False, FREE_TEXT))
        else:
            out.append(NoteCoverage(s.id, s.note, nd.id, nd.structured, nd.text_only))
    return out


def coverage_json(rs: m.Ruleset) -> dict[str, object]:
    """The facts `check --coverage` prints, as data (`check --coverage --json`)."""
    runs = supported_setup_steps()
    return {
        "scripts": [{"id": c.id, "name": c.name, "kind": c.kind, "structured": c.structured,
                     "executable": c.executable, "missing": list(c.missing)} for c in coverage(rs)],
        "frames": [{"id": f.id, "name": f.name, "set_up": f.playable, "unsupported_steps": f.unsupported}
                   for f in setup_coverage(rs)],
        "engine_setup_steps": sorted(k.value for k in runs),
        "notes": [{"script": n.script, "text": n.text, "note": n.note, "enforced": n.enforced,
                   "text_only_reason": n.reason or None} for n in note_coverage(rs)],
    }
