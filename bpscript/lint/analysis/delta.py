"""What one request surely does for the first player on turn 1: lower bounds of its
gains, upper bounds of what it uses (G4)."""

from __future__ import annotations

from dataclasses import dataclass

from ..evaluate import Player

#: the two players of the first turn, as the evaluator's values of `me`, `opponent`, …
FIRST, SECOND = Player("first"), Player("second")


@dataclass
class Delta:
    """What one request certainly does for the first player (lower bounds of gains)."""

    damage: int = 0
    lethal: bool = False
    self_damage: int = 0
    bulwarks: int = 0       # charged bulwarks put on the field
    hand_gain: int = 0      # cards drawn into the hand
    hand_use: int = 0       # cards taken from the hand (to the field, discarded)
    units_gain: int = 0     # other characters put on the field (charged soldiers)
    units_use: int = 0      # the player's own characters the effect takes off the field
    units_all: bool = False  # … all of them (no requirement, but none are left)

    def worse(self, other: "Delta") -> "Delta":
        return Delta(min(self.damage, other.damage), self.lethal and other.lethal,
                     max(self.self_damage, other.self_damage), min(self.bulwarks, other.bulwarks),
                     min(self.hand_gain, other.hand_gain), max(self.hand_use, other.hand_use),
                     min(self.units_gain, other.units_gain), max(self.units_use, other.units_use),
                     self.units_all or other.units_all)

    def add(self, other: "Delta") -> None:
        self.damage += other.damage
        self.lethal = self.lethal or other.lethal
        self.self_damage += other.self_damage
        self.bulwarks += other.bulwarks
        self.hand_gain += other.hand_gain
        self.hand_use += other.hand_use
        self.units_gain += other.units_gain
        self.units_use += other.units_use
        self.units_all = self.units_all or other.units_all

    def signature(self) -> tuple:
        return (self.damage, self.lethal, self.self_damage, self.bulwarks, self.hand_gain, self.hand_use,
                self.units_gain, self.units_use, self.units_all)

    @property
    def useful(self) -> bool:
        return (self.damage > 0 or self.lethal or self.bulwarks > 0 or self.hand_gain > self.hand_use
                or self.units_gain > 0)
