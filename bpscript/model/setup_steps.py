"""A frame's setup (ゲームの始め方, 3.9 and 8.3) as typed steps.

Each printed step of a frame's setup is one or more `SetupStep`s, in order. The kinds
are those the official frames print: the deck is shuffled, cards are chosen or taken
from it (the first hand's chosen cards, rare cards, trumps, the pack), the rest becomes
the life, the hand is drawn, the preset placed (3.9.1, or エクストラ's own with the
soldier face down), the first player decided (3.9.2), preset soldiers revealed and
trumps opened (エクストラ), and the game started (3.9.3).

`STEPS` says what each kind takes and needs; the resolver checks a frame against it,
the engine runs the kinds it supports, and the linter reads the counts. The printed
text is kept for the pages only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..source import Span


class StepKind(str, Enum):
    SHUFFLE = "shuffle"
    LIFE = "life"
    HAND = "hand"
    CHOOSE_HAND = "choose_hand"
    PACK = "pack"
    RARE = "rare"
    TRUMPS = "trumps"
    PRESET = "preset"
    DECIDE_FIRST = "decide_first"
    REVEAL_SOLDIER = "reveal_soldier"
    OPEN_TRUMP = "open_trump"
    START = "start"


class Phase(str, Enum):
    """Where a step takes its cards from: the deck before `life`, the life after it."""

    DECK = "deck"
    LIFE = "life"


#: who a step acts for (エクストラ steps 9 and 10)
PLAYERS = ("first", "second")
#: the face of the preset soldier: 3.9.1 face up, エクストラ face down
FACES = ("face_up", "face_down")


@dataclass(frozen=True)
class StepSpec:
    """What a step kind takes (`arg`: "count", "player", "face" or None), the phase it
    belongs to, the zones it needs, and what it does (for the docs and messages)."""

    arg: str | None
    phase: Phase
    zones: tuple[str, ...]
    doc: str
    optional_arg: bool = False


STEPS: dict[StepKind, StepSpec] = {
    StepKind.SHUFFLE: StepSpec(None, Phase.DECK, (), "shuffle the deck"),
    StepKind.CHOOSE_HAND: StepSpec("count", Phase.DECK, ("hand",),
                                   "choose N cards of the deck for the first hand (ストラテジー)"),
    StepKind.RARE: StepSpec("count", Phase.DECK, ("rare",), "choose N rare cards of the deck, face down"),
    StepKind.TRUMPS: StepSpec("count", Phase.DECK, ("trump",), "choose N cards of the deck as trumps, face down"),
    StepKind.PACK: StepSpec("count", Phase.DECK, ("pack",), "take N cards from the top of the deck as the pack"),
    StepKind.LIFE: StepSpec(None, Phase.DECK, ("life",), "the rest of the deck becomes the life, face down"),
    StepKind.HAND: StepSpec("count", Phase.LIFE, ("hand",), "draw from the life until the hand holds N cards"),
    StepKind.PRESET: StepSpec("face", Phase.LIFE, ("field",),
                              "3.9.1: a bulwark (face up, designated), then a soldier, from the top of the life "
                              "(`preset face_down`: the soldier face down, as エクストラ)", optional_arg=True),
    StepKind.DECIDE_FIRST: StepSpec(None, Phase.LIFE, ("grave",),
                                    "3.9.2: turn the top of both lives until the numbers differ; higher goes first"),
    StepKind.REVEAL_SOLDIER: StepSpec("player", Phase.LIFE, ("field",),
                                      "turn the player's face-down preset soldier face up (エクストラ)"),
    StepKind.OPEN_TRUMP: StepSpec("player", Phase.LIFE, ("trump",),
                                  "the player turns one of their face-down trumps face up (エクストラ)"),
    StepKind.START: StepSpec(None, Phase.LIFE, ("hand",), "3.9.3: the first player draws one card; the game starts"),
}

#: the kinds whose count is a number of cards taken from the deck or the life
COUNTED = (StepKind.CHOOSE_HAND, StepKind.RARE, StepKind.TRUMPS, StepKind.PACK, StepKind.HAND)


@dataclass(frozen=True)
class SetupStep:
    """One typed step: its kind and its one argument (a count, a player or a face)."""

    kind: StepKind
    count: int | None = None
    player: str | None = None
    face_up: bool = True
    span: Span | None = None

    def __str__(self) -> str:
        """The step as it is written in `.bps`."""
        if self.count is not None:
            return f"{self.kind.value} {self.count}"
        if self.player is not None:
            return f"{self.kind.value} {self.player}"
        if self.kind is StepKind.PRESET and not self.face_up:
            return "preset face_down"
        return self.kind.value


@dataclass(frozen=True)
class Setup:
    """A frame's ゲームの始め方: its printed text (for the pages) and its typed steps."""

    text: str
    steps: tuple[SetupStep, ...]
    span: Span | None = None

    def of(self, kind: StepKind) -> list[SetupStep]:
        return [s for s in self.steps if s.kind is kind]

    def has(self, kind: StepKind) -> bool:
        return any(s.kind is kind for s in self.steps)

    def total(self, kind: StepKind) -> int:
        """The sum of the counts of every step of `kind`."""
        return sum(s.count or 0 for s in self.steps if s.kind is kind)

    @property
    def kinds(self) -> frozenset[StepKind]:
        return frozenset(s.kind for s in self.steps)

    @property
    def hand(self) -> int:
        """Cards in the first hand before the game starts (the last `hand N`, else those chosen)."""
        hands = self.of(StepKind.HAND)
        return (hands[-1].count or 0) if hands else self.chosen

    @property
    def chosen(self) -> int:
        """Of the first hand, the cards a player picks from the deck (ストラテジー)."""
        return self.total(StepKind.CHOOSE_HAND)

    @property
    def preset(self) -> SetupStep | None:
        found = self.of(StepKind.PRESET)
        return found[0] if found else None

    @property
    def cards_taken(self) -> int:
        """The fewest cards of a deck the setup uses before the game starts: hand, pack,
        rare cards, trumps, the preset, one card per player to decide the first player,
        and the first player's draw."""
        return (self.hand + self.total(StepKind.PACK) + self.total(StepKind.RARE) + self.total(StepKind.TRUMPS)
                + 2 * self.has(StepKind.PRESET) + self.has(StepKind.DECIDE_FIRST) + self.has(StepKind.START))

    def __str__(self) -> str:
        return ", ".join(map(str, self.steps))


#: the setup of a frame that prints none: the steps every official frame shares —
#: shuffle, the deck becomes the life, a 7-card hand, then 3.9.1, 3.9.2 and 3.9.3
DEFAULT_SETUP = Setup("", (
    SetupStep(StepKind.SHUFFLE), SetupStep(StepKind.LIFE), SetupStep(StepKind.HAND, count=7),
    SetupStep(StepKind.PRESET), SetupStep(StepKind.DECIDE_FIRST), SetupStep(StepKind.START),
))
