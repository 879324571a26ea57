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

import random
from typing import Sequence

from ...model.vocabulary import Resolution
from .agents import Agent, PlayerView, RandomAgent, T
from ..kernel.game import Game
from .determinize import Copies, clone_state, copy_game, map_option
from ..kernel.legal import Option
from ..kernel.state import GameState, Player, RulesError

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

    def board(pl: Player) -> int:
        return sum(len(u.cards) + u.size_bonus + u.size_lasting + u.ability_size for u in pl.field if u.charged)

    return (LIFE * (len(me.life) - len(opp.life)) + BOARD * (board(me) - board(opp))
            + CARDS * (len(me.hand) - len(opp.hand)))


class GreedyAgent(Agent):
    """One decision ahead, scored by `score`; in-effect choices are a seeded random agent's."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.chooser = RandomAgent(seed ^ 0x5EED)

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        game = getattr(view, "game", None)
        if game is None or not options:  # a plain dict view: nothing to look at
            return self.chooser.request(view, player, options)
        best, best_score = None, self.lookahead(game, player, None)
        for opt in options:
            s = self.lookahead(game, player, opt)
            if s > best_score:
                best, best_score = opt, s
        return best

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        return self.chooser.choose(view, player, options, count, prompt, at_least)

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        return self.chooser.yes(view, player, question)

    # ------------------------------------------------------------ the look-ahead
    def lookahead(self, game: Game, p: int, option: Option | None) -> float:
        """The score for `p` after `option` (None: pass) and the stage resolving."""
        seed = self.rng.getrandbits(32)
        sim, memo = self.copy_game(game, p, seed)
        try:
            if option is not None:
                req = sim.make_request(p, map_option(option, memo))
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

    def copy_game(self, game: Game, p: int, seed: int) -> tuple[Game, Copies]:
        """A copy of `game` with what `p` cannot see re-dealt (`determinize.copy_game`)."""
        return copy_game(game, p, seed)


__all__ = ["GreedyAgent", "clone_state", "copy_game", "score"]  # clone_state: from `determinize`
