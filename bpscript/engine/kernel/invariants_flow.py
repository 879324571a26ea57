"""The rulebook's invariants of the flow, checked as a game is played (`Game(check=True)`).

`Invariants` is told of every decision and resolution (the game calls it, and it observes
the game's records, `bpscript.engine.kernel.observe`) and checks, from the model:

- 9.1.5 / 9.2.1: only the player with the chance makes a direct request, of a 直接 action,
  a メイン one only with the turn and an empty stage;
- 5.3: the key cards meet the script's key condition; 5.3.1: the target is one the
  script's target kind, owner and where-condition allow when the request is made;
- 5.2: what was paid is the script's cost letters (less what abilities waive), each paid
  as the vocabulary declares (drive, damage, discard, sacrifice) and in full;
- 9.4.1: a triggered request is of a 誘発 action, resolved at once when 即時, discarded
  when メイン and the stage is not empty, else put on the stage;
- 4.2.1 チャージ: the turn player's characters are charged at their first decision of a
  turn, unless an ability switched a rule variant on;
- battles live on the stage: when it is empty at a decision no unit holds a status;
- after every resolution and decision, the position's invariants (`bpscript.engine.kernel.invariants`),
  and when a turn ended, what ends with it.

The first breach raises `InvariantViolation` naming the section and the event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...model.conditions import CardCondition
from ...model.vocabulary import Origin, Payment, Resolution, Window
from . import observe as ob
from .invariants import InvariantViolation, turn_ended, unit_component
from .context import apply_abilities
from .invariants_play import check_position, hidden
from .legal import Option
from .request import Request
from .state import GameState, Unit
from .targeting import OPPONENT, PLAYERS, REQUESTS, UNITS, candidates, where_of

__all__ = ["Invariants", "InvariantViolation"]



@dataclass(slots=True)
class Paying:
    """The request whose costs are being paid: its player, action and the letters paid so far."""

    player: int
    action: str
    letters: list[str]

class Invariants:
    """The checker of one game: an observer of its records, and hooks the flow calls."""

    def __init__(self, game: Any):  # Any: a Game (a weak proxy); game.py imports this module
        self.game = game  # a weak proxy (`Game.__init__`)
        self.turn = game.state.turn
        self.turn_player = game.state.turn_player
        #: the turn player's first decision of a turn is to come (from the next turn on: a game
        #: from a position starts within a turn, its charge step behind it)
        self.first_decision = False
        self.paying: Paying | None = None  # the request whose costs are being paid
        self.event = "setup"  # what happened last: named with a breach
        self.checked: tuple[object, ...] = ()  # the position last checked (`_mark`)
        self.shown: set[int] = set()  # the players whose view of it was checked

    # ------------------------------------------------------------ hooks of the flow
    def request(self, p: int, option: Option) -> None:
        """Player `p` is about to make the request `option` (before its costs)."""
        self.event = f"P{p} requests {option.action} (turn {self.game.state.turn})"
        try:
            self._direct(p, option)
            self._keys(option)
            self._target(p, option)
        except InvariantViolation as e:
            raise self._named(e) from None

    def decided(self) -> None:
        """A decision (a request made, a pass) and what followed it are over."""
        self.check("after a decision")

    def resolved(self, req: Request) -> None:
        self.event = f"{req.action} of P{req.controller} resolved (turn {self.game.state.turn})"
        self.check()

    def check(self, when: str | None = None) -> None:
        """The position's invariants, and what ends with a turn when one ended."""
        game, st = self.game, self.game.state
        if st.winner is not None and when is not None:
            return  # 5.5: the game is over; a request made as it ended is never staged
        if when is not None:
            self.event = f"{when} (turn {st.turn})"
        try:
            self._costs_done()
            if st.turn != self.turn:
                turn_ended(st, self.turn_player)
                self.turn, self.turn_player, self.first_decision = st.turn, st.turn_player, True
            mark = _mark(st)
            # 6.1 where a view is handed: to the player with the chance, at a decision
            shown = (game.chance,) if when is not None else ()
            if mark != self.checked:  # a pass changes nothing: the position held when last checked
                check_position(game, shown)
                self.checked, self.shown = mark, set(shown)
            elif shown and game.chance not in self.shown:
                hidden(game, game.chance)
                self.shown.add(game.chance)
        except InvariantViolation as e:
            raise self._named(e) from None

    def _named(self, e: InvariantViolation) -> InvariantViolation:
        return InvariantViolation(e.section, e.message, e.event or self.event)

    # ------------------------------------------------------------ the game's records
    def __call__(self, record: ob.Record) -> None:
        try:
            if isinstance(record, ob.Requested):
                self._costs_done()
                self.paying = Paying(record.player, record.action, [])
            elif isinstance(record, ob.CostPaid):
                self._paid(record)
            else:
                self._costs_done()
                if isinstance(record, ob.Triggered):
                    self._triggered(record)
                elif isinstance(record, ob.Passed):
                    self._decision(record.player)
                    self.check(f"P{record.player} passes")
        except InvariantViolation as e:
            raise self._named(e) from None

    # ------------------------------------------------------------ 9.1.5, 9.2.1, 5.3, 5.3.1
    def _decision(self, p: int) -> None:
        """At a decision: 4.2.1 チャージ at the turn's first one; no battle status off the stage."""
        game, st = self.game, self.game.state
        if st.turn != self.turn:
            return  # the turn's end is checked after the resolution that ended it
        if self.first_decision and p == st.turn_player:
            self.first_decision = False
            apply_abilities(st, game.seats, game.rules.load)  # as the engine reads them now (9.4.2)
            if not st.rules_on:
                driven = [u for u in st.players[p].field if not u.charged]
                if driven:
                    raise InvariantViolation("4.2.1", f"P{p}'s {driven[0].component} is driven at the first "
                                                      "decision of their turn (the charge action charges them all)")
        if not st.stage and not st.pending:
            held = [u for q in st.players for u in q.field if u.statuses]
            if held:
                raise InvariantViolation("7.3.1", f"{held[0].component} of P{held[0].owner} holds "
                                                  f"{sorted(held[0].statuses)} with no battle on the stage")

    def _direct(self, p: int, option: Option) -> None:
        game, st = self.game, self.game.state
        s = st.ruleset.scripts[option.action]
        if p != game.chance:
            raise InvariantViolation("9.1.5", f"P{p} requests {option.action} without the chance (P{game.chance} has it)")
        if s.header is None or s.header.trigger.origin is not Origin.REQUEST:
            raise InvariantViolation("9.2.1", f"{option.action} is not a direct action: it is never requested")
        if s.header.timing.window is Window.MAIN and (p != st.turn_player or st.stage):
            raise InvariantViolation("9.2.1", f"main-timing action {option.action} requested by P{p} "
                                              f"({'not the turn player' if p != st.turn_player else 'the stage is not empty'})")
        self._decision(p)

    def _keys(self, option: Option) -> None:
        s = self.game.state.ruleset.scripts[option.action]
        cond = s.key_cards.condition if s.key_cards is not None else None
        if isinstance(cond, CardCondition) and not cond.matches(tuple(option.keys), face_up=True):
            raise InvariantViolation("5.3", f"{option.action}'s key cards {' '.join(map(str, option.keys))} do "
                                            "not meet its key condition")

    def _target(self, p: int, option: Option) -> None:
        """5.3.1: the target is one of the kind, side and where-condition the script declares."""
        game, st = self.game, self.game.state
        target = option.target
        if target is None:
            return
        cls = game.rules.action(option.action)
        if not cls.target_kinds:
            raise InvariantViolation("5.3.1", f"{option.action} has no target, yet one was given")
        spec = cls.target_kinds[0]
        kind, _count, _owner = spec
        reach = where_of(st.ruleset.vocabulary, kind)
        what, zone = reach.what, reach.zone
        if what == UNITS:
            comp = unit_component(st, target, zone) if isinstance(target, Unit) else None
            scripts = st.ruleset.scripts
            of = scripts.get(comp) if comp is not None else None
            if of is None or kind not in (of.id, of.type.id, of.kind):
                raise InvariantViolation("5.3.1", f"{option.action}'s target {target!r} is not a {kind} by its "
                                                  "unit conditions")
        ok = any(c is target or (isinstance(c, int) and c == target) for c in candidates(st, option.action, spec, p))
        if ok and what not in (REQUESTS, PLAYERS, OPPONENT):
            ctx = game.ctx(_probe(option, p))
            ok = bool(game.rules.instance(option.action).target_ok(ctx, 0, target))
        if not ok:
            raise InvariantViolation("5.3.1", f"{option.action}'s target {target!r} is not one its target "
                                              f"({kind}) and where-condition allow")

    # ------------------------------------------------------------ 5.2
    def _paid(self, record: ob.CostPaid) -> None:
        paying = self.paying
        if paying is None or (paying.player, paying.action) != (record.player, record.action):
            raise InvariantViolation("5.2", f"a cost of {record.action} paid outside its request")
        paying.letters.append(record.letter)
        pays = self.game.state.ruleset.vocabulary.costs[record.letter].pays
        n = len(record.units) if pays.kind in (Payment.DRIVE, Payment.SACRIFICE) else \
            len(record.cards) if pays.kind is Payment.DISCARD else record.damage
        if n != pays.amount:
            raise InvariantViolation("5.2", f"cost {record.letter} of {record.action} paid {n}, not {pays.amount}")
        if pays.kind is Payment.DRIVE and not all(u.charged for u in record.units):
            raise InvariantViolation("5.2", f"cost {record.letter} of {record.action} drove a unit already driven")

    def _costs_done(self) -> None:
        """The request whose costs were being paid is made: its letters were all paid, in
        the printed order, less those abilities waive."""
        if self.paying is None:
            return
        p, action, letters = self.paying.player, self.paying.action, self.paying.letters
        self.paying = None
        from .abilities import without_waived
        st = self.game.state
        s = st.ruleset.scripts[action]
        printed = tuple(s.cost.letters) if s.cost is not None else ()
        want = list(without_waived(st, p, s.type.id, printed)) if st.waived else list(printed)
        if letters != want:
            raise InvariantViolation("5.2", f"P{p} paid {''.join(letters) or 'nothing'} for {action}, whose cost "
                                            f"is {''.join(want) or 'nothing'}")

    # ------------------------------------------------------------ 9.4.1
    def _triggered(self, record: ob.Triggered) -> None:
        st = self.game.state
        self.event = f"P{record.player}'s {record.action} triggered (turn {st.turn})"
        s = st.ruleset.scripts[record.action]
        if s.header is None or s.header.trigger.origin is not Origin.EVENT:
            raise InvariantViolation("9.4.1", f"{record.action} was triggered, but it is not a triggered action")
        at_once = s.header.speed.resolution is Resolution.AT_ONCE
        want = ob.AT_ONCE if at_once else ob.DISCARDED if s.header.timing.window is Window.MAIN and st.stage \
            else ob.ON_STAGE
        if record.outcome != want:
            raise InvariantViolation("9.4.1", f"triggered {record.action} was {record.outcome}, not {want} "
                                              "([6-5], [6-10])")


def _mark(st: GameState) -> tuple[object, ...]:
    """What tells two positions apart between checks: every change of cards or units bumps
    the state's version; damage, draws, charging and the stage are counted besides."""
    return (st.version, st.turn, st.turn_player, len(st.stage), len(st.pending), st.winner,
            *(len(pile) for p in st.players for pile in p.piles()),
            *(u.charged for p in st.players for u in p.field))


def _probe(option: Option, p: int) -> Request:
    return Request(option.action, p, list(option.keys), option.key_unit, option.target)
