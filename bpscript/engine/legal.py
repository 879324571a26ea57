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
from typing import Any

from ..cards import Card
from ..conditions import LabelHolder, NamedCharacter, Slots, has_matching
from ..vocabulary import Window
from .base import ActionEffect
from . import targeting
from .abilities import forced_attack
from .context import EffectContext, apply_abilities
from .request import Request
from .state import Unit
from .view import Seen, describe

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
        return self.written(self.target)

    def written(self, target: Any) -> str:
        """The option's text, its target written as `target` (itself, or as it was seen)."""
        parts = [f"{self.name}({self.action})"]
        if self.keys:
            parts.append("★" + " ".join(map(str, self.keys)))
        if self.target is not None:
            parts.append("→ " + (describe(target) if target is self.target else str(target)))
        return " ".join(parts)


class SeenOption:
    """An option as it stands now, written when read (`view.Seen`): what a note names."""

    __slots__ = ("option", "target")

    def __init__(self, option: Option):
        self.option, self.target = option, Seen(option.target)

    def __str__(self) -> str:
        return self.option.written(self.target)


class Options(Sequence):
    """The legal requests of one decision (5.3), worked out as the agent looks, in the
    order `Legal.requests` lists them: whether each action has a way to be requested
    (`actions`), the ways of one action (`of`), or the whole list. An agent that passes
    without looking costs nothing; a random agent that picks an action first looks for
    one way of each action and lists the ways of the one it picked."""

    __slots__ = ("_legal", "_p", "_scan", "_ways", "_actions", "_items")

    def __init__(self, legal: "Legal", p: int):
        self._legal, self._p = legal, p
        self._scan: _Scan | None = None
        self._ways: dict[str, list[Option]] = {}  # action id → all its ways, once listed
        self._actions: list[str] | None = None
        self._items: list[Option] | None = None

    def actions(self) -> list[str]:
        """The actions with at least one legal way, in the rules' order (when an ability
        forces an attack that may be requested, only that one: 巨人)."""
        if self._actions is None:
            # the first look: abilities applied, what every action shares
            scan = self._scan = _Scan(self._legal, self._p)
            possible = scan.possible
            # the actions of this window whose key patterns the hand meets (`_Tables.playable`)
            have = [plan.id for plan in scan.playable if plan.always or possible(plan)]
            self._actions = scan.only_forced(have)
        return self._actions

    def of(self, action: str) -> list[Option]:
        """The legal ways to request `action`, in order (none when it has none)."""
        if action not in self.actions():
            return []
        found = self._ways.get(action)
        if found is None:
            found = self._ways[action] = self._scan.ways(self._legal.by_id[action], False)  # type: ignore[union-attr]
        return found

    @property
    def items(self) -> list[Option]:
        if self._items is None:
            self._items = [o for a in self.actions() for o in self.of(a)]
        return self._items

    def __getitem__(self, i):  # type: ignore[override]
        return self.items[i]

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.actions())

    def __iter__(self):
        return iter(self.items)

    def __contains__(self, x: object) -> bool:
        action = getattr(x, "action", None)
        return isinstance(action, str) and any(o is x for o in self.of(action))


class _Plan:
    """What legal requests need of one direct action, worked out once per `Rules`: its
    window, cost totals, whether it has an activation condition, a key and targets."""

    __slots__ = ("cls", "id", "name", "main", "needs", "needs_key", "per_way", "inst", "activates", "key_unit", "key",
                 "key_zone", "patterns", "single", "bits", "bit_list", "targeted", "spec", "where", "any_target",
                 "quick", "first_needs", "always")

    def __init__(self, cls: type, rules: Any, costs: Any):
        self.cls, self.id, self.name = cls, cls.id, cls.name
        self.main = cls.window == MAIN
        self.needs = costs.totals(cls)
        self.needs_key = frozenset(self.needs.items())
        self.per_way = costs.per_way(self.needs)
        self.inst = rules.instance(cls.id)
        # the base class's can_activate is always True: skip the call
        self.activates = type(self.inst).can_activate is not ActionEffect.can_activate
        self.key_unit = bool(cls.key_is_unit)
        self.key = cls.key is not None and not cls.key_is_unit
        # key cards from a zone other than the hand (★レアカード1枚: the rare zone)
        cond = rules.ruleset.scripts[cls.id].key.condition if self.key else None  # type: ignore[union-attr]
        self.key_zone: str | None = getattr(cond, "zone", None)
        #: a key of one card per pattern from the hand (♡A〜10, ♡A〜K と ♢A〜K): the patterns, a bit
        #: for each in `_Tables.masks` (`bits`: all of them), and whether it is a one-card key
        self.patterns = cond.patterns if isinstance(cond, Slots) and self.key_zone is None else ()
        self.single = len(self.patterns) == 1
        self.bits = 0
        self.bit_list: list[int] = []  # a bit per pattern, in order
        self.targeted = bool(cls.target_kinds)
        self.spec = cls.target_kinds[0] if self.targeted else None
        #: what the target kind ranges over (`targeting.where_of`), resolved once
        self.where = targeting.where_of(rules.ruleset.vocabulary, self.spec[0]) if self.targeted else None
        # no where-condition: the targets are the candidates, whatever the key cards
        self.any_target = type(self.inst).target_ok is ActionEffect.target_ok
        discards, drive_key = self.per_way
        #: whether a first look needs no way listed (`_Scan.possible`): no key unit to find or
        #: drive, key cards (if any) from the hand by patterns, targets (if any) whatever the keys
        self.quick = (not self.key_unit and not drive_key and self.key_zone is None
                      and (not self.key or bool(self.patterns)) and self.any_target)
        #: for that look, what each payment must reach: the cost, and for a discard the key
        #: cards too (they leave the hand before the cost is paid)
        self.first_needs = tuple((need, n + (len(self.patterns) if (need, n) in discards else 0))
                                 for need, n in self.needs.items())
        #: a first look has nothing to check beyond the key patterns in the hand (エンド, サーチ)
        self.always = self.quick and not self.needs and not self.activates and not self.targeted \
            and len(self.patterns) <= 1


class _Tables:
    """What legal requests know of one `Rules`: the plans of its direct actions, and for
    each card, which patterns of key conditions it meets (a bit per pattern of each action:
    a hand is looked at once per decision, not once per action)."""

    def __init__(self, rules: Any, costs: Any):
        self.plans = [_Plan(c, rules, costs) for c in rules.direct]
        self.any_time = [plan for plan in self.plans if not plan.main]  # the actions outside メイン too
        self.by_id = {plan.id: plan for plan in self.plans}
        self.patterns: list[tuple[int, Any]] = []  # (bit, pattern)
        for plan in self.plans:
            for pattern in plan.patterns:
                bit = 1 << len(self.patterns)
                self.patterns.append((bit, pattern))
                plan.bits |= bit
                plan.bit_list.append(bit)
        self.masks: dict[Card, int] = {}
        self._playable: dict[tuple[bool, int], tuple[_Plan, ...]] = {}

    def playable(self, main: bool, bits: int) -> tuple[_Plan, ...]:
        """The plans of the window (every action in メイン, else those outside it: 5.1) whose
        key patterns are all met by some card of a hand whose cards meet `bits` (an action
        with a pattern no card meets has no way), worked out once per set of bits."""
        found = self._playable.get((main, bits))
        if found is None:
            found = self._playable[(main, bits)] = tuple(
                plan for plan in (self.plans if main else self.any_time) if bits & plan.bits == plan.bits)
        return found

    def mask(self, card: Card) -> int:
        """The bits of the key patterns `card` meets (computed once per card)."""
        found = self.masks.get(card)
        if found is None:
            found = self.masks[card] = sum(bit for bit, pattern in self.patterns if pattern.accepts(card))
        return found


_TABLES: "weakref.WeakKeyDictionary[Any, _Tables]" = weakref.WeakKeyDictionary()


class _Funds(dict):
    """How much of each payment player `p` could make now, keys aside (`Costs.funds`),
    asked of the costs the first time a payment is looked up in a decision."""

    __slots__ = ("costs", "p")

    def __init__(self, costs: Any, p: int):
        super().__init__()
        self.costs, self.p = costs, p

    def __missing__(self, need: Any) -> int:
        found = self[need] = self.costs.funds(self.p, (need,))[need]
        return found


class _Scan:
    """One decision's look at the state: abilities applied once, then what every action's
    ways share: the hand's key cards, the funds for costs, the candidates for targets and
    the probe request (set for each action before it is used)."""

    __slots__ = ("legal", "game", "st", "p", "main_ok", "hand", "masks", "any_bits", "playable", "hand_sets",
                 "funds", "afford", "cands", "units_seen", "zones")

    def __init__(self, legal: "Legal", p: int):
        game = legal.game
        st = game.state
        apply_abilities(st, game.seats, game.rules.load)  # labels, waived costs, forced attacks (9.3)
        self.legal, self.game, self.st, self.p = legal, game, st, p
        self.main_ok = main = p == st.turn_player and not st.stage
        self.hand, self.masks, self.any_bits = legal.hand_masks(p)  # per card of the hand, `_Tables.mask`; their union
        self.playable = legal.tables.playable(main, self.any_bits)
        self.hand_sets: dict[str, list[tuple[Card, ...]]] | None = None
        self.funds = _Funds(game.costs, p)
        self.afford: dict[frozenset, bool] = {}  # cost totals → whether they can be paid, keys aside
        self.cands: dict[str, list[Any]] = {}  # action → the candidates for its target
        self.units_seen: dict[tuple, list[Unit]] = {}  # (player, kind, zone) → units
        self.zones: dict[tuple[int, str], Any] = {}  # (player, zone) → `targeting.zone_index`

    def only_forced(self, actions: list[str]) -> list[str]:
        """Of `actions` (each with a legal way), the attacks an ability forces (巨人) when
        one of them is there, else all of them (docs/engine.md)."""
        # only an ability forces an attack: with no holder of abilities, nothing is forced
        forced = forced_attack(self.st, self.p) if actions and not self.st.abilities_none else ()
        if not forced:
            return actions
        return [a for a in actions if a in forced] or actions

    def ctx(self, plan: _Plan, keys: list[Card], unit: Unit | None) -> EffectContext:
        """The context of a probe request of `plan`'s action with these keys and key unit."""
        ctx = self.legal.probe(self.p)
        probe = ctx.request
        probe.action, probe.keys, probe.key_unit = plan.id, keys, unit
        return ctx

    def key_sets(self, plan: _Plan) -> list[tuple[Card, ...]]:
        """The sets of key cards that meet `plan`'s key condition (`Rules.key_sets`)."""
        hand = self.hand
        if plan.single:
            bit = plan.bits
            return [(c,) for c, m in zip(hand, self.masks) if m & bit]
        if self.hand_sets is None:
            self.hand_sets = self.game.rules.hand_key_sets(hand)
        return self.game.rules.key_sets(plan.id, hand, self.hand_sets)

    def possible(self, plan: _Plan) -> bool:
        """Whether the action has a legal way (`ways(plan, True)`), its key patterns being
        met by the hand (`playable`). A quick plan's ways all have as many key cards and
        the same targets: its costs with the key cards, its activation condition, a
        candidate and a matching of the key patterns decide, with no way listed."""
        if not plan.quick or self.st.waived:
            return bool(self.ways(plan, True))
        funds = self.funds
        for need, n in plan.first_needs:
            if funds[need] < n:
                return False
        if plan.activates and not plan.inst.can_activate(self.ctx(plan, [], None)):
            return False
        if plan.targeted and not targeting.has_candidate(self.st, plan.id, plan.spec, self.p, plan.where,
                                                         self.zone):
            return False
        return plan.single or not plan.patterns or self.matched(plan)

    def zone(self, player: int, zone: str) -> Any:
        """`targeting.zone_index` of a player's zone, once a decision."""
        found = self.zones.get((player, zone))
        if found is None:
            found = self.zones[(player, zone)] = targeting.zone_index(self.st, player, zone)
        return found

    def ways(self, plan: _Plan, first: bool) -> list[Option]:
        """The legal ways to request one action, in order (5.3); when `first`, only whether
        there is any: a list, empty or not, of no Options (none is built for a look)."""
        if self.any_bits & plan.bits != plan.bits:  # a pattern of the key no card of the hand meets: no way
            return []
        game, st, p = self.game, self.st, self.p
        funds = self.funds
        if st.waived:
            needs = game.costs.totals(plan.cls, p)
            discards, drive_key = game.costs.per_way(needs)
        else:
            needs = plan.needs
            discards, drive_key = plan.per_way
        if needs:
            # the same costs (D of アップ, ダウン, …) are checked once a decision
            key = plan.needs_key if not st.waived else frozenset(needs.items())
            ok = self.afford.get(key)
            if ok is None:
                ok = self.afford[key] = game.costs.affordable(needs, funds, (), None)
            if not ok:
                return []
        if plan.activates and not plan.inst.can_activate(self.ctx(plan, [], None)):
            return []
        # the most key cards that may leave the hand with the cards to discard still there
        if not discards:
            spare = 1 << 30
        elif len(discards) == 1:
            spare = funds[discards[0][0]] - discards[0][1]
        else:
            spare = min(funds[need] - n for need, n in discards)
        if plan.targeted:
            cands = self.candidates(plan)
            if not cands:
                return []
        if first and plan.patterns and plan.any_target:
            # every way has as many key cards, and the same targets: one matching is enough
            return [plan] if len(plan.patterns) <= spare and (plan.single or self.matched(plan)) else []
        ways: list[tuple[tuple[Card, ...], Unit | None]]
        if plan.key_unit:
            ways = [((), u) for u in self.legal.key_units(self.ctx(plan, [], None), plan.cls, p)]
        elif plan.key_zone is not None:
            pile = tuple(getattr(st.players[p], plan.key_zone))
            ways = [(k, None) for k in game.rules.key_sets(plan.id, pile, {})]
            spare = 1 << 30  # the key cards do not leave the hand
        elif plan.key:
            ways = [(k, None) for k in self.key_sets(plan)]
        else:
            ways = [((), None)]
        out: list[Any] = []
        for keys, unit in ways:
            if len(keys) > spare or (drive_key and (unit is None or not unit.charged)):
                continue
            if not plan.targeted:
                if first:
                    return [(keys, unit)]
                out.append(Option(plan.id, plan.name, keys, unit, None))
            elif plan.any_target:
                if first:
                    return [(keys, unit)]
                out.extend(Option(plan.id, plan.name, keys, unit, t) for t in cands)
            else:
                ctx = self.ctx(plan, list(keys), unit)
                target_ok = plan.inst.target_ok
                for t in cands:
                    if target_ok(ctx, 0, t):
                        if first:
                            return [(keys, unit)]
                        out.append(Option(plan.id, plan.name, keys, unit, t))
        return out

    def candidates(self, plan: _Plan) -> list[Any]:
        """The candidates for `plan`'s target (`targeting.candidates`), once a decision;
        the units of a player, zone and kind are looked up once for every action."""
        found = self.cands.get(plan.id)
        if found is None:
            found = self.cands[plan.id] = targeting.candidates(self.st, plan.id, plan.spec, self.p, plan.where,
                                                                self.units)
        return found

    def units(self, player: int, kind: str | None, zone: str) -> list[Unit]:
        """`GameState.units_of`, once a decision."""
        key = (player, kind, zone)
        found = self.units_seen.get(key)
        if found is None:
            found = self.units_seen[key] = self.st.units_of(player, kind, zone)
        return found

    def matched(self, plan: _Plan) -> bool:
        """Whether distinct cards of the hand meet each pattern of `plan`'s key (a key
        set exists: `Slots.candidates` would find one)."""
        if plan.single:  # its bit is in the hand's (checked first of all)
            return True
        bits, masks = plan.bit_list, self.masks
        return has_matching(len(bits), len(masks), lambda k, i: masks[i] & bits[k])


class Legal:
    """The legal requests of one game, computed from its state on demand."""

    def __init__(self, game: Any):  # a Game: its state, rules, costs and contexts
        self.game = game
        tables = _TABLES.get(game.rules)
        if tables is None:
            tables = _TABLES[game.rules] = _Tables(game.rules, game.costs)
        self.tables = tables
        self.plans, self.any_time, self.by_id = tables.plans, tables.any_time, tables.by_id
        self._hands: list[Any] = [None, None]  # per player: the hand last looked at, its masks and bits
        self._probes: list[EffectContext | None] = [None, None]  # per player: the probe request's context

    def hand_masks(self, p: int) -> tuple[tuple[Card, ...], list[int], int]:
        """Player `p`'s hand, per card the key patterns it meets (`_Tables.mask`; 0 for a
        card met before in the hand: each set once), and their union. A hand is often
        looked at again unchanged (the other player passed): the last one is kept."""
        hand = tuple(self.game.state.players[p].hand)
        last = self._hands[p]
        if last is not None and last[0] == hand:
            return last
        tables = self.tables
        masks = [tables.mask(c) for c in hand]
        if len(set(hand)) != len(hand):  # a card twice: not in a real game, but each set once
            masks = [m if c not in hand[:i] else 0 for i, (c, m) in enumerate(zip(hand, masks))]
        bits = 0
        for m in masks:
            bits |= m
        found = self._hands[p] = (hand, masks, bits)
        return found

    def probe(self, p: int) -> EffectContext:
        """The context of a probe request of player `p` (its action, keys and key unit are
        set for each use), made once per player: activation and where-conditions read it."""
        ctx = self._probes[p]
        if ctx is None or ctx.state is not self.game.state:
            ctx = self._probes[p] = self.game.ctx(Request("", p))
        return ctx

    def options(self, p: int) -> Options:
        """The requests player `p` may make now, worked out as they are looked at."""
        return Options(self, p)

    def requests(self, p: int) -> list[Option]:
        """Every request player `p` may make now (5.3): timing (メイン only for the turn
        player with an empty stage), activation condition, costs that can be paid, key
        cards from the hand or a key unit from the field, and a target when there is a
        target item (5.3.1). Scripts the engine cannot run are never offered (the
        regulation check in `Game.__init__` reports them). When an ability forces an
        attack that may be requested (巨人), only that attack is offered (docs/engine.md)."""
        scan = _Scan(self, p)  # every action listed in full: what `Options` must agree with
        found = [(plan.id, scan.ways(plan, False)) for plan in (self.plans if scan.main_ok else self.any_time)]
        keep = set(scan.only_forced([a for a, ways in found if ways]))
        return [o for a, ways in found if a in keep for o in ways]

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
