"""Legal requests (5.3): what a player may request now.

An option is one way to request an action: its key cards from the hand or a key unit from
the field, and its target. Timing decides who may (メイン only for the turn player with an
empty stage), then the activation condition, the costs (`bpscript.engine.kernel.costs`), the key
condition and the target kind as the vocabulary declares it.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ...model.cards import Card
from ...model.conditions import LabelHolder, NamedCharacter, has_matching
from . import targeting
from .abilities import forced_attack
from .base import ActionEffect
from .context import EffectContext, apply_abilities
from .costs import Costs
from .plans import Hand, Plan, tables_of
from .request import Request
from .rules import Rules
from .state import GameState, Unit
from .view import Seen, describe


@dataclass(slots=True, eq=False)
class Option:
    """One legal request: the action, its key cards, key unit and target. Never changed
    once made (an agent hands back one of the options it was given); slotted, not frozen:
    a frozen dataclass sets each field through `object.__setattr__`, and a decision lists
    its options anew (`_options`)."""

    action: str
    name: str
    keys: tuple[Card, ...] = ()
    key_unit: Unit | None = None
    target: Unit | Request | int | None = None

    def __str__(self) -> str:
        return self.written(self.target)

    def written(self, target: object) -> str:
        """The option's text, its target written as `target` (itself, or as it was seen)."""
        parts = [f"{self.name}({self.action})"]
        if self.keys:
            parts.append("★" + " ".join(map(str, self.keys)))
        if self.target is not None:
            parts.append("→ " + (describe(target) if target is self.target else str(target)))
        return " ".join(parts)


def _options(action: str, name: str, sets: Iterable[tuple[Card, ...]], key_unit: Unit | None,
             targets: Iterable[Unit | Request | int | None]) -> list[Option]:
    """An option of each key set of `sets` with each target of `targets` (`(None,)`: none),
    in that order."""
    out = []
    for keys in sets:
        for target in targets:
            out.append(Option(action, name, keys, key_unit, target))
    return out


#: the targets of an action that has none
_NO_TARGET = (None,)


class SeenOption:
    """An option as it stands now, written when read (`view.Seen`): what a note names."""

    __slots__ = ("option", "target")

    def __init__(self, option: Option):
        self.option, self.target = option, Seen(option.target)

    def __str__(self) -> str:
        return self.option.written(self.target)


class _Scan:
    """One decision's look at the state: abilities applied once, then what every action's
    ways share: the hand's key cards, the funds for costs, the candidates for targets and
    the probe request (set for each action before it is used)."""

    __slots__ = ("legal", "st", "p", "main_ok", "seen", "hand", "masks", "playable", "funds", "memo")

    def __init__(self, legal: "Legal", p: int):
        self.legal, self.p = legal, p
        self.look()

    def look(self) -> None:
        """Apply the abilities and read what every action's ways share."""
        legal, p = self.legal, self.p
        st = legal.state
        if st.abilities_at != st.version:  # else applied already (`apply_abilities` is cached so)
            # labels, waived costs, forced attacks (9.3), with the game's ability contexts
            apply_abilities(st, legal.game.seats, legal.rules.load, legal.ability_contexts)
        self.st = st
        self.main_ok = main = p == st.turn_player and not st.stage
        # a hand is often looked at again unchanged (the other player passed): the last one of
        # each player is kept (`Legal.hands`)
        cards = tuple(st.players[p].hand)
        hand = legal.hands[p]
        if hand is None or hand.cards != cards:
            hand = legal.hands[p] = legal.tables.hand(cards)
        self.seen = hand
        self.hand = cards
        self.masks = hand.masks
        self.playable, needs = hand.windows[main]
        #: how much of each payment the player could make now, keys aside: every payment
        #: the costs of the playable plans need (`Costs.funds`), with a waived letter or not
        self.funds = legal.costs.funds(p, needs) if needs else {}
        #: what the look works out once, each kind under its own kind of key: an action's
        #: candidates for its target (its id), a zone's `targeting.zone_index` ((player,
        #: zone)), whether cost totals can be paid, keys aside (the totals' frozenset)
        self.memo: dict[Any, Any] = {}  # Any: each kind of entry under its own kind of key, as said

    def only_forced(self, actions: list[str]) -> list[str]:
        """Of `actions` (each with a legal way), the attacks an ability forces (巨人) when
        one of them is there, else all of them (docs/engine.md)."""
        forced = forced_attack(self.st, self.p) if actions else ()
        if not forced:
            return actions
        return [a for a in actions if a in forced] or actions

    def ctx(self, plan: Plan, keys: list[Card], unit: Unit | None) -> EffectContext:
        """The context of a probe request of `plan`'s action with these keys and key unit:
        the player's one probe request, its action, keys and key unit set in place (read
        only by activation and where-conditions, never kept). A new request for each
        probe, the context begun with it, costs 2.5 % more instructions per random ライト
        game (callgrind, 20 games: 6.36 M -> 6.52 M): about 37 more requests a game."""
        ctx = self.legal.probes[self.p]
        if ctx is None or ctx.state is not self.st:
            ctx = self.legal.probe(self.p)
        probe = ctx.request
        probe.action, probe.keys, probe.key_unit = plan.id, keys, unit
        return ctx

    def key_sets(self, plan: Plan) -> list[tuple[Card, ...]]:
        """The sets of key cards that meet `plan`'s key condition (`Rules.key_sets`)."""
        hand = self.hand
        if plan.single:
            bit = plan.bits
            found: list[tuple[Card, ...]] = []
            for c, m in zip(hand, self.masks):
                if m & bit:
                    found.append((c,))
            return found
        seen = self.seen
        if seen.key_sets is None:  # they depend on the hand alone (`Hand`)
            seen.key_sets = self.legal.rules.hand_key_sets(hand)
        return self.legal.rules.key_sets(plan.id, hand, seen.key_sets)

    def sets(self, plan: Plan) -> list[tuple[Card, ...]]:
        """`key_sets` of a uniform plan, once per hand (`Hand.sets`: they depend on the
        hand alone)."""
        if not plan.patterns:
            return [()]
        found = self.seen.sets.get(plan.id)
        if found is None:
            found = self.seen.sets[plan.id] = self.key_sets(plan)
        return found

    def possible(self, plan: Plan) -> bool:
        """Whether the action has a legal way (as `ways(plan, True)` finds), its key
        patterns being met by the hand (`playable`). For a uniform plan no way is listed:
        its costs with the key cards, its activation condition, then a candidate and a
        matching of the key patterns (targets whatever the keys), or else a key set with a
        target its where-condition accepts."""
        if not plan.uniform or self.st.waived:
            return bool(self.ways(plan, True))
        funds = self.funds
        for need, n in plan.needs_with_keys:
            if funds[need] < n:
                return False
        if plan.activates and not plan.inst.can_activate(self.ctx(plan, [], None)):
            return False
        if plan.any_target:
            if plan.targeted and not targeting.has_candidate(self.st, plan.id, plan.spec, self.p, plan.where,
                                                             self.zone):
                return False
            return not plan.several or self.matched(plan)
        cands = self.candidates(plan)
        if cands:
            ctx = self.ctx(plan, [], None)
            probe, target_ok = ctx.request, plan.inst.target_ok
            for keys in self.sets(plan):
                probe.keys = list(keys)
                for t in cands:
                    if target_ok(ctx, 0, t):
                        return True
        return False

    def listed(self, plan: Plan) -> list[Option]:
        """The ways of an action `possible` found, in order (`ways(plan, False)`): for a
        uniform plan, whose costs hold for every way, each key set with each target."""
        if not plan.uniform or self.st.waived:
            return self.ways(plan, False)
        action, name = plan.id, plan.name
        sets = self.sets(plan)
        if not plan.targeted:
            return _options(action, name, sets, None, _NO_TARGET)
        cands = self.candidates(plan)
        if plan.any_target:
            return _options(action, name, sets, None, cands)
        ctx = self.ctx(plan, [], None)
        probe, target_ok = ctx.request, plan.inst.target_ok
        out = []
        for keys in sets:
            probe.keys = list(keys)
            for t in cands:
                if target_ok(ctx, 0, t):
                    out.append(Option(action, name, keys, None, t))
        return out

    def zone(self, player: int, zone: str) -> tuple[set[str | None], list[Unit]]:
        """`targeting.zone_index` of a player's zone, once a decision."""
        found = self.memo.get((player, zone))
        if found is None:
            found = self.memo[(player, zone)] = targeting.zone_index(self.st, player, zone)
        return found

    def ways(self, plan: Plan, first: bool) -> list[Any]:  # Any: see the docstring
        """The legal ways to request one action, in order (5.3); when `first`, only whether
        there is any: a list, empty or not, of no Options (none is built for a look).
        (Any: Options, or with `first` a token that one exists: the plan, a key set.)"""
        if plan not in self.playable:  # a key pattern no card of the hand meets, …: no way (`Tables.playable`)
            return []
        legal, st, p = self.legal, self.st, self.p
        funds = self.funds
        if st.waived:
            needs = legal.costs.totals(plan.cls, p)
            discards, drive_key = legal.costs.per_way(needs)
        else:
            needs = plan.needs
            discards, drive_key = plan.per_way
        if needs:
            # the same costs (D of アップ, ダウン, …) are checked once a decision
            key = plan.needs_key if not st.waived else frozenset(needs.items())
            ok = self.memo.get(key)
            if ok is None:
                ok = self.memo[key] = legal.costs.affordable(needs, funds, (), None)
            if not ok:
                return []
        if plan.activates and not plan.inst.can_activate(self.ctx(plan, [], None)):
            return []
        # the most key cards that may leave the hand with the cards to discard still there
        if not discards:
            spare = 1 << 30
        elif len(discards) == 1:
            (need, n), = discards
            spare = funds[need] - n
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
            ways = [((), u) for u in legal.key_units(self.ctx(plan, [], None), plan.cls, p)]
        elif plan.key_zone is not None:
            pile = tuple(getattr(st.players[p], plan.key_zone))
            ways = [(k, None) for k in legal.rules.key_sets(plan.id, pile, {})]
            spare = 1 << 30  # the key cards do not leave the hand
        elif plan.key:
            ways = [(k, None) for k in self.key_sets(plan)]
        else:
            ways = [((), None)]
        out: list[Any] = []  # Any: as `ways`
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
                out.extend(_options(plan.id, plan.name, (keys,), unit, cands))
            else:
                ctx = self.ctx(plan, list(keys), unit)
                target_ok = plan.inst.target_ok
                for t in cands:
                    if target_ok(ctx, 0, t):
                        if first:
                            return [(keys, unit)]
                        out.append(Option(plan.id, plan.name, keys, unit, t))
        return out

    def candidates(self, plan: Plan) -> list[Unit | Request | int]:
        """The candidates for `plan`'s target (`targeting.candidates`), once a decision."""
        found = self.memo.get(plan.id)
        if found is None:
            found = self.memo[plan.id] = targeting.candidates(self.st, plan.id, plan.spec, self.p, plan.where)
        return found

    def matched(self, plan: Plan) -> bool:
        """Whether distinct cards of the hand meet each pattern of `plan`'s key (a key
        set exists: `Slots.candidates` would find one), once per hand (`Hand.met`)."""
        if plan.single:  # its bit is in the hand's (checked first of all)
            return True
        met = self.seen.met
        found = met.get(plan.id)
        if found is None:
            bits, masks = plan.bit_list, self.masks
            if len(bits) == 2:  # Hall's condition: each pattern met, and by two cards between them (♠ と ♣)
                a, b = bits
                either = [m for m in masks if m & (a | b)]
                found = len(either) >= 2 and any(m & a for m in either) and any(m & b for m in either)
            else:
                found = has_matching(len(bits), len(masks), lambda k, i: masks[i] & bits[k])
            met[plan.id] = found
        return found


class Options(_Scan, Sequence[Option]):
    """The legal requests of one decision (5.3), worked out as the agent looks, in the
    order `Legal.requests` lists them: whether each action has a way to be requested
    (`actions`), the ways of one action (`of`), or the whole list. An agent that passes
    without looking costs nothing; a random agent that picks an action first looks for
    one way of each action and lists the ways of the one it picked. It is its own look
    (`_Scan`, set up at the first look): one object less per look."""

    __slots__ = ("_ways", "_actions", "_items")
    _actions: list[str] | None

    def __init__(self, legal: "Legal", p: int):
        # the rest is set at the first look (`actions`): most decisions pass without one
        self.legal, self.p, self._actions = legal, p, None

    def actions(self) -> list[str]:
        """The actions with at least one legal way, in the rules' order (when an ability
        forces an attack that may be requested, only that one: 巨人)."""
        if self._actions is None:
            # the first look: abilities applied, what every action shares
            self.look()
            self._ways: dict[str, list[Option]] = {}  # action id → all its ways, once listed
            self._items: list[Option] | None = None
            possible = self.possible
            # the actions of this window whose key patterns the hand meets (`Tables.playable`)
            have = []
            for plan in self.playable:
                if plan.always or possible(plan):
                    have.append(plan.id)
            # only an ability forces an attack: with no holder of abilities (or no action to
            # request), nothing is forced
            self._actions = have if not have or self.st.abilities_none else self.only_forced(have)
        return self._actions

    def of(self, action: str) -> list[Option]:
        """The legal ways to request `action`, in order (none when it has none)."""
        if action not in (self._actions if self._actions is not None else self.actions()):
            return []
        found = self._ways.get(action)
        if found is None:
            found = self._ways[action] = self.listed(self.legal.by_id[action])
        return found

    @property
    def items(self) -> list[Option]:
        actions = self.actions()
        if self._items is None:
            self._items = [o for a in actions for o in self.of(a)]
        return self._items

    def __getitem__(self, i: int) -> Option:  # type: ignore[override]  # no slices: an index
        return self.items[i]

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self._actions if self._actions is not None else self.actions())

    def __iter__(self) -> Iterator[Option]:
        return iter(self.items)

    def __contains__(self, x: object) -> bool:
        action = getattr(x, "action", None)
        if isinstance(action, str):
            # the ways of the action the agent picked are listed already (`of`): read in place
            ways = self._ways.get(action) if self._actions is not None else None
            for o in (ways if ways is not None else self.of(action)):
                if o is x:
                    return True
        return False


class Legal:
    """The legal requests of one game, computed from its state on demand."""

    def __init__(self, game: Any):  # Any: a Game (game.py imports this module): its state, rules, costs
        self.game = game  # a weak proxy (`Game.__init__`)
        self.state: GameState
        self.rules: Rules
        self.costs: Costs
        #: the game's state, rules and costs (never replaced), read without the proxy
        self.state, self.rules, self.costs = game.state, game.rules, game.costs
        self.tables = tables = tables_of(game.rules, game.costs)
        self.plans, self.any_time, self.by_id = tables.plans, tables.any_time, tables.by_id
        #: per player: the hand last looked at, as `Tables.hand` sees it
        self.hands: list[Hand | None] = [None, None]
        self.probes: list[EffectContext | None] = [None, None]  # per player: `probe`, once made
        #: the game's contexts abilities are applied with (`apply_abilities`)
        self.ability_contexts = game._ability_contexts

    def probe(self, p: int) -> EffectContext:
        """A new context of a probe request of player `p` (its action, keys and key unit are
        set for each use): activation and where-conditions read it. Kept in `probes`, it
        serves every decision of the player while the game has the same state object."""
        ctx: EffectContext = self.game.ctx(Request("", p))
        self.probes[p] = ctx
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

    def key_units(self, ctx: EffectContext, cls: type[ActionEffect], p: int) -> list[Unit]:
        """Units of player `p`'s field that meet a key unit condition (★<ラベル> を持つ兵士1体,
        ★「名前」1体)."""
        cond = self.game.ruleset.scripts[cls.id].key.condition
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

    def targets(self, ctx: EffectContext, cls: type[ActionEffect], p: int) -> list[Unit | Request | int]:
        """The candidates for the action's target (5.3.1) that meet its where-condition:
        units of the declared type or component kind, requests on the stage, or players,
        as the target kind says (`bpscript.engine.kernel.targeting`)."""
        return targeting.targets(self.game.state, ctx, cls, self.game.rules.instance(cls.id), p)
