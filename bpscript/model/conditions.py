"""Card conditions as matchers: キーカード条件 (★), ユニット条件 (☆), キーユニット条件.

A card condition answers two questions the engine and the linter ask: "does this
multiset of cards satisfy it?" (`matches`) and "which subsets of this hand could?"
(`candidates`). Key unit conditions select a unit on the field instead of cards;
they are `UnitCondition`s and carry no card matcher.

Parsing and printing the notation live in `bpscript.syntax.conditions`: this module
holds no printed words. Key unit conditions hold ids, resolved from the printed label,
type and character names by the resolver.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable, Iterator, Sequence

from .cards import SUITS, Card, Suit, full_deck


@dataclass(frozen=True)
class CardPattern:
    """One card slot: a suited card of a set of suits (None = any) and numbers (None = any,
    empty = none), and/or a Joker (`joker`). `Joker` alone is numbers=∅, joker=True;
    `Joker,A,J,Q,K` is numbers={1, 11, 12, 13}, joker=True."""

    suits: frozenset[Suit] | None = None
    numbers: frozenset[int] | None = None
    joker: bool = False

    def accepts(self, card: Card) -> bool:
        suit = card.suit
        if suit is None:  # a Joker (legal requests ask this of every card in hand: kept lean)
            return self.joker
        return (self.suits is None or suit in self.suits) and (self.numbers is None or card.number in self.numbers)

    @property
    def joker_only(self) -> bool:
        return self.joker and self.numbers is not None and not self.numbers

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.joker:
            out["joker"] = True
        if self.suits is not None:
            out["suits"] = [s.value for s in SUITS if s in self.suits]
        if self.numbers is not None:
            out["numbers"] = sorted(self.numbers)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "CardPattern":  # Any: JSON values
        suits = frozenset(Suit(x) for x in d["suits"]) if "suits" in d else None
        numbers = frozenset(d["numbers"]) if "numbers" in d else None
        return cls(suits, numbers, bool(d.get("joker", False)))


class CardCondition:
    """A condition over a multiset of cards. Subclasses are frozen dataclasses."""

    text: str

    @property
    def min_cards(self) -> int:
        raise NotImplementedError

    @property
    def max_cards(self) -> int | None:
        raise NotImplementedError

    def matches(self, cards: Sequence[Card], face_up: bool = True) -> bool:
        raise NotImplementedError

    def candidates(self, hand: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
        """Every distinct sub-multiset of `hand` (in hand order) that satisfies the condition."""
        top = len(hand) if self.max_cards is None else min(self.max_cards, len(hand))
        seen: set[tuple[Card, ...]] = set()
        for size in range(self.min_cards, top + 1):
            for combo in combinations(hand, size):
                if combo not in seen and self.matches(combo):
                    seen.add(combo)
                    yield combo

    def satisfiable(self, deck: Sequence[Card] | None = None) -> bool:
        """Whether any cards of `deck` (default: the 54-card deck) satisfy the condition."""
        return next(self.candidates(full_deck() if deck is None else list(deck)), None) is not None


    def to_json(self) -> dict[str, object]:
        raise NotImplementedError


def has_matching(left: int, right: int, fits: Callable[[int, int], object]) -> bool:
    """Whether each of `left` items can be given a distinct one of `right` items that it
    `fits(l, r)` (Kuhn's algorithm): cards to patterns, patterns to the cards of a hand or
    a deck."""
    owner: dict[int, int] = {}
    return all(_place(a, set(), owner, right, fits) for a in range(left))


def _place(a: int, seen: set[int], owner: dict[int, int], right: int, fits: Callable[[int, int], object]) -> bool:
    """Kuhn's augmenting path from `a` (a module function: a recursive closure would be a
    reference cycle left to the garbage collector at every call)."""
    for b in range(right):
        if b not in seen and fits(a, b):
            seen.add(b)
            if b not in owner or _place(owner[b], seen, owner, right, fits):
                owner[b] = a
                return True
    return False


def _picks(options: list[list[int]], k: int, used: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Each way to give patterns k… a distinct card index of their `options` (a module
    function: a recursive closure would be a reference cycle left at every call)."""
    if k == len(options):
        yield used
        return
    for i in options[k]:
        if i not in used:
            yield from _picks(options, k + 1, used + (i,))


def _bipartite(patterns: Sequence[CardPattern], cards: Sequence[Card]) -> bool:
    """Whether each card can be given a distinct pattern that accepts it."""
    return has_matching(len(cards), len(patterns), lambda c, p: patterns[p].accepts(cards[c]))


@dataclass(frozen=True)
class Slots(CardCondition):
    """Exactly one card per pattern: `♡A〜10`, `A と J`, `♠A〜10 を 2枚`, `♠J と ♡2〜10`."""

    patterns: tuple[CardPattern, ...]
    text: str = ""

    @property
    def min_cards(self) -> int:
        return len(self.patterns)

    @property
    def max_cards(self) -> int:
        return len(self.patterns)

    def matches(self, cards: Sequence[Card], face_up: bool = True) -> bool:
        return face_up and len(cards) == len(self.patterns) and len(set(cards)) == len(cards) \
            and _bipartite(self.patterns, cards)

    def candidates(self, hand: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
        if len(self.patterns) == 1:  # one card: each card it accepts, in hand order (most key conditions)
            accepts = self.patterns[0].accepts
            single: set[Card] = set()
            for c in hand:
                if accepts(c) and c not in single:
                    single.add(c)
                    yield (c,)
            return
        options = [[i for i, c in enumerate(hand) if p.accepts(c)] for p in self.patterns]
        seen: set[tuple[Card, ...]] = set()
        for chosen in _picks(options, 0, ()):
            combo = tuple(hand[i] for i in sorted(chosen))
            if combo not in seen and len(set(combo)) == len(combo):
                seen.add(combo)
                yield combo

    def satisfiable(self, deck: Sequence[Card] | None = None) -> bool:
        pool = full_deck() if deck is None else list(deck)
        # every pattern needs its own card: a matching of patterns into the pool
        patterns = self.patterns
        return has_matching(len(patterns), len(pool), lambda p, c: patterns[p].accepts(pool[c]))


    def to_json(self) -> dict[str, object]:
        return {"kind": "slots", "patterns": [p.to_json() for p in self.patterns]}


@dataclass(frozen=True)
class SameSuit(CardCondition):
    """`同じスートを2枚`, `同じスートを2枚以上`, `同じスートのA,10〜K を 5枚`."""

    count: int
    at_least: bool = False
    numbers: frozenset[int] | None = None
    text: str = ""

    @property
    def min_cards(self) -> int:
        return self.count

    @property
    def max_cards(self) -> int | None:
        return None if self.at_least else self.count

    def matches(self, cards: Sequence[Card], face_up: bool = True) -> bool:
        if not face_up or len(set(cards)) != len(cards):
            return False
        if len(cards) < self.count or (not self.at_least and len(cards) != self.count):
            return False
        if any(c.is_joker for c in cards) or len({c.suit for c in cards}) != 1:
            return False
        return self.numbers is None or all(c.number in self.numbers for c in cards)

    def candidates(self, hand: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
        # only cards of one suit can go together: combine within each suit
        seen: set[tuple[Card, ...]] = set()
        for suit in SUITS:
            idx = [i for i, c in enumerate(hand)
                   if c.suit is suit and (self.numbers is None or c.number in self.numbers)]
            top = len(idx) if self.at_least else min(self.count, len(idx))
            for size in range(self.count, top + 1):
                for chosen in combinations(idx, size):
                    combo = tuple(hand[i] for i in chosen)
                    if combo not in seen and self.matches(combo):
                        seen.add(combo)
                        yield combo

    def satisfiable(self, deck: Sequence[Card] | None = None) -> bool:
        pool = full_deck() if deck is None else list(deck)
        return any(sum(1 for c in pool if c.suit is s and (self.numbers is None or c.number in self.numbers))
                   >= self.count for s in SUITS)


    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": "same_suit", "count": self.count, "at_least": self.at_least}
        if self.numbers is not None:
            out["numbers"] = sorted(self.numbers)
        return out


@dataclass(frozen=True)
class SameNumber(CardCondition):
    """`同じ数字を2枚`: cards of one number (Jokers have none)."""

    count: int
    text: str = ""

    @property
    def min_cards(self) -> int:
        return self.count

    @property
    def max_cards(self) -> int:
        return self.count

    def matches(self, cards: Sequence[Card], face_up: bool = True) -> bool:
        return (face_up and len(cards) == self.count and len(set(cards)) == len(cards)
                and not any(c.is_joker for c in cards) and len({c.number for c in cards}) == 1)

    def candidates(self, hand: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
        seen: set[tuple[Card, ...]] = set()
        for n in range(1, 14):
            idx = [i for i, c in enumerate(hand) if not c.is_joker and c.number == n]
            for chosen in combinations(idx, self.count):
                combo = tuple(hand[i] for i in chosen)
                if combo not in seen and self.matches(combo):
                    seen.add(combo)
                    yield combo

    def satisfiable(self, deck: Sequence[Card] | None = None) -> bool:
        pool = full_deck() if deck is None else list(deck)
        return any(sum(1 for c in pool if not c.is_joker and c.number == n) >= self.count for n in range(1, 14))


    def to_json(self) -> dict[str, object]:
        return {"kind": "same_number", "count": self.count}


@dataclass(frozen=True)
class FaceDown(CardCondition):
    """`全て(裏向き)`: any card, but only face down (防壁, 裏切札)."""

    text: str = ""

    @property
    def min_cards(self) -> int:
        return 1

    @property
    def max_cards(self) -> int | None:
        return None

    def matches(self, cards: Sequence[Card], face_up: bool = True) -> bool:
        return not face_up and len(cards) >= 1 and len(set(cards)) == len(cards)

    def candidates(self, hand: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
        # a face-down unit is one card placed face down; hands are face up, so singles only
        seen: set[Card] = set()
        for c in hand:
            if c not in seen:
                seen.add(c)
                yield (c,)

    def satisfiable(self, deck: Sequence[Card] | None = None) -> bool:
        return bool(full_deck() if deck is None else deck)


    def to_json(self) -> dict[str, object]:
        return {"kind": "face_down"}


@dataclass(frozen=True)
class RareCard(CardCondition):
    """`レアカード1枚`: any cards, taken from the rare zone (the engine checks the zone)."""

    count: int = 1
    text: str = ""
    zone: str = "rare"

    @property
    def min_cards(self) -> int:
        return self.count

    @property
    def max_cards(self) -> int:
        return self.count

    def matches(self, cards: Sequence[Card], face_up: bool = True) -> bool:
        return len(cards) == self.count and len(set(cards)) == len(cards)

    def satisfiable(self, deck: Sequence[Card] | None = None) -> bool:
        return self.count <= len(full_deck() if deck is None else deck)


    def to_json(self) -> dict[str, object]:
        return {"kind": "rare", "count": self.count}


class UnitCondition:
    """A key unit condition: selects a unit on the field, not cards from the hand."""

    text: str
    count: int


    def to_json(self) -> dict[str, object]:
        raise NotImplementedError


@dataclass(frozen=True)
class LabelHolder(UnitCondition):
    """`<スラッシュ> を持つ兵士1体`: a unit of a type holding the label. `label` and `kind`
    are the ids of the declared label and type (the parser leaves the printed names, the
    resolver puts the ids)."""

    label: str
    kind: str
    count: int = 1
    text: str = ""


    def to_json(self) -> dict[str, object]:
        return {"kind": "label_holder", "label": self.label, "unit_kind": self.kind, "count": self.count}


@dataclass(frozen=True)
class NamedCharacter(UnitCondition):
    """`「リアニメーター」1体`: a unit matched to the named character; `character` is its
    script id once resolved."""

    name: str
    count: int = 1
    text: str = ""
    character: str | None = None


    def to_json(self) -> dict[str, object]:
        return {"kind": "named_character", "name": self.name, "character": self.character, "count": self.count}


def from_json(d: dict[str, Any], text: str = "") -> CardCondition | UnitCondition:  # Any: JSON values
    """The condition a `to_json()` dict describes (generated code builds its card
    conditions from this data, never from the notation)."""
    kind = d["kind"]
    if kind == "slots":
        return Slots(tuple(CardPattern.from_json(p) for p in d["patterns"]), text=text)
    if kind == "same_suit":
        numbers = frozenset(d["numbers"]) if "numbers" in d else None
        return SameSuit(d["count"], d["at_least"], numbers, text=text)
    if kind == "same_number":
        return SameNumber(d["count"], text=text)
    if kind == "face_down":
        return FaceDown(text=text)
    if kind == "rare":
        return RareCard(d["count"], text=text)
    if kind == "label_holder":
        return LabelHolder(d["label"], d["unit_kind"], d["count"], text=text)
    if kind == "named_character":
        return NamedCharacter(d["name"], d["count"], text=text, character=d.get("character"))
    raise ValueError(f"not a condition: {d!r}")
