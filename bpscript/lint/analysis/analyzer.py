"""G4's analysis of one ruleset: the moves of each regulation, the search for a
first-turn win, and the second player's outs, with the caches they share."""

from __future__ import annotations

from ...model import ruleset as m
from ...model.cards import Card
from ..core import LintContext
from ..evaluate import Evaluator
from ...model.vocabulary import Payment
from ..regulation import Regulation, Setup
from .answers import Answer, Answers, Out
from .moves import Move, MoveFinder
from .search import Line, search


class Analyzer:
    """G4 for one ruleset: usable moves per regulation, and the search."""

    def __init__(self, ctx: LintContext):
        self.ctx = ctx
        rs = ctx.ruleset
        # characters whose units pay a cost that drives a unit of their type (B drives a bulwark)
        drive_types = {c.pays.what for c in rs.costs.values()
                       if c.pays is not None and c.pays.kind is Payment.DRIVE and c.pays.what != "key_unit"}
        bulwark_ids = {c.id for c in rs.components("character") if c.type.id in drive_types}
        self.finder = MoveFinder(bulwark_ids, rs.costs)
        self.interp = self.finder.interp
        self.script_names = {sid: sid for sid in rs.scripts}  # `it.action == damageJudge`
        self._answers = Answers(self.script_names)

    def candidate(self, a: m.ActionScript) -> bool:
        """Cheap, regulation-independent: could this action ever be part of a line?"""
        return self.finder.candidate(a)

    def activation(self, a: m.ActionScript, setup: Setup, trumps: set[str]) -> tuple[bool, bool, str | None]:
        """(usable on turn 1, once per turn, the face-up trump it needs)."""
        return self.finder.activation(a, setup, trumps)

    def effect_env(self, a: m.ActionScript, keys: tuple[Card, ...], setup: Setup) -> Evaluator:
        return self.finder.effect_env(a, keys, setup)

    def moves(self, reg: Regulation) -> list[Move]:
        """The first player's usable moves in the regulation, strongest first."""
        return self.finder.moves(reg)

    def search(self, reg: Regulation) -> Line | None:
        """A sequence of requests that ends the game on turn 1, if one is found."""
        return search(self.moves(reg), reg.setup)

    def answers(self, reg: Regulation) -> list[Answer]:
        return self._answers.answers(reg)

    def outs(self, reg: Regulation, line: Line) -> list[Out]:
        """The second player's quick actions that could stop a request of the line."""
        return self._answers.outs(reg, line)
