"""Legal requests (5.3): what a player may request now.

An option is one way to request an action: its key cards from the hand or a key unit from
the field, and its target. Timing decides who may (メイン only for the turn player with an
empty stage), then the activation condition, the costs (`bpscript.engine.costs`), the key
condition and the target kind as the vocabulary declares it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..conditions import LabelHolder, NamedCharacter
from ..vocabulary import Subject, Window
from .context import EffectContext
from .costs import units_of
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


class Legal:
    """The legal requests of one game, computed from its state on demand."""

    def __init__(self, game: Any):  # a Game: its state, rules, costs and contexts
        self.game = game

    def requests(self, p: int) -> list[Option]:
        """Every request player `p` may make now (5.3): timing (メイン only for the turn
        player with an empty stage), activation condition, costs that can be paid, key
        cards from the hand or a key unit from the field, and a target when there is a
        target item (5.3.1). Scripts the engine cannot run are never offered (the
        regulation check in `Game.__init__` reports them)."""
        st = self.game.state
        main_ok = p == st.turn_player and not st.stage
        out: list[Option] = []
        hand = tuple(st.players[p].hand)
        probe = Request("", p)
        ctx = self.game.ctx(probe)
        costs = self.game.costs
        funds: dict = {}
        for cls in self.game.rules.direct:
            if cls.window == MAIN and not main_ok:
                continue
            needs = costs.totals(cls)
            if needs:
                missing = [n for n in needs if n not in funds]
                if missing:
                    funds.update(costs.funds(p, {n: 0 for n in missing}))
                if not costs.affordable(needs, funds, (), None):
                    continue
            probe.action, probe.keys, probe.key_unit = cls.id, [], None
            if not self.game.rules.instance(cls.id).can_activate(ctx):
                continue
            ways: list[tuple[tuple[Card, ...], Unit | None]]
            if cls.key_is_unit:
                ways = [((), u) for u in self.key_units(ctx, cls, p)]
            elif cls.key is not None:
                ways = [(k, None) for k in self.game.rules.key_sets(cls.id, hand)]
            else:
                ways = [((), None)]
            for keys, unit in ways:
                if needs and not costs.affordable(needs, funds, keys, unit is not None and unit.charged):
                    continue
                targets: list[Any] = [None]
                if cls.target_kinds:
                    probe.keys, probe.key_unit = list(keys), unit
                    targets = self.targets(ctx, cls, p)
                for t in targets:
                    out.append(Option(cls.id, cls.name, keys, unit, t))
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

    def _untargetable(self, req: Request, by: str) -> bool:
        """A rule note (※) may shield a request from some actions (剣の雨 from カウンター)."""
        script = self.game.ruleset.scripts.get(req.action)
        note = getattr(script, "note_def", None)
        return note is not None and by in note.untargetable_by

    def targets(self, ctx: EffectContext, cls: type, p: int) -> list[Any]:
        """The candidates for the action's target (5.3.1): units of the declared type or
        component kind, requests on the stage, or players, as the target kind says."""
        kind, _count, owner = cls.target_kinds[0]
        who = None if owner is None else (p if owner == "self" else 1 - p)
        voc = self.game.ruleset.vocabulary
        subject = voc.target_kinds.get(kind)
        if subject is not None:
            if subject.subject is Subject.REQUEST:
                cands: list[Any] = [r for r in self.game.state.stage if not self._untargetable(r, cls.id)]
            elif subject.subject is Subject.PLAYER:
                cands = [0, 1]
            else:
                cands = [1 - p]
        elif voc.unit_kind(kind) is not None:
            players = (0, 1) if who is None else (who,)
            cands = [u for q in players for u in units_of(self.game.state, q, kind)]
        else:
            return []
        inst = self.game.rules.instance(cls.id)
        return [c for c in cands if inst.target_ok(ctx, 0, c)]
