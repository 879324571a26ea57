"""The rulebook's invariants that need a game's generated classes: sizes (4.2), what
abilities give (9.4.2) and what each player is shown (6.1), worked out from the scripts
and the disclosure levels, and `check_position`, every invariant of a position in turn.
The invariants of cards and components alone are `bpscript.engine.kernel.invariants`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

from .base import ComponentEffect
from .context import EffectContext, apply_abilities
from .invariants import InvariantViolation, components, one_place, unit_component, visible_cards
from .request import Chooser, Request
from .state import GameState
from .view import full_view

__all__ = ["abilities_recomputed", "sizes", "hidden", "check_position"]


@dataclass(frozen=True, slots=True)
class _Given:
    """What static abilities gave, as plain values (to compare two applications): the rule
    variants switched on, the costs waived, the shields, and per unit what it holds."""

    rules: frozenset[str]
    waived: frozenset[tuple[int, str, str]]
    shields: frozenset[tuple[int, object]]
    units: list[tuple[object, ...]]


def _given(state: GameState) -> _Given:
    units = [u for p in state.players for u in (*p.field, *p.trumps)]
    return _Given(frozenset(state.rules_on), frozenset(state.waived), frozenset(state.shields),
                  [(u.ability_size, frozenset(u.ability_roles), frozenset(u.ability_labels),
                    frozenset(u.ability_suits), frozenset(u.untargetable_by), u.must_attack, u.ability_locked)
                   for u in units])


def abilities_recomputed(state: GameState, chooser: Chooser,
                         load_class: Callable[[str], type[ComponentEffect]]) -> None:
    """9.4.2: what abilities give is worked out afresh from their scripts, all → your →
    this, at every change: applied again from a clean state now, they give what the units
    hold (a modifier left behind, or one missing, is a breach). The engine applies them when
    next read after a change (`abilities_at`): what it would read is compared."""
    apply_abilities(state, chooser, load_class)  # nothing when applied at this version already
    held = _given(state)
    state.abilities_at = -1  # as though the state had changed: every holder applies again
    state.abilities_none = False
    apply_abilities(state, chooser, load_class)
    fresh = _given(state)
    if fresh != held:
        units = [u for p in state.players for u in (*p.field, *p.trumps)]
        where = [f"{u!r}: {a} → {b}" for u, a, b in zip(units, held.units, fresh.units) if a != b]
        where += [f"{name}: {a} → {b}" for name, a, b in (("rules", held.rules, fresh.rules),
                                                           ("waived", held.waived, fresh.waived),
                                                           ("shields", held.shields, fresh.shields)) if a != b]
        raise InvariantViolation("9.4.2", "what abilities give differs from a fresh application of their scripts "
                                          f"(held → fresh: {'; '.join(where)})")


def sizes(state: GameState, ctx: EffectContext, load_class: Callable[[str], type[ComponentEffect]]) -> None:
    """4.2 キャラクターのサイズ: a character's size is what its component prints (the one its
    unit conditions select) plus the live modifiers — this turn's changes, lasting ones,
    what abilities give."""
    for p in state.players:
        for u in p.field:
            comp = unit_component(state, u)
            if comp is None or comp != u.component:
                continue  # 4.1.3's breach, reported by `components`
            printed = load_class(comp)().size(ctx, u) or 0
            want = printed + u.size_bonus + u.size_lasting + u.ability_size
            if ctx.size(u) != want:
                raise InvariantViolation("4.2", f"P{p.index}'s {comp} {' '.join(map(str, u.cards))} has size "
                                                f"{ctx.size(u)}, not {printed} printed and the modifiers ({want})")


_CARD = re.compile(r"Joker\d?|[♠♡♢♣](?:10|[2-9AJQK])")


def hidden(game: Any, p: int) -> None:  # Any: a Game (game.py imports this module's importer)
    """6.1: nothing in what player `p` is shown is a card they may not see: every card the
    view names is one of `visible_cards` (counted: the same text twice needs two)."""
    shown = Counter(_CARD.findall(json.dumps(full_view(game, p), ensure_ascii=False)))
    over = shown - visible_cards(game.state, p)
    if over:
        raise InvariantViolation("6.1", f"P{p}'s view shows cards hidden from them: {' '.join(sorted(over.elements()))}")


def check_position(game: Any, shown_to: tuple[int, ...] = (0, 1)) -> None:  # Any: as `hidden`
    """Every state invariant of a game's position, in order; the views of the players
    `shown_to` (the flow checks the view of the player about to decide, as it is handed)."""
    st = game.state
    one_place(st)
    components(st)
    abilities_recomputed(st, game.seats, game.rules.component)
    sizes(st, game.ctx(Request("", st.turn_player)), game.rules.component)
    for p in shown_to:
        hidden(game, p)
