"""A greedy agent: it looks one decision ahead on a copy of the game and keeps the best.

For each legal request (and for passing) the agent copies the game, makes the request on
the copy, lets the stage resolve as if both players then passed (with seeded random
choices inside effects), and scores the result from its own side: life, the board (the
sizes of charged characters) and the cards in hand. Hidden information stays hidden: in
the copy the opponent's hand, life, pack and rare cards are shuffled together, and so are
the agent's own life and unopened pack, so the look-ahead never reads a card the player
could not see (6.1, 8.3.2).

It is a yardstick for balance reports, not a strong player: one step deep, no search.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Sequence

from ..vocabulary import Resolution
from .agents import Agent, RandomAgent
from .game import Game
from .state import GameState, RulesError, Unit

#: weights of the score: life, board (sizes of charged characters), cards in hand
LIFE, BOARD, CARDS = 3.0, 1.0, 0.5
WIN = 10_000.0
#: resolutions the look-ahead runs at most after the request (the stage and its triggers)
HORIZON = 12


def score(state: GameState, p: int) -> float:
    """How good `state` is for player `p`: life, board and cards, each against the opponent's."""
    if state.winner is not None:
        return WIN if state.winner == p else -WIN
    me, opp = state.players[p], state.players[1 - p]

    def board(pl) -> int:
        return sum(len(u.cards) + u.size_bonus + u.size_lasting + u.ability_size for u in pl.field if u.charged)

    return (LIFE * (len(me.life) - len(opp.life)) + BOARD * (board(me) - board(opp))
            + CARDS * (len(me.hand) - len(opp.hand)))


class GreedyAgent(Agent):
    """One decision ahead, scored by `score`; in-effect choices are a seeded random agent's."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.chooser = RandomAgent(seed ^ 0x5EED)

    def request(self, view, player, options):
        game = getattr(view, "game", None)
        if game is None or not options:  # a plain dict view: nothing to look at
            return self.chooser.request(view, player, options)
        best, best_score = None, self.lookahead(game, player, None)
        for opt in options:
            s = self.lookahead(game, player, opt)
            if s > best_score:
                best, best_score = opt, s
        return best

    def choose(self, view, player, options, count, prompt, at_least=1):
        return self.chooser.choose(view, player, options, count, prompt, at_least)

    def yes(self, view, player, question):
        return self.chooser.yes(view, player, question)

    # ------------------------------------------------------------ the look-ahead
    def lookahead(self, game: Game, p: int, option: Any) -> float:
        """The score for `p` after `option` (None: pass) and the stage resolving."""
        seed = self.rng.getrandbits(32)
        sim, memo = self.copy_game(game, p, seed)
        try:
            if option is not None:
                opt = copy.copy(option)
                for name in ("key_unit", "target"):
                    value = getattr(option, name)
                    if isinstance(value, Unit) or hasattr(value, "controller"):
                        object.__setattr__(opt, name, memo.get(id(value), value))
                req = sim.make_request(p, opt)
                if req.resolution == Resolution.AT_ONCE:
                    sim.trigger_check()
                    if sim.state.winner is None:
                        sim.resolve(req)
                        sim.trigger_check()
                else:  # as the game does: the trigger check, then the stage (9.4)
                    sim.trigger_check()
                    if sim.state.winner is None:
                        sim.add_to_stage(req)
            st = sim.state
            for _ in range(HORIZON):
                if st.winner is not None or not st.stage:
                    break
                sim.resolve(st.stage[-1])
                if st.winner is None:
                    sim.trigger_check()
        except (RulesError, EOFError):
            return -WIN  # a request the copy could not make or finish is no better than losing
        return score(sim.state, p)

    def copy_game(self, game: Game, p: int, seed: int) -> tuple[Game, dict[int, Any]]:
        """A copy of `game` that shares the ruleset, rules and cards, with the hidden cards
        shuffled, played by seeded random agents."""
        st = game.state
        state, memo = clone_state(st)
        rng = random.Random(seed)
        state.rng = rng
        opp, me = state.players[1 - p], state.players[p]
        # what `p` cannot see (6.1, 8.3.2): the opponent's hand, life, pack and rare cards
        # (their numbers are public), and the agent's own life and unopened pack
        piles = [opp.hand, opp.life, opp.pack, opp.rare]
        hidden = [c for pile in piles for c in pile]
        rng.shuffle(hidden)
        for pile in piles:
            pile[:], hidden = hidden[:len(pile)], hidden[len(pile):]
        mine = [me.life] + ([] if me.pack_opened else [me.pack])
        hidden = [c for pile in mine for c in pile]
        rng.shuffle(hidden)
        for pile in mine:
            pile[:], hidden = hidden[:len(pile)], hidden[len(pile):]
        agents = [RandomAgent(seed + 1, pass_rate=0.0), RandomAgent(seed + 2, pass_rate=0.0)]
        sim = Game(st.ruleset, st.format, st.frame, game.seed, agents, rules=game.rules, state=state,
                   max_turns=game.max_turns, partial=True)
        sim.chance, sim.passes = game.chance, set(game.passes)
        sim.note = _quiet  # type: ignore[method-assign]
        return sim, memo


def clone_state(st: GameState) -> tuple[GameState, dict[int, Any]]:
    """A copy of the state that shares what never changes in place (the ruleset, cards,
    the decks as dealt), with units and requests copied; `memo` maps the id of each
    original unit and request to its copy."""
    memo: dict[int, Any] = {}

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
        for u in pl.field + pl.marks:
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
    state.players, state.stage = tuple(players), stage
    state.log, state.events = [], list(st.events)
    state.requested, state.rules_on = set(st.requested), set(st.rules_on)
    state.waived, state.shields, state.pending = set(st.waived), set(st.shields), list(st.pending)
    return state, memo


def _quiet(text: str) -> None:
    """The copy's notes are not kept (formatting them costs more than the look-ahead)."""


def make_agent(name: str, seed: int) -> Agent:
    """An agent by name (`AGENTS`), seeded."""
    return AGENTS[name](seed)


AGENTS: dict[str, Any] = {"random": RandomAgent, "greedy": GreedyAgent}


def agent_names() -> Sequence[str]:
    return tuple(AGENTS)
