"""A person at a terminal (or a pipe): the compact board above each prompt, requests
grouped by action with their cost beside them, numbered choices, and `b` to go back —
from a request's ways to the list of actions, and from paying a cost to the request
menu (the request is withdrawn before anything is paid, `Withdrawn`).

Everything is named as the narration names it (`_narrate.Teller`): units by owner and
place (`P1 #2`), printed names from the model, hidden cards hidden (6.1).
"""

from __future__ import annotations

import sys
import unicodedata
from typing import Any, Sequence, TextIO

from ..diagnostics import printable
from ..engine.players.agents import Agent, Withdrawn
from ..engine.kernel.observe import seen
from ..engine.kernel.request import COST, kind_of
from ._narrate import Names, Teller, cards

BACK = "b"


def pad(text: str, width: int) -> str:
    """`text` padded to `width` columns (wide characters take two)."""
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - used)


class Back(Exception):
    """The person asked to go back one menu."""


def board(game: Any, me: int, tell: Teller) -> list[str]:
    """The compact board as seat `me` sees it: the opponent, then you, then the stage."""
    st, view = game.state, game.view(me)
    names = tell.names
    lines = [f"┌─ turn {st.turn} · P{st.turn_player}'s turn · P{game.chance} has the chance "
             f"· you are P{me} ─"]
    for p in (1 - me, me):
        pl = st.players[p]
        life = view["life"] if p == me else view["opponent_life"]
        grave = f"{len(pl.grave)}" + (f" (top {pl.grave[-1]})" if pl.grave else "")
        hand = cards(pl.hand) if p == me else f"{len(pl.hand)}"
        lines.append(f"│ P{p}{' (you)' if p == me else ''}  life {life} · hand {hand or '-'} · grave {grave}"
                     f" · fog {cards(pl.fog) or '-'}")
        units = []
        for u in pl.field:
            s = seen(st, u)
            text = f"#{s.position} " + tell.unit(s).split(" ", 2)[2]
            if u.face_up:
                text += f" [{game.size(u)}]"
            if not u.charged:
                text += " driven"
            units += [text + "".join(f" {names.status(x)}" for x in s.statuses)]
        lines.append("│     " + ("  ".join(units) if units else "(no units)"))
        if pl.pack or pl.pack_opened or pl.rare:  # パック, レアパック …: as 8.3.2 discloses them
            mine = p == me
            pack = (f"pack opened ({cards(pl.pack) if mine else len(pl.pack)})" if pl.pack_opened
                    else f"pack unopened ({len(pl.pack)})")
            rare = (cards(pl.rare) or "-") if mine else f"{len(pl.rare)}"
            lines.append(f"│     {pack} · rare {rare}")
    stage = " ← ".join(tell.thing(r) for r in st.stage)
    lines.append(f"└─ stage (top last): {stage or '(empty)'}")
    return lines


class TerminalPlayer(Agent):
    """The person's agent in `bpscript play`. `game` is set once the game exists."""

    def __init__(self, me: int, names: Names, stdin: TextIO | None = None, stdout: TextIO | None = None):
        self.me = me
        self.tell = Teller(names, me)
        self.stdin = stdin or sys.stdin
        self.out = stdout or sys.stdout
        #: the game, once it exists (the setup asks its decisions before: they name no unit)
        self.game: Any = None
        #: a pipe does not echo what was typed: echo it, so the transcript reads as a session
        self.echo = not (hasattr(self.stdin, "isatty") and self.stdin.isatty())

    def say(self, text: str = "") -> None:
        """Every line the person reads: names come from the scripts, shown never obeyed."""
        print(printable(text), file=self.out)

    def ask(self, prompt: str) -> str:
        print(printable(prompt), end="", file=self.out, flush=True)
        line = self.stdin.readline()
        if not line:
            raise EOFError("input ended")
        if self.echo:
            print(printable(line.rstrip("\n")), file=self.out)
        return line.strip()

    # ------------------------------------------------------------ naming
    def option(self, o: Any, with_action: bool = True) -> str:
        """One way to request an action: key cards, key unit, target."""
        st = self.game.state
        parts = [self.tell.names.script(o.action)] if with_action else []
        if o.keys:
            parts.append("★" + cards(o.keys))
        if o.key_unit is not None:
            parts.append("with " + self.tell.unit(seen(st, o.key_unit)))
        if o.target is not None:
            parts.append("→ " + self.tell.thing(o.target, st))
        return " ".join(parts) or "(no key cards, no target)"

    def legend(self, actions: Any) -> str:
        """What each cost letter of these actions pays, as the model prints it."""
        letters = dict.fromkeys(ch for a in actions for ch in self.tell.names.costs(a).lstrip("$"))
        return " · ".join(self.tell.names.cost(ch) for ch in letters)

    def cost(self, action: str) -> str:
        text = self.tell.names.costs(action)
        return f"cost {text}" if text else "no cost"

    # ------------------------------------------------------------ decisions
    def request(self, view: Any, player: int, options: Sequence[Any]) -> Any | None:
        self.say()
        for line in board(self.game, self.me, self.tell):
            self.say(line)
        actions: dict[str, list[Any]] = {}
        for o in options:
            actions.setdefault(o.action, []).append(o)
        groups = list(actions.values())
        while True:
            self.say("  0. pass")
            for i, ways in enumerate(groups, 1):
                only = self.option(ways[0]) if len(ways) == 1 else \
                    f"{self.tell.names.script(ways[0].action)} ({len(ways)} ways)"
                self.say(f"{i:>3}. {pad(only, 36)} {self.cost(ways[0].action)}")
            legend = self.legend(ways[0].action for ways in groups)
            if legend:
                self.say(f"     ({legend})")
            answer = self.ask("request (number; 0 passes)> ").split()
            if not answer or len(answer) > 2 or not self._numbers(answer[:1], len(groups), first=0):
                self.say(f"invalid input {' '.join(answer)!r}: enter a number from 0 to {len(groups)} "
                         "(a second number picks the way)")
                continue
            if int(answer[0]) == 0:
                return None
            ways = groups[int(answer[0]) - 1]
            if len(ways) == 1:
                return ways[0]
            if len(answer) == 2 and self._numbers(answer[1:], len(ways)):
                return ways[int(answer[1]) - 1]
            try:
                return self._way(ways)
            except Back:
                continue

    def _way(self, ways: list[Any]) -> Any:
        name = self.tell.names.script(ways[0].action)
        self.say(f"{name}, {self.cost(ways[0].action)}:")
        for i, o in enumerate(ways, 1):
            self.say(f"{i:>5}. {self.option(o, with_action=False)}")
        while True:
            answer = self.ask(f"which way (number; {BACK} goes back)> ")
            if answer == BACK:
                raise Back()
            if self._numbers([answer], len(ways)):
                return ways[int(answer) - 1]
            self.say(f"invalid input {answer!r}: enter a number from 1 to {len(ways)}, or {BACK}")

    def choose(self, view, player, options, count, prompt, at_least=1):
        options = list(options)
        paying = kind_of(prompt) == COST
        self.say(f"{prompt}:")
        for i, o in enumerate(options, 1):
            self.say(f"  {i:>3}. {self.tell.thing(o, self.game.state if self.game else None)}")
        if count is None:
            need = "one or more numbers" if at_least else "numbers (an empty line: none)"
        else:
            need = "one number" if min(count, len(options)) == 1 else f"{min(count, len(options))} numbers"
        back = f"; {BACK} takes the request back" if paying else ""
        while True:
            answer = self.ask(f"{need}{back}> ")
            if paying and answer == BACK:
                self.say("request withdrawn: nothing was paid")
                raise Withdrawn()
            parts = answer.split()
            if self._numbers(parts, len(options)) and len(set(parts)) == len(parts):
                n = len(parts)
                if (count is None and n >= at_least) or n == min(count or 0, len(options)):
                    return [options[int(p) - 1] for p in parts]
            self.say(f"invalid input {answer!r}: enter {need} from the list, each once{back.replace(';', ', or')}")

    def yes(self, view, player, question):
        while True:
            answer = self.ask(f"{question}? (y/n)> ").lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.say(f"invalid input {answer!r}: enter y or n")

    @staticmethod
    def _numbers(parts: list[str], most: int, first: int = 1) -> bool:
        return bool(parts) and all(p.isdigit() and first <= int(p) <= most for p in parts)
