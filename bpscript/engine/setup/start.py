"""Setting up a game (3.9): the frame's typed setup steps, run in order for both players.

The engine runs the step kinds in `SUPPORTED_STEPS` — those エントリー20 needs, the
face-down preset soldier and its reveal of エクストラ, and the steps that take a
player's decision (`bpscript.engine.setup.dealer`: the chosen hand, …), which ask the
player's agent, and the pack and rare cards (`bpscript.engine.setup.packs`). A regulation whose setup holds another kind is refused before anything
is dealt, with an error naming the step.

Each player's deck is the frame's deck: the listed cards (エントリー20), or a legal deck
drawn from the frame's rule with the game's random generator.

`prepare` makes the state and deals the decks, `deal` runs the steps with a chooser (a
`Game` passes its seats, so its agents decide); `setup` does both, with a seeded random
chooser when none is given.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ...model import ruleset as m
from ...model.cards import Card
from ...model.setup_steps import SetupStep, StepKind
from . import dealer, packs, trump_setup
from .dealer import Deal
from ..kernel.observe import Shuffled
from ..kernel.request import Chooser, RandomChooser
from ..kernel.state import GameState, Player, RulesError, owned_deck

class SetupNotSupported(RulesError):
    """A frame whose setup has a step the engine does not run."""

    def __init__(self, frame: m.Frame, steps: list[SetupStep]):
        self.frame, self.steps = frame, steps
        where = ", ".join(f"'{st}'" + (f" ({st.span})" if st.span else "") for st in steps)
        super().__init__(f"the engine cannot set up frame '{frame.id}': setup step(s) {where} not supported "
                         f"(it runs {', '.join(sorted(k.value for k in SUPPORTED_STEPS))})")

    def __reduce__(self) -> tuple[type[SetupNotSupported], tuple[m.Frame, list[SetupStep]]]:
        # pickled from a worker process with the arguments it was made of
        return (SetupNotSupported, (self.frame, self.steps))


def unsupported_steps(frame: m.Frame) -> list[SetupStep]:
    """The steps of a frame's setup the engine does not run."""
    return [st for st in frame.setup.steps if st.kind not in SUPPORTED_STEPS]


def frame_deck(frame: m.Frame) -> list[Card]:
    """The deck a frame prescribes card by card (エントリー20), or an error."""
    if not frame.deck.fixed:
        raise RulesError(f"frame '{frame.id}' does not list its deck card by card")
    return list(frame.deck.cards)


def prepare(ruleset: m.Ruleset, fmt: str, frame_id: str, seed: int,
            decks: Sequence[Sequence[Card] | None] = (None, None)) -> GameState:
    """The state of a game of `fmt` in frame `frame_id` with each player's deck drawn by
    `seed` (or given in `decks`: a deck a player built), before any step runs; a frame
    whose setup the engine cannot run is refused."""
    frame = ruleset.frames.get(frame_id)
    if frame is None:
        raise RulesError(f"unknown frame '{frame_id}' (the ruleset defines: {', '.join(ruleset.frames) or 'none'})")
    if fmt not in frame.formats:
        raise RulesError(f"frame '{frame_id}' does not support the format '{fmt}'")
    missing = unsupported_steps(frame)
    if missing:
        raise SetupNotSupported(frame, missing)
    rng = random.Random(seed)
    players = (Player(0), Player(1))
    state = GameState(ruleset, fmt, frame_id, players, rng)
    listed = frame.deck.cards if frame.deck.fixed else None
    state.decks = tuple(listed_deck(ruleset, frame_id, listed, p.index) if given is None and listed is not None
                        else owned_deck(frame.deck.sample(rng) if given is None else given, p.index)
                        for p, given in zip(players, decks))
    return state


def listed_deck(ruleset: m.Ruleset, frame: str, cards: tuple[Card, ...], player: int) -> tuple[Card, ...]:
    """A listed deck (エントリー20) as `player`'s: the same cards in every game of the frame,
    made once and kept with the ruleset (a tuple: each game deals from its own copy, `deal`)."""
    return ruleset.derived((listed_deck, frame, player), _owned, cards, player)


def _owned(cards: tuple[Card, ...], player: int) -> tuple[Card, ...]:
    return tuple(owned_deck(cards, player))


def deal(state: GameState, chooser: Chooser, seed: int,
         observe: Callable[[Shuffled], None] | None = None) -> GameState:
    """Run the frame's steps on a prepared state; `chooser` takes the players' decisions;
    `observe`, if given, is handed each player's deck as it stands after a shuffle."""
    run = Deal(state, [list(d) for d in state.decks], chooser)
    for step in state.ruleset.frames[state.frame].setup.steps:
        run.step = step
        _STEPS[step.kind](run, step)
        if observe is not None and step.kind is StepKind.SHUFFLE:
            for p, deck in zip(state.players, run.decks):
                observe(Shuffled(p.index, tuple(deck)))
    state.turn_player = state.first_player
    state.log.append(f"setup seed={seed} first={state.first_player}")
    return state


def setup(ruleset: m.Ruleset, fmt: str, frame_id: str, seed: int, chooser: Chooser | None = None,
          decks: Sequence[Sequence[Card] | None] = (None, None)) -> GameState:
    """A game of `fmt` in frame `frame_id`, set up by the frame's steps with `seed`; the
    players' decisions are `chooser`'s (a random chooser seeded by `seed` by default)."""
    return deal(prepare(ruleset, fmt, frame_id, seed, decks), chooser or RandomChooser(seed), seed)


def _shuffle(run: Deal, step: SetupStep) -> None:
    for deck in run.decks:
        run.state.rng.shuffle(deck)


def _life(run: Deal, step: SetupStep) -> None:
    for p, deck in zip(run.state.players, run.decks):
        p.life = deck[:]
        deck.clear()


def _hand(run: Deal, step: SetupStep) -> None:
    for p in run.state.players:  # drawn one by one from the top (the end of the life)
        n = min((step.count or 0) - len(p.hand), len(p.life))
        if n > 0:
            p.hand.extend(p.life[:-n - 1:-1])
            del p.life[-n:]


def _preset(run: Deal, step: SetupStep) -> None:
    # 3.9.1: 「ライフの一番上のカードを表向きにして「防壁」として場に出す」 — the bulwark is
    # face up and designated: it stays a bulwark (whatever its face) until it leaves the
    # field. Then a soldier, face up (or face down, エクストラ's `preset face_down`, matched
    # as its cards and face say until it is revealed). Placed before the game starts: no
    # preset unit "came this turn".
    state, preset = run.state, run.preset
    bulwark = state.face_down_character()
    for p in state.players:
        state.put_unit(p.index, [p.life.pop()], face_up=True, designated=bulwark).entered_turn = 0
        preset[p.index] = state.put_unit(p.index, [p.life.pop()], face_up=step.face_up)
        preset[p.index].entered_turn = 0


def _decide_first(run: Deal, step: SetupStep) -> None:
    # 3.9.2: compare the top cards; on a tie, flip again; flipped cards go to the grave
    state = run.state
    players = state.players
    while True:
        flips = [p.life.pop() if p.life else None for p in players]
        for p, c in zip(players, flips):
            if c is not None:
                p.grave.append(c)
        a, b = (c.number if c is not None else -1 for c in flips)
        if a != b or None in flips:
            state.first_player = 0 if a > b else 1
            return


def _reveal_soldier(run: Deal, step: SetupStep) -> None:
    state = run.state
    who = state.first_player if step.player == "first" else 1 - state.first_player
    unit = run.preset.get(who)
    if unit is not None and unit in state.players[who].field:
        unit.face_up = True
        state.rematch()


def _start(run: Deal, step: SetupStep) -> None:
    state = run.state
    state.turn_player = state.first_player
    state.draw(state.first_player)  # 3.9.3


_STEPS = {
    StepKind.SHUFFLE: _shuffle, StepKind.LIFE: _life, StepKind.HAND: _hand, StepKind.PRESET: _preset,
    StepKind.DECIDE_FIRST: _decide_first, StepKind.REVEAL_SOLDIER: _reveal_soldier, StepKind.START: _start,
    **dealer.STEPS, **packs.STEPS, **trump_setup.STEPS,
}
#: the setup step kinds the engine runs (coverage reports the others)
SUPPORTED_STEPS: frozenset[StepKind] = frozenset(_STEPS)
