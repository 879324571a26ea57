"""The setup steps that take a player's decision (3.9, 8.3): what a step is run with, and
how it asks the player's agent.

A step is run with a `Deal`: the state being set up, each player's deck while it is
still a deck, the preset units, and the `Chooser` that routes a decision to the
player's agent (the game's seats; a seeded random chooser when no game is playing).
A decision is asked as a `Prompt` of kind `SETUP` that names the step asking it
(`prompt.step`), so an agent (a `ScriptedAgent`'s `setup` list, G4's deal builder) tells
it from an effect's choice, and one step from another, without reading the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence, TypeVar

from ...model.cards import Card

from ...model.setup_steps import SetupStep, StepKind
from ..kernel.request import SETUP, Chooser, Prompt
from ..kernel.state import GameState, RulesError, Unit

T = TypeVar("T")


@dataclass
class Deal:
    """What a setup step runs with: the state, the decks (owned cards, in deck order, until
    `life` takes what is left), the preset soldiers by player, and who decides."""

    state: GameState
    decks: list[list[Card]]
    chooser: Chooser
    preset: dict[int, Unit] = field(default_factory=dict)
    step: SetupStep | None = None  # the step running: a decision's prompt names it

    def ask(self, player: int, options: Sequence[T], count: int, question: str) -> list[T]:
        """`count` distinct items of `options`, chosen by `player`'s agent. An answer that
        is not `count` of the options offered is an error naming the step's question."""
        options = list(options)
        want = min(count, len(options))
        if want <= 0:
            return []
        chosen: list[T] = list(self.chooser.choose(player, options, want, Prompt(question, SETUP, self.step)))
        ids = {id(o) for o in options}
        if len(chosen) != want or len({id(c) for c in chosen}) != want or any(id(c) not in ids for c in chosen):
            raise RulesError(f"P{player} answered {[str(c) for c in chosen]} to {question!r}: "
                             f"{want} of {[str(o) for o in options]} expected")
        return chosen

    def take_from_decks(self, step: SetupStep, what: str) -> list[list[Card]]:
        """Each player's `step.count` cards of their deck, chosen by that player (asked
        as "choose N `what` ..."), taken out of the deck; by player index."""
        taken: list[list[Card]] = []
        for p, deck in zip(self.state.players, self.decks):
            chosen = self.ask(p.index, deck, step.count or 0, f"choose {step.count} {what} ({step})")
            for c in chosen:
                deck.remove(c)
            taken.append(chosen)
        return taken


def choose_hand(deal: Deal, step: SetupStep) -> None:
    """ストラテジー step 1: each player picks `count` cards of their deck for the first
    hand, before the deck is shuffled (the hand is then drawn up to its size, `hand N`)."""
    for p, chosen in zip(deal.state.players, deal.take_from_decks(step, "card(s) of your deck for your first hand")):
        p.hand.extend(chosen)


#: the step kinds this module runs, by kind (registered by `bpscript.engine.setup.start`)
STEPS = {StepKind.CHOOSE_HAND: choose_hand}
