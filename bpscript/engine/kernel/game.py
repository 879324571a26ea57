"""The core flow (rulebook 9.4): chance, requests, the stage, the pass record, the
request buffer and trigger check (9.4.1), resolution (5.4) and the win check (5.5).

A `Game` runs one game between two agents (`bpscript.engine.players.agents`) on the classes
generated from a ruleset (`bpscript.engine.kernel.rules`). This module is the flow; legal
requests (`legal`), costs (`costs`), the trigger check (`triggers`) and what a player sees
(`view`) have their own modules. The flow, by the numbers of Fig. 9.6:

[2] the turn player gets the chance; [3] the player with the chance requests or passes;
[4] a request resets the pass record; [5] request: costs (B L D S C, 5.2), key cards
from the hand, key unit from the field, target (5.3); [6] trigger check; [7] 即時
resolves at once [8] and [9] is checked; 通常 goes on the stage [10] and the chance
moves [16]; a pass is recorded [11]; when both passed [12] the top request resolves
[15], the win check runs [9], triggers are checked [6], and the turn player gets the
chance again [2]. メイン actions only for the turn player with an empty stage.
"""

from __future__ import annotations

import json
import weakref
from collections import Counter
from typing import Any, Callable, Sequence, cast

from ...model import ruleset as m
from ...model.vocabulary import Resolution, Window
from . import explicit
from . import observe as ob
from ..players.agents import Agent, Withdrawn
from .base import locate
from .registry import NotExecutable, ScriptError
from .context import EffectContext, apply_abilities
from .invariants_flow import Invariants
from .abilities import shielded
from .costs import Costs
from .events import script_event
from .legal import Legal, Option, Options, SeenOption
from .request import Chooser, Note, Request, T
from .rules import Rules
from ..setup.start import deal, prepare
from .state import GameState, Unit
from .triggers import Triggers
from .verbs import put, take
from .view import View, ViewDict, describe, full_view

IMMEDIATE, NORMAL, MAIN, QUICK = Resolution.AT_ONCE, Resolution.STAGE, Window.MAIN, Window.ANY
DEFAULT_MAX_TURNS = 200
#: decisions of one turn before the guard ends the game (agents that only pass)
DEFAULT_MAX_DECISIONS = 5000


class RegulationNotExecutable(NotExecutable):
    """The regulation holds scripts the engine cannot run: reported, never skipped."""

    def __init__(self, fmt: str, frame: str, scripts: list[tuple[str, tuple[str, ...]]]):
        listed = "; ".join(f"{sid} ({', '.join(missing) or 'not structured'})" for sid, missing in scripts)
        Exception.__init__(self, f"{fmt} / {frame}: {len(scripts)} script(s) not executable: {listed}")
        self.script_id = next(sid for sid, _missing in scripts)
        self.reason = listed
        self.scripts = scripts
        self.regulation = (fmt, frame)

    def __reduce__(self) -> tuple[type[RegulationNotExecutable], tuple[str, str, list[tuple[str, tuple[str, ...]]]]]:
        # pickled from a worker process with the arguments it was made of
        return (RegulationNotExecutable, (*self.regulation, self.scripts))


class Seats(Chooser):
    """Routes each in-effect choice to the agent of the player who decides."""

    def __init__(self, game: "Game"):
        self.game = game

    def choose(self, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        listed = list(options)
        if not listed:
            return []
        return self.game.agents[player].choose(self.game._view(player), player, listed, count, prompt, at_least)

    def yes(self, player: int, question: str) -> bool:
        return self.game.agents[player].yes(self.game._view(player), player, question)


class Game:
    """One game of a regulation (`fmt` + `frame`), dealt from `seed`, each seat decided by
    its agent (`bpscript.engine.players.agents.Agent`): `play()` runs it to the end and gives the
    winner; `summary()` is what `bpscript simulate` counts; `Game.from_position` starts one
    from a `Position`."""

    def __init__(self, ruleset: m.Ruleset, fmt: str, frame: str, seed: int, agents: Sequence[Agent],
                 rules: Rules | None = None, max_turns: int = DEFAULT_MAX_TURNS, check: bool = False,
                 state: GameState | None = None, partial: bool = False,
                 max_decisions: int = DEFAULT_MAX_DECISIONS, observers: Sequence[Callable[[ob.Record], None]] = ()):
        # the overrides scoped to this regulation in place (the rules of the same one have it)
        if rules is not None and rules.base is ruleset and rules.format == fmt and rules.frame == frame:
            ruleset = rules.ruleset
        else:
            ruleset = ruleset.view(fmt, frame)
        self.ruleset = ruleset
        dealing = state is None
        # first: a setup it cannot run is named; the steps run once the agents are seated
        self.state = state or prepare(ruleset, fmt, frame, seed)
        self.rules = rules or Rules(ruleset, fmt, frame)
        if self.rules.not_executable and not partial:
            raise RegulationNotExecutable(fmt, frame, self.rules.not_executable)
        self.seed = seed
        self.agents = list(agents)
        # the parts of a game refer back to it weakly: the game owns them, and a finished game
        # is freed by reference counting, not left to the cyclic garbage collector
        # (typeshed's proxy type forwards no attribute types: the proxy is named as the Game)
        owner = self._owner = cast("Game", weakref.proxy(self))
        self.seats = Seats(owner)
        self.max_turns = max_turns
        self.max_decisions = max_decisions
        self.decisions_this_turn = 0
        self.check = check  # check the rulebook's invariants after every resolution and decision
        self.requested: Counter[str] = Counter()
        #: the actions each player requested (their own requests, not triggered ones)
        self.requested_by: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
        self.resolved: Counter[str] = Counter()
        self.discarded: Counter[str] = Counter()
        #: (turn, text or Note), or (turn, template, its arguments…) as the flow keeps its own
        #: notes without making a Note each: `events` writes them
        #: (turn, text or template, the template's arguments): written when read (`events`)
        self._notes: list[tuple[int, "str | Note", tuple[object, ...]]] = []
        self.chance = self.state.turn_player
        self.passes: set[int] = set()
        #: the contexts abilities are applied with (`apply_abilities`: the game's own calls
        #: and its legal requests'), never replaced
        self._ability_contexts: dict[Request, EffectContext] = {}  # the contexts abilities apply in (`apply_abilities`)
        self.costs = Costs(owner)
        self.legal = Legal(owner)
        self.triggers = Triggers(owner)
        #: the context effects resolve in, made once and set to each resolving request
        #: (`resolve`: an effect never outlives its resolution, and resolutions do not nest)
        self._resolving: EffectContext | None = None
        #: the view each player was last handed (`_view`)
        self._views: list[View | None] = [None, None]
        #: callables given a record (`bpscript.engine.kernel.observe`) for every event of the game
        #: (given here, they also see the setup: `Shuffled`)
        self.observers: list[Callable[[ob.Record], None]] = list(observers)
        if dealing:  # the setup's decisions (a chosen hand, …) are the agents' (3.9, 8.3)
            deal(self.state, self.seats, seed, self.observe if self.observers else None)
            self.chance = self.state.turn_player
        #: the rulebook's invariants (`bpscript.engine.kernel.invariants_flow`), observing the game
        self.invariants = Invariants(owner) if check else None
        if self.invariants is not None:  # `check`
            self.observers.append(self.invariants)

    # ------------------------------------------------------------ helpers
    def ctx(self, request: Request) -> EffectContext:
        return EffectContext(self.state, request, self.seats, self.rules.load)

    def observe(self, record: ob.Record) -> None:
        """Hand a record to every observer."""
        for o in self.observers:
            o(record)

    def note(self, text: "str | Note", *args: object) -> None:
        """Keep a line of `events`: a text, or a template and its arguments (a `Note`'s,
        written when read: most notes never are). Agents are told nothing here: what
        happens reaches them through their view, and anyone else through `observers`."""
        self._notes.append((self.state.turn, text, args))

    @property
    def resolving(self) -> Request | None:
        """The request whose effect resolves now, or resolved last (None before the first):
        what an agent asked inside an effect reads to know which effect asks."""
        ctx = self._resolving
        return ctx.request if ctx is not None else None

    @property
    def events(self) -> list[str]:
        """What happened, as text: one line per note, with its turn."""
        return [f"T{turn} {Note(text, *args) if args else text}"  # type: ignore[arg-type]  # with arguments: a template
                for turn, text, args in self._notes]

    # ------------------------------------------------------------ the flow
    def play(self) -> int:
        """Play until a player wins (or the turn limit ends the game); the winner's index."""
        st = self.state
        apply_abilities(st, self.seats, self.rules.load, self._ability_contexts)
        self.chance, self.passes = st.turn_player, set()  # [2]
        turn, decisions = st.turn, self.decisions_this_turn
        step, max_turns, max_decisions = self.step, self.max_turns, self.max_decisions
        while st.winner is None:
            if st.turn != turn:
                turn, decisions = st.turn, 0
            if turn > max_turns:
                self.end_by_limit("turn limit")
                break
            if decisions >= max_decisions:
                self.end_by_limit("decision limit")
                break
            decisions += 1
            self.decisions_this_turn = decisions
            step()
        return st.winner  # type: ignore[return-value]

    def step(self) -> None:
        """One decision of the player with the chance ([3] → …)."""
        p = self.chance
        options = Options(self.legal, p)  # worked out as the agent looks (`Legal.options`)
        view = self._views[p]  # `_view`, read here: one per decision
        if view is None or view._full is not None:
            view = self._view(p)
        choice = self.agents[p].request(view, p, options)
        if choice is None:
            self.pass_chance(p)
            return
        if choice not in options:
            raise ValueError(f"not a legal request: {choice}")
        try:
            self.take_request(p, choice)
        except Withdrawn:  # taken back while choosing its costs: nothing was paid, p still has the chance
            pass

    def take_request(self, p: int, choice: Option) -> Request:
        """Player `p` (who has the chance) makes the legal request `choice`: [4] → [10]."""
        st = self.state
        if self.invariants is not None:  # `check`
            self.invariants.request(p, choice)
        req = self.make_request(p, choice)  # [5]
        self.passes.clear()  # [4] (once made: a request withdrawn while paying resets nothing)
        pending = st.pending
        pending.append(req)  # its key cards are off the hand, neither resolved nor staged yet
        try:
            self.triggers.check()  # [6] (before the request goes on the stage, 9.4)
        finally:
            pending.remove(req)
        if req.resolution == IMMEDIATE:  # [7]
            if st.winner is None:
                self.resolve(req)  # [8] [9]
                self.triggers.check()
        else:
            if st.winner is None:
                self.add_to_stage(req)  # [10]
            self.chance = 1 - p  # [16]
        if self.invariants is not None:  # `check`
            self.invariants.decided()
        return req

    def request(self, player: int, action: str, keys: explicit.Keys = (), *, key_unit: Unit | None = None,
                target: object = None, costs: Sequence[object] | None = None) -> Request:
        """Player `player` requests `action` with these key cards (cards or their text), key
        unit and target, paying the costs with `costs` (what pays each, in printed order;
        else their agent is asked). A request the rules do not allow raises `RequestError`
        naming the rule (`bpscript.engine.kernel.explicit`); the request made is returned."""
        return explicit.request(self, player, action, keys, key_unit, target, costs)

    def pass_chance(self, p: int) -> None:
        """Player `p`, who has the chance, passes ([11]); when both have passed, the top
        request resolves ([12] → [15]) and the turn player gets the chance ([2])."""
        if p != self.chance:
            raise explicit.RequestError("9.1.5", f"P{p} does not have the chance (P{self.chance} has)")
        st = self.state
        self.passes.add(p)  # [11]
        if self.observers:
            self.observe(ob.Passed(p))
        if len(self.passes) < 2:  # [12]
            self.chance = 1 - p  # [16]
            return
        # [13] the rule system has the chance; [14] [15]
        if st.stage:
            self.resolve(st.stage[-1])
            if st.winner is None:
                self.triggers.check()
        self.chance, self.passes = st.turn_player, set()  # [2]

    @classmethod
    def from_position(cls, position: Any, agents: Sequence[Agent], **kwargs: Any) -> "Game":  # Any: see below
        """A game that goes on from a `bpscript.engine.setup.position.Position` (Any: position.py
        imports this module; `kwargs`: `Position.game`'s keyword arguments)."""
        game: Game = position.game(agents, **kwargs)
        return game

    def run_until(self, condition: Callable[["Game"], bool], limit: int = 1000) -> bool:
        """Take decisions (`step`) until `condition(game)` holds or the game is over; whether
        it holds. `limit` decisions at most (a scripted agent that passes forever ends it)."""
        for _ in range(limit):
            if condition(self):
                return True
            if self.state.winner is not None:
                break
            self.step()
        return condition(self)

    def size(self, unit: Unit) -> int:
        """A unit's size now: its cards, what lasts, what abilities give (9.4.2)."""
        return self.ctx(Request("", unit.owner)).size(unit)

    def end_by_limit(self, reason: str) -> None:
        """The guard that makes every game end (the rules have no draw, 11.2.6): past the
        turn limit, or when a turn runs too long, the player with more life wins; on
        equal life the turn player loses, as the win check of 5.5 would have it."""
        st = self.state
        a, b = (len(p.life) for p in st.players)
        st.winner = 0 if a > b else 1 if b > a else 1 - st.turn_player
        st.end_reason = reason
        self.note(f"P{st.winner} wins ({reason})")
        if self.observers:
            self.observe(ob.GameOver(st.winner, reason))

    # ------------------------------------------------------------ [3] [5] requests
    def legal_requests(self, p: int) -> list[Option]:
        """Every request player `p` may make now (5.3; `bpscript.engine.kernel.legal`)."""
        return self.legal.requests(p)

    def make_request(self, p: int, opt: Option) -> Request:
        st = self.state
        action, option_keys, key_unit, target = opt.action, opt.keys, opt.key_unit, opt.target
        cls = self.rules.action(action)
        observers = self.observers
        if observers:  # as they stand before the costs change the field
            seen_unit, seen = ob.seen_target(st, key_unit), ob.seen_target(st, target)
        # 5.2, in printed order, all or nothing (an action without cost letters pays nothing)
        paid = self.costs.pay(p, cls, option_keys, key_unit) if cls.cost else ()
        keys = list(option_keys)  # the request's own list (the option's is a tuple)
        if keys:
            take(st, keys)  # 5.3.3: the key cards leave the hand
        if observers:
            self.observe(ob.Requested(p, action, tuple(keys), seen_unit, seen, cls.resolution == IMMEDIATE))
            for record in paid:
                self.observe(record)
        if target is None:
            req = Request(action, p, keys, key_unit, None, cls.resolution, cls.window)
            noted: Option | SeenOption = opt
        else:
            target_cards = tuple(target.cards) if isinstance(target, Unit) else ()
            req = Request(action, p, keys, key_unit, target, cls.resolution, cls.window, False, target_cards)
            noted = SeenOption(opt)  # an option's text shows its target as it stands now: kept as seen
        st.requested.add((p, action))
        if ("requested", action) in st.watch.scripts:  # (`Watch`: no other is recorded)
            st.events.append(script_event("requested", action, p))
        # counted with get: a first count does not call Counter.__missing__ (a Python method)
        requested, mine = self.requested, self.requested_by[p]
        requested[action] = requested.get(action, 0) + 1
        mine[action] = mine.get(action, 0) + 1
        self._notes.append((st.turn, "P{} requests {}", (p, noted)))  # `note`, as a template and its arguments
        return req

    def add_to_stage(self, req: Request) -> None:
        st = self.state
        st.stage.append(req)
        if ("added_to_stage", req.action) in st.watch.scripts:
            st.events.append(script_event("added_to_stage", req.action, req.controller))

    # ------------------------------------------------------------ [8] resolution (5.4)
    def target_ok(self, req: Request) -> bool:
        """5.4.1: a target that is gone or split is no target."""
        t = req.target
        if t is None:
            return True
        st = self.state
        if isinstance(t, Unit):  # on the field or in the trump zone, with every card it had
            for p in st.players:
                if t in p.field or t in p.trumps:
                    return set(req.target_cards).issubset(t.cards)
            return False
        if isinstance(t, Request):
            return t in st.stage
        return True

    def resolve(self, req: Request) -> None:
        st = self.state
        rules = self.rules
        if req.action not in rules.executable:  # reported, never skipped
            rules.load(req.action)  # an id the package lacks raises here, as before the check
            missing = dict(rules.not_executable).get(req.action, ())
            raise NotExecutable(req.action, ", ".join(missing) or "not in this regulation")
        effect = rules.instance(req.action)  # loaded here: an error of the package is not the script's
        observers = self.observers
        # what a resolution changed is worked out for observers other than the invariants' checker
        before = ob.Snapshot(st) if observers and observers != [self.invariants] else None
        effective = req.target is None or self.target_ok(req)
        if observers:  # first, so what the effect asks is asked under its name
            self.observe(ob.Resolved(req.controller, req.action, effective, req.triggered))
        # its key cards are on the stage, in no zone, until the effect places them (`take`)
        staged = st.staged = set(req.keys) if req.keys else None
        if effective:
            ctx = self._resolving
            if ctx is None:
                ctx = self._resolving = EffectContext(st, req, self.seats, rules.load)  # `ctx`
            else:  # as a new one would be (the seats may be replaced: `explicit`)
                ctx.begin(req, self.seats)
            if st.abilities_at != st.version:  # else applied at this version already
                apply_abilities(st, self.seats, rules.load, self._ability_contexts)
            if st.shields:
                ctx.shielded = shielded(st, req)  # 要塞: decided just before the effect
            try:
                effect.effect(ctx)  # 5.4.2 (an effect that is not structured raises NotExecutable)
            except (NotExecutable, EOFError, ScriptError):  # EOFError: the person's input ended mid-effect
                raise
            except Exception as e:  # noqa: BLE001 - reported with its .bps place
                raise ScriptError(req.action, locate(e.__traceback__), e) from e
            finally:
                st.staged = None
            self._notes.append((st.turn, "resolved {}", (req,)))  # `note`, as a template and its argument
        else:
            st.staged = None
            self.note("resolved {} without effect (target gone or split)", req)
        stage = st.stage
        if stage and stage[-1] is req:  # 5.4.3 4. (the top, as a rule)
            stage.pop()
        elif req in stage:
            stage.remove(req)
        left = []  # (a loop: a comprehension here would make this hot function keep its locals in cells)
        for c in req.keys:
            if (staged is not None and c in staged) or not st.holds(c):
                left.append(c)
        if left:  # 5.4.5: key cards the effect did not place go to the grave (after the effect's changes)
            put(st, left, "grave", staged=True)
        else:  # what the effect changed (units are matched again only when a card left one)
            st.changed()
        if ("resolved", req.action) in st.watch.scripts:
            st.events.append(script_event("resolved", req.action, req.controller))
        resolved = self.resolved  # counted with get, as in `make_request`
        resolved[req.action] = resolved.get(req.action, 0) + 1
        if st.abilities_at != st.version:
            apply_abilities(st, self.seats, rules.load, self._ability_contexts)
        if before is not None:
            for record in before.changes(st, req):
                self.observe(record)
        if self.invariants is not None:  # `check`
            self.invariants.resolved(req)
        self.win_check()

    def win_check(self) -> None:
        """5.5: the turn player first; both at 0 → the turn player loses."""
        st = self.state
        w = st.win_check()
        if w is not None and st.winner is None:
            st.winner = w
            st.end_reason = "life 0"
            self.note(f"P{w} wins")
            if self.observers:
                self.observe(ob.GameOver(w, st.end_reason))

    # ------------------------------------------------------------ [6] triggers, disclosure
    def trigger_check(self) -> None:
        """9.4.1 (`bpscript.engine.kernel.triggers`)."""
        self.triggers.check()

    def view(self, p: int) -> View:
        """What player `p` may see (6.1), computed when it is read."""
        return View(self, p)

    def _view(self, p: int) -> View:
        """The view an agent is handed at a decision or a choice. A view reads the game when
        it is asked and keeps only what it worked out (`View.full`): the one last handed to
        `p` is handed again until it has worked something out, as it is then the same as a
        new one. It refers to the game weakly, as the game's other parts do (read it while
        the game lives; `view` makes one that keeps the game)."""
        v = self._views[p]
        if v is None or v._full is not None:
            v = self._views[p] = View(self._owner, p)
        return v

    def full_view(self, p: int) -> ViewDict:
        return full_view(self, p)

    # ------------------------------------------------------------ results
    def summary(self) -> dict[str, Any]:  # Any: JSON values (the game's `runner.Summary`)
        st = self.state
        return {"seed": self.seed, "winner": st.winner, "turns": st.turn, "first": st.first_player,
                "reason": st.end_reason, "requested": dict(self.requested), "resolved": dict(self.resolved),
                "requested_by": [dict(c) for c in self.requested_by], "discarded": dict(self.discarded),
                "digest": st.digest()}


def to_json_line(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


__all__ = ["Game", "Option", "ScriptError", "RegulationNotExecutable", "describe"]
