"""What one request surely does for the first player on turn 1: lower bounds of its
gains, upper bounds of what it uses (G4).

Some of it depends on the position when the request resolves: `damage(opponent,
hand_count(me) * 5)` or a loop over the hand deals damage per card in the first
player's hand, `damage(opponent, life(me))` as much as their life. The interpreter
reads such numbers as an `Amount` (a constant plus so much per hand card and per life
card) and keeps the part of a `Delta` that grows with them in `per`; the search fills
in the position (`Delta.at`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..evaluate import UNK, Player, Symbolic

#: the two players of the first turn, as the evaluator's values of `me`, `opponent`, …
FIRST, SECOND = Player("first"), Player("second")


class Quantity(str, Enum):
    """A number of the first player's position the search knows when a request resolves."""

    HAND = "hand"  # cards in the hand
    LIFE = "life"  # cards in the life


@dataclass(frozen=True)
class Amount(Symbolic):
    """A number known as `base` + Σ k × quantity (the first player's hand or life when the
    request resolves): `hand_count(me) * 5` is Amount(0, ((HAND, 5),))."""

    base: int = 0
    per: tuple[tuple[Quantity, int], ...] = ()

    @staticmethod
    def of(q: Quantity, k: int = 1) -> "Amount":
        return Amount(0, ((q, k),))

    def _combine(self, other: object, sign: int) -> "Amount | object":
        if isinstance(other, bool) or not isinstance(other, (int, Amount)):
            return NotImplemented
        if isinstance(other, int):
            return Amount(self.base + sign * other, self.per)
        coeffs = dict(self.per)
        for q, k in other.per:
            coeffs[q] = coeffs.get(q, 0) + sign * k
        return Amount(self.base + sign * other.base, tuple(sorted((q, k) for q, k in coeffs.items() if k)))

    def __add__(self, other):
        return self._combine(other, 1)

    __radd__ = __add__

    def __sub__(self, other):
        return self._combine(other, -1)

    def __rsub__(self, other):
        neg = Amount(-self.base, tuple((q, -k) for q, k in self.per))
        return neg._combine(other, 1)

    def __mul__(self, other):
        if isinstance(other, bool) or not isinstance(other, int):
            return NotImplemented
        return Amount(self.base * other, tuple((q, k * other) for q, k in self.per if k * other))

    __rmul__ = __mul__

    def compare(self, op: str, other: object) -> object:
        return UNK  # the position is not known to the interpreter

    @property
    def growing(self) -> bool:
        """Never below `base`: every quantity counts up (a position's counts are ≥ 0)."""
        return all(k > 0 for _, k in self.per)

    def at(self, values: dict[Quantity, int]) -> int:
        return self.base + sum(k * values.get(q, 0) for q, k in self.per)


@dataclass
class Delta:
    """What one request certainly does for the first player (lower bounds of gains).

    `per` holds, for a quantity of the position, the delta the request adds for each
    unit of it (a loop over the hand, a damage of `hand_count(me) * 5`)."""

    damage: int = 0
    lethal: bool = False
    self_damage: int = 0
    bulwarks: int = 0       # charged bulwarks put on the field
    hand_gain: int = 0      # cards drawn into the hand
    hand_use: int = 0       # cards taken from the hand (to the field, discarded)
    units_gain: int = 0     # other characters put on the field (charged soldiers)
    units_use: int = 0      # the player's own characters the effect takes off the field
    units_all: bool = False  # … all of them (no requirement, but none are left)
    per: dict[Quantity, "Delta"] = field(default_factory=dict)

    _COUNTS = ("damage", "self_damage", "bulwarks", "hand_gain", "hand_use", "units_gain", "units_use")
    _GAINS = ("damage", "bulwarks", "hand_gain", "units_gain")

    def worse(self, other: "Delta") -> "Delta":
        per = {q: self.per.get(q, Delta()).worse(other.per.get(q, Delta())) for q in {*self.per, *other.per}}
        return Delta(min(self.damage, other.damage), self.lethal and other.lethal,
                     max(self.self_damage, other.self_damage), min(self.bulwarks, other.bulwarks),
                     min(self.hand_gain, other.hand_gain), max(self.hand_use, other.hand_use),
                     min(self.units_gain, other.units_gain), max(self.units_use, other.units_use),
                     self.units_all or other.units_all, {q: d for q, d in per.items() if not d.empty})

    def add(self, other: "Delta") -> None:
        for name in self._COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.lethal = self.lethal or other.lethal
        self.units_all = self.units_all or other.units_all
        for q, d in other.per.items():
            self.per.setdefault(q, Delta()).add(d)

    def scaled(self, n: int) -> "Delta":
        """The delta of `n` runs (no run at all when n ≤ 0); quantities scale too."""
        if n <= 0:
            return Delta()
        out = Delta(**{name: getattr(self, name) * n for name in self._COUNTS},
                    lethal=self.lethal, units_all=self.units_all)
        out.per = {q: d.scaled(n) for q, d in self.per.items()}
        return out

    def repeated(self, amount: Amount) -> "Delta":
        """The delta of `amount` runs (a loop over the hand): `base` runs now, and so many
        more per unit of each quantity. A run's own per-quantity part is dropped unless
        the loop count is a constant (a loop inside a loop over the hand counts once)."""
        if not amount.growing:
            return Delta()
        plain = Delta(**{name: getattr(self, name) for name in self._COUNTS},
                      lethal=self.lethal, units_all=self.units_all)
        out = self.scaled(amount.base) if amount.base > 0 else Delta()
        for q, k in amount.per:
            out.per.setdefault(q, Delta()).add(plain.scaled(k))
        return out

    def at(self, values: dict[Quantity, int]) -> "Delta":
        """The delta in a position (`values` of its quantities when the request resolves)."""
        out = Delta(**{name: getattr(self, name) for name in self._COUNTS},
                    lethal=self.lethal, units_all=self.units_all)
        for q, d in self.per.items():
            out.add(d.at(values).scaled(values.get(q, 0)))
        return out

    @property
    def empty(self) -> bool:
        return self.signature() == Delta().signature()

    def signature(self) -> tuple:
        return (self.damage, self.lethal, self.self_damage, self.bulwarks, self.hand_gain, self.hand_use,
                self.units_gain, self.units_use, self.units_all,
                tuple(sorted((q.value, d.signature()) for q, d in self.per.items())))

    @property
    def useful(self) -> bool:
        grows = any(any(getattr(d, g) for g in self._GAINS) or d.lethal for d in self.per.values())
        return (self.damage > 0 or self.lethal or self.bulwarks > 0 or self.hand_gain > self.hand_use
                or self.units_gain > 0 or grows)

    @property
    def deals_damage(self) -> bool:
        """It deals damage or ends the game, now or for so much of the position."""
        return bool(self.damage or self.lethal or any(d.deals_damage for d in self.per.values()))
