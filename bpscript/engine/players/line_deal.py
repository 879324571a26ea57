"""The deals G4's engine confirmation plays (`bpscript.engine.players.first_turn`): the first
player builds for the line, the second player is dealt at random.

In a frame whose deck is a rule (パック, レアパック, ストラテジー, エクストラ …) the player
who follows the line builds the deck that suits it, within the deck constraint: the
largest legal deck (the most life, as G4's static pass assumes), holding the line's key
cards and trump. Its setup decisions serve the line too: the chosen hand (`choose_hand`)
is the line's key cards, the rare cards (`rare`) those the line spends (the highest
numbers left), the trumps laid (`trumps`) and opened (`open_trump`) the one the line
needs. Everything else — the second player's deck and decisions, the shuffles — is drawn
from the deal's seed, so a deal is re-run exactly by each path of the search.

The line's player sits at `LINE_SEAT`; a deal is a seed with which that player goes first
(3.9.2), the first of a run of seeds tried.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Sequence

from ...model import ruleset as m
from ...model.cards import Card, Suit
from ...model.conditions import CardCondition
from ...model.setup_steps import StepKind
from ..kernel.request import Chooser, RandomChooser
from ..setup.start import setup
from ..kernel.state import GameState

#: key cards counted by (number, suit); a move of the line: its action id and its key cards
Keys = Counter[tuple[int, Suit | None]]
Move = tuple[str, Keys]

LINE_SEAT = 0
SEAT_TRIES = 64  # seeds tried for one deal before giving up on the line's player going first
#: the steps that take a player's decision: with them (or a deck built under a rule) the
#: first player builds for the line
DECIDED = frozenset({StepKind.CHOOSE_HAND, StepKind.RARE, StepKind.TRUMPS, StepKind.OPEN_TRUMP})


def builds(frame: m.Frame) -> bool:
    """Whether a player of this frame decides anything before the game: a deck built under
    a rule, or a setup step that asks."""
    return not frame.deck.fixed or bool(frame.setup.kinds & DECIDED)


def trump_card(ruleset: m.Ruleset, trump: str | None, cards: Sequence[Card]) -> Card | None:
    """The card of `cards` that is the trump `trump` face up (its unit condition accepts it)."""
    script = ruleset.scripts.get(trump) if trump else None
    cond = script.unit_condition.condition if isinstance(script, m.ComponentScript) and script.unit_condition \
        else None
    if not isinstance(cond, CardCondition):  # none (a unit condition is never a trump's)
        return None
    return next((c for c in cards if cond.matches((c,), face_up=True)), None)


class LineSetup(Chooser):
    """The setup decisions of one deal: the line's player's serve the line, every other is
    sampled with the deal's seed."""

    def __init__(self, ruleset: m.Ruleset, keys: Keys, rare: int, trump: str | None, seed: int):
        self.ruleset, self.keys, self.rare, self.trump = ruleset, keys, rare, trump
        self.random = RandomChooser(seed)

    def choose(self, player: int, options: Sequence[Any], count: int | None,  # Any: cards here (setup steps)
               prompt: str, at_least: int = 1) -> list[Any]:  # Any: as `options`
        step = getattr(prompt, "step", None)
        if player != LINE_SEAT or step is None or count is None:
            return self.random.choose(player, options, count, prompt, at_least)
        options = list(options)
        wanted = self._wanted(step.kind, options)[:count]
        rest = [o for o in options if all(o is not w for w in wanted)]
        spare = [o for o in rest if self.keys[(o.number, o.suit)] == 0]  # keep the line's cards for it
        if len(spare) >= count - len(wanted):
            rest = spare
        fill = self.random.choose(player, rest, count - len(wanted), prompt) if count > len(wanted) else []
        return wanted + list(fill)

    def yes(self, player: int, question: str) -> bool:
        return self.random.yes(player, question)

    def _wanted(self, kind: StepKind, options: list[Card]) -> list[Card]:
        out: list[Card]
        if kind is StepKind.CHOOSE_HAND:
            need, out = Counter(self.keys), []
            for o in options:
                k = (o.number, o.suit)
                if need[k] > 0:
                    need[k] -= 1
                    out.append(o)
            return out
        if kind is StepKind.RARE:
            spare = [o for o in options if self.keys[(o.number, o.suit)] == 0]
            return sorted(spare, key=lambda c: -c.number)[:self.rare]
        if kind in (StepKind.TRUMPS, StepKind.OPEN_TRUMP):
            card = trump_card(self.ruleset, self.trump, options)
            return [card] if card is not None else []
        return []


def built_deck(ruleset: m.Ruleset, frame: m.Frame, keys: Keys, trump: str | None) -> list[Card] | None:
    """The deck the line's player builds: the listed deck, or under a rule the largest legal
    deck holding the line's key cards and trump (None when the rule cannot hold them)."""
    deck = frame.deck
    if deck.fixed:
        return list(deck.cards)
    pool = list(deck.pool)
    chosen: list[Card] = []
    for (number, suit), n in sorted(keys.items(), key=str):
        found = [c for c in pool if (c.number, c.suit) == (number, suit) and c not in chosen][:n]
        if len(found) < n:
            return None
        chosen += found
    card = trump_card(ruleset, trump, pool)
    if trump is not None and card is None:
        return None
    if card is not None and card not in chosen:
        chosen.append(card)
    chosen += [c for c in pool if c not in chosen][:max(0, deck.largest - len(chosen))]
    return chosen if not deck.problems(chosen) else None


def line_deal(ruleset: m.Ruleset, fmt: str, frame_id: str, deal: int, moves: list[Move],
              rare: int, trump: str | None) -> tuple[int, Callable[[], GameState]] | None:
    """A deal for the line: its seed and a function that sets it up afresh (the same state
    each time), the line's player (`LINE_SEAT`) going first; None when no seed of the deal's
    run gives them the first turn, or the deck rule cannot hold the line."""
    frame = ruleset.frames[frame_id]
    keys: Keys = Counter()
    for _action, counted in moves:
        keys.update(counted)
    deck = built_deck(ruleset, frame, keys, trump)
    if deck is None:
        return None
    for k in range(SEAT_TRIES):
        seed = deal * SEAT_TRIES + k

        def make(seed: int = seed) -> GameState:
            return setup(ruleset, fmt, frame_id, seed, LineSetup(ruleset, keys, rare, trump, seed), (deck, None))

        if make().first_player == LINE_SEAT:
            return seed, make
    return None
