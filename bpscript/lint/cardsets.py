"""Card-condition helpers for the lint rules, over `bpscript.model.conditions` matchers.

`key_options` lists the card sets a key card condition accepts from a deck (what a
player who chose those cards could show); `witness` finds a unit that two unit
conditions both accept. Results are cached per condition text and deck, since the
same conditions recur across regulations.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from typing import Iterable

from ..model.cards import Card, card_key


def _norm(cands: Iterable) -> list[tuple[Card, ...]]:
    out = []
    seen = set()
    for c in cands:
        if isinstance(c, Card):
            c = (c,)
        t = tuple(sorted(c, key=card_key))
        if t not in seen:
            seen.add(t)
            out.append(t)
    return out


def key_options(cond, deck: tuple[Card, ...], limit: int = 2000) -> list[tuple[Card, ...]]:
    """Key card sets `cond` accepts among `deck`, the highest numbers first (at most `limit`:
    the enumeration is lazy, so a small limit stays cheap)."""
    try:
        key = (cond, id(deck), limit)
        hit = _options.get(key)
    except TypeError:  # an unhashable matcher: no cache
        return list(_enumerate(cond, deck, limit))
    if hit is None or hit[0] is not deck:
        hit = _options[key] = (deck, _enumerate(cond, deck, limit))
    return list(hit[1])


# (condition, id(deck), limit) -> (deck, options); the deck is kept so its id stays unique
_options: dict[tuple, tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]] = {}


def _enumerate(cond, deck: tuple[Card, ...], limit: int) -> tuple[tuple[Card, ...], ...]:
    ordered = sorted(deck, key=lambda c: (-c.number, *card_key(c)[1:]))
    return tuple(_norm(islice(cond.candidates(ordered), limit)))


@lru_cache(maxsize=None)
def deck_tuple(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


# ---------------------------------------------------------------- unit overlaps (G6)
def _mask(deck: tuple[Card, ...], pred) -> int:
    out = 0
    for i, c in enumerate(deck):
        if pred(c):
            out |= 1 << i
    return out


_masks: dict[tuple, tuple[tuple[Card, ...], int]] = {}


def _pattern_mask(p, deck: tuple[Card, ...]) -> int:
    key = (p, id(deck))
    hit = _masks.get(key)
    if hit is None or hit[0] is not deck:
        hit = _masks[key] = (deck, _mask(deck, p.accepts))
    return hit[1]


def card_mask(cond, deck: tuple[Card, ...]) -> int:
    """The cards of `deck` that can be part of a unit the condition accepts (a bit per card)."""
    from ..model.conditions import SameNumber, SameSuit, Slots
    try:
        key = (cond, id(deck))
        hit = _masks.get(key)
    except TypeError:
        key, hit = None, None
    if hit is not None and hit[0] is deck:
        return hit[1]
    if isinstance(cond, Slots):
        out = 0
        for p in cond.patterns:
            out |= _pattern_mask(p, deck)
    elif isinstance(cond, SameSuit):
        out = _mask(deck, lambda c: not c.is_joker and (cond.numbers is None or c.number in cond.numbers))
    elif isinstance(cond, SameNumber):
        out = _mask(deck, lambda c: not c.is_joker)
    else:
        out = _mask(deck, lambda c: True)
    if key is not None:
        _masks[key] = (deck, out)
    return out


def sizes(cond) -> tuple[int, int | None]:
    """The number of cards of a unit the condition accepts: (least, most or None)."""
    lo = getattr(cond, "min_cards", 1)
    hi = getattr(cond, "max_cards", None)
    return lo, hi


def faces(cond) -> tuple[bool, ...]:
    """Which faces (face up True, face down False) the condition accepts a unit in."""
    from ..model.conditions import FaceDown
    return (False,) if isinstance(cond, FaceDown) else (True,)


def _matching(patterns, cards) -> bool:
    from ..model.conditions import _bipartite
    return len(cards) == len(patterns) and _bipartite(patterns, cards)


def _pick(pool: list[Card], patterns) -> tuple[Card, ...] | None:
    """Distinct cards of `pool`, one for each pattern (a bipartite matching), or None."""
    owner: dict[int, int] = {}

    def place(pi: int, seen: set[int]) -> bool:
        for ci, card in enumerate(pool):
            if ci not in seen and patterns[pi].accepts(card):
                seen.add(ci)
                if ci not in owner or place(owner[ci], seen):
                    owner[ci] = pi
                    return True
        return False

    if not all(place(pi, set()) for pi in range(len(patterns))):
        return None
    return tuple(sorted((pool[ci] for ci in owner), key=card_key))


def _slots_vs_slots(a, b, deck) -> tuple[Card, ...] | None:
    pa, pb = a.patterns, b.patterns
    if len(pa) != len(pb):
        return None
    # group cards by which patterns of each side accept them; choose a multiset of groups
    groups: dict[tuple[frozenset, frozenset], list[Card]] = {}
    ma = [_pattern_mask(p, deck) for p in pa]
    mb = [_pattern_mask(p, deck) for p in pb]
    both = 0
    for x in ma:
        both |= x
    other = 0
    for x in mb:
        other |= x
    both &= other
    i = 0
    while both:
        if both & 1:
            sa = frozenset(j for j, x in enumerate(ma) if x >> i & 1)
            sb = frozenset(j for j, x in enumerate(mb) if x >> i & 1)
            groups.setdefault((sa, sb), []).append(deck[i])
        both >>= 1
        i += 1
    keys = list(groups)
    k = len(pa)

    def ok(chosen: list[int]) -> tuple[Card, ...] | None:
        cards: list[Card] = []
        used: dict[int, int] = {}
        for g in chosen:
            n = used.get(g, 0)
            cards.append(groups[keys[g]][n])
            used[g] = n + 1
        return tuple(sorted(cards, key=card_key)) if _matching(pa, cards) and _matching(pb, cards) else None

    def dfs(start: int, chosen: list[int]) -> tuple[Card, ...] | None:
        if len(chosen) == k:
            return ok(chosen)
        for g in range(start, len(keys)):
            if chosen.count(g) < len(groups[keys[g]]):
                chosen.append(g)
                res = dfs(g, chosen)
                chosen.pop()
                if res is not None:
                    return res
        return None

    return dfs(0, [])


def _sizes_meet(a, b) -> list[int]:
    lo = max(sizes(a)[0], sizes(b)[0])
    his = [h for h in (sizes(a)[1], sizes(b)[1]) if h is not None]
    hi = min(his) if his else None
    if hi is not None and hi < lo:
        return []
    return list(range(lo, (hi if hi is not None else lo) + 1))


def witness(a, b, deck: tuple[Card, ...]) -> tuple[tuple[Card, ...], bool] | None:
    """A unit (cards, face up?) that both unit conditions accept, or None."""
    from ..model.conditions import FaceDown, SameNumber, SameSuit, Slots
    from ..model.cards import SUITS
    common = [f for f in faces(a) if f in faces(b)]
    if not common:
        return None
    face = common[0]
    if not (card_mask(a, deck) & card_mask(b, deck)):
        return None
    if isinstance(a, FaceDown) or isinstance(b, FaceDown):
        other = b if isinstance(a, FaceDown) else a
        if isinstance(other, FaceDown):
            return ((deck[0],), face) if deck else None
        return _generic(a, b, deck, face)
    if isinstance(b, Slots) and not isinstance(a, Slots):
        a, b = b, a
    if isinstance(a, Slots):
        if isinstance(b, Slots):
            w = _slots_vs_slots(a, b, deck)
            return (w, face) if w else None
        if isinstance(b, SameSuit):
            k = len(a.patterns)
            if k < b.count or (not b.at_least and k != b.count):
                return None
            for s in SUITS:
                pool = [c for c in deck if c.suit is s and (b.numbers is None or c.number in b.numbers)]
                w = _pick(pool, a.patterns)
                if w is not None:
                    return w, face
            return None
        if isinstance(b, SameNumber):
            if len(a.patterns) != b.count:
                return None
            for n in range(1, 14):
                pool = [c for c in deck if not c.is_joker and c.number == n]
                w = _pick(pool, a.patterns)
                if w is not None:
                    return w, face
            return None
        return _generic(a, b, deck, face)
    if isinstance(a, SameSuit) and isinstance(b, SameSuit):
        for size in _sizes_meet(a, b):
            for s in SUITS:
                pool = [c for c in deck if c.suit is s and (a.numbers is None or c.number in a.numbers)
                        and (b.numbers is None or c.number in b.numbers)]
                if len(pool) >= size:
                    return tuple(sorted(pool[:size], key=card_key)), face
        return None
    if isinstance(a, SameNumber) and isinstance(b, SameNumber):
        if a.count != b.count:
            return None
        for n in range(1, 14):
            pool = [c for c in deck if not c.is_joker and c.number == n]
            if len(pool) >= a.count:
                return tuple(pool[:a.count]), face
        return None
    if {type(a), type(b)} == {SameSuit, SameNumber}:
        ss, sn = (a, b) if isinstance(a, SameSuit) else (b, a)
        # one suit and one number: a single card, so only counts of 1
        if sn.count == 1 and ss.count <= 1:
            for c in deck:
                if ss.matches((c,), face) and sn.matches((c,), face):
                    return (c,), face
        return None
    return _generic(a, b, deck, face)


def _generic(a, b, deck, face, limit: int = 20000) -> tuple[tuple[Card, ...], bool] | None:
    """Fallback: try the candidates of the smaller condition (bounded)."""
    lo_a, hi_a = sizes(a)
    lo_b, hi_b = sizes(b)
    first, second = (a, b) if (hi_a or 99) <= (hi_b or 99) else (b, a)
    for i, cards in enumerate(first.candidates(list(deck))):
        if i >= limit:
            break
        if first.matches(cards, face) and second.matches(cards, face):
            return tuple(cards), face
    return None


def clear_caches() -> None:
    """Forget cached key options and masks (benchmarks time cold runs)."""
    _options.clear()
    _masks.clear()
