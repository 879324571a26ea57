"""The core flow (rulebook 9.4): chance, requests, the stage, the pass record, the
request buffer and trigger check (9.4.1), resolution (5.4) and the win check (5.5).

A `Game` runs one game between two agents (`bpscript.engine.agents`) on the classes
generated from a ruleset (`bpscript.engine.rules`). The flow, by the numbers of Fig. 9.6:

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
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from .. import model as m
from ..cards import Card
from ..conditions import CardCondition
from .base import NotExecutable, locate
from .context import Chooser, EffectContext, Request, apply_abilities
from .rules import Rules
from .setup import setup
from .state import GameState, Unit, owner_of
from .verbs import EVENTS, is_bulwark, put, rank_matches, take, unit_to_grave

IMMEDIATE, NORMAL, MAIN, QUICK = "即時", "通常", "メイン", "クイック"
DEFAULT_MAX_TURNS = 200
#: decisions of one turn before the guard ends the game (agents that only pass)
DEFAULT_MAX_DECISIONS = 5000


class RegulationNotExecutable(NotExecutable):
    """The regulation holds scripts the engine cannot run: reported, never skipped."""

    def __init__(self, fmt: str, frame: str, scripts: list[tuple[str, tuple[str, ...]]]):
        listed = "; ".join(f"{sid} ({', '.join(missing) or 'not structured'})" for sid, missing in scripts)
        Exception.__init__(self, f"{fmt} / {frame}: {len(scripts)} script(s) not executable: {listed}")
        self.script_id = scripts[0][0]
        self.reason = listed
        self.scripts = scripts


class ScriptError(Exception):
    """An error raised inside generated code, reported at its `.bps` place."""

    def __init__(self, script: str, place: str | None, error: BaseException):
        super().__init__(f"{place or '?'}: in script '{script}': {type(error).__name__}: {error}")
        self.script, self.place, self.error = script, place, error


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


def describe(x: Any) -> str:
    if isinstance(x, Unit):  # a face-down unit's cards are not public (6.1)
        return f"{x.component or '?'}[{x if x.face_up else 'face down'}] (P{x.owner})"
    if isinstance(x, Request):
        return f"request {x}"
    if isinstance(x, int):
        return f"P{x}"
    return str(x)


class Seats(Chooser):
    """Routes each in-effect choice to the agent of the player who decides."""

    def __init__(self, game: "Game"):
        self.game = game

    def choose(self, player, options, count, prompt):
        options = list(options)
        if not options:
            return []
        return self.game.agents[player].choose(self.game.view(player), player, options, count, prompt)

    def yes(self, player, question):
        return self.game.agents[player].yes(self.game.view(player), player, question)


class Game:
    def __init__(self, ruleset: m.Ruleset, fmt: str, frame: str, seed: int, agents: Sequence[Any],
                 rules: Rules | None = None, max_turns: int = DEFAULT_MAX_TURNS, check: bool = False,
                 state: GameState | None = None, partial: bool = False,
                 max_decisions: int = DEFAULT_MAX_DECISIONS):
        self.ruleset = ruleset
        self.state = state or setup(ruleset, fmt, frame, seed)  # first: a setup it cannot run is named
        self.rules = rules or Rules(ruleset, fmt, frame)
        if self.rules.not_executable and not partial:
            raise RegulationNotExecutable(fmt, frame, self.rules.not_executable)
        self.seed = seed
        self.agents = list(agents)
        self.seats = Seats(self)
        self.max_turns = max_turns
        self.max_decisions = max_decisions
        self.decisions_this_turn = 0
        self.check = check  # check invariants after every resolution (tests)
        self.requested: Counter[str] = Counter()
        self.resolved: Counter[str] = Counter()
        self.discarded: Counter[str] = Counter()
        self.events: list[str] = []
        self.chance = self.state.turn_player
        self.passes: set[int] = set()

    # ------------------------------------------------------------ helpers
    def ctx(self, request: Request) -> EffectContext:
        return EffectContext(self.state, request, self.seats, self.rules.load)

    def note(self, text: str) -> None:
        self.events.append(f"T{self.state.turn} {text}")
        for a in self.agents:
            if hasattr(a, "notify"):
                a.notify(text)

    # ------------------------------------------------------------ the flow
    def play(self) -> int:
        """Play until a player wins (or the turn limit ends the game); the winner's index."""
        st = self.state
        apply_abilities(st, self.seats, self.rules.load)
        self.chance, self.passes = st.turn_player, set()  # [2]
        turn = st.turn
        while st.winner is None:
            if st.turn != turn:
                turn, self.decisions_this_turn = st.turn, 0
            if st.turn > self.max_turns:
                self.end_by_limit("turn limit")
                break
            if self.decisions_this_turn >= self.max_decisions:
                self.end_by_limit("decision limit")
                break
            self.decisions_this_turn += 1
            self.step()
        return st.winner  # type: ignore[return-value]

    def step(self) -> None:
        """One decision of the player with the chance ([3] → …)."""
        st = self.state
        p = self.chance
        options = self.legal_requests(p)
        choice = self.agents[p].request(self.view(p), p, options)
        if choice is not None:
            if choice not in options:
                raise ValueError(f"not a legal request: {choice}")
            self.passes.clear()  # [4]
            req = self.make_request(p, choice)  # [5]
            if req.speed == IMMEDIATE:  # [7]
                self.trigger_check()  # [6]
                if st.winner is None:
                    self.resolve(req)  # [8] [9]
                    self.trigger_check()
            else:
                self.add_to_stage(req)  # [10]
                self.trigger_check()  # [6]
                self.chance = 1 - p  # [16]
            return
        self.passes.add(p)  # [11]
        if len(self.passes) < 2:  # [12]
            self.chance = 1 - p  # [16]
            return
        # [13] the rule system has the chance; [14] [15]
        if st.stage:
            self.resolve(st.stage[-1])
            if st.winner is None:
                self.trigger_check()
        self.chance, self.passes = st.turn_player, set()  # [2]

    def end_by_limit(self, reason: str) -> None:
        """The guard that makes every game end (the rules have no draw, 11.2.6): past the
        turn limit, or when a turn runs too long, the player with more life wins; on
        equal life the turn player loses, as the win check of 5.5 would have it."""
        st = self.state
        a, b = (len(p.life) for p in st.players)
        st.winner = 0 if a > b else 1 if b > a else 1 - st.turn_player
        st.end_reason = reason
        self.note(f"P{st.winner} wins ({reason})")

    # ------------------------------------------------------------ legal requests
    def legal_requests(self, p: int) -> list[Option]:
        """Every request player `p` may make now (5.3): timing (メイン only for the turn
        player with an empty stage), activation condition, costs that can be paid, key
        cards from the hand or a key unit from the field, and a target when there is a
        target item (5.3.1). Scripts the engine cannot run are never offered (the
        regulation check in `Game.__init__` reports them)."""
        st = self.state
        main_ok = p == st.turn_player and not st.stage
        out: list[Option] = []
        hand = tuple(st.players[p].hand)
        probe = Request("", p)
        ctx = self.ctx(probe)
        funds: dict[str, int] | None = None
        for cls in self.rules.direct:
            if (cls.timing == MAIN and not main_ok) or not cls.executable:
                continue
            cost = self.rules.cost_counts(cls)
            if cost:
                if funds is None:
                    funds = self.funds(p)
                if any(n > funds[x] for x, n in cost.items()):
                    continue
            probe.action, probe.keys, probe.key_unit = cls.id, [], None
            if not self.rules.instance(cls.id).can_activate(ctx):
                continue
            ways: list[tuple[tuple[Card, ...], Unit | None]]
            if cls.key_is_unit:
                ways = [((), u) for u in self.key_units(ctx, cls, p)
                        if "C" not in cost or u.charged]  # C drives the key unit (5.2)
            elif cls.key is not None:
                ways = [(k, None) for k in self.rules.key_sets(cls.id, hand)]
            else:
                ways = [((), None)]
            for keys, unit in ways:
                if len(hand) - len(keys) < cost.get("D", 0):
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
        from ..conditions import LabelHolder, NamedCharacter
        cond = self.ruleset.scripts[cls.id].key.condition  # type: ignore[union-attr]
        scripts = self.ruleset.scripts
        out = []
        for u in self.state.players[p].field:
            comp = scripts.get(u.component) if u.component else None
            if comp is None:
                continue
            if isinstance(cond, LabelHolder):
                kind = {"soldier": "兵士", "bulwark": "防壁"}[cond.kind]
                if comp.type == kind and ctx.has_label(u, cond.label):
                    out.append(u)
            elif isinstance(cond, NamedCharacter) and comp.name == cond.name:
                out.append(u)
        return out

    def funds(self, p: int) -> dict[str, int]:
        """How many of each cost letter the player can pay (5.2): B charged bulwarks, L
        life, D cards in the hand (checked again without the key cards), S characters;
        C is checked against the key unit."""
        from .verbs import bulwarks, characters
        ctx = self.ctx(Request("", p))
        return {"B": sum(1 for u in bulwarks(ctx, p) if u.charged), "L": len(self.state.players[p].life),
                "S": len(characters(ctx, p)), "D": len(self.state.players[p].hand), "C": 1}

    def targets(self, ctx: EffectContext, cls: type, p: int) -> list[Any]:
        from .verbs import bulwarks, characters, soldiers
        kind, _count, owner = cls.target_kinds[0]
        who = None if owner is None else (p if owner == "self" else 1 - p)
        if kind == "soldier":
            cands: list[Any] = soldiers(ctx, who)
        elif kind == "bulwark":
            cands = bulwarks(ctx, who)
        elif kind == "character":
            cands = characters(ctx, who)
        elif kind == "request":
            cands = list(self.state.stage)
        elif kind == "player":
            cands = [0, 1]
        elif kind == "opponent":
            cands = [1 - p]
        else:
            return []
        inst = self.rules.instance(cls.id)
        return [c for c in cands if inst.target_ok(ctx, 0, c)]

    # ------------------------------------------------------------ [5] request
    def make_request(self, p: int, opt: Option) -> Request:
        st = self.state
        cls = self.rules.load(opt.action)
        from .verbs import bulwarks, characters
        ctx = self.ctx(Request(opt.action, p))
        for letter in cls.cost:  # 5.2, in printed order
            if letter == "B":
                charged = [u for u in bulwarks(ctx, p) if u.charged]
                for u in self.seats.choose(p, charged, 1, "cost B: the bulwark to drive (ドライブ)"):
                    u.charged = False
            elif letter == "L":
                st.damage(p, 1)
            elif letter == "D":
                hand = [c for c in st.players[p].hand if c not in opt.keys]
                chosen = self.seats.choose(p, hand, 1, "cost D: the card to discard")
                put(st, chosen, "grave")
                st.events.append(("discarded", p))
            elif letter == "S":
                for u in self.seats.choose(p, characters(ctx, p), 1, "cost S: the character to put in the grave"):
                    unit_to_grave(st, u)
            elif letter == "C" and opt.key_unit is not None:
                opt.key_unit.charged = False
        take(st, list(opt.keys))  # 5.3.3: the key cards leave the hand
        target_cards = tuple(opt.target.cards) if isinstance(opt.target, Unit) else ()
        req = Request(opt.action, p, list(opt.keys), opt.key_unit, opt.target, cls.speed, cls.timing,
                      False, target_cards)
        st.requested.add((p, opt.action))
        st.events.append(("requested", opt.action, p))
        self.requested[opt.action] += 1
        self.note(f"P{p} requests {opt}")
        return req

    def add_to_stage(self, req: Request) -> None:
        self.state.stage.append(req)
        self.state.events.append(("added_to_stage", req.action, req.controller))

    # ------------------------------------------------------------ [8] resolution (5.4)
    def target_ok(self, req: Request) -> bool:
        """5.4.1: a target that is gone or split is no target."""
        t = req.target
        if t is None:
            return True
        st = self.state
        if isinstance(t, Unit):
            return any(t in p.field for p in st.players) and set(req.target_cards) <= set(t.cards)
        if isinstance(t, Request):
            return t in st.stage
        return True

    def resolve(self, req: Request) -> None:
        st = self.state
        cls = self.rules.load(req.action)
        if self.target_ok(req):
            ctx = self.ctx(req)
            try:
                cls().resolve(ctx)
            except (NotExecutable, EOFError):  # EOFError: the person's input ended mid-effect
                raise
            except Exception as e:  # noqa: BLE001 - reported with its .bps place
                raise ScriptError(req.action, locate(e.__traceback__), e) from e
            self.note(f"resolved {req}")
        else:
            self.note(f"resolved {req} without effect (target gone or split)")
        if req in st.stage:  # 5.4.3 4.
            st.stage.remove(req)
        left = [c for c in req.keys if not st.holds(c)]
        if left:  # 5.4.5: key cards the effect did not place go to the grave
            put(st, left, "grave")
        st.events.append(("resolved", req.action, req.controller))
        self.resolved[req.action] += 1
        st.rematch()
        apply_abilities(st, self.seats, self.rules.load)
        if self.check:
            st.check_invariants()
        self.win_check()

    def win_check(self) -> None:
        """5.5: the turn player first; both at 0 → the turn player loses."""
        st = self.state
        w = st.win_check()
        if w is not None and st.winner is None:
            st.winner = w
            st.end_reason = "life 0"
            self.note(f"P{w} wins")

    # ------------------------------------------------------------ [6] trigger check (9.4.1)
    def triggered_by(self, events: list[tuple]) -> list[Request]:
        st = self.state
        out: list[Request] = []
        for ev in events:
            for cls in self.rules.by_event.get(ev[0], ()):
                each = cls.event[1]
                if not cls.executable:
                    continue
                for p in (st.turn_player, 1 - st.turn_player):
                    ctx = self.ctx(Request(cls.id, p))
                    args, kwargs = self.rules.event_args(cls, p, ctx)
                    times = self.event_matches(ev, args, kwargs, each)
                    if times and self.rules.instance(cls.id).trigger_guard(ctx):
                        out.extend(Request(cls.id, p, speed=cls.speed, timing=cls.timing, triggered=True)
                                   for _ in range(times))
        return out

    @staticmethod
    def event_matches(ev: tuple, args: tuple, kwargs: dict[str, Any], each: bool) -> int:
        kind = ev[0]
        if kind in ("resolved", "requested", "added_to_stage"):
            return int(not args or args[0] == ("script", ev[1]))
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
                cards = tuple(c for c in cards if rank_matches(c, kwargs["condition"]))
            return len(cards) if each else int(bool(cards))
        if kind == "discarded":
            return int("who" not in kwargs or kwargs["who"] == ev[1])
        if kind == "unblocked":
            return 1
        return 0

    def trigger_check(self) -> None:
        """9.4.1, step by step: [6-1] the triggered requests go to the buffer; [6-3] while it
        holds 即時 requests, each player from the turn player in turn order [6-4]…[6-7]
        resolves theirs, メイン before クイック [6-5] [6-6], picking the order [6-5-2], with a
        win check after each [6-5-4] and new triggers added to the buffer [6-5-6]; then
        [6-8] the 通常 requests the same way [6-9]…[6-12]: a メイン one goes on the stage
        only when it is empty, else it is discarded [6-10-3]…[6-10-6], a クイック one always
        [6-10-7]. The loop ends when the buffer is empty [6-2]."""
        st = self.state
        buffer: list[Request] = []
        self._buffer_triggers(buffer)  # [6-1]
        while buffer and st.winner is None:  # [6-2]
            speed = IMMEDIATE if any(r.speed == IMMEDIATE for r in buffer) else NORMAL  # [6-3] / [6-8]
            for player in (st.turn_player, 1 - st.turn_player):  # [6-4] … [6-7], [6-9] … [6-12]
                for timing in (MAIN, QUICK):  # [6-5] [6-6], [6-10] [6-11]
                    while st.winner is None:
                        group = [r for r in buffer
                                 if r.controller == player and r.speed == speed and r.timing == timing]
                        if not group:  # [6-5-1] / [6-10-1]
                            break
                        req = self._take_from_buffer(buffer, group)  # [6-5-2] / [6-10-2]
                        if speed == IMMEDIATE:
                            self.note(f"P{req.controller} triggers {req.action}")
                            self.resolve(req)  # [6-5-3], with the win check [6-5-4]
                        elif timing == MAIN and st.stage:  # [6-10-3] [6-10-4] → [6-10-6]
                            self.discarded[req.action] += 1
                            self.note(f"P{req.controller} triggers {req.action}: discarded, the stage is not empty")
                        else:  # [6-10-5] / [6-10-7]
                            self.note(f"P{req.controller} triggers {req.action}: on the stage")
                            self.add_to_stage(req)
                        self._buffer_triggers(buffer)  # [6-5-5] [6-5-6] / [6-10-8] [6-10-9]

    def _buffer_triggers(self, buffer: list[Request]) -> None:
        st = self.state
        if st.events:
            events, st.events = st.events, []
            buffer.extend(self.triggered_by(events))

    def _take_from_buffer(self, buffer: list[Request], group: list[Request]) -> Request:
        """The controller picks which of their requests of one group comes first."""
        if len({r.action for r in group}) > 1:
            req = self.seats.choose(group[0].controller, group, 1, "the triggered request to resolve next")[0]
        else:
            req = group[0]
        buffer.remove(req)
        self.requested[req.action] += 1
        return req

    # ------------------------------------------------------------ disclosure (6.1)
    def view(self, p: int) -> "View":
        """What player `p` may see (6.1), computed when an agent looks."""
        return View(self, p)

    def full_view(self, p: int) -> dict[str, Any]:
        """What player `p` may see (6.1): own hand and grave, both fields (face-down cards
        only the owner's), fog, life counts (the opponent's only below 10), the stage."""
        st = self.state
        me, opp = st.players[p], st.players[1 - p]

        def units(pl, mine: bool) -> list[dict[str, Any]]:
            return [{"component": u.component if (u.face_up or mine) else "bulwark?",
                     "cards": [str(c) for c in u.cards] if (u.face_up or mine) else ["face down"],
                     "face_up": u.face_up, "charged": u.charged,
                     "size": self.ctx(Request("", p)).size(u) if u.face_up else None} for u in pl.field]
        olife = len(opp.life)
        return {
            "me": p, "turn": st.turn, "turn_player": st.turn_player, "chance": self.chance,
            "hand": [str(c) for c in me.hand], "life": len(me.life),
            "opponent_life": olife if olife < 10 else "10+", "opponent_hand": len(opp.hand),
            "grave": [str(c) for c in me.grave], "opponent_grave_top": str(opp.grave[-1]) if opp.grave else None,
            "field": units(me, True), "opponent_field": units(opp, False),
            "fog": [str(c) for c in me.fog], "opponent_fog": [str(c) for c in opp.fog],
            "stage": [str(r) for r in st.stage],
        }

    # ------------------------------------------------------------ results
    def summary(self) -> dict[str, Any]:
        st = self.state
        return {"seed": self.seed, "winner": st.winner, "turns": st.turn, "first": st.first_player,
                "reason": st.end_reason, "requested": dict(self.requested), "resolved": dict(self.resolved),
                "digest": st.digest()}


class View:
    """A player's view (6.1); the cheap keys are read directly, the rest on first use."""

    def __init__(self, game: Game, player: int):
        self.game, self.player, self._full = game, player, None

    def __getitem__(self, key: str) -> Any:
        if key == "turn_player":
            return self.game.state.turn_player
        if key == "stage":
            return [str(r) for r in self.game.state.stage]
        if key == "me":
            return self.player
        return self.full[key]

    @property
    def full(self) -> dict[str, Any]:
        if self._full is None:
            self._full = self.game.full_view(self.player)
        return self._full

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default


def to_json_line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


__all__ = ["Game", "Option", "ScriptError", "EVENTS", "random"]
