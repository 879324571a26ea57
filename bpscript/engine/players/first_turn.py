"""G4's engine confirmation: play a first-turn line found by the static pass on real games.

The linter's G4 (`bpscript.lint.rules.g4`) finds, by reading the scripts, a sequence of
requests with which the first player could end the game on turn 1. The static pass
cannot play out costs, targets and answers to answers; this module can. For each of a
few deals of the regulation (the engine's own setup, 3.9), with the line's key cards
put in the first player's hand, it searches the first turn by re-running the game along
a path of decision indices:

- **unopposed**: the second player always passes; is there a way (which option, which
  card pays a cost, which choice inside an effect) for the first player to follow the
  line to a win? An OR search over the first player's decisions.
- **against every answer**: an AND–OR search: the first player's decisions are OR
  nodes, the second player's (pass or any legal request from the hand dealt, and every
  choice) AND nodes, deepened by the number of requests the second player may make
  (one, then up to `MAX_ANSWERS`). The answers that stop the line are collected for the
  report.

Both are bounded (`budget` games per search); a search cut short answers None.

The verdict given to G4 (`FirstTurnSearch` protocol): True when the line wins unopposed
in every deal, False when in every deal it cannot win even unopposed (the static pass
counted more than the rules give), None otherwise — a regulation the engine cannot run
(a setup step the engine does not run, a line using a script that is not executable)
is undecided, never guessed.

The engine imports the model, never the parser; the lint CLI wires the two together.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations, islice
from typing import Callable, Protocol, Sequence

from ...model import ruleset as m
from ...model.cards import Card, Suit
from .agents import Agent, PlayerView, T
from ..kernel.legal import Option
from ..kernel.registry import NotExecutable
from ..kernel.game import Game, ScriptError
from .line_deal import Move, builds, line_deal
from ..kernel.rules import Rules
from ..setup.start import SetupNotSupported, setup, unsupported_steps
from ..kernel.state import GameState, RulesError

DEALS = 4            # deals of the regulation tried
BUDGET = 400         # games re-run by the unopposed search of one deal
VERSUS_BUDGET = 300  # games re-run by one search against the second player's answers
MAX_ANSWERS = 1      # requests of the second player the search allows (2 already costs thousands of games)
MAX_CHOICES = 6      # alternatives tried for one choice inside an effect or a cost


class _LineMove(Protocol):
    """A move of G4's line (`bpscript.lint.analysis.moves.Move`; the engine imports no lint)."""

    @property
    def action(self) -> m.ActionScript: ...
    @property
    def keys(self) -> tuple[Card, ...]: ...
    @property
    def trump(self) -> str | None: ...


class _Line(Protocol):
    """G4's line (`bpscript.lint.analysis.search.Line`)."""

    @property
    def moves(self) -> Sequence[_LineMove]: ...
    @property
    def trump(self) -> str | None: ...


class _Regulation(Protocol):
    """A regulation as G4 gives it (`bpscript.lint.regulation.Regulation`)."""

    @property
    def key(self) -> tuple[str, str]: ...
    @property
    def name(self) -> str: ...


class _Branch(BaseException):
    """A decision beyond the path: stop this run (BaseException: the engine's `except
    Exception` around generated code must not swallow it)."""

    def __init__(self, seat: int, width: int):
        self.seat, self.width = seat, width


class _OutOfBudget(BaseException):
    pass


@dataclass
class DealResult:
    seed: int
    unopposed: bool | None
    versus: bool | None
    stopped_by: set[str] = field(default_factory=set)


class _Explorer(Agent):
    """Both seats: follows `path`, raises `_Branch` at the first decision beyond it."""

    def __init__(self, path: Sequence[int], first: int, moves: list[Move], answers: int):
        self.path, self.first, self.moves, self.answers = list(path), first, moves, answers
        self.at = 0
        self.next_move = 0
        self.opponent_requests: list[str] = []

    def _pick(self, seat: int, alternatives: list[T]) -> T:
        if len(alternatives) == 1:
            return alternatives[0]  # no decision: not a node of the search
        if self.at < len(self.path):
            i = self.path[self.at]
            self.at += 1
            return alternatives[i]
        raise _Branch(seat, len(alternatives))

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        if player == self.first:
            if self.next_move >= len(self.moves):
                return None
            action, keys = self.moves[self.next_move]
            ways = [o for o in options if o.action == action
                    and (not keys or Counter((c.number, c.suit) for c in o.keys) == keys)]
            if not ways:
                return None
            choice = self._pick(player, ways)
            self.next_move += 1
            return choice
        if len(self.opponent_requests) >= self.answers:
            return None
        answer: Option | None = self._pick(player, [None, *options])
        if answer is not None:
            self.opponent_requests.append(answer.name)
        return answer

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        listed = list(options)
        ways: list[list[T]]
        if count is None:
            ways = ([[]] if at_least == 0 else []) + [[o] for o in listed] + ([listed] if len(listed) > 1 else [])
        else:
            ways = [list(c) for c in combinations(listed, min(count, len(listed)))]
        return self._pick(player, list(islice(ways, MAX_CHOICES)) or [[]])

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        return self._pick(player, [True, False])


class EngineFirstTurnSearch:
    """The engine side of G4 for one ruleset (see the module docstring)."""

    def __init__(self, ruleset: m.Ruleset, deals: int = DEALS, budget: int = BUDGET,
                 versus_budget: int = VERSUS_BUDGET):
        self.ruleset = ruleset
        self.deals = deals
        self.budget = budget
        self.versus_budget = versus_budget
        self._rules: dict[tuple[str, str], Rules] = {}
        #: what the last `first_turn_win` call saw, for the report
        self.last: list[DealResult] = []
        self.last_reason = ""

    # ------------------------------------------------------------ the G4 hook
    def first_turn_win(self, regulation: _Regulation, line: _Line) -> bool | None:
        self.last, self.last_reason = [], ""
        fmt, frame = regulation.key
        if not fmt or not frame:
            return self._undecided("the engine plays a format within a frame")
        try:
            missing = unsupported_steps(self.ruleset.frames[frame])
            if missing:
                raise SetupNotSupported(self.ruleset.frames[frame], missing)
            rules = self._rules.get((fmt, frame)) or Rules(self.ruleset, fmt, frame)
        except (RulesError, KeyError) as e:
            return self._undecided(f"the engine cannot set up {regulation.name}: {e}")
        self._rules[(fmt, frame)] = rules
        blocked = sorted({mv.action.id for mv in line.moves if mv.action.id not in rules.executable})
        if blocked:
            return self._undecided(f"not executable: {', '.join(blocked)}")
        moves: list[Move] = [(mv.action.id, Counter((c.number, c.suit) for c in mv.keys)) for mv in line.moves]
        rare = sum(getattr(mv, "rare", 0) for mv in line.moves)
        trump = line.trump or next((mv.trump for mv in line.moves if getattr(mv, "trump", None)), None)
        for seed in range(self.deals):
            self.last.append(self._deal(rules, fmt, frame, seed, moves, rare, trump))
        done = [d.unopposed for d in self.last]
        if all(d is True for d in done):
            return True
        if all(d is False for d in done):
            self.last_reason = "the line does not win even when the second player passes"
            return False
        return self._undecided("the deals disagree or a search ran out of budget")

    def notes(self) -> list[str]:
        """What the engine saw, one line for the finding's notes."""
        if not self.last:
            return [f"engine: undecided ({self.last_reason})"] if self.last_reason else []
        n = len(self.last)
        won = sum(d.unopposed is True for d in self.last)
        held = sum(d.versus is True for d in self.last)
        stopped = sum(d.versus is False and d.unopposed is True for d in self.last)
        open_ = sum(d.versus is None and d.unopposed is True for d in self.last)
        stops = sorted(set().union(*(d.stopped_by for d in self.last)))
        text = f"engine: played in {n} deals: wins in {won} when the second player passes"
        if won:
            allowed = "any one request" if MAX_ANSWERS == 1 else f"up to {MAX_ANSWERS} requests"
            text += (f"; against {allowed} of the second player from the hand dealt: "
                     f"holds in {held}, stopped in {stopped}")
            if open_:
                text += f", undecided in {open_} (search budget)"
        if stops:
            text += "; stopped by " + ", ".join(f"「{s}」" for s in stops)
        return [text]

    def _undecided(self, reason: str) -> bool | None:
        """None (undecided), saying why."""
        self.last_reason = reason
        return None

    # ------------------------------------------------------------ one deal
    def _deal(self, rules: Rules, fmt: str, frame: str, seed: int, moves: list[Move], rare: int = 0,
              trump: str | None = None) -> DealResult:
        """One deal: the engine's own setup (3.9); in a frame where the players build or
        decide, the first player builds for the line (`bpscript.engine.players.line_deal`)."""
        make: Callable[[], GameState] = lambda: setup(self.ruleset, fmt, frame, seed)  # noqa: E731
        if builds(self.ruleset.frames[frame]):
            dealt = line_deal(self.ruleset, fmt, frame, seed, moves, rare, trump)
            if dealt is None:
                return DealResult(seed, None, None)
            seed, make = dealt
        if not _give_keys(make(), moves):
            return DealResult(seed, None, None)
        unopposed, _stops = self._search(rules, fmt, frame, seed, moves, 0, make)
        result = DealResult(seed, unopposed, None)
        if unopposed:  # deepen: one answer of the second player, then up to MAX_ANSWERS
            for answers in range(1, MAX_ANSWERS + 1):
                held, stops = self._search(rules, fmt, frame, seed, moves, answers, make)
                result.versus, result.stopped_by = held, stops
                if held is not True:
                    break
        return result

    def _search(self, rules: Rules, fmt: str, frame: str, seed: int, moves: list[Move], answers: int,
                make: Callable[[], GameState]) -> tuple[bool | None, set[str]]:
        """Can the first player follow the line to a win whatever the second player does
        with at most `answers` requests? (0: the second player only passes.)"""
        runs = [0]
        budget = self.versus_budget if answers else self.budget
        stops: set[str] = set()

        def solve(path: list[int]) -> bool:
            runs[0] += 1
            if runs[0] > budget:
                raise _OutOfBudget
            state = make()
            _give_keys(state, moves)
            agent = _Explorer(path, state.first_player, moves, answers)
            game = Game(self.ruleset, fmt, frame, seed, [agent, agent], rules=rules, state=state,
                        partial=True, max_turns=1, max_decisions=400)
            try:
                game.play()
            except _Branch as b:
                results = (solve(path + [k]) for k in range(b.width))
                return any(results) if b.seat == state.first_player else all(results)
            won = state.winner == state.first_player and state.end_reason == "life 0" and state.turn == 1
            if not won and agent.opponent_requests:
                stops.update(agent.opponent_requests)
            return won

        try:
            return solve([]), stops
        except _OutOfBudget:
            return None, stops
        except (ScriptError, RulesError, ValueError, NotExecutable):
            # an error in a script or the engine is no evidence either way: never let it
            # drop a finding, the static result stands
            return None, stops


def _give_keys(state: GameState, moves: list[Move]) -> bool:
    """Put the line's key cards in the first player's hand (the setup guarantees them:
    they are the cards G4 counts as chosen), each swapped with a card of the hand that
    no move needs. False when the deck lacks one."""
    p = state.players[state.first_player]
    wanted: Counter[tuple[int, Suit | None]] = Counter()
    for _action, keys in moves:
        wanted.update(keys)
    have = Counter((c.number, c.suit) for c in p.hand)
    for (number, suit), n in sorted(wanted.items()):
        for _ in range(max(0, n - have[(number, suit)])):
            source = next((z for z in (p.life, p.grave, p.pack) for c in z if (c.number, c.suit) == (number, suit)),
                          None)
            if source is None:
                return False
            card = next(c for c in source if (c.number, c.suit) == (number, suit))
            spare = next((c for c in p.hand if wanted[(c.number, c.suit)] == 0), None)
            source.remove(card)
            if spare is not None:
                p.hand.remove(spare)
                source.append(spare)
            p.hand.append(card)
    return True


__all__ = ["EngineFirstTurnSearch", "DealResult"]
