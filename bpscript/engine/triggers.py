"""The trigger check (9.4.1): events since the last check, the triggered requests they
make, the request buffer, and the order the buffered requests resolve or go on the stage.
"""

from __future__ import annotations

import weakref
from typing import Any

from ..vocabulary import Resolution, Window
from .context import EffectContext
from .observe import AT_ONCE, DISCARDED, ON_STAGE, Triggered
from .registry import SCRIPT_EVENTS, accepts, names_script
from .request import ORDER, EventFacts, Note, Prompt, Request

IMMEDIATE, NORMAL, MAIN, QUICK = Resolution.AT_ONCE, Resolution.STAGE, Window.MAIN, Window.ANY


#: the event kinds whose arguments the check matches (any other kind triggers nothing)
MATCHED = SCRIPT_EVENTS | {"moved", "discarded", "unblocked"}

#: an entry of `TriggerTable`: a triggered action, the player it would trigger for, the
#: card condition a `moved` event's cards must meet (None: any), whether it counts each
#: card, whether its event arguments are known (False: computed with a context), and the
#: action's instance (its guard and arguments)
Entry = tuple[type, int, Any, bool, bool, Any]


def accepts_event(ev: tuple, args: tuple, kwargs: dict[str, Any]) -> bool:
    """Whether a triggered action's event arguments accept the event, its cards aside (a
    `moved` event's cards are counted by `times`)."""
    kind = ev[0]
    if kind in SCRIPT_EVENTS:
        return names_script(args, ev[1])
    if kind == "moved":
        _, frm, to, _cards, owner, comp = ev
        return (kwargs.get("from", ("zone", frm)) == ("zone", frm) and kwargs.get("to", ("zone", to)) == ("zone", to)
                and kwargs.get("who", owner) == owner and kwargs.get("unit", ("script", comp)) == ("script", comp))
    if kind in ("discarded", "unblocked"):  # the player who discarded; the attacker's owner
        return kwargs.get("who", ev[1]) == ev[1]
    return False


def times(ev: tuple, condition: Any, each: bool) -> int:
    """How many requests an accepted event makes: a `moved` event, one per card meeting the
    condition (`each`) or one if any does; any other event, one."""
    if ev[0] != "moved":
        return 1
    cards = ev[3]
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

    def __init__(self, rules: Any):
        self.rules = rules
        #: the kinds some action of the regulation waits for (every other event is skipped)
        self.kinds = frozenset(rules.by_event) & MATCHED
        self._args: dict[tuple[str, int], tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self._entries: dict[tuple, tuple[Entry, ...]] = {}
        #: kind → what an event of it must name for any action to trigger (`gate`)
        self.gates: dict[str, frozenset | None] = {}
        #: per turn player, a script event (itself the key) → what it may trigger
        self.seen: tuple[dict[tuple, tuple[Entry, ...]], ...] = ({}, {})
        self._probe_requests: dict[tuple[type, int], Request] = {}

    def script_entries(self, ev: tuple, turn_player: int, game: Any) -> tuple[Entry, ...]:
        """What a script event (of a kind in `kinds`) may trigger, its gate first; kept in
        `seen` (a script event is its kind, an action and a player: few of them recur)."""
        gate = self.gate(ev[0], turn_player, game)
        found = () if gate is not None and ev[1] not in gate else self.entries(ev, turn_player, game)
        self.seen[turn_player][ev] = found
        return found

    def gate(self, kind: str, turn_player: int, game: Any) -> frozenset | None:
        """The scripts (a script event) or the (from, to) zones (a `moved` event) some action
        of the regulation waits for, so every other event of the kind is skipped without a
        key: None when any event of the kind may trigger (an action whose arguments depend
        on the state, or name no script or zone). Made once per kind, from the static
        arguments `_build` reads, in its order (a probe is a request: made as before)."""
        if kind in self.gates:
            return self.gates[kind]
        keys: set | None = set()
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

    def entries(self, ev: tuple, turn_player: int, game: Any) -> tuple[Entry, ...]:
        """The actions `ev` (of a kind in `kinds`) may trigger, in the check's order."""
        kind = ev[0]
        key = (kind, ev[1], ev[2], ev[4], ev[5], turn_player) if kind == "moved" else \
            (kind, ev[1], turn_player) if len(ev) > 1 else (kind, turn_player)
        found = self._entries.get(key)
        if found is None:
            found = self._entries[key] = self._build(ev, turn_player, game)
        return found

    def _build(self, ev: tuple, turn_player: int, game: Any) -> tuple[Entry, ...]:
        out: list[Entry] = []
        for cls in self.rules.by_event.get(ev[0], ()):
            for p in (turn_player, 1 - turn_player):
                inst = self.rules.instance(cls.id)
                if not cls.event_static:
                    out.append((cls, p, None, cls.event[1], False, inst))
                    continue
                args, kwargs = self._static_args(cls, p, game)
                if accepts_event(ev, args, kwargs):  # an unblocked attacker's label: read at the check
                    out.append((cls, p, kwargs.get("label" if ev[0] == "unblocked" else "condition"),
                                cls.event[1], True, inst))
        return tuple(out)

    def probe_request(self, cls: type, player: int) -> Request:
        """The request a probe of `cls` for `player` stands for (`Triggers.probe`): made once,
        shared by every game of the rules (a guard or event argument only reads it)."""
        found = self._probe_requests.get((cls, player))
        if found is None:
            found = self._probe_requests[(cls, player)] = Request(cls.id, player)
        return found

    def _static_args(self, cls: type, player: int, game: Any) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """A static event's arguments for its controller `player`, computed once."""
        found = self._args.get((cls.id, player))
        if found is None:
            ctx = game.ctx(Request(cls.id, player))
            found = self._args[(cls.id, player)] = self.rules.instance(cls.id).event_args(ctx)
        return found


def _gate_key(kind: str, args: tuple, kwargs: dict[str, Any], keys: set) -> set | None:
    """`keys` with what an event must name for a static action to accept it, or None when
    the action names nothing the gate can tell events apart by."""
    if kind in SCRIPT_EVENTS:
        named = args[0] if args else None
        if not (isinstance(named, tuple) and len(named) == 2 and named[0] == "script"):
            return None
        keys.add(named[1])
        return keys
    if kind == "moved":
        frm, to = kwargs.get("from"), kwargs.get("to")
        if not all(isinstance(z, tuple) and len(z) == 2 and z[0] == "zone" for z in (frm, to)):
            return None
        keys.add((frm[1], to[1]))
        return keys
    return None


#: the facts of a request's event (an action and a player: no card, no unit), made once
#: for each (frozen: shared by every request of every game they concern)
_SCRIPT_FACTS: dict[tuple, EventFacts] = {}

_TABLES: "weakref.WeakKeyDictionary[Any, TriggerTable]" = weakref.WeakKeyDictionary()


def table_of(rules: Any) -> TriggerTable:
    """The trigger table of a `Rules` (made on first use, shared by its games)."""
    found = _TABLES.get(rules)
    if found is None:
        found = _TABLES[rules] = TriggerTable(rules)
    return found


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

    def __init__(self, game: Any):  # a Game: its state, rules, flow (resolve, stage) and agents
        self.game = game  # a weak proxy (`Game.__init__`)
        self.state = game.state  # never replaced: read without the proxy
        self.table = table_of(game.rules)
        self.kinds = self.table.kinds  # the kinds of event some triggered action waits for
        self.load = game.rules.load  # script id → its class (the rules are never replaced)
        self.requested = game.requested  # the game's count of requests by action (never replaced)
        self._probes: dict[tuple[type, int], Any] = {}

    def probe(self, cls: type, player: int) -> Any:
        """The context a triggered action's event arguments and guard are read in, for its
        controller `player`: made once per game (the guard reads the state as it is)."""
        found = self._probes.get((cls, player))
        if found is None:  # as `Game.ctx` makes it, without the proxy's two look-ups
            found = self._probes[(cls, player)] = EffectContext(self.state, self.table.probe_request(cls, player),
                                                                self.game.seats, self.load)
        return found

    def triggered_by(self, events: list[tuple]) -> list[Request]:
        """The requests `events` trigger, in the check's order (9.4.1 [6-1]). Most events
        trigger nothing: each is told apart by a set lookup (its kind), then a dict lookup
        (a script event, by the event itself) or the kind's gate, before any entry is read."""
        table = self.table
        kinds = self.kinds
        out: list[Request] = []
        for ev in events:
            kind = ev[0]
            if kind not in kinds:  # most events: no triggered action of the regulation waits for them
                continue
            if kind in SCRIPT_EVENTS:  # (kind, action, player): the same few again and again
                found = table.seen[self.state.turn_player].get(ev)
                if found is None:
                    found = table.script_entries(ev, self.state.turn_player, self.game)
            else:
                try:
                    gate = table.gates[kind]
                except KeyError:
                    gate = table.gate(kind, self.state.turn_player, self.game)
                if gate is not None and (ev[1], ev[2]) not in gate:
                    continue  # no action waits for these zones (a `moved` event; no other kind has a gate)
                found = table.entries(ev, self.state.turn_player, self.game)
            if found:
                self._requests(ev, found, out)
        return out

    def _requests(self, ev: tuple, found: tuple[Entry, ...], out: list[Request]) -> None:
        """Add to `out` the requests the entries `found` of the event `ev` make."""
        probes = self._probes  # a probe is made only when read
        moved = ev[0] == "moved"
        facts = None
        for cls, p, condition, each, static, inst in found:
            if not static:  # arguments that read the state: matched now
                args, kwargs = inst.event_args(probes.get((cls, p)) or self.probe(cls, p))
                n = times(ev, kwargs.get("condition"), each) if accepts_event(ev, args, kwargs) else 0
                condition = kwargs.get("label")
            elif moved:
                n = times(ev, condition, each)
            else:
                n = 1
            if n and condition is not None and ev[0] == "unblocked":  # 8.3.2: the attacker carries the label
                unit = ev[2] if len(ev) > 2 else None
                n = int(unit is not None and (probes.get((cls, p)) or self.probe(cls, p)).has_label(unit, condition))
            if n and inst.trigger_guard(probes.get((cls, p)) or self.probe(cls, p)):
                if facts is None:  # what the requests' `event` holds (frozen: one for all)
                    facts = self.facts(ev)  # (a script event's are made once: `facts`)
                for _ in range(n):
                    out.append(Request(cls.id, p, [], None, None, cls.resolution, cls.window, True, (), facts))

    @staticmethod
    def facts(ev: tuple) -> EventFacts:
        """What a triggered request's `event` holds, from the event that made it."""
        kind = ev[0]
        if kind == "moved":
            return EventFacts(kind, ev[4], tuple(ev[3]))
        if kind in SCRIPT_EVENTS:  # (kind, action, player): the same few again and again
            found = _SCRIPT_FACTS.get(ev)
            if found is None:
                found = _SCRIPT_FACTS[ev] = EventFacts(kind, ev[2], request=ev[1])
            return found
        if kind == "unblocked":
            return EventFacts(kind, ev[1], unit=ev[2] if len(ev) > 2 else None)
        if kind == "discarded":  # the cards discarded: 暴動 deals two per card
            return EventFacts(kind, ev[1], tuple(ev[2]) if len(ev) > 2 else ())
        return EventFacts(kind, ev[1] if len(ev) > 1 else None)

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
                        game.note(Note("P{} triggers {}", req.controller, req.action))
                        game.resolve(req)  # [6-5-3], with the win check [6-5-4]
                    elif timing == MAIN and st.stage:  # [6-10-3] [6-10-4] → [6-10-6]
                        game.discarded[req.action] += 1
                        game.note(Note("P{} triggers {}: discarded, the stage is not empty", req.controller,
                                       req.action))
                    else:  # [6-10-5] / [6-10-7]
                        game.note(Note("P{} triggers {}: on the stage", req.controller, req.action))
                        game.add_to_stage(req)
                    if st.events:  # [6-5-5] [6-5-6] / [6-10-8] [6-10-9]
                        events, st.events = st.events, []
                        buffer.extend(self.triggered_by(events))

    def _pick(self, group: list[Request]) -> Request:
        """The request of a group (more than one) that comes first: its controller picks
        when they are of more than one action."""
        if len({r.action for r in group}) > 1:
            return self.game.seats.choose(group[0].controller, group, 1,
                                          Prompt("the triggered request to resolve next", ORDER))[0]
        return group[0]
