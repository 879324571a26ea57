"""The narration of a game: each record the engine observes (`bpscript.engine.kernel.observe`)
as a line a person reads, with the printed names of actions, components, zones, costs
and statuses taken from the model.

A narration is told to one seat (`me`): what that player may not see (6.1) — the cards
the opponent draws or holds, the cards of the opponent's face-down units — is told as a
count or as "face down". Units are named by owner and place on the field (`P1 #2`), so
two face-down bulwarks can be told apart.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, TextIO

from ..diagnostics import printable
from ..engine.kernel import observe as ob
from ..model.scriptview import zone_name
from ..engine.kernel.request import Request
from ..engine.kernel.state import Unit

#: zones whose cards both players see (the field's face-up units are public too)
PUBLIC = frozenset({"grave", "fog", "stage"})


class Names:
    """Printed names from the model: actions and components by script id, zones,
    statuses and costs by their vocabulary ids."""

    def __init__(self, ruleset: Any):
        self.ruleset = ruleset
        self.vocabulary = ruleset.vocabulary

    def script(self, sid: str | None) -> str:
        s = self.ruleset.scripts.get(sid) if sid else None
        return s.name if s is not None else (sid or "?")

    def zone(self, zid: str) -> str:
        return zone_name(self.ruleset, zid)

    def status(self, sid: str) -> str:
        s = self.vocabulary.statuses.get(sid)
        return s.name if s is not None else sid

    def cost(self, letter: str) -> str:
        c = self.vocabulary.costs.get(letter)
        return f"{letter} {c.text}" if c is not None else letter

    def costs(self, action: str) -> str:
        """The cost of an action as printed ($BL), or "" when it has none."""
        s = self.ruleset.scripts.get(action)
        cost = getattr(s, "cost", None)
        return cost.text if cost is not None and cost.letters else ""


def cards(cs: Any) -> str:
    return " ".join(map(str, cs))


class Teller:
    """How things are named for one seat (`me`; None: everything is shown)."""

    def __init__(self, names: Names, me: int | None):
        self.names, self.me = names, me

    def player(self, p: int) -> str:
        return f"P{p}" + (" (you)" if p == self.me else "")

    def unit(self, u: ob.UnitSeen, reveal: bool = False) -> str:
        name = f"P{u.owner} #{u.position} {self.names.script(u.component)}" if u.position else \
            f"P{u.owner} {self.names.script(u.component)}"
        if u.face_up:
            return f"{name} {cards(u.cards)}"
        if self.me is None or u.owner == self.me or reveal:
            return f"{name} {cards(u.cards)} (face down)"
        return f"{name} (face down)"

    def request(self, r: ob.RequestSeen) -> str:
        keys = f" ★{cards(r.keys)}" if r.keys else ""
        return f"{self.names.script(r.action)} (P{r.controller}{keys})"

    def thing(self, x: Any, state: Any = None) -> str:
        """A target, a key unit or an option of a choice."""
        if isinstance(x, ob.UnitSeen):
            return self.unit(x)
        if isinstance(x, Unit) and state is not None:
            return self.unit(ob.seen(state, x))
        if isinstance(x, ob.RequestSeen):
            return self.request(x)
        if isinstance(x, Request):
            return self.request(ob.request_seen(x))
        if isinstance(x, int) and not isinstance(x, bool):
            return self.player(x)
        return str(x)

    def shown(self, owner: int, source: str, to: str, cs: tuple) -> str:
        """The moved cards, or how many, when this seat may not see them."""
        if self.me is None or owner == self.me or to in PUBLIC or source in PUBLIC:
            return cards(cs)
        return f"{len(cs)} card{'s' if len(cs) != 1 else ''}"


class Narrator:
    """An observer (`Game.observers`) that writes one line per record."""

    def __init__(self, game: Any, me: int | None = None, out: TextIO | None = None,
                 names: Names | None = None):
        self.game = game
        self.tell = Teller(names or Names(game.ruleset), me)
        self.out = out or sys.stdout
        self.lines: list[str] = []  # what was told, in order (the board's recent events)
        self.render: dict[type, Callable[[Any], list[str]]] = {
            ob.Requested: self._requested, ob.CostPaid: self._cost, ob.Passed: self._passed,
            ob.Triggered: self._triggered, ob.Resolved: self._resolved, ob.Moved: self._moved,
            ob.UnitEntered: self._entered, ob.UnitChanged: self._changed, ob.UnitLeft: self._left,
            ob.Nullified: self._nullified, ob.TurnBegan: self._turn, ob.GameOver: self._over}

    def __call__(self, record: Any) -> None:
        for line in self.render[type(record)](record):
            line = printable(line)  # script names reach the terminal as text (an ESC is shown)
            self.lines.append(line)
            print(line, file=self.out)

    @property
    def names(self) -> Names:
        return self.tell.names

    # ------------------------------------------------------------ records
    def _requested(self, r: ob.Requested) -> list[str]:
        t = self.tell
        text = f"{t.player(r.player)} requests {self.names.script(r.action)}"
        if r.keys:
            text += f" ★{cards(r.keys)}"
        if r.key_unit is not None:
            text += f" with {t.unit(r.key_unit)}"
        if r.target is not None:
            text += f" → {t.thing(r.target)}"
        return [text + (" (resolves at once)" if r.at_once else "")]

    def _cost(self, r: ob.CostPaid) -> list[str]:
        if r.damage:
            what = f"{r.damage} damage: {cards(r.cards)} (life {len(self.game.state.players[r.player].life)})"
        elif r.cards:
            what = cards(r.cards)
        else:
            what = ", ".join(self.tell.unit(u) for u in r.units)
        return [f"  cost {self.names.cost(r.letter)}: {what}"]

    def _passed(self, r: ob.Passed) -> list[str]:
        return [f"{self.tell.player(r.player)} passes"]

    def _triggered(self, r: ob.Triggered) -> list[str]:
        what = {ob.AT_ONCE: "resolves at once", ob.ON_STAGE: "goes on the stage",
                ob.DISCARDED: "is discarded (the stage is not empty)"}[r.outcome]
        return [f"{self.tell.player(r.player)}'s {self.names.script(r.action)} triggers and {what}"]

    def _resolved(self, r: ob.Resolved) -> list[str]:
        text = f"▸ {self.names.script(r.action)} (P{r.player}) resolves"
        return [text if r.effect else text + " without effect: its target is gone or split (5.4.1)"]

    def _moved(self, r: ob.Moved) -> list[str]:
        who, t = self.tell.player(r.owner), self.tell
        shown = t.shown(r.owner, r.source, r.to, r.cards)
        left = len(self.game.state.players[r.owner].life)
        if (r.source, r.to) == ("life", "grave"):
            return [f"  {who} takes {len(r.cards)} damage: {shown} (life {left})"]
        if (r.source, r.to) == ("life", "hand"):
            return [f"  {who} draws {shown} (life {left})"]
        if (r.source, r.to) == ("hand", "grave"):
            return [f"  {who} discards {shown}"]
        if r.source == "stage":  # key cards an effect placed
            return [f"  {who}: key card{'s' if len(r.cards) > 1 else ''} {shown} → {self.names.zone(r.to)}"]
        return [f"  {who}: {shown} {self.names.zone(r.source)} → {self.names.zone(r.to)}"]

    def _entered(self, r: ob.UnitEntered) -> list[str]:
        return [f"  + {self.tell.unit(r.unit)} enters the field" + ("" if r.unit.charged else " driven")]

    def _changed(self, r: ob.UnitChanged) -> list[str]:
        a, b = r.before, r.after
        parts = []
        if a.component != b.component or a.cards != b.cards or a.face_up != b.face_up:
            turned = "" if a.face_up == b.face_up else "turns face up and " if b.face_up else \
                "turns face down and "
            parts.append(f"{turned}is now {self.tell.unit(b)}")
        if a.charged != b.charged:
            parts.append("is charged" if b.charged else "is driven")
        gained = [s for s in b.statuses if s not in a.statuses]
        lost = [s for s in a.statuses if s not in b.statuses]
        parts += [f"is {self.names.status(s)}" for s in gained]
        parts += [f"is no longer {self.names.status(s)}" for s in lost]
        return [f"  {self.tell.unit(a)} " + ", ".join(parts)] if parts else []

    def _left(self, r: ob.UnitLeft) -> list[str]:
        if r.to == "grave":
            return [f"  ✝ {self.tell.unit(r.unit, reveal=True)} dies ({self.names.zone(r.to)})"]
        if r.to == "field":
            return [f"  {self.tell.unit(r.unit)} is re-formed"]
        return [f"  - {self.tell.unit(r.unit)} leaves the field → {self.names.zone(r.to)}"]

    def _nullified(self, r: ob.Nullified) -> list[str]:
        return [f"  ✗ {self.tell.request(r.request)} is nullified"]

    def _turn(self, r: ob.TurnBegan) -> list[str]:
        return [f"── turn {r.turn}: {self.tell.player(r.player)} ──"]

    def _over(self, r: ob.GameOver) -> list[str]:
        return [f"★ {self.tell.player(r.winner)} wins ({r.reason})"]
