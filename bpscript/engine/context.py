"""The context a generated effect runs in: names, attributes and the verb calls.

Generated code calls `ctx.call('move', target, {'to': grave})`, `ctx.lookup(v, 'key')`,
`ctx.attr(card, 'number')`. This module answers those against a `GameState`, with the
implementation of each verb in `bpscript.engine.verbs`. Decisions inside an effect go to
a `Chooser` (the in-effect part of the agent protocol, `bpscript.engine.agents`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from ..cards import Card, Suit
from .request import Chooser, Request
from .state import GameState, Unit
from .verbs import VERBS

CONSTANTS: dict[str, Any] = {
    **{z: ("zone", z) for z in ("life", "grave", "field", "hand", "fog", "pack", "rare", "trump")},
    "charged": ("state", "charged"), "driven": ("state", "driven"),
    "face_up": ("face", "up"), "face_down": ("face", "down"),
    "end_of_turn": ("duration", "end_of_turn"), "top": ("position", "top"), "bottom": ("position", "bottom"),
    "spade": Suit.SPADE, "heart": Suit.HEART, "diamond": Suit.DIAMOND, "club": Suit.CLUB,
    "true": True, "false": False,
}
LOOP_LIMIT = 1000


class EffectContext:
    """What `ctx` is inside generated code, for one resolving request (or one ability)."""

    def __init__(self, state: GameState, request: Request, chooser: Chooser,
                 load_class: Callable[[str], type] | None = None, ability: bool = False):
        self.state = state
        self.request = request
        self.chooser = chooser
        self.load_class = load_class  # script id -> generated class (for sizes, labels)
        self.ability = ability  # applying a static ability: sizes go to Unit.ability_size
        self.steps: list[int] = []

    # ------------------------------------------------------------ names
    def lookup(self, v: dict[str, Any], name: str) -> Any:
        if name in v:
            return v[name]
        r = self.request
        if name == "me":
            return r.controller
        if name == "opponent":
            return 1 - r.controller
        if name == "target":
            return r.target
        if name == "key":
            return list(r.keys)
        if name == "turn_player":
            return self.state.turn_player
        if name == "key_unit":
            return r.key_unit
        if name == "targets":
            return [r.target]
        if name == "this":
            return r
        if name in CONSTANTS:
            return CONSTANTS[name]
        if name in self.state.ruleset.scripts:
            return ("script", name)
        raise NameError(f"undefined name '{name}'")

    def attr(self, obj: Any, name: str) -> Any:
        if isinstance(obj, Unit):
            if name == "size":
                return self.size(obj)
            if name == "state":
                return CONSTANTS["charged"] if obj.charged else CONSTANTS["driven"]
            if name in ("owner", "controller"):
                return obj.owner
            if name == "cards":
                return list(obj.cards)
            return self.attr(list(obj.cards), name)
        if isinstance(obj, Card):
            return {"number": obj.number, "suit": obj.suit, "owner": obj.copy // 2}[name]
        if isinstance(obj, Request):
            numbers = [c.number for c in obj.keys]
            return {"key_count": len(obj.keys), "key_number": numbers[0] if numbers else 0,
                    "key_total": sum(numbers), "keys": list(obj.keys), "action": ("script", obj.action),
                    "has_target": obj.target is not None, "has_keys": bool(obj.keys),
                    "controller": obj.controller}[name]
        if isinstance(obj, list):
            if name == "count":
                return len(obj)
            if all(isinstance(c, Card) for c in obj):
                numbers = [c.number for c in obj]
                return {"number": numbers[0] if numbers else 0, "numbers": numbers, "total": sum(numbers),
                        "suit": obj[0].suit if obj else None, "suits": [c.suit for c in obj],
                        "owner": obj[0].copy // 2 if obj else None}[name]
        if isinstance(obj, int) and name in ("life", "hand"):
            return len(getattr(self.state.players[obj], name))
        if obj is None:
            return None
        raise AttributeError(f"no attribute '{name}' on {type(obj).__name__}")

    def truth(self, value: Any) -> bool:
        return bool(value)

    def items(self, value: Any) -> list[Any]:
        return list(value) if isinstance(value, (list, tuple)) else [value]

    def loop_guard(self) -> Iterator[int]:
        return iter(range(LOOP_LIMIT))

    def step(self, number: int) -> None:
        self.steps.append(number)

    # ------------------------------------------------------------ verbs
    def call(self, func: str, *args: Any) -> Any:
        *positional, kwargs = args
        impl = VERBS.get(func)
        if impl is None:
            raise NotImplementedError(f"the engine does not implement '{func}' yet")
        return impl(self, *positional, **kwargs)

    # ------------------------------------------------------------ helpers for verbs
    def has_label(self, unit: Unit, label: str) -> bool:
        """Whether the unit has the label (by id), by its component's class."""
        if unit.component is None or self.load_class is None:
            return False
        return bool(self.load_class(unit.component)().has_label(self, unit, label))

    def has_role(self, unit: Unit, role: str) -> bool:
        """Whether one of the unit's labels gives it the role (the vocabulary declares which)."""
        if unit.component is None or self.load_class is None:
            return False
        cls = self.load_class(unit.component)
        roles = self.state.ruleset.vocabulary.labels
        return any(role in roles[l].roles and cls().has_label(self, unit, l) for l in cls.labels if l in roles)

    def size(self, unit: Unit) -> int:
        """A unit's size: its component's generated `size()`, this turn's changes and
        what abilities add (recomputed when the state changed, 9.4.2)."""
        base = 0
        if unit.component is not None and self.load_class is not None:
            base = self.load_class(unit.component)().size(self, unit) or 0
        if not self.ability:
            apply_abilities(self.state, self.chooser, self.load_class)
        return base + unit.size_bonus + unit.ability_size


def apply_abilities(state: GameState, chooser: Chooser, load_class: Callable[[str], type] | None) -> None:
    """Recompute every static ability, scope by scope: all → your → this (9.4.2).
    Cached by the state's version (any change of units bumps it)."""
    if load_class is None or getattr(state, "_abilities_at", None) == state.version:
        return
    holders: list[Unit] = []
    for p in state.players:
        for u in p.field:
            u.ability_size = 0
            holders.append(u)
        holders.extend(p.marks)
    with_abilities = [(u, load_class(u.component)) for u in holders if u.component is not None]
    with_abilities = [(u, cls) for u, cls in with_abilities if cls.scopes]
    for scope in ("all", "your", "this"):
        for u, cls in with_abilities:
            if scope in cls.scopes:
                ctx = EffectContext(state, Request(cls.id, u.owner), chooser, load_class, ability=True)
                cls().apply_abilities(ctx, u, scope)
    state._abilities_at = state.version
