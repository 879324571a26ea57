"""Parse the printed card-condition notation (★ / ☆) into `bpscript.model.conditions`.

This module keeps the grammar; the words of the notation (同じスート, 枚, を持つ …) are the
ruleset's: `spelling` declarations without alternatives in its vocabulary, by id
(`WORD_IDS`), and the base ruleset's (`base_words`) where none is given. Accepts every
official form and what people type: the ruleset's alternative spellings (♥ for ♡, ～ for
〜, スーツ for スート), ASCII suits S H D C, the range separator -, full-width parentheses,
commas and spaces, `2 枚` or `2枚`, JOKER in any case. The original text is kept in
`text`, so the Japanese is reproduced exactly. A hand-written recursive descent: the
language is tiny, and it reports the offset of the first problem with what was expected.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Mapping

from ..model.cards import RANK_VALUES, SUIT_ALIASES, SUITS, rank_name
from ..model.conditions import (CardCondition, CardPattern, FaceDown, LabelHolder, NamedCharacter, RareCard,
                          SameNumber, SameSuit, Slots, UnitCondition)

#: the spelling ids of the notation's words, as a ruleset's vocabulary declares them
WORD_IDS = ("everyCard", "faceDown", "rareCard", "holding", "sameSuit", "sameNumber", "ofRanks", "taking",
            "joined", "cardCount", "unitCount", "orMore")
_RANK = re.compile(r"10|[2-9]|[AJQK]|1[1-9]|[01]|[0-9]+")
SUIT_WORDS = "♠ ♡ ♢ ♣ (or S H D C)"
RANK_WORDS = "a rank: A, 2〜10, J, Q, K"


class ConditionError(Exception):
    """A card condition that cannot be read; `offset` is the index of the problem in the text."""

    def __init__(self, message: str, offset: int, expected: str):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.expected = expected


@lru_cache(maxsize=1)
def base_ruleset_spellings() -> tuple[dict[str, str], dict[str, str]]:
    """The base ruleset's spellings, read from its declarations (its `*vocabulary*.bps`
    files, parsed alone): the notation's words by id, and alternative → canonical. Found
    where the bundled rules live (`bundled`), not through the catalog: the syntax stands
    below the loader, which parses with it."""
    from ..bundled import DEFAULT_RULESET, STDLIB, rules_root
    from . import ast
    from .parser import parse_module
    words: dict[str, str] = {}
    alternatives: dict[str, str] = {}
    for path in sorted((rules_root() / STDLIB / DEFAULT_RULESET).rglob("*vocabulary*.bps")):
        for item in parse_module(path.read_text("utf-8"), str(path))[0].items:
            if isinstance(item, ast.VocabNode) and item.kind.value == "spelling":
                words[item.id.value] = item.name.value
                for attr in item.attrs:
                    alternatives.update((str(getattr(x, "value", x)), item.name.value) for x in attr.values)
    return words, alternatives


def base_words() -> dict[str, str]:
    """The notation's words of the base ruleset, by spelling id."""
    return words_of(None)


def words_of(declared: Mapping[str, str] | None) -> dict[str, str]:
    """The notation's words: those `declared` (spelling id → word, a ruleset's
    `Vocabulary.spelled()`), the base ruleset's for the others."""
    base = base_ruleset_spellings()[0]
    got = {k: (declared or {}).get(k) or base.get(k, "") for k in WORD_IDS}
    missing = [k for k, w in got.items() if not w]
    if missing:
        raise ConditionError(f"the ruleset spells no word for {', '.join(missing)}", 0,
                             "spelling declarations of the notation's words")
    return got


def _fold_width(ch: str) -> str:
    """A full-width form as its ASCII character (（ → (, ， → ,, 　 → space, ４ → 4), one for
    one: the text is kept as written, offsets in the folded text are offsets in it."""
    folded = unicodedata.normalize("NFKC", ch)
    return folded if len(folded) == 1 and folded.isascii() and (folded.isdigit() or not folded.isalnum()) else ch


class _Reader:
    def __init__(self, text: str, words: Mapping[str, str]):
        self.text = text
        self.s = "".join(map(_fold_width, text))
        self.i = 0
        self.w = words

    def ws(self) -> None:
        while self.i < len(self.s) and self.s[self.i] in " \t":
            self.i += 1

    def peek(self, word: str) -> bool:
        self.ws()
        return self.s.startswith(word, self.i)

    def take(self, word: str) -> bool:
        if self.peek(word):
            self.i += len(word)
            return True
        return False

    def expect(self, word: str, what: str) -> None:
        if not self.take(word):
            self.fail(f"expected {what}", what)

    def fail(self, message: str, expected: str, at: int | None = None) -> None:
        raise ConditionError(message, self.i if at is None else at, expected)

    def end(self) -> None:
        self.ws()
        if self.i < len(self.s):
            self.fail(f"unexpected '{self.s[self.i:self.i + 8]}'", "the end of the condition")

    def count(self, counter: str) -> int:
        self.ws()
        m = re.compile(r"[0-9]+").match(self.s, self.i)
        if not m:
            self.fail(f"expected a count such as 2{counter}", f"a number followed by {counter}")
        n = int(m.group())
        if n == 0:
            self.fail("a count must be at least 1", "a number from 1")
        self.i = m.end()
        self.expect(counter, counter)
        return n

    # ranks -------------------------------------------------------------
    def rank(self) -> int:
        self.ws()
        start = self.i
        m = _RANK.match(self.s, self.i)
        if not m:
            got = self.s[self.i:self.i + 1] or "the end"
            self.fail(f"expected a rank, found '{got}'", RANK_WORDS)
        word = m.group()
        if word not in RANK_VALUES:
            self.fail(f"rank '{word}' is outside A〜K", RANK_WORDS, start)
        self.i = m.end()
        return RANK_VALUES[word]

    def ranks(self, joker_ok: bool = False) -> tuple[frozenset[int], bool]:
        """`A,10〜K` → the numbers; `Joker` may stand in the list when `joker_ok`."""
        numbers: set[int] = set()
        joker = False
        while True:
            start = self.i
            self.ws()
            if joker_ok and self.s[self.i:self.i + 5].lower() == "joker":
                self.i += 5
                joker = True
                if not self.take(","):
                    return frozenset(numbers), joker
                continue
            lo = self.rank()
            hi = lo
            if self.take("〜") or self.take("-"):
                hi = self.rank()
                if hi < lo:
                    self.fail(f"range {self.text[start:self.i].strip()} is reversed", "a range from low to high, e.g. 2〜10", start)
            numbers.update(range(lo, hi + 1))
            if not self.take(","):
                return frozenset(numbers), joker

    # patterns ----------------------------------------------------------
    def pattern(self) -> CardPattern:
        self.ws()
        if self.s[self.i:self.i + 5].lower() == "joker":  # `Joker`, or a list with Jokers: `Joker,A,J,Q,K`
            numbers, _ = self.ranks(joker_ok=True)
            return CardPattern(None, numbers, True)
        suits = None
        ch = self.s[self.i:self.i + 1]
        if ch in SUIT_ALIASES and not (ch in "SHDC" and (self.s[self.i + 1:self.i + 2] in ("", " ")
                                                         or self.s.startswith(self.w["joined"], self.i + 1))):
            suits = frozenset({SUIT_ALIASES[ch]})
            self.i += 1
        elif ch.isalpha() and ch.isascii() and ch not in "AJQK":
            self.fail(f"unknown suit '{ch}'", SUIT_WORDS)
        elif ch and not (ch.isdigit() or ch in "AJQK"):
            self.fail(f"expected a card, found '{ch}'", f"a suit {SUIT_WORDS}, a rank, or Joker")
        numbers, joker = self.ranks(joker_ok=suits is None)
        return CardPattern(suits, numbers, joker)


def respell(text: str, spellings: Mapping[str, str]) -> tuple[str, list[int]]:
    """`text` with every accepted alternative spelling replaced by its canonical form
    (longest first), and for each character of the result the offset it came from."""
    if not spellings:
        return text, list(range(len(text) + 1))
    alts = sorted(spellings, key=len, reverse=True)
    out: list[str] = []
    where: list[int] = []
    i = 0
    while i < len(text):
        for alt in alts:
            if alt and text.startswith(alt, i):
                canon = spellings[alt]
                out.append(canon)
                where.extend([i] * len(canon))
                i += len(alt)
                break
        else:
            out.append(text[i])
            where.append(i)
            i += 1
    where.append(len(text))
    return "".join(out), where


def parse_condition(text: str, spellings: Mapping[str, str] | None = None,
                    words: Mapping[str, str] | None = None) -> CardCondition | UnitCondition:
    """Parse one condition; raises ConditionError (and nothing else) on bad input.

    `spellings` are the ruleset's accepted alternative spellings (スーツ for スート) and
    `words` the notation's words it declares (`Vocabulary.spelled()`); the base ruleset's
    where not given. An error's offset is an offset into `text` as written. The condition
    keeps `text` as written, so the Japanese is reproduced exactly."""
    if not isinstance(text, str):
        raise ConditionError("a condition is text", 0, "text")
    if spellings is None:
        spellings = base_ruleset_spellings()[1]
    w = words_of(words)
    if spellings:
        canon, where = respell(text, spellings)
        if canon != text:
            try:
                cond = _parse(canon, w)
            except ConditionError as err:
                raise ConditionError(err.message, where[min(err.offset, len(where) - 1)], err.expected) from None
            return _with_text(cond, text)
    return _parse(text, w)


def _parse(text: str, w: Mapping[str, str]) -> CardCondition | UnitCondition:
    r = _Reader(text, w)
    r.ws()
    if r.i >= len(r.s):
        r.fail("empty condition", f"a card condition such as ♡A〜10 or {w['sameSuit']}{w['taking']}2{w['cardCount']}")
    try:
        cond = _condition(r, text)
    except RecursionError:  # pragma: no cover - the grammar does not recurse
        raise ConditionError("condition too deep", 0, "a simpler condition")
    r.end()
    return cond


def _condition(r: _Reader, text: str) -> CardCondition | UnitCondition:
    w = r.w
    if r.take(w["everyCard"]):
        r.expect("(", f"'(' of ({w['faceDown']})")
        r.expect(w["faceDown"], w["faceDown"])
        r.expect(")", "')'")
        return FaceDown(text=text)
    if r.take(w["rareCard"]):
        return RareCard(r.count(w["cardCount"]), text=text)
    if r.take("<"):
        end = r.s.find(">", r.i)
        if end <= r.i:
            r.fail("unclosed label", f"a label such as <name> {w['holding']}…", r.i - 1)
        label = r.s[r.i:end].strip()
        r.i = end + 1
        r.expect(w["holding"], w["holding"])
        r.ws()
        found = re.compile(r"[^\s0-9]+").match(r.s, r.i)
        if not found:
            r.fail("expected a type of unit", "a type of unit, as the vocabulary names it")
        kind = found.group()
        r.i = found.end()
        return LabelHolder(label, kind, r.count(w["unitCount"]), text=text)
    if r.take("「"):
        end = r.s.find("」", r.i)
        if end <= r.i:
            r.fail("unclosed 「", "a character's name in 「 」", r.i - 1)
        name = r.s[r.i:end]
        r.i = end + 1
        return NamedCharacter(name, r.count(w["unitCount"]), text=text)
    if r.take(w["sameSuit"]):
        if r.take(w["ofRanks"]):
            numbers, _ = r.ranks()
            r.expect(w["taking"], w["taking"])
            return SameSuit(r.count(w["cardCount"]), False, numbers, text=text)
        r.expect(w["taking"], w["taking"])
        n = r.count(w["cardCount"])
        return SameSuit(n, r.take(w["orMore"]), None, text=text)
    if r.take(w["sameNumber"]):
        r.expect(w["taking"], w["taking"])
        return SameNumber(r.count(w["cardCount"]), text=text)
    patterns = [r.pattern()]
    while r.take(w["joined"]):
        patterns.append(r.pattern())
    if r.peek(w["taking"]):
        at = r.i
        r.take(w["taking"])
        n = r.count(w["cardCount"])
        if len(patterns) > 1:
            r.fail(f"'{w['taking']} N{w['cardCount']}' applies to one card pattern, not to several joined by "
                   f"{w['joined']}", f"one pattern, e.g. ♠A〜10 {w['taking']} 2{w['cardCount']}", at)
        patterns = patterns * n
    return Slots(tuple(patterns), text=text)


def _with_text(cond, text: str):
    from dataclasses import replace
    return replace(cond, text=text)


# ---------------------------------------------------------------- printing
def _ranks_text(numbers: frozenset[int] | None) -> str:
    """1..10 → 'A〜10'; {1,10,11,12,13} → 'A,10〜K'."""
    if numbers is None:
        return "A〜K"
    runs: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return ",".join(rank_name(a) if a == b else f"{rank_name(a)}〜{rank_name(b)}" for a, b in runs)


def _pattern_text(p: CardPattern) -> str:
    if p.joker_only:
        return "Joker"
    suit = "".join(s.value for s in SUITS if p.suits and s in p.suits)
    return ("Joker," if p.joker else "") + suit + _ranks_text(p.numbers)


def format_condition(cond: CardCondition | UnitCondition, names: Mapping[str, str] | None = None,
                     words: Mapping[str, str] | None = None) -> str:
    """The canonical notation of a condition (what `parse_condition` reads back to an equal
    matcher), in the ruleset's `words` (the base ruleset's when not given). `names` maps the
    ids of a key unit condition to printed names."""
    names = names or {}
    w = words_of(words)
    if isinstance(cond, Slots):
        pats = [_pattern_text(p) for p in cond.patterns]
        if len(pats) > 1 and len(set(pats)) == 1:
            return f"{pats[0]} {w['taking']} {len(pats)}{w['cardCount']}"
        return f" {w['joined']} ".join(pats)
    if isinstance(cond, SameSuit):
        if cond.numbers is not None:
            return f"{w['sameSuit']}{w['ofRanks']}{_ranks_text(cond.numbers)} {w['taking']} {cond.count}{w['cardCount']}"
        return f"{w['sameSuit']}{w['taking']}{cond.count}{w['cardCount']}" + (w["orMore"] if cond.at_least else "")
    if isinstance(cond, SameNumber):
        return f"{w['sameNumber']}{w['taking']}{cond.count}{w['cardCount']}"
    if isinstance(cond, FaceDown):
        return f"{w['everyCard']}({w['faceDown']})"
    if isinstance(cond, RareCard):
        return f"{w['rareCard']}{cond.count}{w['cardCount']}"
    if isinstance(cond, LabelHolder):
        return (f"<{names.get(cond.label, cond.label)}> {w['holding']}{names.get(cond.kind, cond.kind)}"
                f"{cond.count}{w['unitCount']}")
    if isinstance(cond, NamedCharacter):
        return f"「{cond.name}」{cond.count}{w['unitCount']}"
    raise TypeError(f"not a condition: {cond!r}")
