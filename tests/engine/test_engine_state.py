"""Game state: エントリー20 setup as rulebook 3.9 says, units matched to components (4.1.3),
damage and draws, invariants."""

from __future__ import annotations

import pytest

from bpscript.model.cards import Card, Suit
from bpscript.engine.setup.position import Position, PositionError
from bpscript.engine.setup.start import frame_deck, setup
from bpscript.engine.kernel.state import RulesError
from bpscript.load.loader import load_official


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


def test_entry20_deck_is_the_twenty_listed_cards(rs):
    deck = frame_deck(rs.frames["entry20"])
    assert len(deck) == 20 and len(set(deck)) == 20
    assert Card(1, Suit.SPADE) in deck and Card(13, Suit.CLUB) in deck and Card(12, Suit.DIAMOND) in deck


@pytest.mark.parametrize("seed", range(30))
def test_setup_follows_3_9(rs, seed):
    st = setup(rs, "lite", "entry20", seed)
    deck = frame_deck(rs.frames["entry20"])
    st.check_invariants(deck)
    st.check_invariants()  # each player's deck as dealt: the same twenty cards
    first, second = st.players[st.first_player], st.players[1 - st.first_player]
    assert len(first.hand) == 8 and len(second.hand) == 7  # 7-card hands, the first player drew one
    for p in st.players:
        bulwark, soldier = p.field
        assert bulwark.face_up and bulwark.component == "bulwark"  # 3.9.1: face up, a bulwark by placement
        assert soldier.face_up and soldier.component in {"soldier", "hero", "ace"}
        assert len(p.grave) >= 1  # the flipped cards of 3.9.2
        assert len(p.life) + len(p.hand) + len(p.grave) == 18
    # 3.9.2: the first player's last flipped card is higher
    a, b = st.players[st.first_player].grave[-1], st.players[1 - st.first_player].grave[-1]
    assert a.number > b.number
    assert st.turn_player == st.first_player


def test_setup_is_deterministic_by_seed(rs):
    assert setup(rs, "lite", "entry20", 7).digest() == setup(rs, "lite", "entry20", 7).digest()
    assert len({setup(rs, "lite", "entry20", s).digest() for s in range(20)}) == 20


@pytest.mark.parametrize("cards, face_up, expected", [
    ("♡7", True, "soldier"),
    ("♢Q", True, "hero"),
    ("♣A", True, "ace"),
    ("♠5", False, "bulwark"),
    ("♠5 ♠3", True, "armedsoldier"),  # 装備兵: same suit, 2 or more
])
def test_units_are_matched_to_components(rs, cards, face_up, expected):
    pos = Position(rs, "lite", "entry20")
    assert pos.unit(0, cards, face_up=face_up).component == expected


@pytest.mark.parametrize("cards", ["♠5 ♡3", "Joker"])
def test_cards_that_are_no_character_are_refused(rs, cards):
    """4.1.3: two suits are no unit; 魔術士 is not in ライト, so a Joker on the field is no
    character there."""
    pos = Position(rs, "lite", "entry20")
    with pytest.raises(PositionError, match="no character of lite / entry20"):
        pos.unit(0, cards)
    with pytest.raises(PositionError, match="'magician' is not a character of lite / entry20"):
        pos.unit(0, "Joker", as_="magician")


def test_damage_beyond_the_remaining_life(rs):
    st = setup(rs, "lite", "entry20", 3)
    life = len(st.players[1].life)
    assert st.damage(1, life + 5) == life
    assert st.players[1].life == [] and st.lost(1)
    assert st.draw(1) == 0


def test_a_format_the_frame_does_not_support(rs):
    with pytest.raises(RulesError):
        setup(rs, "mast", "entry20", 1)





def test_an_unknown_frame_is_a_rules_error_naming_the_known_ones(rs):
    with pytest.raises(RulesError, match=r"unknown frame 'nope' \(the ruleset defines: entry20, pack"):
        setup(rs, "lite", "nope", 1)


def test_the_engine_imports_the_model_never_the_parser():
    import ast
    from pathlib import Path
    import bpscript.engine as engine
    for path in Path(engine.__file__).parent.rglob("*.py"):
        if path.name == "cli.py":  # the CLI layer loads the ruleset and passes it in
            continue
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert "syntax" not in module and "loader" not in module and "lark" not in module, (path, module)
            elif isinstance(node, ast.Import):
                assert all("lark" not in a.name and "syntax" not in a.name for a in node.names), path
