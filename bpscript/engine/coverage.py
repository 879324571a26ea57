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

from .. import model as m
from ..effects import Call, Event, NodeWalker
from ..setup_steps import StepKind
from .setup import SUPPORTED_STEPS
from .verbs import IMPLEMENTED


@dataclass
class ScriptCoverage:
    id: str
    name: str
    kind: str
    structured: bool
    executable: bool
    missing: list[str] = field(default_factory=list)  # what is not yet structured or implemented


def implemented_names() -> frozenset[str]:
    """Names the engine implements."""
    return frozenset(IMPLEMENTED)


class UsedNames(NodeWalker):
    """The verbs, queries and events an effect tree uses."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def visit_Call(self, node: Call) -> None:
        self.used.add(node.func)
        self.walk_children(node)

    def visit_Event(self, node: Event) -> None:
        self.used.add(node.name)
        self.walk_children(node)


def _nodes(s: m.Script) -> list[object]:
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
        nodes += [l.when for l in s.labels if l.when is not None]
        for a in s.abilities:
            nodes += list(a.body or ())
    return nodes


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
    for node in _nodes(s):
        names.visit(node)
    used = names.used
    unimplemented = sorted(u for u in used if u not in implemented)
    missing += [f"engine: {u}" for u in unimplemented]
    return ScriptCoverage(s.id, s.name, s.kind, structured, structured and not unimplemented and bool(implemented), missing)


def coverage(rs: m.Ruleset) -> list[ScriptCoverage]:
    impl = implemented_names()
    return [script_coverage(s, impl) for s in rs.scripts.values()]


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
