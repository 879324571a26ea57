"""Setting up a game (3.9): the frame's typed setup steps, run in order for both players.

The engine runs the step kinds in `SUPPORTED_STEPS` — those エントリー20 needs, and the
face-down preset soldier and its reveal of エクストラ. A regulation whose setup holds
another kind (a pack, rare cards, trumps, a chosen hand: setups not played yet) is
refused before anything is dealt, with an error naming the step.

Each player's deck is the frame's deck: the listed cards (エントリー20), or a legal deck
drawn from the frame's rule with the game's random generator.
"""

from __future__ import annotations

import random

from .. import model as m
from ..cards import Card
from ..setup_steps import SetupStep, StepKind
from .state import GameState, Player, RulesError, Unit, owned

class SetupNotSupported(RulesError):
    """A frame whose setup has a step the engine does not run."""

    def __init__(self, frame: m.Frame, steps: list[SetupStep]):
        self.frame, self.steps = frame, steps
        where = ", ".join(f"'{st}'" + (f" ({st.span})" if st.span else "") for st in steps)
        super().__init__(f"the engine cannot set up frame '{frame.id}': setup step(s) {where} not supported "
                         f"(it runs {', '.join(sorted(k.value for k in SUPPORTED_STEPS))})")


def unsupported_steps(frame: m.Frame) -> list[SetupStep]:
    """The steps of a frame's setup the engine does not run."""
    return [st for st in frame.setup.steps if st.kind not in SUPPORTED_STEPS]


def frame_deck(frame: m.Frame) -> list[Card]:
    """The deck a frame prescribes card by card (エントリー20), or an error."""
    if not frame.deck.fixed:
        raise RulesError(f"frame '{frame.id}' does not list its deck card by card")
    return list(frame.deck.cards)


def setup(ruleset: m.Ruleset, fmt: str, frame_id: str, seed: int) -> GameState:
    """A game of `fmt` in frame `frame_id`, set up by the frame's steps with `seed`."""
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
    decks = [[owned(c, p.index) for c in frame.deck.sample(rng)] for p in players]
    state.decks = tuple(list(d) for d in decks)
    preset: dict[int, Unit] = {}
    for step in frame.setup.steps:
        _STEPS[step.kind](state, decks, step, preset)
    state.turn_player = state.first_player
    state.log.append(f"setup seed={seed} first={state.first_player}")
    return state


def _shuffle(state: GameState, decks, step: SetupStep, preset) -> None:
    for deck in decks:
        state.rng.shuffle(deck)


def _life(state: GameState, decks, step: SetupStep, preset) -> None:
    for p, deck in zip(state.players, decks):
        p.life = deck[:]
        deck.clear()


def _hand(state: GameState, decks, step: SetupStep, preset) -> None:
    for p in state.players:
        while len(p.hand) < (step.count or 0) and p.life:
            p.hand.append(p.life.pop())


def _preset(state: GameState, decks, step: SetupStep, preset) -> None:
    # 3.9.1: 「ライフの一番上のカードを表向きにして「防壁」として場に出す」 — the bulwark is
    # face up and designated: it stays a bulwark (whatever its face) until it leaves the
    # field. Then a soldier, face up (or face down, エクストラ's `preset face_down`, matched
    # as its cards and face say until it is revealed). Placed before the game starts: no
    # preset unit "came this turn".
    bulwark = state.face_down_character()
    for p in state.players:
        state.put_unit(p.index, [p.life.pop()], face_up=True, designated=bulwark).entered_turn = 0
        preset[p.index] = state.put_unit(p.index, [p.life.pop()], face_up=step.face_up)
        preset[p.index].entered_turn = 0


def _decide_first(state: GameState, decks, step: SetupStep, preset) -> None:
    # 3.9.2: compare the top cards; on a tie, flip again; flipped cards go to the grave
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


def _reveal_soldier(state: GameState, decks, step: SetupStep, preset) -> None:
    who = state.first_player if step.player == "first" else 1 - state.first_player
    unit = preset.get(who)
    if unit is not None and unit in state.players[who].field:
        unit.face_up = True
        state.rematch()


def _start(state: GameState, decks, step: SetupStep, preset) -> None:
    state.turn_player = state.first_player
    state.draw(state.first_player)  # 3.9.3


_STEPS = {
    StepKind.SHUFFLE: _shuffle, StepKind.LIFE: _life, StepKind.HAND: _hand, StepKind.PRESET: _preset,
    StepKind.DECIDE_FIRST: _decide_first, StepKind.REVEAL_SOLDIER: _reveal_soldier, StepKind.START: _start,
}
#: the setup step kinds the engine runs (coverage reports the others)
SUPPORTED_STEPS: frozenset[StepKind] = frozenset(_STEPS)
