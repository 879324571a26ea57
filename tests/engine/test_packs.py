"""Packs and rare cards (8.3 パック, レアパック, ストラテジー): the setup steps that make them
and each pack / rare script in play, through the public API (`Position`, `Game`,
`ScriptedAgent`).

The official regulations here hold 魔術士, whose ability (a waived cost) is another
part's work: games are made with `partial=True`, which only allows a regulation some of
whose scripts the engine cannot run (they are never offered); no 魔術士 is in play.
"""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.explicit import RequestError
from bpscript.engine.kernel.game import Game
from bpscript.engine.setup.position import Position, PositionError
from bpscript.engine.kernel.request import SETUP, kind_of
from bpscript.load.loader import load_official


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


def _board(rs, frame: str, fmt: str = "std", turn_player: int = 0, chance: int | None = None,
           life0: str = "♠2 ♠3 ♠4 ♠6 ♠8 ♠9 ♠10 ♡2 ♡3 ♡4") -> Position:
    pos = Position(rs, fmt, frame, turn=3, turn_player=turn_player, chance=chance)
    pos.life(0, life0)
    pos.life(1, "♢2 ♢3 ♢4 ♢6 ♢8 ♢9 ♢10 ♣2 ♣3 ♣4")
    return pos


def _texts(cards) -> list[str]:
    return sorted(map(str, cards))


# ---------------------------------------------------------------- the setups (8.3)
def test_the_pack_is_the_top_14_cards_of_the_shuffled_deck_face_down(rs):
    """8.3 パック step 2: 「デッキの上から14枚を取り除いてパックとし、配置図の場所に伏せておく」."""
    for seed in range(5):
        game = Game(rs, "std", "pack", seed, [ScriptedAgent(), ScriptedAgent()], partial=True, check=True)
        st = game.state
        for p in st.players:
            assert len(p.pack) == 14 and not p.pack_opened and not p.rare
            assert len(p.hand) == 7 + (p.index == st.first_player)
            assert game.view(p.index)["pack"] is None  # unopened: nobody sees it (8.3.2)
            assert game.view(1 - p.index)["opponent_pack_size"] == 14
        st.check_invariants()  # every card of each deck in exactly one place, the pack counted


def test_the_rare_card_is_chosen_by_the_player_before_the_shuffle(rs):
    """8.3 レアパック step 1: 「デッキからレアカード1枚を選び配置図の場所に伏せておく」 — each
    player's agent is asked (a setup decision), among the cards of their whole deck."""
    offered: list[int] = []

    def last(options):
        offered.append(len(options))
        return [options[-1]]

    a0, a1 = ScriptedAgent(setup=[last], strict=True), ScriptedAgent(setup=[last], strict=True)
    game = Game(rs, "std", "rarePack", 7, [a0, a1], partial=True, check=True)
    st = game.state
    assert [kind_of(p) for p in a0.seen] == [SETUP] == [kind_of(p) for p in a1.seen]
    for p in st.players:
        assert len(p.rare) == 1 and len(p.pack) == 14
        assert p.rare[0] == st.decks[p.index][-1]  # the card chosen: the last of the deck offered
        assert game.view(p.index)["rare"] == [str(p.rare[0])]  # the owner sees it
        assert game.view(1 - p.index)["opponent_rare"] == 1  # the other player its number only
    assert offered == [len(d) for d in st.decks]  # the whole deck was offered
    st.check_invariants()


def test_the_strategy_hand_then_the_rare_card_are_chosen(rs):
    """8.3 ストラテジー steps 1, 2 and 6: 3 cards chosen for the hand, a rare card chosen, the
    hand drawn up to 7 from the life."""
    agents = [ScriptedAgent(setup=[lambda o: o[:3], lambda o: o[:1]], strict=True) for _ in range(2)]
    game = Game(rs, "pro", "strategy", 11, agents, partial=True, check=True)
    st = game.state
    for p in st.players:
        deck = st.decks[p.index]
        assert set(deck[:3]) <= set(p.hand)  # the three chosen cards are in the first hand
        assert p.rare == [deck[3]]  # the rare card is chosen among the cards left
        assert len(p.hand) == 7 + (p.index == st.first_player) and len(p.pack) == 14
    assert all(not a.setup for a in agents)


def test_pack_and_rare_places_need_a_frame_that_has_them(rs):
    pos = Position(rs, "lite", "entry20")
    with pytest.raises(PositionError, match="no zone 'pack'"):
        pos.pack(0, "♠2")
    with pytest.raises(PositionError, match="no zone 'rare'"):
        Position(rs, "std", "pack").rare(0, "♠2")


# ---------------------------------------------------------------- パック開封 (パック操作)
def test_pack_open_takes_a_card_of_the_pack_and_opens_it(rs):
    """パック開封 (8.3.2 パック操作): 「パックの中から好きなカードを1枚選び…手札に加える」, then
    「パックを表向きにし、開封済みとする」; only while the pack is not opened (起動条件)."""
    pos = _board(rs, "pack")
    pos.pack(0, "♡9 ♣K ♢Q")
    p0 = ScriptedAgent(choices=[["♣K"]], strict=True)  # no yes/no: the pack frame has no rare cards
    game = pos.game([p0, ScriptedAgent()], partial=True)
    assert game.view(0)["pack"] is None and not game.view(1)["opponent_pack_opened"]
    game.request(0, "packopen")  # 直接-即時: resolves at once
    me = game.state.players[0]
    assert _texts(me.hand) == ["♣K"] and _texts(me.pack) == ["♡9", "♢Q"]
    assert me.pack_opened and game.view(1)["opponent_pack_opened"]
    assert sorted(game.view(0)["pack"]) == ["♡9", "♢Q"]  # opened: its owner sees it
    with pytest.raises(RequestError) as err:  # 開封済み: the activation condition fails
        game.request(0, "packopen")
    assert err.value.section == "5.1"


@pytest.mark.parametrize("take_rare", [True, False])
def test_pack_open_may_take_the_rare_card_instead(rs, take_rare):
    """パック開封 step 1: 「レアカードがある場合、代わりにそれを…手札に加えてもよい」."""
    pos = _board(rs, "rarePack")
    pos.pack(0, "♡9 ♣K")
    pos.rare(0, "♠A")
    p0 = ScriptedAgent(choices=[["♡9"]], answers=[take_rare], strict=True)
    game = pos.game([p0, ScriptedAgent()], partial=True)
    game.request(0, "packopen")
    me = game.state.players[0]
    if take_rare:
        assert _texts(me.hand) == ["♠A"] and not me.rare and _texts(me.pack) == ["♡9", "♣K"]
    else:
        assert _texts(me.hand) == ["♡9"] and _texts(me.rare) == ["♠A"] and _texts(me.pack) == ["♣K"]
    assert me.pack_opened


# ---------------------------------------------------------------- レアドロー (レアカード操作)
def test_rare_draw_needs_a_life_of_nine_or_less(rs):
    """レアドロー: 「プレイヤーのライフが9以下の場合にしか…起こすことができない」, then
    「レアカードを1枚手札に加える」."""
    pos = _board(rs, "rarePack")  # life 10
    pos.rare(0, "♠A")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], partial=True)
    with pytest.raises(RequestError) as err:
        game.request(0, "raredraw")
    assert err.value.section == "5.1"

    pos = _board(rs, "rarePack", life0="♠2 ♠3 ♠4 ♠6 ♠8 ♠9 ♠10 ♡2 ♡3")  # life 9
    pos.rare(0, "♠A")
    game = pos.game([ScriptedAgent(choices=[["♠A"]], strict=True), ScriptedAgent()], partial=True)
    game.request(0, "raredraw")
    me = game.state.players[0]
    assert _texts(me.hand) == ["♠A"] and not me.rare and len(me.life) == 9


# ---------------------------------------------------------------- レア召喚 (召喚)
def test_rare_summon_puts_the_rare_card_on_the_field_as_a_soldier(rs):
    """レア召喚: key card 「レアカード1枚」, cost S, life 9 or less; 「キーカードを兵士として
    表向きかつチャージ状態で場に出す」; the key card is on the stage in the meantime, public
    (※ 5.3.3)."""
    pos = _board(rs, "rarePack", life0="♠2 ♠3 ♠4 ♠6 ♠8 ♠9 ♠10 ♡2 ♡3")
    pos.rare(0, "♠K")
    pos.hand(0, "♠Q")
    old = pos.unit(0, "♣7")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], partial=True)
    with pytest.raises(RequestError) as err:  # a card of the hand is no rare card
        game.request(0, "summonsRare", keys="♠Q", costs=[[old]])
    assert err.value.section == "5.3" and "rare" in str(err.value)
    game.request(0, "summonsRare", keys="♠K", costs=[[old]])
    me = game.state.players[0]
    assert not me.rare and old not in me.field  # S: the character went to the grave
    assert any("♠K" in s for s in game.view(1)["stage"])  # on the stage, seen by both
    game.pass_chance(1)
    game.pass_chance(0)
    (unit,) = me.field
    assert [str(c) for c in unit.cards] == ["♠K"] and unit.face_up and unit.charged
    assert unit.component == "hero"  # 「兵士として」: ☆J〜K makes it 英雄 (4.1.3)
    game.state.check_invariants()


# ---------------------------------------------------------------- 罠カウンター (レアカード操作)
@pytest.mark.parametrize("rare,nullified", [("♢5", True), ("♢6", False)])
def test_trap_counter_nullifies_a_request_whose_key_is_the_same_card(rs, rare, nullified):
    """罠カウンター: key card a rare card, target a request with one or two key cards; when a
    key card of the target is the same card (suit and number), the target leaves the stage
    and its key cards go to the grave. Either way the rare card goes to the grave (5.4.5)."""
    pos = _board(rs, "rarePack", turn_player=1, chance=0)
    pos.rare(0, rare)
    summon = pos.request(1, "summonsSoldier", keys="♢5")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], partial=True)
    game.request(0, "trapCounter", keys=rare, target=summon)
    game.pass_chance(1)
    game.pass_chance(0)  # 罠カウンター resolves
    st = game.state
    p0, p1 = st.players
    assert _texts(p0.grave) == [rare] and not p0.rare
    if nullified:
        assert summon not in st.stage and _texts(p1.grave) == ["♢5"] and not p1.field
    else:
        assert st.stage == [summon]
        game.pass_chance(1)
        game.pass_chance(0)  # the summon resolves
        assert [str(u) for u in p1.field] == ["♢5"]
    st.check_invariants()


def test_trap_counter_targets_only_requests_with_one_or_two_key_cards(rs):
    pos = _board(rs, "rarePack", turn_player=1, chance=0)
    pos.rare(0, "♢5")
    draw = pos.request(1, "draw")  # no key card
    game = pos.game([ScriptedAgent(), ScriptedAgent()], partial=True)
    with pytest.raises(RequestError) as err:
        game.request(0, "trapCounter", keys="♢5", target=draw)
    assert err.value.section == "5.3.1"


def test_a_trigger_resolving_while_a_rare_summon_is_made_keeps_every_card_in_one_place(rs):
    """9.4 [5] → [6] → [10]: paying レア召喚's S with an ace triggers 世代交代 (即時), which
    resolves before the request reaches the stage; meanwhile the rare key card is held by
    the request, and the invariants (checked after every resolution) count it there."""
    pos = _board(rs, "rarePack", life0="♠2 ♠3 ♡Q ♠6 ♠8 ♠9 ♠10 ♡2 ♡3")
    pos.rare(0, "♠K")
    ace = pos.unit(0, "♠A")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], partial=True)  # check=True: invariants on
    game.request(0, "summonsRare", keys="♠K", costs=[[ace]])
    me = game.state.players[0]
    assert game.resolved["nextGeneration"] == 1 and "♡Q" in _texts(me.hand)
    assert [str(c) for r in game.state.stage for c in r.keys] == ["♠K"]
    game.pass_chance(1)
    game.pass_chance(0)
    assert [str(u) for u in me.field] == ["♠K"]


def test_the_terminal_board_shows_packs_and_rare_cards_as_8_3_2_discloses_them(rs):
    """8.3.2: opened or not and the number of rare cards are public; an opened pack and
    one's own rare cards are the owner's to see; an unopened pack nobody's."""
    from bpscript.commands._narrate import Names, Teller
    from bpscript.commands._terminal import board

    pos = _board(rs, "rarePack")
    pos.pack(0, "♡9 ♣K", opened=True)
    pos.rare(0, "♠A")
    pos.pack(1, "♢5 ♢J")
    pos.rare(1, "♣Q")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], partial=True)
    text = "\n".join(board(game, 0, Teller(Names(rs), 0)))
    assert "pack opened (♡9 ♣K) · rare ♠A" in text  # mine
    assert "pack unopened (2) · rare 1" in text  # the opponent's: no card shown
    assert "♢5" not in text and "♢J" not in text and "♣Q" not in text
    seen_by_1 = "\n".join(board(game, 1, Teller(Names(rs), 1)))
    assert "pack opened (2) · rare 1" in seen_by_1 and "♡9" not in seen_by_1 and "♠A" not in seen_by_1


def test_observers_see_the_card_pack_open_moves_from_the_pack(rs):
    """What a resolution changed is told from the piles, the pack and rare cards among them."""
    from bpscript.engine.kernel.observe import Moved

    pos = _board(rs, "rarePack")
    pos.pack(0, "♡9 ♣K")
    pos.rare(0, "♠A")
    game = pos.game([ScriptedAgent(choices=[["♣K"]], answers=[False]), ScriptedAgent()], partial=True)
    records: list = []
    game.observers.append(records.append)
    game.request(0, "packopen")
    moved = [r for r in records if isinstance(r, Moved)]
    assert [(r.source, r.to, _texts(r.cards)) for r in moved] == [("pack", "hand", ["♣K"])]
