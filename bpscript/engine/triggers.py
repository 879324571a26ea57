"""The trigger check (9.4.1): events since the last check, the triggered requests they
make, the request buffer, and the order the buffered requests resolve or go on the stage.
"""

from __future__ import annotations

from typing import Any

from ..vocabulary import Resolution, Window
from .observe import AT_ONCE, DISCARDED, ON_STAGE, Triggered
from .registry import SCRIPT_EVENTS, accepts, names_script
from .request import ORDER, EventFacts, Prompt, Request

IMMEDIATE, NORMAL, MAIN, QUICK = Resolution.AT_ONCE, Resolution.STAGE, Window.MAIN, Window.ANY


class Triggers:
    """The trigger side of one game."""

    def __init__(self, game: Any):  # a Game: its state, rules, flow (resolve, stage) and agents
        self.game = game

    def triggered_by(self, events: list[tuple]) -> list[Request]:
        game = self.game
        st = game.state
        rules = game.rules
        out: list[Request] = []
        players = (st.turn_player, 1 - st.turn_player)
        by_event = rules.by_event
        for ev in events:
            kind = ev[0]
            if kind not in by_event:  # most events: no triggered action of the regulation waits for them
                continue
            # an event about a script: only the actions that may name it (rules.triggers_of)
            classes = rules.triggers_of(kind, ev[1]) if kind in SCRIPT_EVENTS else by_event[kind]
            for cls in classes:
                each = cls.event[1]
                for p in players:
                    ctx = None
                    known = rules.static_event_args(cls, p)  # most events never match: no context for them
                    if known is None:
                        ctx = game.ctx(Request(cls.id, p))
                        known = rules.event_args(cls, p, ctx)
                    args, kwargs = known
                    times = self.event_matches(ev, args, kwargs, each)
                    if not times:
                        continue
                    if ctx is None:
                        ctx = game.ctx(Request(cls.id, p))
                    if rules.instance(cls.id).trigger_guard(ctx):
                        facts = self.facts(ev)
                        out.extend(Request(cls.id, p, resolution=cls.resolution, window=cls.window, triggered=True,
                                           event=facts) for _ in range(times))
        return out

    @staticmethod
    def facts(ev: tuple) -> EventFacts:
        """What a triggered request's `event` holds, from the event that made it."""
        kind = ev[0]
        if kind == "moved":
            return EventFacts(kind, ev[4], tuple(ev[3]))
        if kind in SCRIPT_EVENTS:
            return EventFacts(kind, ev[2], request=ev[1])
        if kind == "unblocked":
            return EventFacts(kind, ev[1], unit=ev[2] if len(ev) > 2 else None)
        if kind == "discarded":  # the cards discarded: 暴動 deals two per card
            return EventFacts(kind, ev[1], tuple(ev[2]) if len(ev) > 2 else ())
        return EventFacts(kind, ev[1] if len(ev) > 1 else None)

    @staticmethod
    def event_matches(ev: tuple, args: tuple, kwargs: dict[str, Any], each: bool) -> int:
        kind = ev[0]
        if kind in SCRIPT_EVENTS:
            return int(names_script(args, ev[1]))
        if kind == "moved":
            _, frm, to, cards, owner, comp = ev
            if "from" in kwargs and kwargs["from"] != ("zone", frm):
                return 0
            if "to" in kwargs and kwargs["to"] != ("zone", to):
                return 0
            if "who" in kwargs and kwargs["who"] != owner:
                return 0
            if "unit" in kwargs and kwargs["unit"] != ("script", comp):
                return 0
            if "condition" in kwargs:
                cards = tuple(c for c in cards if accepts(kwargs["condition"], c))
            return len(cards) if each else int(bool(cards))
        if kind == "discarded":
            return int("who" not in kwargs or kwargs["who"] == ev[1])
        if kind == "unblocked":
            return 1
        return 0

    def check(self) -> None:
        """9.4.1, step by step: [6-1] the triggered requests go to the buffer; [6-3] while it
        holds 即時 requests, each player from the turn player in turn order [6-4]…[6-7]
        resolves theirs, メイン before クイック [6-5] [6-6], picking the order [6-5-2], with a
        win check after each [6-5-4] and new triggers added to the buffer [6-5-6]; then
        [6-8] the 通常 requests the same way [6-9]…[6-12]: a メイン one goes on the stage
        only when it is empty, else it is discarded [6-10-3]…[6-10-6], a クイック one always
        [6-10-7]. The loop ends when the buffer is empty [6-2]."""
        st = self.game.state
        buffer: list[Request] = []
        self._buffer_triggers(buffer)  # [6-1]
        while buffer and st.winner is None:  # [6-2]
            speed = IMMEDIATE if any(r.resolution == IMMEDIATE for r in buffer) else NORMAL  # [6-3] / [6-8]
            for player in (st.turn_player, 1 - st.turn_player):  # [6-4] … [6-7], [6-9] … [6-12]
                for timing in (MAIN, QUICK):  # [6-5] [6-6], [6-10] [6-11]
                    while st.winner is None:
                        group = [r for r in buffer
                                 if r.controller == player and r.resolution == speed and r.window == timing]
                        if not group:  # [6-5-1] / [6-10-1]
                            break
                        req = self._take_from_buffer(buffer, group)  # [6-5-2] / [6-10-2]
                        if self.game.observers:
                            self.game.observe(Triggered(req.controller, req.action, AT_ONCE if speed == IMMEDIATE
                                                        else DISCARDED if timing == MAIN and st.stage else ON_STAGE))
                        if speed == IMMEDIATE:
                            self.game.note(f"P{req.controller} triggers {req.action}")
                            self.game.resolve(req)  # [6-5-3], with the win check [6-5-4]
                        elif timing == MAIN and st.stage:  # [6-10-3] [6-10-4] → [6-10-6]
                            self.game.discarded[req.action] += 1
                            self.game.note(f"P{req.controller} triggers {req.action}: discarded, the stage is not empty")
                        else:  # [6-10-5] / [6-10-7]
                            self.game.note(f"P{req.controller} triggers {req.action}: on the stage")
                            self.game.add_to_stage(req)
                        self._buffer_triggers(buffer)  # [6-5-5] [6-5-6] / [6-10-8] [6-10-9]

    def _buffer_triggers(self, buffer: list[Request]) -> None:
        st = self.game.state
        if st.events:
            events, st.events = st.events, []
            buffer.extend(self.triggered_by(events))

    def _take_from_buffer(self, buffer: list[Request], group: list[Request]) -> Request:
        """The controller picks which of their requests of one group comes first."""
        if len({r.action for r in group}) > 1:
            req = self.game.seats.choose(group[0].controller, group, 1, Prompt("the triggered request to resolve next", ORDER))[0]
        else:
            req = group[0]
        buffer.remove(req)
        self.game.requested[req.action] += 1
        return req
