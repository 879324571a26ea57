"""Regulations (対戦レギュレーション, 2.1): a format plus a frame, and what its setup
guarantees a player at the start of the first turn.

The numbers come from the frame's typed setup steps (`bpscript.model.setup_steps`: `hand`,
`choose_hand`, `pack`, `rare`, `trumps`, `preset`, `decide_first`, `start`) and its typed
deck (`bpscript.model.deck`: the smallest and largest legal deck, the cards a player may use).
A regulation without a frame plays the default setup with an open deck (both defaults
are defined once, beside the types).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..model import ruleset as m
from ..model.cards import Card
from ..model.deck import OPEN_DECK, Deck
from ..model.setup_steps import DEFAULT_SETUP, StepKind


@dataclass(frozen=True)
class Setup:
    """What the setup of a frame puts where, as numbers (the lint's view of 3.9)."""

    deck_max: int          # the largest deck a player may build
    deck_min: int          # the smallest (a player picks the size that suits the plan)
    hand: int              # cards in the first hand
    choose_hand: int       # of those, cards the player picks from the deck (ストラテジー)
    pack: int
    rare: int              # rare cards, picked from the deck
    trumps: int            # trumps, picked from the deck (one turned face up before the game)
    preset_bulwarks: int   # 3.9.1 (or the frame's own preset)
    preset_soldiers: int
    decision: int          # cards each life loses at least to decide the first player (3.9.2)
    first_draw: int        # the first player's draw at the start (3.9.3)

    @property
    def removed(self) -> int:
        return self.hand + self.pack + self.rare + self.trumps + self.preset_bulwarks + self.preset_soldiers

    @property
    def opponent_life_max(self) -> int:
        """The greatest life the second player can have when the first turn starts."""
        return max(self.deck_max - self.removed - self.decision, 0)

    @property
    def own_life_max(self) -> int:
        """The first player's life at the start of turn 1, with the largest deck."""
        return max(self.deck_max - self.removed - self.decision - self.first_draw, 0)

    @property
    def own_life_min(self) -> int:
        """The first player's life at the start of turn 1, with the smallest deck."""
        return max(self.deck_min - self.removed - self.decision - self.first_draw, 0)

    @property
    def random_hand(self) -> int:
        """Cards in the first player's hand on turn 1 that nobody chose."""
        return max(self.hand - self.choose_hand, 0) + self.first_draw

    def describe(self) -> str:
        parts = [f"hand {self.hand}"]
        if self.choose_hand:
            parts.append(f"{self.choose_hand} of them chosen")
        for name in ("pack", "rare", "trumps"):
            if getattr(self, name):
                parts.append(f"{name} {getattr(self, name)}")
        if self.preset_bulwarks or self.preset_soldiers:
            parts.append("preset bulwark + soldier")
        return ", ".join(parts)


def setup_of(frame: m.Frame | None) -> Setup:
    """The lint's figures for a frame's typed deck and setup (a format alone: the defaults)."""
    deck = frame.deck if frame is not None else OPEN_DECK
    steps = frame.setup if frame is not None else DEFAULT_SETUP
    preset = 1 if steps.has(StepKind.PRESET) else 0
    return Setup(
        deck_max=deck.largest,
        deck_min=deck.smallest,
        hand=steps.hand,
        choose_hand=min(steps.chosen, steps.hand),
        pack=steps.total(StepKind.PACK),
        rare=steps.total(StepKind.RARE),
        trumps=steps.total(StepKind.TRUMPS),
        preset_bulwarks=preset,
        preset_soldiers=preset,
        decision=1 if steps.has(StepKind.DECIDE_FIRST) else 0,
        first_draw=1 if steps.has(StepKind.START) else 0,
    )


@dataclass
class Regulation:
    """One 対戦レギュレーション: `format` + `frame` (either may be None) and its scripts."""

    format: m.Format | None
    frame: m.Frame | None
    scripts: list[m.Script] = field(default_factory=list)

    @property
    def name(self) -> str:
        f = self.format.name if self.format else "—"
        fr = self.frame.name if self.frame else "—"
        return f"{f} + {fr}"

    @property
    def key(self) -> tuple[str, str]:
        return (self.format.id if self.format else "", self.frame.id if self.frame else "")

    @cached_property
    def setup(self) -> Setup:
        return setup_of(self.frame)

    @property
    def deck_condition(self) -> Deck:
        """The frame's deck (デッキ条件): listed, or built under a rule (a format alone: open)."""
        return self.frame.deck if self.frame is not None else OPEN_DECK

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards a player's deck may hold in this regulation (one shared tuple per deck)."""
        return deck_of(self.frame)

    def actions(self) -> list[m.ActionScript]:
        return [s for s in self.scripts if isinstance(s, m.ActionScript)]

    def components(self, kind: str) -> list[m.ComponentScript]:
        return [s for s in self.scripts if isinstance(s, m.ComponentScript) and s.kind == kind]


def deck_of(frame: m.Frame | None) -> tuple[Card, ...]:
    """The cards a player may put in a deck of this frame (`Deck.pool`: one shared tuple
    per distinct deck, so regulations can be grouped by it)."""
    return (frame.deck if frame is not None else OPEN_DECK).pool


def regulations(rs: m.Ruleset) -> list[Regulation]:
    """Every regulation of a ruleset: each frame with each of its formats; a format no
    frame supports stands alone; so does a frame that names no (known) format."""
    by_format: dict[str, list[m.Script]] = {}
    by_frame: dict[str, list[m.Script]] = {}
    for s in rs.scripts.values():
        for f in s.formats:
            by_format.setdefault(f, []).append(s)
        for f in s.frames:
            by_frame.setdefault(f, []).append(s)
    out: list[Regulation] = []
    framed: set[str] = set()
    for fr in rs.frames.values():
        fmts = [rs.formats[f] for f in fr.formats if f in rs.formats]
        if not fmts:
            out.append(Regulation(None, fr, _union([], by_frame.get(fr.id, []))))
        for fmt in fmts:
            framed.add(fmt.id)
            out.append(Regulation(fmt, fr, _union(by_format.get(fmt.id, []), by_frame.get(fr.id, []))))
    for fid, fmt in rs.formats.items():
        if fid not in framed:
            out.append(Regulation(fmt, None, list(by_format.get(fid, []))))
    return out


def _union(a: list[m.Script], b: list[m.Script]) -> list[m.Script]:
    seen = {id(s) for s in a}
    return a + [s for s in b if id(s) not in seen]
