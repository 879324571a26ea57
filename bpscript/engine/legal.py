"""Legal requests (5.3): what a player may request now.

An option is one way to request an action: its key cards from the hand or a key unit from
the field, and its target. Timing decides who may (メイン only for the turn player with an
empty stage), then the activation condition, the costs (`bpscript.engine.costs`), the key
condition and the target kind as the vocabulary declares it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any, Callable

from ..cards import Card
from ..conditions import LabelHolder, NamedCharacter
from ..vocabulary import Window
from .base import ActionEffect
from . import targeting
from .abilities import forced_attack
from .context import EffectContext, apply_abilities
from .request import Request
from .state import Unit
from .view import describe

MAIN = Window.MAIN


@dataclass(frozen=True, eq=False)
class Option:
    """One legal request: the action, its key cards, key unit and target."""

    action: str
    name: str
    keys: tuple[Card, ...] = ()
    key_unit: Unit | None = None
    target: Any = None

    def __str__(self) -> str:
        parts = [f"{self.name}({self.action})"]
        if self.keys:
            parts.append("★" + " ".join(map(str, self.keys)))
        if self.target is not None:
            parts.append("→ " + describe(self.target))
        return " ".join(parts)


class LazyOptions(Sequence):
    """The legal requests of one decision, computed when the agent first looks at them:
    an agent that passes without looking (a random agent, half the time) costs nothing."""

    __slots__ = ("_compute", "_items")

    def __init__(self, compute: Callable[[], list[Option]]):
        self._compute, self._items = compute, None

    @property
    def items(self) -> list[Option]:
        if self._items is None:
            self._items = self._compute()
        return self._items

    def __getitem__(self, i):  # type: ignore[override]
        return self.items[i]

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def __contains__(self, x: object) -> bool:
        return x in self.items


class _Plan:
    """What legal requests need of one direct action, worked out once per `Rules`: its
    window, cost totals, whether it has an activation condition, a key and targets."""

    __slots__ = ("cls", "id", "name", "main", "needs", "inst", "activates", "key_unit", "key", "key_zone",
                 "targeted")

    def __init__(self, cls: type, rules: Any, costs: Any):
        self.cls, self.id, self.name = cls, cls.id, cls.name
        self.main = cls.window == MAIN
        self.needs = costs.totals(cls)
        self.inst = rules.instance(cls.id)
        # the base class's can_activate is always True: skip the call
        self.activates = type(self.inst).can_activate is not ActionEffect.can_activate
        self.key_unit = bool(cls.key_is_unit)
        self.key = cls.key is not None and not cls.key_is_unit
        # key cards from a zone other than the hand (★レアカード1枚: the rare zone)
        key = rules.ruleset.scripts[cls.id].key if self.key else None
        self.key_zone: str | None = getattr(key.condition, "zone", None) if key is not None else None
        self.targeted = bool(cls.target_kinds)


_PLANS: "weakref.WeakKeyDictionary[Any, list[_Plan]]" = weakref.WeakKeyDictionary()


class Legal:
    """The legal requests of one game, computed from its state on demand."""

    def __init__(self, game: Any):  # a Game: its state, rules, costs and contexts
        self.game = game
        plans = _PLANS.get(game.rules)
        if plans is None:
            plans = _PLANS[game.rules] = [_Plan(c, game.rules, game.costs) for c in game.rules.direct]
        self.plans = plans

    def requests(self, p: int) -> list[Option]:
        """Every request player `p` may make now (5.3): timing (メイン only for the turn
        player with an empty stage), activation condition, costs that can be paid, key
        cards from the hand or a key unit from the field, and a target when there is a
        target item (5.3.1). Scripts the engine cannot run are never offered (the
        regulation check in `Game.__init__` reports them)."""
        game = self.game
        st = game.state
        apply_abilities(st, game.seats, game.rules.load)  # labels, waived costs, forced attacks (9.3)
        main_ok = p == st.turn_player and not st.stage
        out: list[Option] = []
        hand = tuple(st.players[p].hand)
        hand_sets = None
        probe = Request("", p)
        ctx = game.ctx(probe)
        costs = game.costs
        affordable = costs.affordable
        funds: dict = {}
        for plan in self.plans:
            if plan.main and not main_ok:
                continue
            needs = plan.needs if not st.waived else costs.totals(plan.cls, p)
            if needs:
                missing = [n for n in needs if n not in funds]
                if missing:
                    funds.update(costs.funds(p, {n: 0 for n in missing}))
                if not affordable(needs, funds, (), None):
                    continue
            cls = plan.cls
            probe.action, probe.keys, probe.key_unit = plan.id, [], None
            if plan.activates and not plan.inst.can_activate(ctx):
                continue
            ways: list[tuple[tuple[Card, ...], Unit | None]]
            if plan.key_unit:
                ways = [((), u) for u in self.key_units(ctx, cls, p)]
            elif plan.key_zone is not None:
                pile = tuple(getattr(st.players[p], plan.key_zone))
                ways = [(k, None) for k in game.rules.key_sets(plan.id, pile, {})]
            elif plan.key:
                if hand_sets is None:
                    hand_sets = game.rules.hand_key_sets(hand)
                ways = [(k, None) for k in game.rules.key_sets(plan.id, hand, hand_sets)]
            else:
                ways = [((), None)]
            for keys, unit in ways:
                in_hand = keys if plan.key_zone is None else ()  # the cards that leave the hand
                if needs and not affordable(needs, funds, in_hand, unit is not None and unit.charged):
                    continue
                if plan.targeted:
                    probe.keys, probe.key_unit = list(keys), unit
                    for t in self.targets(ctx, cls, p):
                        out.append(Option(plan.id, plan.name, keys, unit, t))
                else:
                    out.append(Option(plan.id, plan.name, keys, unit, None))
        forced = forced_attack(st, p)
        if forced:  # 巨人: the attack is requested whenever it may be (docs/engine.md)
            out = [o for o in out if o.action in forced] or out
        return out

    def key_units(self, ctx: EffectContext, cls: type, p: int) -> list[Unit]:
        """Units of player `p`'s field that meet a key unit condition (★<ラベル> を持つ兵士1体,
        ★「名前」1体)."""
        cond = self.game.ruleset.scripts[cls.id].key.condition  # type: ignore[union-attr]
        scripts = self.game.ruleset.scripts
        out = []
        for u in self.game.state.players[p].field:
            comp = scripts.get(u.component) if u.component else None
            if comp is None:
                continue
            if isinstance(cond, LabelHolder):
                if comp.type.id == cond.kind and ctx.has_label(u, cond.label):
                    out.append(u)
            elif isinstance(cond, NamedCharacter) and comp.id == cond.character:
                out.append(u)
        return out

    def targets(self, ctx: EffectContext, cls: type, p: int) -> list[Any]:
        """The candidates for the action's target (5.3.1) that meet its where-condition:
        units of the declared type or component kind, requests on the stage, or players,
        as the target kind says (`bpscript.engine.targeting`)."""
        return targeting.targets(self.game.state, ctx, cls, self.game.rules.instance(cls.id), p)
