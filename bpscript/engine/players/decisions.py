"""What an effect asks its players while it resolves, read from its script: for a test,
which list of a `ScriptedAgent` answers each decision and how many answers it takes.

An agent is asked by the verbs the effect calls: `choose_yes` (必要であれば, 〜してもよい)
is a yes/no question (`answers`); `choose_cards`, `choose_units`, `choose_option`, a
`discard` that names no cards and `change_target` are one choice each (`choices`: one
list of what is picked); `choose_order` (好きな順で) picks the next item until one is
left: one choice per item but the last. A decision inside `if`, `for` or `repeat` is
asked when, and as often as, the game gets there; a choice among no options is not
asked at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from ...model import effects as fx
from ...model import ruleset as m

@dataclass(frozen=True, slots=True)
class Ask:
    """How a verb asks: the ScriptedAgent list that answers it, how many answers one call takes."""

    queue: str
    answers: str


#: verb → how it asks
ASKS: dict[str, Ask] = {
    "choose_yes": Ask("answers", "one bool"),
    "choose_option": Ask("choices", "one: a list of one option"),
    "choose_cards": Ask("choices", "one: a list of the cards picked"),
    "choose_units": Ask("choices", "one: a list of the units picked"),
    "change_target": Ask("choices", "one: a list of the new target"),
    "discard": Ask("choices", "one: a list of the cards discarded"),
    "choose_order": Ask("choices", "one per item but the last: a list of the next item"),
}


@dataclass(frozen=True)
class Decision:
    """One call of the effect that asks a player: `verb` as written at `line` of the
    script's file (`source`), the agent list that answers it, how many answers one call
    takes, and when it is asked (`always`, or the `if` / `for` / `repeat` it stands in)."""

    verb: str
    queue: str
    answers: str
    when: str
    source: str
    line: int

    def __str__(self) -> str:
        return f"{self.source} → {self.queue}: {self.answers} ({self.when})"


def effect_decisions(ruleset: m.Ruleset, action: str) -> list[Decision]:
    """The decisions the effect of `action` asks, in the order they stand in its script
    (`KeyError` for no such script; empty for an effect written as text only)."""
    script = ruleset.scripts[action]
    effect = getattr(script, "effect", None)
    if effect is None or effect.body is None:
        return []
    return list(_stmts(effect.body, "always"))


def _stmts(stmts: Iterable[fx.Stmt], when: str) -> Iterator[Decision]:
    for st in stmts:
        if isinstance(st, fx.Do):
            yield from _exprs(st.call, when)
        elif isinstance(st, fx.Let):
            yield from _exprs(st.value, when)
        elif isinstance(st, fx.Step):
            yield from _stmts(st.body, when)
        elif isinstance(st, fx.If):
            yield from _exprs(st.cond, when)
            yield from _stmts(st.then, f"if {fx.to_source(st.cond)}")
            for cond, body in st.elifs:
                yield from _exprs(cond, when)
                yield from _stmts(body, f"elif {fx.to_source(cond)}")
            yield from _stmts(st.orelse, "else")
        elif isinstance(st, fx.ForEach):
            yield from _exprs(st.iterable, when)
            yield from _stmts(st.body, f"for each {st.var} in {fx.to_source(st.iterable)}")
        elif isinstance(st, fx.RepeatUntil):
            yield from _stmts(st.body, f"repeat until {fx.to_source(st.cond)}")
            yield from _exprs(st.cond, "repeat")


def _exprs(expr: object, when: str) -> Iterator[Decision]:
    """The asking calls of an expression, the inner ones first (they are asked first:
    `summon(choose_cards(…))` asks for the cards, then puts them on the field)."""
    for node in fx.children(expr):
        yield from _exprs(node, when)
    if type(expr) is fx.Call and expr.func in ASKS and not _names_its_cards(expr):
        ask = ASKS[expr.func]
        yield Decision(expr.func, ask.queue, ask.answers, when, fx.to_source(expr), expr.span.line)


def _names_its_cards(call: fx.Call) -> bool:
    """A `discard` given its cards asks nothing."""
    return call.func == "discard" and (call.kwarg("cards") is not None or len(call.args) >= 3)
