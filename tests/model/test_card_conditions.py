"""Card conditions, tested exhaustively over the 54 cards against independent predicates."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpscript.model.cards import Card, Suit, full_deck
from bpscript.model.conditions import FaceDown, LabelHolder, NamedCharacter, RareCard, SameNumber, SameSuit, Slots
from bpscript.syntax.conditions import ConditionError, format_condition, parse_condition

DECK = full_deck()
PAIRS = list(combinations(DECK, 2))
S, H, D, C = Suit.SPADE, Suit.HEART, Suit.DIAMOND, Suit.CLUB

OFFICIAL = [
    "2〜10", "J〜K", "A", "A〜K", "Joker", "Q", "♡A〜10", "♠A〜10", "♢A〜10", "♣A〜10", "♠A〜10 を 2枚",
    "♡A〜10 を 2枚", "♢A〜10 を 2枚", "♣A〜10 を 2枚", "A と J", "♡A〜K と ♢A〜K", "♠A〜K と ♣A〜K",
    "♠A〜K と ♢A〜K", "♡A〜K と ♣A〜K", "♠A〜K と ♡A〜K", "♢A〜K と ♣A〜K", "同じスートを2枚", "同じ数字を2枚",
    "同じスートのA,10〜K を 5枚", "同じスートを2枚以上", "全て(裏向き)", "♠J と ♡2〜10", "♠K と ♣K",
    "♡J と ♢2〜10", "♡K と ♢K", "♢J と ♣2〜10", "♣J と ♠2〜10", "レアカード1枚", "<スラッシュ> を持つ兵士1体",
    "<激励>を持つ兵士1体", "<交渉> を持つ兵士1体", "<スイッチ> を持つ兵士1体", "<ファントム> を持つ防壁1体",
    "「リアニメーター」1体", "「チャリオット」1体", "「策士」1体", "「騎士」1体", "♡A〜K", "♣A〜K",
    "♡2〜10", "♢2〜10", "♣2〜10", "♠2〜10", "♠A", "♠2", "♠3", "♠4", "♠5", "♠7", "♠J", "♠K", "♡2", "♡3", "♡4",
    "♡5", "♡7", "♡8", "♡J", "♡K", "♢A", "♢3", "♢4", "♢5", "♢8", "♢9", "♢J", "♣4", "♣5", "♣7", "♣8", "♣9",
    "♣10", "♣J",
]


@pytest.mark.parametrize("text", OFFICIAL)
def test_official_conditions_parse_and_keep_their_text(text):
    cond = parse_condition(text)
    assert cond.text == text


def _single(text):
    return {c for c in DECK if parse_condition(text).matches((c,))}


@pytest.mark.parametrize("text,expected", [
    ("2〜10", lambda c: not c.is_joker and 2 <= c.number <= 10),
    ("J〜K", lambda c: not c.is_joker and c.number >= 11),
    ("A", lambda c: c.number == 1),
    ("A〜K", lambda c: not c.is_joker),
    ("Joker", lambda c: c.is_joker),
    ("Q", lambda c: c.number == 12),
    ("♡A〜10", lambda c: c.suit is H and c.number <= 10),
    ("♣A〜K", lambda c: c.suit is C),
    ("♠J", lambda c: c.suit is S and c.number == 11),
    ("♣10", lambda c: c.suit is C and c.number == 10),
])
def test_single_card_conditions_over_the_deck(text, expected):
    assert _single(text) == {c for c in DECK if expected(c)}


def _nonjoker(c):
    return not c.is_joker


TWO_CARD = [
    ("♠A〜10 を 2枚", lambda a, b: all(c.suit is S and c.number <= 10 for c in (a, b))),
    ("A と J", lambda a, b: {a.number, b.number} == {1, 11}),
    ("♡A〜K と ♢A〜K", lambda a, b: {a.suit, b.suit} == {H, D}),
    ("♠J と ♡2〜10", lambda a, b: any(x.suit is S and x.number == 11 and y.suit is H and 2 <= y.number <= 10
                                      for x, y in ((a, b), (b, a)))),
    ("同じスートを2枚", lambda a, b: _nonjoker(a) and _nonjoker(b) and a.suit is b.suit),
    ("同じ数字を2枚", lambda a, b: _nonjoker(a) and _nonjoker(b) and a.number == b.number),
    ("同じスートを2枚以上", lambda a, b: _nonjoker(a) and _nonjoker(b) and a.suit is b.suit),
]


@pytest.mark.parametrize("text,expected", TWO_CARD, ids=[t for t, _ in TWO_CARD])
def test_two_card_conditions_over_all_1431_pairs(text, expected):
    cond = parse_condition(text)
    assert len(PAIRS) == 1431
    for a, b in PAIRS:
        assert cond.matches((a, b)) == expected(a, b), (text, str(a), str(b))
        assert cond.matches((b, a)) == expected(a, b)
    # one card never satisfies a two-card condition
    assert not any(cond.matches((c,)) for c in DECK)


def test_royal_flush_candidates_in_the_whole_deck():
    cond = parse_condition("同じスートのA,10〜K を 5枚")
    found = list(cond.candidates(DECK))
    assert len(found) == 4
    for combo in found:
        assert len({c.suit for c in combo}) == 1
        assert sorted(c.number for c in combo) == [1, 10, 11, 12, 13]


def test_at_least_two_same_suit_accepts_more():
    cond = parse_condition("同じスートを2枚以上")
    assert cond.matches((Card(2, S), Card(5, S), Card(9, S)))
    assert not cond.matches((Card(2, S), Card(5, S), Card(9, H)))
    assert cond.max_cards is None


def test_face_down_only_when_face_down():
    cond = parse_condition("全て(裏向き)")
    assert isinstance(cond, FaceDown)
    assert all(cond.matches((c,), face_up=False) for c in DECK)
    assert not any(cond.matches((c,), face_up=True) for c in DECK)


HANDS = [
    [Card(1, S), Card(11, H), Card(11, S), Card(1, D), Card(5, S), Card(0, None, 0), Card(10, S)],
    [Card(2, H), Card(3, H), Card(2, D), Card(13, C), Card(12, C), Card(1, C), Card(10, C)],
    DECK[:7],
]


@pytest.mark.parametrize("text", ["A と J", "♠A〜10 を 2枚", "同じスートを2枚", "同じ数字を2枚", "同じスートを2枚以上",
                                  "♡A〜K と ♢A〜K", "2〜10", "Joker", "同じスートのA,10〜K を 5枚", "A〜K"])
@pytest.mark.parametrize("hand", range(len(HANDS)))
def test_candidates_equal_brute_force(text, hand):
    cond = parse_condition(text)
    cards = HANDS[hand]
    brute = {combo for n in range(1, len(cards) + 1) for combo in combinations(cards, n) if cond.matches(combo)}
    got = list(cond.candidates(cards))
    assert len(got) == len(set(got))
    assert set(got) == brute


@pytest.mark.parametrize("typed,canonical", [
    ("HA~10", "♡A〜10"), ("♥A〜10", "♡A〜10"), ("S2-10", "♠2〜10"), ("♦A～K と ♧A〜K", "♢A〜K と ♣A〜K"),
    ("JOKER", "Joker"), ("♤A〜10 を 2 枚", "♠A〜10 を 2枚"), ("全て（裏向き）", "全て(裏向き)"),
])
def test_typed_variants_behave_like_the_canonical_form(typed, canonical):
    a, b = parse_condition(typed), parse_condition(canonical)
    assert format_condition(a) == format_condition(b) == canonical
    assert a.text == typed
    for combo in PAIRS[:300] + [(c,) for c in DECK]:
        assert a.matches(combo) == b.matches(combo)


@pytest.mark.parametrize("text,offset,words", [
    ("X5", 0, "unknown suit"), ("♡10〜2", 1, "reversed"), ("0", 0, "outside"), ("14", 0, "outside"),
    ("", 0, "empty"), ("♠A〜10 を 0枚", 8, "at least 1"), ("♠A〜10 x", 6, "unexpected"),
    ("A と J を 2枚", 6, "one card pattern"), ("<スラッシュ を持つ兵士1体", 0, "unclosed"),
])
def test_bad_conditions_say_where_and_what(text, offset, words):
    with pytest.raises(ConditionError) as err:
        parse_condition(text)
    assert err.value.offset == offset
    assert words in err.value.message
    assert err.value.expected


def test_unsatisfiable_counts_parse_but_cannot_be_met():
    cond = parse_condition("♠A〜10 を 11枚")
    assert not cond.satisfiable()
    assert parse_condition("♠A〜10 を 10枚").satisfiable()
    assert not parse_condition("同じ数字を5枚").satisfiable()
    assert not parse_condition("同じスートを14枚").satisfiable()


def test_unit_conditions():
    # the parser keeps the printed label and type; the resolver turns them into ids
    assert parse_condition("<スラッシュ> を持つ兵士1体") == LabelHolder("スラッシュ", "兵士", 1, "<スラッシュ> を持つ兵士1体")
    assert parse_condition("<ファントム> を持つ防壁1体").kind == "防壁"
    assert parse_condition("「リアニメーター」1体") == NamedCharacter("リアニメーター", 1, "「リアニメーター」1体")
    assert isinstance(parse_condition("レアカード1枚"), RareCard)


def test_accepted_spellings_keep_the_text_and_locate_errors_in_it():
    spellings = {"スーツ": "スート", "♥": "♡"}
    cond = parse_condition("同じスーツを2枚以上", spellings)
    assert cond == parse_condition("同じスートを2枚以上", {}).__class__(2, True, None, "同じスーツを2枚以上")
    assert cond.text == "同じスーツを2枚以上"
    with pytest.raises(ConditionError) as err:
        parse_condition("同じスーツを0枚", spellings)
    assert err.value.offset == len("同じスーツを")


def test_kinds():
    assert isinstance(parse_condition("同じスートを2枚"), SameSuit)
    assert isinstance(parse_condition("同じ数字を2枚"), SameNumber)
    assert isinstance(parse_condition("A と J"), Slots)


ALPHABET = st.sampled_from(list("♠♡♢♣♥♦SHDCXAJQK0123456789〜~-,と を枚体以上同じスート数字の全て(裏向き)<>「」レアカード持兵士防壁 Joker"))


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=20) | st.text(max_size=12))
def test_parser_never_raises_anything_else(text):
    try:
        cond = parse_condition(text)
    except ConditionError as err:
        assert 0 <= err.offset <= len(text)
        return
    assert cond.text == text
    if hasattr(cond, "satisfiable"):
        cond.satisfiable()
