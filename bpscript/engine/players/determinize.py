"""Copies of a position for agents that look ahead (greedy, ismcts): the one mechanism.

`clone_state` copies a state so that nothing mutable is shared with the original (the
ruleset, the cards and the decks as dealt never change in place and are shared).
`redeal` re-deals, on such a copy, the cards a player cannot see (6.1, 8.3.2) from a
seeded RNG; `copy_game` wraps both into a `Game` that goes on from the copy.

With `canonical`, the hidden cards are put in a fixed order (`card_key`) before they are
shuffled, and the opponent's face-down units are re-dealt too: the copy then depends only
on what the player has seen and on the seed, never on where the hidden cards really are
(what an information-set search needs). Without it (the greedy agent, whose seeded games
are recorded) the shuffle starts from the piles as they are, which is as random but not
invariant card by card.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any, Sequence

from ...model.cards import Card, card_key
from .agents import Agent, RandomAgent
from ..kernel.request import Note
from ..kernel.state import GameState, Unit

if TYPE_CHECKING:
    from ..kernel.game import Game
    from ..kernel.legal import Option

#: the id of each original unit and request → its copy
Copies = dict[int, Any]  # Any: a unit's copy or a request's (looked up by the id of either)


def clone_state(st: GameState, rng: random.Random | None = None) -> tuple[GameState, Copies]:
    """A copy of the state that shares what never changes in place (the ruleset, cards,
    the decks as dealt), with players, units and requests copied; `memo` maps the id of
    each original unit and request to its copy. The copy's RNG is `rng`, else a copy of
    the original's."""
    memo: Copies = {}

    def unit(u: Unit) -> Unit:
        c = copy.copy(u)
        c.cards, c.ability_roles, c.statuses = list(u.cards), set(u.ability_roles), dict(u.statuses)
        c.ability_labels, c.ability_suits = set(u.ability_labels), set(u.ability_suits)
        c.untargetable_by, c.gone = set(u.untargetable_by), list(u.gone)
        memo[id(u)] = c
        return c

    players = []
    for pl in st.players:
        q = copy.copy(pl)
        q.life, q.hand, q.grave, q.fog = list(pl.life), list(pl.hand), list(pl.grave), list(pl.fog)
        q.pack, q.rare = list(pl.pack), list(pl.rare)
        q.field, q.marks = [unit(u) for u in pl.field], [unit(u) for u in pl.marks]
        q.trump, q.trumps = list(pl.trump), [unit(u) for u in pl.trumps]
        players.append(q)
    for pl in players:
        for u in pl.field + pl.marks + pl.trumps:
            if u.link is not None:
                u.link = memo.get(id(u.link), u.link)
            u.statuses = {k: memo.get(id(v), v) for k, v in u.statuses.items()}
    stage = []
    for r in st.stage:
        c = copy.copy(r)
        c.keys = list(r.keys)
        memo[id(r)] = c
        stage.append(c)
    for c in stage:
        c.key_unit = memo.get(id(c.key_unit), c.key_unit)
        c.target = memo.get(id(c.target), c.target)
    state = copy.copy(st)
    state.players, state.stage = tuple(players), stage  # type: ignore[assignment]  # the two players
    state.log, state.events = [], list(st.events)
    state.requested, state.rules_on = set(st.requested), set(st.rules_on)
    state.waived, state.shields, state.pending = set(st.waived), set(st.shields), list(st.pending)
    state.staged = None if st.staged is None else set(st.staged)
    if rng is None:  # a copy of the original's (made without seeding a new one from the system)
        rng = random.Random.__new__(random.Random)
        rng.setstate(st.rng.getstate())
    state.rng = rng
    # the contexts abilities were applied with hold the original's units: the copy makes its own
    state.ability_contexts = {}
    return state, memo


def redeal(state: GameState, p: int, rng: random.Random, canonical: bool = False) -> None:
    """Re-deal, in place, what player `p` cannot see (6.1, 8.3.2): the opponent's hand,
    life, pack and rare cards (their numbers are public) shuffled together, and `p`'s own
    life and unopened pack shuffled together. With `canonical`, the opponent's face-down
    units join the opponent's pool (their sizes stay) and each pool is ordered by
    `card_key` before the shuffle (see the module's docstring)."""
    opp, me = state.players[1 - p], state.players[p]
    piles = [opp.hand, opp.life, opp.pack, opp.rare]
    if canonical:
        piles += [u.cards for u in opp.field if not u.face_up]
    _shuffle_into(piles, rng, canonical)
    _shuffle_into([me.life] + ([] if me.pack_opened else [me.pack]), rng, canonical)
    if canonical:
        state.changed()


def _shuffle_into(piles: list[list[Card]], rng: random.Random, canonical: bool) -> None:
    hidden = [c for pile in piles for c in pile]
    if canonical:
        hidden.sort(key=card_key)
    rng.shuffle(hidden)
    for pile in piles:
        pile[:], hidden = hidden[:len(pile)], hidden[len(pile):]


def copy_game(game: Game, p: int, seed: int, agents: Sequence[Agent] | None = None,
              canonical: bool = False) -> tuple[Game, Copies]:
    """A copy of `game` seen from player `p`: it shares the ruleset, rules and cards, its
    hidden cards are re-dealt (`redeal`) and it is played by `agents` (default: seeded
    random agents that never pass by chance); its notes are not kept."""
    from ..kernel.game import Game
    st = game.state
    rng = random.Random(seed)
    state, memo = clone_state(st, rng)
    redeal(state, p, rng, canonical)
    if agents is None:
        agents = [RandomAgent(seed + 1, pass_rate=0.0), RandomAgent(seed + 2, pass_rate=0.0)]
    sim = Game(st.ruleset, st.format, st.frame, game.seed, list(agents), rules=game.rules, state=state,
               max_turns=game.max_turns, partial=True)
    sim.chance, sim.passes = game.chance, set(game.passes)
    sim.decisions_this_turn = game.decisions_this_turn
    sim.note = _quiet  # type: ignore[method-assign]
    return sim, memo


def _quiet(text: str | Note, *args: object) -> None:
    """The copy's notes are not kept (formatting them costs more than the look-ahead)."""


def map_option(option: Option, memo: Copies) -> Option:
    """`option` (a legal request of the original game) with its key unit and target taken
    from the copy `memo` maps them to."""
    opt = copy.copy(option)
    for name in ("key_unit", "target"):
        value = getattr(option, name)
        if isinstance(value, Unit) or hasattr(value, "controller"):
            object.__setattr__(opt, name, memo.get(id(value), value))
    return opt
