"""The second player's outs against a first-turn line (G4): quick actions they could
request on turn 1 that target a request and nullify it or change its target, known by
what their effects change (`Change.NULLIFY`, `Change.RETARGET`)."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import ruleset as m
from ...model.semantics import Change, Read
from ...model.vocabulary import Origin, Resolution, Window
from ..evaluate import Evaluator, RequestFacts, kinds_in
from ..regulation import Regulation
from .delta import FIRST, SECOND
from .moves import is_player
from .search import Line

Answer = tuple[m.ActionScript, m.TargetSpec, "set[Change | Read] | None"]


@dataclass(frozen=True)
class Out:
    """A quick action of the second player that could stop a request of the line, and how."""

    action: m.ActionScript
    how: str

    def __str__(self) -> str:
        key = f" ★{self.action.key.text}" if self.action.key is not None else ""
        return f"{self.action.name}{key} ({self.how})"


class Answers:
    """The answers of each regulation (cached), and the outs against a line."""

    def __init__(self, script_names: dict[str, str]):
        self.script_names = script_names  # `it.action == damageJudge`
        self._answers: dict[tuple, list[Answer]] = {}

    def answers(self, reg: Regulation) -> list[Answer]:
        """The quick actions the second player could request on the first turn that target
        a request: (action, its target spec, the kinds its effect changes or None)."""
        key = reg.key
        hit = self._answers.get(key)
        if hit is not None:
            return hit
        out = []
        for x in reg.actions():
            if x.target is None or len(x.target.specs) != 1 or x.target.specs[0].kind != "request":
                continue
            if not self._opponent_can_answer(x):
                continue
            body = x.effect.body if x.effect is not None else None
            kinds = kinds_in(list(body)) if body is not None else None
            out.append((x, x.target.specs[0], kinds))
        self._answers[key] = out
        return out

    def outs(self, reg: Regulation, line: Line) -> list[Out]:
        found: dict[str, Out] = {}
        answers = self.answers(reg)
        for mv in line.moves:
            a = mv.action
            if a.header is None or a.header.speed.resolution is Resolution.AT_ONCE:
                continue
            keys = mv.keys
            req = RequestFacts(a.id, len(keys) + mv.rare + mv.drawn, keys[0].number if len(keys) == 1 else None,
                               None if mv.drawn else sum(k.number for k in keys), a.target is not None, FIRST)
            redirectable = (a.target is not None and any(sp.kind == "player" for sp in a.target.specs))
            for x, spec, kinds in answers:
                if x.id in found:
                    continue
                if spec.where is not None:
                    ok = Evaluator({**self.script_names, "it": req, "me": SECOND, "opponent": FIRST,
                                    "turn_player": FIRST}, {}).truth(spec.where)
                    if ok is False:
                        continue
                if kinds is None:
                    found[x.id] = Out(x, f"its effect is not structured; it targets {a.name}")
                elif Change.NULLIFY in kinds:
                    found[x.id] = Out(x, f"nullifies {a.name}")
                elif Change.RETARGET in kinds and redirectable:
                    found[x.id] = Out(x, f"turns {a.name} on its controller")
        return list(found.values())

    @staticmethod
    def _opponent_can_answer(x: m.ActionScript) -> bool:
        h = x.header
        if h is None or h.trigger.origin is not Origin.REQUEST or h.timing.window is not Window.ANY:
            return False
        if x.activation is not None and x.activation.when is not None:
            ev = Evaluator({"me": SECOND, "opponent": FIRST, "turn_player": FIRST},
                           {Read.IS_TURN_PLAYER: lambda u, ev: is_player(u, ev, SECOND),
                            Read.ONCE_PER_TURN: lambda u, ev: True})
            if ev.truth(x.activation.when) is False:
                return False
        if x.key is not None and not x.key.is_unit:
            sat = getattr(x.key.condition, "satisfiable", None)
            if sat is not None and not sat():
                return False
        return True
