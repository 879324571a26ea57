"""The trigger check (9.4.1): events since the last check, the triggered requests they
make, the request buffer, and the order the buffered requests resolve or go on the stage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...model.cards import Card
from ...model.values import ScriptRef, Zone
from ...model.vocabulary import Resolution, Window
from .base import ActionEffect
from .context import EffectContext
from .events import ANYTHING, Discarded, Event, Moved, ScriptEvent, Signal, Watch
from .observe import AT_ONCE, DISCARDED, ON_STAGE, Triggered
from .memo import Memo
from .registry import SCRIPT_EVENTS, accepts, names_script
from .request import ORDER, EventFacts, Prompt, Request
from .rules import Rules

IMMEDIATE, NORMAL, MAIN, QUICK = Resolution.AT_ONCE, Resolution.STAGE, Window.MAIN, Window.ANY


#: the event kinds whose arguments the check matches (any other kind triggers nothing)
MATCHED = SCRIPT_EVENTS | {"moved", "discarded", "unblocked"}

@dataclass(slots=True, eq=False)
class Entry:
    """An entry of `TriggerTable`: what one event may trigger for one player."""

    action: type[ActionEffect]  # the triggered action's class
    player: int  # the player it would trigger for
    condition: Any  # Any: the card condition a `moved` event's cards must meet (None: any), or an unblocked attacker's label
    each: bool  # it counts each card of a `moved` event
    static: bool  # its event arguments are known (False: computed with a context at each check)
    instance: ActionEffect  # the action's instance (its guard and arguments)


def accepts_event(ev: Event, args: tuple[object, ...], kwargs: dict[str, Any]) -> bool:  # Any: event arguments
    """Whether a triggered action's event arguments accept the event, its cards aside (a
    `moved` event's cards are counted by `times`)."""
    if type(ev) is ScriptEvent:
        return names_script(args, ev.action)
    if type(ev) is Moved:
        unit = kwargs.get("unit")
        return (kwargs.get("from", ev.frm) == ev.frm and kwargs.get("to", ev.to) == ev.to
                and kwargs.get("who", ev.owner) == ev.owner and (unit is None or unit.id == ev.component))
    if ev.kind in ("discarded", "unblocked"):  # the player who discarded; the attacker's owner
        return bool(kwargs.get("who", ev.player) == ev.player)
    return False


def times(ev: Event, condition: Any, each: bool) -> int:  # Any: as `Entry.condition`
    """How many requests an accepted event makes: a `moved` event, one per card meeting the
    condition (`each`) or one if any does; any other event, one."""
    if type(ev) is not Moved:
        return 1
    cards: tuple[Card, ...] | list[Card] = ev.cards
    if condition is not None:
        cards = [c for c in cards if accepts(condition, c)]
    return len(cards) if each else int(bool(cards))


class TriggerTable:
    """Which triggered actions of one regulation an event may trigger, and for whom.

    Most events trigger nothing, and most of the rest trigger the same few actions again
    and again: the table answers an event with a dict lookup. An event is keyed by what
    static event arguments are matched against (its kind, the script it is about, the
    zones, the player, the component) and the turn player (who is asked first); the answer
    lists, in `Rules.by_event` order, each action and player whose static arguments accept
    the key, and every action whose arguments depend on the state (`event_static` false:
    they are computed at each check, with a context). Static arguments depend on the
    controller alone (`bpscript.backends.python_backend`), so one table serves every game
    of the rules."""

    def __init__(self, rules: Rules):
        self.rules = rules
        #: the kinds some action of the regulation waits for (every other event is skipped)
        self.kinds = frozenset(rules.by_event) & MATCHED
        #: (action id, player) → its static event arguments
        self._args: dict[tuple[str, int], tuple[tuple[Any, ...], dict[str, Any]]] = {}  # Any: script values
        self._entries: dict[tuple[object, ...], tuple[Entry, ...]] = {}
        #: kind → what an event of it must name for any action to trigger (`gate`)
        self.gates: dict[str, frozenset[Gate] | None] = {}
        #: per turn player, a script event (itself the key) → what it may trigger
        self.seen: tuple[dict[ScriptEvent, tuple[Entry, ...]], ...] = ({}, {})
        self._probe_requests: dict[tuple[type[ActionEffect], int], Request] = {}
        self._watch: Watch | None = None

    def watch(self, game: Any) -> Watch:  # Any: a Game (game.py imports this module)
        """The events some action of the regulation waits for (`Watch`), from each kind's
        gate (`gate`; None: any event of the kind), worked out once for the rules from the
        first game's contexts."""
        found = self._watch
        if found is None:
            gates = {kind: self.gate(kind, 0, game) for kind in sorted(self.kinds)}
            moves = gates.get("moved", frozenset())
            scripts = frozenset((kind, sid) for kind, gate in gates.items() if kind in SCRIPT_EVENTS
                                for sid in (self.rules.ruleset.scripts if gate is None else gate))
            found = self._watch = Watch(self.kinds, ANYTHING if moves is None else moves, scripts)
        return found

    def script_entries(self, ev: ScriptEvent, turn_player: int, game: Any) -> tuple[Entry, ...]:  # Any: a Game
        """What a script event (of a kind in `kinds`) may trigger, its gate first; kept in
        `seen` (a script event is its kind, an action and a player: few of them recur)."""
        gate = self.gate(ev.kind, turn_player, game)
        found = () if gate is not None and ev.action not in gate else self.entries(ev, turn_player, game)
        self.seen[turn_player][ev] = found
        return found

    def gate(self, kind: str, turn_player: int, game: Any) -> frozenset[Gate] | None:  # Any: a Game
        """The scripts (a script event) or the (from, to) zones (a `moved` event) some action
        of the regulation waits for, so every other event of the kind is skipped without a
        key: None when any event of the kind may trigger (an action whose arguments depend
        on the state, or name no script or zone). Made once per kind, from the static
        arguments `_build` reads, in its order (a probe is a request: made as before)."""
        if kind in self.gates:
            return self.gates[kind]
        keys: set[Gate] | None = set()
        for cls in self.rules.by_event.get(kind, ()):
            if not cls.event_static:
                keys = None
            for p in (turn_player, 1 - turn_player):
                if keys is None:
                    break
                args, kwargs = self._static_args(cls, p, game)
                keys = _gate_key(kind, args, kwargs, keys)
        found = self.gates[kind] = None if keys is None else frozenset(keys)
        return found

    def entries(self, ev: Event, turn_player: int, game: Any) -> tuple[Entry, ...]:  # Any: a Game
        """The actions `ev` (of a kind in `kinds`) may trigger, in the check's order."""
        kind = ev.kind
        key: tuple[object, ...]
        if type(ev) is Moved:
            key = (kind, ev.frm, ev.to, ev.owner, ev.component, turn_player)
        elif type(ev) is ScriptEvent:
            key = (kind, ev.action, turn_player)
        else:
            key = (kind, ev.player, turn_player)
        found = self._entries.get(key)
        if found is None:
            found = self._entries[key] = self._build(ev, turn_player, game)
        return found

    def _build(self, ev: Event, turn_player: int, game: Any) -> tuple[Entry, ...]:  # Any: a Game
        out: list[Entry] = []
        for cls in self.rules.by_event.get(ev.kind, ()):
            _name, each = cls.event  # type: ignore[misc]  # not None: `Rules.by_event` holds actions with an event
            for p in (turn_player, 1 - turn_player):
                inst = self.rules.instance(cls.id)
                if not cls.event_static:
                    out.append(Entry(cls, p, None, each, False, inst))
                    continue
                args, kwargs = self._static_args(cls, p, game)
                if accepts_event(ev, args, kwargs):  # an unblocked attacker's label: read at the check
                    out.append(Entry(cls, p, kwargs.get("label" if ev.kind == "unblocked" else "condition"),
                                     each, True, inst))
        return tuple(out)

    def probe_request(self, cls: type[ActionEffect], player: int) -> Request:
        """The request a probe of `cls` for `player` stands for (`Triggers.probe`): made once,
        shared by every game of the rules (a guard or event argument only reads it)."""
        found = self._probe_requests.get((cls, player))
        if found is None:
            found = self._probe_requests[(cls, player)] = Request(cls.id, player)
        return found

    def _static_args(self, cls: type[ActionEffect], player: int,
                     game: Any) -> tuple[tuple[Any, ...], dict[str, Any]]:  # Any: a Game; event arguments
        """A static event's arguments for its controller `player`, computed once."""
        found = self._args.get((cls.id, player))
        if found is None:
            ctx = game.ctx(Request(cls.id, player))
            found = self._args[(cls.id, player)] = self.rules.instance(cls.id).event_args(ctx)
        return found


#: what a gate holds: a script's id (a script event), or the (from, to) zones (a `moved` event)
Gate = str | tuple[str, str]


def _gate_key(kind: str, args: tuple[object, ...], kwargs: dict[str, Any],  # Any: event arguments
              keys: set[Gate]) -> set[Gate] | None:
    """`keys` with what an event must name for a static action to accept it, or None when
    the action names nothing the gate can tell events apart by."""
    if kind in SCRIPT_EVENTS:
        named = args[0] if args else None
        if not isinstance(named, ScriptRef):
            return None
        keys.add(named.id)
        return keys
    if kind == "moved":
        frm, to = kwargs.get("from"), kwargs.get("to")
        if not (isinstance(frm, Zone) and isinstance(to, Zone)):
            return None
        keys.add((frm.value, to.value))
        return keys
    return None


#: the facts of a request's event (an action and a player: no card, no unit), made once
#: for each (frozen: shared by every request of every game they concern)
_SCRIPT_FACTS: Memo[ScriptEvent, EventFacts] = Memo(lambda ev: EventFacts(ev.kind, ev.player, request=ev.action))


def table_of(rules: Rules) -> TriggerTable:
    """The trigger table of a `Rules` (made on first use, kept by the rules: `Rules.derived`)."""
    return rules.derived(TriggerTable, TriggerTable, rules)


#: the groups of the buffer in the order they are emptied, per turn player: the turn player
#: first, then the other (9.4.1 [6-4] … [6-7], [6-9] … [6-12]), each メイン before クイック
#: ([6-5] [6-6], [6-10] [6-11])
_GROUPS = tuple(((tp, MAIN), (tp, QUICK), (1 - tp, MAIN), (1 - tp, QUICK)) for tp in (0, 1))
#: per turn player, a group → the groups from it on (where a lone request's check starts)
_FROM = tuple({g: groups[i:] for i, g in enumerate(groups)} for groups in _GROUPS)


def _group(buffer: list[Request], player: int, speed: str, timing: str) -> list[Request]:
    """The buffered requests of one group: their controller, speed and timing (9.4.1)."""
    return [r for r in buffer if r.controller == player and r.resolution == speed and r.window == timing]


class Triggers:
    """The trigger side of one game."""

    def __init__(self, game: Any):  # Any: a Game (game.py imports this module): its state, rules, flow and agents
        self.game = game  # a weak proxy (`Game.__init__`)
        self.state = game.state  # never replaced: read without the proxy
        self.table = table_of(game.rules)
        self.kinds = self.table.kinds  # the kinds of event some triggered action waits for
        self.load = game.rules.load  # script id → its class (the rules are never replaced)
        self.requested = game.requested  # the game's count of requests by action (never replaced)
        self._probes: dict[tuple[type[ActionEffect], int], EffectContext] = {}
        self.state.watch = self.table.watch(game)  # events nothing waits for are not recorded

    def probe(self, cls: type[ActionEffect], player: int) -> EffectContext:
        """The context a triggered action's event arguments and guard are read in, for its
        controller `player`: made once per game (the guard reads the state as it is)."""
        found = self._probes.get((cls, player))
        if found is None:  # as `Game.ctx` makes it, without the proxy's two look-ups
            found = self._probes[(cls, player)] = EffectContext(self.state, self.table.probe_request(cls, player),
                                                                self.game.seats, self.load)
        return found

    def triggered_by(self, events: list[Event]) -> list[Request]:
        """The requests `events` trigger, in the check's order (9.4.1 [6-1]). Most events
        trigger nothing: each is told apart by a set lookup (its kind), then a dict lookup
        (a script event, by the event itself) or the kind's gate, before any entry is read."""
        table = self.table
        kinds = self.kinds
        out: list[Request] = []
        for ev in events:
            kind = ev.kind
            if kind not in kinds:  # most events: no triggered action of the regulation waits for them
                continue
            if type(ev) is ScriptEvent:  # (kind, action, player): the same few again and again
                found = table.seen[self.state.turn_player].get(ev)
                if found is None:
                    found = table.script_entries(ev, self.state.turn_player, self.game)
            else:
                try:
                    gate = table.gates[kind]
                except KeyError:
                    gate = table.gate(kind, self.state.turn_player, self.game)
                if gate is not None and (type(ev) is not Moved or (ev.frm, ev.to) not in gate):
                    continue  # no action waits for these zones (a `moved` event; no other kind has a gate)
                found = table.entries(ev, self.state.turn_player, self.game)
            if found:
                self._requests(ev, found, out)
        return out

    def _requests(self, ev: Event, found: tuple[Entry, ...], out: list[Request]) -> None:
        """Add to `out` the requests the entries `found` of the event `ev` make."""
        probes = self._probes  # a probe is made only when read
        moved = type(ev) is Moved
        facts = None
        for entry in found:
            cls, p, condition, inst = entry.action, entry.player, entry.condition, entry.instance
            if not entry.static:  # arguments that read the state: matched now
                args, kwargs = inst.event_args(probes.get((cls, p)) or self.probe(cls, p))
                n = times(ev, kwargs.get("condition"), entry.each) if accepts_event(ev, args, kwargs) else 0
                condition = kwargs.get("label")
            elif moved:
                n = times(ev, condition, entry.each)
            else:
                n = 1
            if n and condition is not None and type(ev) is Signal and ev.kind == "unblocked":  # 8.3.2: the
                unit = ev.unit  # attacker carries the label
                n = int(unit is not None and (probes.get((cls, p)) or self.probe(cls, p)).has_label(unit, condition))
            if n and inst.trigger_guard(probes.get((cls, p)) or self.probe(cls, p)):
                if facts is None:  # what the requests' `event` holds (frozen: one for all)
                    facts = self.facts(ev)  # (a script event's are made once: `facts`)
                for _ in range(n):
                    out.append(Request(cls.id, p, [], None, None, cls.resolution, cls.window, True, (), facts))

    @staticmethod
    def facts(ev: Event) -> EventFacts:
        """What a triggered request's `event` holds, from the event that made it."""
        if type(ev) is Moved:
            return EventFacts(ev.kind, ev.owner, tuple(ev.cards))
        if type(ev) is ScriptEvent:  # (kind, action, player): the same few again and again
            return _SCRIPT_FACTS[ev]  # (one event object for each: `script_event`)
        if type(ev) is Discarded:  # the cards discarded: 暴動 deals two per card
            return EventFacts(ev.kind, ev.player, tuple(ev.cards))
        if ev.kind == "unblocked":
            return EventFacts(ev.kind, ev.player, unit=ev.unit)
        return EventFacts(ev.kind, ev.player)

    def check(self) -> None:
        """9.4.1, step by step: [6-1] the triggered requests go to the buffer; [6-3] while it
        holds 即時 requests, each player from the turn player in turn order [6-4]…[6-7]
        resolves theirs, メイン before クイック [6-5] [6-6], picking the order [6-5-2], with a
        win check after each [6-5-4] and new triggers added to the buffer [6-5-6]; then
        [6-8] the 通常 requests the same way [6-9]…[6-12]: a メイン one goes on the stage
        only when it is empty, else it is discarded [6-10-3]…[6-10-6], a クイック one always
        [6-10-7]. The loop ends when the buffer is empty [6-2]."""
        st = self.state
        events = st.events
        if not events:  # nothing happened since the last check: nothing triggers
            return
        st.events = []
        buffer = self.triggered_by(events)  # [6-1]
        if buffer:  # most checks: nothing triggered
            self._empty(buffer)

    def _empty(self, buffer: list[Request]) -> None:
        """[6-2] … [6-12]: resolve, stage or discard the buffered requests until none is left."""
        game = self.game
        st = self.state
        group: list[Request] | None
        while buffer and st.winner is None:  # [6-2]
            speed = NORMAL  # [6-3] / [6-8]
            for r in buffer:
                if r.resolution == IMMEDIATE:
                    speed = IMMEDIATE
                    break
            if len(buffer) == 1:  # mostly one request: the groups before its own are empty
                r = buffer[0]
                groups = _FROM[st.turn_player].get((r.controller, r.window), _GROUPS[st.turn_player])
            else:
                groups = _GROUPS[st.turn_player]
            for player, timing in groups:
                while buffer and st.winner is None:
                    if len(buffer) > 1:
                        group = _group(buffer, player, speed, timing)
                    else:  # mostly one request: no list made
                        r = buffer[0]
                        group = buffer if r.controller == player and r.resolution == speed \
                            and r.window == timing else None
                    if not group:  # [6-5-1] / [6-10-1]
                        break
                    req = group[0] if len(group) == 1 else self._pick(group)  # [6-5-2] / [6-10-2]
                    buffer.remove(req)
                    self.requested[req.action] += 1
                    if game.observers:
                        game.observe(Triggered(req.controller, req.action, AT_ONCE if speed == IMMEDIATE
                                               else DISCARDED if timing == MAIN and st.stage else ON_STAGE))
                    if speed == IMMEDIATE:
                        game.note("P{} triggers {}", req.controller, req.action)
                        game.resolve(req)  # [6-5-3], with the win check [6-5-4]
                    elif timing == MAIN and st.stage:  # [6-10-3] [6-10-4] → [6-10-6]
                        game.discarded[req.action] += 1
                        game.note("P{} triggers {}: discarded, the stage is not empty", req.controller, req.action)
                    else:  # [6-10-5] / [6-10-7]
                        game.note("P{} triggers {}: on the stage", req.controller, req.action)
                        game.add_to_stage(req)
                    if st.events:  # [6-5-5] [6-5-6] / [6-10-8] [6-10-9]
                        events, st.events = st.events, []
                        buffer.extend(self.triggered_by(events))

    def _pick(self, group: list[Request]) -> Request:
        """The request of a group (more than one) that comes first: its controller picks
        when they are of more than one action."""
        if len({r.action for r in group}) > 1:
            picked: Request = self.game.seats.choose(group[0].controller, group, 1,
                                                     Prompt("the triggered request to resolve next", ORDER))[0]
            return picked
        return group[0]
