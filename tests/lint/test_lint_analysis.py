"""Unit tests of the analyses behind the rules: unit overlaps (G6), the three-valued
evaluator, trigger pins and event overlaps (G5), regulations."""

from __future__ import annotations

import ast
from dataclasses import replace

import pytest

from bpscript.model import effects as fx
from bpscript.model.cards import Card, full_deck
from bpscript.lint.cardsets import witness
from bpscript.lint.core import LintContext
from bpscript.lint.analysis import FIRST, SECOND, Delta
from bpscript.lint.analysis.interpreter import EffectInterpreter
from bpscript.lint.evaluate import UNK, Evaluator, RequestFacts
from bpscript.lint.analysis.delta import Amount, Quantity
from bpscript.lint.analysis.interpreter import Cards
from bpscript.lint.evaluate import AtLeast
from bpscript.lint.guards import exclusive, guard_facts
from bpscript.lint.rules.g5 import events_overlap, player_pin
from bpscript.model.ruleset import Condition
from bpscript.load.loader import load_official
from bpscript.model.semantics import Change, Read, Role, fact
from bpscript.source import NO_SPAN
from bpscript.syntax.conditions import parse_condition
from bpscript.syntax.parser import parse_module
from bpscript.verbs import LIBRARY, Param, VerbSpec

from lintcorpus import ROOT

DECK = tuple(full_deck())


@pytest.mark.parametrize("a,b,unit", [
    ("7〜10", "2〜10", "♠7"),
    ("2〜10", "J〜K", None),
    ("A", "Joker", None),
    ("同じスートを2枚以上", "♠J と ♡2〜10", None),          # リアニメーター vs 装備兵
    ("同じスートを2枚以上", "♠K と ♣K", None),              # 魔王 vs 装備兵
    ("同じスートを2枚以上", "♠Q と ♠K", "♠Q ♠K"),
    ("同じスートを2枚以上", "同じスートを3枚", "♠A ♠2 ♠3"),
    ("全て(裏向き)", "2〜10", None),                         # face down vs face up
    ("全て(裏向き)", "全て(裏向き)", "♠A"),
    ("同じ数字を2枚", "♠7 と ♡7", "♠7 ♡7"),
    ("同じ数字を2枚", "A と J", None),
    ("♣J と ♡Q〜K", "♣J〜Q と ♡Q", "♣J ♡Q"),
])
def test_unit_witness(a, b, unit):
    w = witness(parse_condition(a), parse_condition(b), DECK)
    if unit is None:
        assert w is None
    else:
        cards, face_up = w
        assert " ".join(str(c) for c in cards) == unit
        assert parse_condition(a).matches(cards, face_up) and parse_condition(b).matches(cards, face_up)


def test_witness_respects_the_deck():
    deck = tuple(Card.parse(t) for t in "♠A ♠2 ♡2 ♡4".split())
    assert witness(parse_condition("♠A と ♡2〜3"), parse_condition("♠A と ♡3〜4"), deck) is None
    assert witness(parse_condition("♠A と ♡2〜3"), parse_condition("♠A と ♡3〜4"), DECK) is not None


def _expr(src: str):
    mod, diags = parse_module(f'action x "x" (基本) {{\n  @直接-即時-メイン\n  activation: "t" when {src}\n'
                              f'  effect: "e"\n  formats: lite\n}}\n', "t.bps")
    assert not diags
    (field,) = [f for f in mod.items[0].fields if getattr(f, "key", "") == "activation"]
    return field.when


@pytest.mark.parametrize("src,value", [
    ("is_turn_player(me)", True),
    ("not is_turn_player(me)", False),
    ("is_turn_player(me) and unknown_q()", UNK),
    ("not is_turn_player(me) and unknown_q()", False),
    ("is_turn_player(me) or unknown_q()", True),
    ("it.key_count == 1 or it.key_count == 2", False),
    ("it.has_target", True),
    ("it.action == damageJudge", False),
    ("key.total + 2 >= 5", True),
])
def test_three_valued_evaluation(src, value):
    me = object()
    ev = Evaluator({"me": me, "damageJudge": "damageJudge", "key": (Card(1), Card(2)),
                    "it": RequestFacts("rsf", 5, None, 50, True)},
                   {Read.IS_TURN_PLAYER: lambda u, ev: u.value(Role.PLAYER, ev) is me})
    assert ev.eval(_expr(src)) is value or ev.eval(_expr(src)) == value


@pytest.mark.parametrize("src,pin", [
    ("is_turn_player(me)", "turn"),
    ("not is_turn_player(me)", "other"),
    ("count(attackers()) >= 1 and is_turn_player(me)", "turn"),
    ("event.player == me", "one"),
    ("face_up_trump(me, h7)", None),
    ("me == me", None),
])
def test_player_pin(src, pin):
    assert player_pin(_expr(src)) == pin


def _event(src: str) -> fx.Event:
    mod, diags = parse_module(f'action x "x" (基本) {{\n  @誘発-即時-クイック\n  trigger: "t" on {src}\n'
                              f'  effect: "e"\n  formats: lite\n}}\n', "t.bps")
    assert not diags
    (field,) = [f for f in mod.items[0].fields if getattr(f, "key", "") == "trigger"]
    return field.event


@pytest.mark.parametrize("a,b,overlap", [
    ("resolved(attack)", "resolved(attack)", True),
    ("resolved(attack)", "resolved(block)", False),
    ("resolved(attack)", "requested(attack)", False),
    ("moved(from=field, to=grave)", "moved(from=field, to=grave, condition=\"Joker\")", True),
    ("moved(from=field, to=grave)", "moved(from=hand, to=grave)", False),
    # every argument counts, positional or by keyword: the unit, the card condition
    ("moved(from=field, to=grave, unit=knight)", "moved(from=field, to=grave, unit=chariot)", False),
    ("moved(from=field, to=grave, unit=knight)", "moved(field, grave, unit=knight)", True),
    ("moved(from=field, to=grave, condition=\"J,Q,K\")", "moved(from=field, to=grave, condition=\"A〜10\")", False),
    ("moved(from=field, to=grave, unit=knight)", "moved(from=field, to=grave, condition=\"J\")", True),
])
def test_event_overlap(a, b, overlap):
    assert events_overlap(_event(a), _event(b)) is overlap


def test_regulations_of_the_official_rules():
    ctx = LintContext(load_official().ruleset)
    names = [r.name for r in ctx.regulations]
    assert "ライト + エントリー20" in names and "マスター + エクストラ" in names
    extra = next(r for r in ctx.regulations if r.name == "マスター + エクストラ")
    assert len(extra.scripts) == 137  # every official script is playable there
    e20 = next(r for r in ctx.regulations if r.name == "ライト + エントリー20")
    assert len(e20.deck) == 20 and NO_SPAN.file == "<builtin>"


# ---------------------------------------------------------------- G4's interpreter reads the verbs' summaries
def _effect(src: str) -> tuple:
    mod, diags = parse_module(f'action x "x" (基本) {{\n  @直接-即時-メイン\n  effect: "e" {{\n{src}\n  }}\n'
                              f'  formats: lite\n}}\n', "t.bps")
    assert not diags
    (field,) = [f for f in mod.items[0].fields if type(f).__name__ == "EffectField"]
    return field.body


def _delta(src: str, bulwarks: set[str] = frozenset()) -> Delta:
    ev = Evaluator({"me": FIRST, "opponent": SECOND, "turn_player": FIRST})
    return EffectInterpreter(set(bulwarks)).run(_effect(src), ev)


def test_the_interpreter_follows_what_verbs_change():
    d = _delta("    damage(opponent, 3)\n    draw(me)\n    discard(me, 2)\n    return_to_hand(units(character, me))")
    assert (d.damage, d.hand_gain, d.hand_use, d.units_all) == (3, 1, 2, True)
    d = _delta("    summon(choose_cards(me, cards_in(hand, me), 2), as=wall)", {"wall"})
    assert (d.bulwarks, d.hand_use, d.units_gain) == (2, 2, 0)
    d = _delta("    let c = choose_units(me, units(soldier, me), 2)\n    move(c, to=grave)\n    damage(opponent, life(opponent))")
    assert (d.units_use, d.lethal) == (2, True)
    d = _delta("    discard_down_to(me, 0)\n    reveal(key, to=opponent)")
    assert d == Delta()


def test_a_verb_is_known_by_its_declaration_not_its_name(monkeypatch):
    smite = VerbSpec("smite", "verb", (Param("victim", "player"), Param("points", "number")), None, "test",
                     summary=(fact(Change.DAMAGE, player="victim", amount="points"),))
    monkeypatch.setitem(LIBRARY, "smite", smite)
    assert _delta("    smite(opponent, points=4)").damage == 4
    monkeypatch.setitem(LIBRARY, "damage", replace(LIBRARY["damage"], summary=(fact(Change.REVEAL),)))
    assert _delta("    damage(opponent, 4)").damage == 0


def test_queries_are_answered_by_what_they_read(monkeypatch):
    ev = Evaluator({"me": FIRST}, {Read.LIFE: lambda u, ev: 7 if u.value(Role.PLAYER, ev) is FIRST else UNK})
    assert ev.eval(_expr("life(me) + 1")) == 8
    monkeypatch.setitem(LIBRARY, "vitality", replace(LIBRARY["life"], name="vitality"))
    assert ev.eval(_expr("vitality(player=me)")) == 7
    assert ev.eval(_expr("hand_count(me)")) is UNK


def test_no_lint_code_compares_a_call_name_with_a_literal():
    """The analyses know calls by their summaries (bpscript.model.semantics), never by name."""
    def literal(node) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(literal(e) for e in node.elts)

    def names_a_call(node) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "func") or \
            (isinstance(node, ast.Name) and node.id in ("func", "funcs"))

    hits = []
    for path in sorted((ROOT / "bpscript" / "lint").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(names_a_call(s) for s in sides) and any(literal(s) for s in sides):
                    hits.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not hits, hits


# ---------------------------------------------------------------- G5: guards that exclude each other
def _guard(src: str) -> Condition:
    return Condition("", None, _expr(src), NO_SPAN)


@pytest.mark.parametrize("a,b,excl", [
    ("is_turn_player(me) and hand_count(me) == 0", "is_turn_player(me) and not hand_count(me) == 0", True),
    ("is_turn_player(me) and hand_count(me) >= 4", "is_turn_player(me) and hand_count(me) <= 3", True),
    ("is_turn_player(me) and hand_count(me) >= 3", "is_turn_player(me) and hand_count(me) <= 3", False),
    ("is_turn_player(me) and 4 <= hand_count(me)", "is_turn_player(me) and hand_count(me) < 4", True),
    ("is_turn_player(me) and hand_count(me) == 0", "is_turn_player(me) and hand_count(me) >= 1", True),
    ("is_turn_player(me) and life(me) > 5 and life(me) < 8", "is_turn_player(me) and life(me) == 8", True),
    ("is_turn_player(me) and not hand_count(me) > 2", "is_turn_player(me) and hand_count(me) != 1", False),
    ("is_turn_player(me) and hand_count(me) >= 4", "is_turn_player(me) and life(me) <= 3", False),
    # another player, or no pin: each player's copy may fire
    ("is_turn_player(me) and hand_count(me) >= 4", "not is_turn_player(me) and hand_count(me) <= 3", False),
    ("hand_count(me) >= 4", "hand_count(me) <= 3", False),
])
def test_exclusive_guards(a, b, excl):
    assert exclusive(_guard(a), _guard(b)) is excl
    assert exclusive(_guard(b), _guard(a)) is excl


def test_guard_facts_bound_numbers():
    f = guard_facts(_expr("hand_count(me) >= 2 and not hand_count(me) > 4 and face_up_trump(me, h7)"))
    assert f.ranges == {"hand_count(me)": ((2, 4),)} and f.literals == {"face_up_trump(me, h7)": True}


# ---------------------------------------------------------------- G4: numbers of the position
def _position_delta(src: str) -> Delta:
    """The delta of an effect whose hand and life queries read the first player's position."""
    def mine(u, ev):
        return u.value(Role.PLAYER, ev) is FIRST
    ev = Evaluator({"me": FIRST, "opponent": SECOND, "turn_player": FIRST},
                   {Read.HAND_COUNT: lambda u, ev: Amount.of(Quantity.HAND) if mine(u, ev) else UNK,
                    Read.LIFE: lambda u, ev: Amount.of(Quantity.LIFE) if mine(u, ev) else UNK,
                    Read.ZONE_CARDS: lambda u, ev: Cards(Amount.of(Quantity.HAND)) if mine(u, ev) else UNK,
                    Read.COUNT: lambda u, ev: u.value(Role.WHAT, ev).count})
    return EffectInterpreter(set()).run(_effect(src), ev)


def test_amounts_count_with_the_position():
    five = Amount.of(Quantity.HAND) * 5
    assert five + 2 == Amount(2, ((Quantity.HAND, 5),)) and (2 + five - five) == Amount(2, ())
    assert five.at({Quantity.HAND: 8}) == 40 and five.growing and not (1 - five).growing
    with pytest.raises(TypeError):
        five * Amount.of(Quantity.HAND)  # not linear: the evaluator makes it UNK
    ev = Evaluator({}, {Read.HAND_COUNT: lambda u, ev: five})
    assert ev.eval(_expr("hand_count(me) >= 4")) is UNK  # a comparison of the position is not known
    assert ev.eval(_expr("hand_count(me) * hand_count(me)")) is UNK


def test_at_least_decides_what_it_can():
    alive = Evaluator({}, {Read.LIFE: lambda u, ev: AtLeast(1)})
    assert alive.eval(_expr("life(opponent) == 0")) is False and alive.eval(_expr("life(opponent) <= 0")) is False
    assert alive.eval(_expr("0 < life(opponent)")) is True
    assert alive.eval(_expr("life(opponent) <= 5")) is UNK and alive.eval(_expr("life(opponent) - 1 == 0")) is UNK


@pytest.mark.parametrize("src,hand,life,damage,lethal", [
    ("    for c in cards_in(hand, me) {\n      damage(opponent, 5)\n    }", 8, 20, 40, False),
    ("    for c in cards_in(hand, me) {\n      damage(opponent, 5)\n    }", 0, 20, 0, False),
    ("    damage(opponent, hand_count(me) * 5 + 1)", 3, 20, 16, False),
    ("    damage(opponent, count(cards_in(hand, me)) * 2)", 4, 20, 8, False),
    ("    damage(opponent, life(me))", 3, 20, 20, False),
    ("    damage(opponent, 10 - hand_count(me))", 3, 20, 0, False),  # may shrink: not counted
    ("    repeat {\n      damage(opponent, 1)\n    } until life(opponent) == 0", 0, 20, 1, True),
    ("    repeat {\n      damage(opponent, 1)\n    } until life(opponent) <= 5", 0, 20, 1, False),
    ("    repeat {\n      damage(opponent, 1)\n      damage(me, 1)\n    } until life(opponent) == 0", 0, 20, 1, False),
    ("    repeat {\n      damage(opponent, 1)\n    } until hand_count(me) == 0", 5, 20, 1, False),
])
def test_the_interpreter_counts_damage_in_loops_and_expressions(src, hand, life, damage, lethal):
    d = _position_delta(src).at({Quantity.HAND: hand, Quantity.LIFE: life})
    assert (d.damage, d.lethal) == (damage, lethal)


def test_a_loop_over_the_hand_scales_what_it_uses_too():
    d = _position_delta("    for c in cards_in(hand, me) {\n      damage(opponent, 2)\n      damage(me, 1)\n    }")
    at = d.at({Quantity.HAND: 6})
    assert (at.damage, at.self_damage) == (12, 6) and d.damage == 0 and d.deals_damage


# ---------------------------------------------------------------- hands (G4)
def test_avoiding_counts_the_cards_that_hold_no_key_set():
    """The most cards of a deck holding no key set: a hand with more holds one (3.3)."""
    from bpscript.model.deck import STANDARD_DECK, DeckList, DeckRule
    from bpscript.lint.analysis.hands import avoiding
    assert avoiding(parse_condition("A〜K"), STANDARD_DECK) == 2          # the two Jokers
    assert avoiding(parse_condition("同じスートを2枚"), STANDARD_DECK) == 6  # one per suit, two Jokers
    assert avoiding(parse_condition("同じ数字を2枚"), STANDARD_DECK) == 15  # one per number, two Jokers
    assert avoiding(parse_condition("A と J"), STANDARD_DECK) == 50        # every card but the Aces
    official = load_official().ruleset
    entry20 = official.frames["entry20"].deck
    assert avoiding(parse_condition("A〜K"), entry20) == 0
    assert avoiding(parse_condition("♡A〜10"), entry20) == 16
    # a deck the player builds: the largest legal one, the accepted cards first
    assert avoiding(parse_condition("♡A〜10"), DeckRule(40, 40)) == 30
    assert avoiding(parse_condition("A〜K"), DeckRule(40, 40, jokers=2)) == 0


def test_avoiding_matches_every_subset_of_a_small_deck():
    """Hall's bound against brute force: every subset of a ten-card deck."""
    from itertools import combinations
    from bpscript.model.deck import DeckList
    from bpscript.lint.analysis.hands import avoiding
    cards = tuple(c for c in full_deck(2) if c.is_joker or (c.number in (1, 2, 11) and c.suit.value in "♠♡♣"))[:10]
    deck = DeckList(cards)
    for text in ("A〜K", "A と J", "♠A〜10 を 2枚", "A と J と 2", "同じスートを2枚", "同じ数字を3枚", "Joker"):
        cond = parse_condition(text)
        brute = max(len(s) for n in range(len(cards) + 1) for s in combinations(cards, n)
                    if next(cond.candidates(list(s)), None) is None)
        assert avoiding(cond, deck) == brute, text
