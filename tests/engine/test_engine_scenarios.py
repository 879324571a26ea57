"""Scenario tests written from the rulebook's situations, run on the core flow with
the classes generated from the ライト scripts (エントリー20 decks)."""

from __future__ import annotations

import pytest

from bpscript.engine.agents import ScriptedAgent
from bpscript.engine.request import Request
from bpscript.engine.game import ScriptError

from bpscript.cards import Card
from bpscript.engine.state import owned


def card(player: int, text: str) -> Card:
    return owned(Card.parse(text), player)


# ---------------------------------------------------------------- 召喚
def test_summons_soldier_hero_ace_put_the_key_on_the_field(scene):
    """兵士召喚 $BL ★2〜10, 英雄召喚 $BBL ★J〜K, エース召喚 $L ★A: the key card becomes a
    face-up charged unit of that character; the key card is not sent to the grave."""
    scene.unit(0, "♣10", face_up=False)
    scene.unit(0, "♣6", face_up=False)
    scene.unit(0, "♣5", face_up=False)
    two, king, ace = scene.hand(0, "♠2", "♣K", "♡A")
    life = len(scene.state.players[0].life)
    scene.resolve(0, "summonsSoldier", [two])
    scene.resolve(0, "summonsHero", [king])
    scene.resolve(0, "summonsAce", [ace])
    me = scene.state.players[0]
    assert [u.component for u in me.field if u.face_up] == ["soldier", "hero", "ace"]
    assert all(u.face_up and u.charged for u in me.field if u.face_up)
    assert not {two, king, ace} & set(me.grave)
    assert sum(not u.charged for u in me.field if not u.face_up) == 3  # B, B, B paid
    assert len(me.life) == life - 3  # L, L, L paid


def test_costs_must_be_payable(scene):
    """5.2: $BL needs a charged bulwark; without one, 兵士召喚 is not a legal request."""
    scene.hand(0, "♠5")
    assert "summonsSoldier" not in {o.action for o in scene.options(0)}
    scene.unit(0, "♣10", face_up=False, charged=False)
    assert "summonsSoldier" not in {o.action for o in scene.options(0)}
    scene.unit(0, "♣6", face_up=False)
    assert "summonsSoldier" in {o.action for o in scene.options(0)}


def test_set_bulwark_is_immediate_and_once_per_turn(scene):
    """防壁設置 @直接-即時-メイン $L: resolves without the stage; once per turn."""
    scene.hand(0, "♠5", "♡9")
    game = scene.game
    scene.agents[0].requests.append("setBulwark")
    game.step()
    me = scene.state.players[0]
    assert scene.state.stage == [] and [u.component for u in me.field] == ["bulwark"]
    assert not me.field[0].face_up and me.field[0].charged
    assert "setBulwark" not in {o.action for o in scene.options(0)}


def test_mount_makes_an_armed_soldier_of_the_same_suit(scene):
    """装備: only a soldier of the key's suit; the unit becomes 装備兵 (size = total)."""
    six = scene.unit(0, "♣6")
    other = scene.unit(0, "♡8")
    scene.unit(0, "♢10", face_up=False)
    (ten,) = scene.hand(0, "♣10")
    targets = {o.target for o in scene.options(0) if o.action == "mountSoldier"}
    assert targets == {six} and other not in targets
    scene.resolve(0, "mountSoldier", [ten], six)
    assert six.component == "armedsoldier" and scene.size(six) == 16


def test_armed_soldier_with_an_ace_has_haste(scene):
    """装備兵 <速攻>(キーカードにAが含まれる場合のみ): an armed soldier summoned this turn attacks
    only when it holds an A."""
    a = scene.unit(0, "♣5", new=True)
    b = scene.unit(0, "♡8", new=True)
    scene.unit(0, "♢10", face_up=False)
    scene.unit(0, "♢3", face_up=False)
    scene.resolve(0, "mountSoldier", scene.hand(0, "♣A"), a)
    scene.resolve(0, "mountSoldier", scene.hand(0, "♡9"), b)
    scene.agents[0].choices.append(lambda opts: opts)
    scene.resolve(0, "attack")
    assert attackers(scene) == [a]


# ---------------------------------------------------------------- 速攻魔法
def test_up_adds_the_key_number_until_the_end_of_the_turn(scene):
    """アップ: size + key number, the key card in the fog as アップ; at エンド the fog goes
    to the grave and the size is back."""
    soldier = scene.unit(1, "♠5")
    (key,) = scene.hand(0, "♡4" if False else "♡8")
    scene.resolve(0, "up", [key], soldier)
    assert scene.size(soldier) == 13
    assert scene.state.players[0].fog == [key] and scene.state.players[0].marks[0].component == "upFog"
    scene.resolve(0, "end")
    assert key in scene.state.players[0].grave and scene.size(soldier) == 5


def test_down_to_zero_sends_the_soldier_to_the_grave_without_a_mark(scene):
    soldier = scene.unit(1, "♠3")
    (key,) = scene.hand(0, "♠5")
    scene.resolve(0, "down", [key], soldier)
    assert soldier not in scene.state.players[1].field and card(1, "♠3") in scene.state.players[1].grave
    assert scene.state.players[0].fog == [] and key in scene.state.players[0].grave


def test_down_not_to_zero_leaves_a_mark(scene):
    soldier = scene.unit(1, "♣10")
    (key,) = scene.hand(0, "♠3")
    scene.resolve(0, "down", [key], soldier)
    assert scene.size(soldier) == 7 and scene.state.players[0].fog == [key]
    assert scene.state.players[0].marks[0].component == "downFog"
    scene.resolve(0, "end")  # the ダウン fog lasts until the end of the turn
    assert key in scene.state.players[0].grave and scene.size(soldier) == 10


def test_twist_drives_or_charges(scene):
    unit = scene.unit(1, "♠5")
    scene.resolve(0, "twist", scene.hand(0, "♢3"), unit, choices=[lambda opts: opts[:1],  # cost D: the card to discard
                                                                    lambda opts: [o for o in opts if o[1] == "driven"]])
    assert unit.charged is False


@pytest.mark.parametrize("counter_key,target_keys,nullified", [
    ("♣5", ["♡5"], True),          # one key, counter's number ≥ its number
    ("♣A", ["♡5"], False),         # one key, counter's number is lower
    ("♣A", ["♡A", "♢A"], True),    # two keys: always
])
def test_counter_thresholds(scene, counter_key, target_keys, nullified):
    """カウンター: nullify a request with one key card numbered at most the counter's, or
    any request with two key cards; the nullified request's key cards go to the grave."""
    scene.unit(0, "♣10")
    keys = scene.hand(1, *target_keys)
    action = "up" if len(keys) == 1 else "destroyBulwark"
    target_unit = scene.unit(0, "♣6") if action == "up" else scene.unit(0, "♢7", face_up=False)
    target = scene.request(1, action, keys, target_unit)
    scene.state.stage.append(target)
    scene.resolve(0, "counter", scene.hand(0, counter_key), target)
    assert (target not in scene.state.stage) is nullified
    assert set(keys) <= set(scene.state.players[1].grave) if nullified else target in scene.state.stage


def test_counter_targets_only_requests_with_one_or_two_keys(scene):
    """カウンター targets a request with 1 or 2 key cards, never itself or a keyless one."""
    scene.unit(1, "♡9")
    scene.state.stage.append(Request("attack", 1))
    soldier = scene.unit(0, "♣6")
    up = scene.request(1, "up", scene.hand(1, "♡8"), soldier)
    scene.state.stage.append(up)
    scene.hand(0, "♣5", "♢Q")  # ♢Q pays D
    targets = [o.target for o in scene.options(0) if o.action == "counter"]
    assert targets == [up]


# ---------------------------------------------------------------- 5.4.1 fizzle, 5.4.5 key cards
def test_a_request_whose_target_is_gone_resolves_without_effect(scene):
    """5.4.1: アップ on a soldier, answered by ダウン that kills it: アップ does nothing and
    its key card still goes to the grave."""
    soldier = scene.unit(1, "♠3")
    up = scene.request(0, "up", scene.hand(0, "♡8"), soldier)
    scene.state.stage.append(up)
    scene.resolve(1, "down", scene.hand(1, "♠5"), soldier)
    assert soldier not in scene.state.players[1].field
    scene.game.resolve(up)
    assert scene.state.players[0].fog == [] and card(0, "♡8") in scene.state.players[0].grave
    assert scene.state.stage == []


def test_a_request_whose_target_split_resolves_without_effect(scene):
    """5.4.1: a target unit that lost cards (split) is no longer the target."""
    armed = scene.unit(1, "♣5", "♣10")
    twist = scene.request(0, "twist", scene.hand(0, "♢3"), armed)
    scene.state.stage.append(twist)
    armed.cards.remove(card(1, "♣10"))  # as リバース would
    scene.state.players[1].grave.append(card(1, "♣10"))
    scene.game.resolve(twist)
    assert armed.charged  # untouched


def test_key_cards_go_to_the_grave_unless_the_effect_placed_them(scene):
    scene.unit(0, "♣10", face_up=False)
    (two,) = scene.hand(0, "♠2")
    bulwark = scene.unit(1, "♢7", face_up=False)
    scene.resolve(0, "summonsSoldier", [two])
    keys = scene.hand(0, "♡9", "♢Q")
    scene.resolve(0, "destroyBulwark", keys, bulwark)
    grave = scene.state.players[0].grave
    assert two not in grave and set(keys) <= set(grave)
    assert scene.state.players[1].field == [] and card(1, "♢7") in scene.state.players[1].grave


# ---------------------------------------------------------------- 通常魔法, damage, win check
def test_throwing_deals_the_spade_keys_number(scene):
    life = len(scene.state.players[1].life)
    scene.resolve(0, "throwing", scene.hand(0, "♠4", "♣K"), 1)
    assert len(scene.state.players[1].life) == life - 4


def test_damage_beyond_the_remaining_life_takes_what_is_left_and_wins(scene):
    """5.4.2: with 2 cards of life, 5 damage moves 2; the win check (5.5) ends the game."""
    scene.state.players[1].life = scene.state.players[1].life[:2]
    scene.resolve(0, "throwing", scene.hand(0, "♠5", "♣K"), 1)
    assert scene.state.players[1].life == [] and scene.state.winner == 0


def test_win_check_turn_player_first(scene):
    """5.5: both lives at 0 → the turn player loses."""
    st = scene.state
    st.players[0].life, st.players[1].life = [], []
    scene.game.win_check()
    assert st.winner == 1


def test_search_takes_any_card_of_the_life_then_shuffles(scene):
    from bpscript.cards import Card
    from bpscript.engine.state import owned
    joker = owned(Card(0, None), 0)
    scene.state.players[0].hand.append(joker)
    scene.resolve(0, "search", [joker], choices=[["♣5"]])
    assert card(0, "♣5") in scene.state.players[0].hand and len(scene.state.players[0].life) == 9


def test_next_generation_digs_to_the_first_royal_card(scene):
    me = scene.state.players[0]
    me.life = [card(0, "♡J"), card(0, "♠5"), card(0, "♢3")]  # the top is the end of the list
    scene.resolve(0, "nextGeneration")
    assert me.hand == [card(0, "♡J")] and me.grave == [card(0, "♢3"), card(0, "♠5")]


def test_next_generation_triggers_once_per_royal_card(scene):
    """世代交代: each Joker/A/J/Q/K card moving from my field to the grave triggers once;
    an armed soldier ♡A♡J dying triggers twice, a ♠5 soldier not at all."""
    armed = scene.unit(0, "♡A", "♡J")
    plain = scene.unit(0, "♠5")
    me = scene.state.players[0]
    me.life = [card(0, "♢Q"), card(0, "♠2"), card(0, "♣K"), card(0, "♠3")]
    from bpscript.engine.verbs import unit_to_grave
    unit_to_grave(scene.state, armed)
    unit_to_grave(scene.state, plain)
    scene.game.trigger_check()
    assert scene.game.requested["nextGeneration"] == 2
    assert set(me.hand) == {card(0, "♣K"), card(0, "♢Q")}


# ---------------------------------------------------------------- 基本: the turn
def test_end_then_charge_then_draw(scene):
    """エンド → チャージ → ドロー: the turn passes, the new turn player's characters are
    charged at once (誘発-即時), ドロー goes on the stage and resolves when both pass."""
    st, game = scene.state, scene.game
    me = st.players[0]
    scene.hand(0, "♠2", "♠3", "♠4", "♡8", "♡9", "♡10", "♢3", "♢7", "♣5")  # 9 cards: discard 2
    theirs = scene.unit(1, "♣10", charged=False)
    scene.agents[0].requests += ["end", None]
    scene.agents[1].requests += [None, None]
    scene.agents[1].answers.append(True)  # draw a second card
    life = len(st.players[1].life)
    game.step()                    # P0 requests エンド: on the stage
    assert [r.action for r in st.stage] == ["end"]
    game.step()                    # P1 passes
    game.step()                    # P0 passes: エンド resolves, チャージ resolves, ドロー is on the stage
    assert len(me.hand) == 7 and st.turn_player == 1 and theirs.charged
    assert [r.action for r in st.stage] == ["draw"] and game.chance == 1
    game.step()
    game.step()
    assert st.stage == [] and len(st.players[1].life) == life - 2


def test_main_actions_only_for_the_turn_player_with_an_empty_stage(scene):
    scene.unit(0, "♣10", face_up=False)
    scene.unit(1, "♣10", face_up=False)
    scene.unit(1, "♡9")
    scene.hand(0, "♠5", "♡8")
    scene.hand(1, "♠5", "♡8")
    mine = {o.action for o in scene.options(0)}
    assert {"end", "summonsSoldier", "up"} <= mine
    assert {o.action for o in scene.options(1)} <= {"up", "down", "twist", "counter", "search"}
    scene.state.stage.append(Request("attack", 0))
    assert {o.action for o in scene.options(0)} <= {"up", "down", "twist", "counter", "search"}


def test_a_triggered_normal_main_request_is_discarded_when_the_stage_is_not_empty(scene):
    """9.4.1 [6-10-6]: ドロー (誘発-通常-メイン) meeting a non-empty stage is discarded."""
    st = scene.state
    st.stage.append(Request("up", 1, [card(1, "♡8")]))
    st.events.append(("resolved", "charge", 0))
    scene.game.trigger_check()
    assert scene.game.discarded["draw"] == 1 and [r.action for r in st.stage] == ["up"]


# ---------------------------------------------------------------- アタック, ブロック, ダメージ判定
def attackers(scene):
    """The units holding the status the attack gives (the vocabulary's `attacking`)."""
    return [u for p in scene.state.players for u in p.field if "attacking" in u.statuses]


def battle(scene, attacker_cards, blockers, pick):
    """P0 attacks with one unit; P1 blocks with the units whose first card is in `pick`."""
    st = scene.state
    attacker = scene.unit(0, *attacker_cards)
    for cards, face_up in blockers:
        scene.unit(1, *cards, face_up=face_up)
    scene.agents[0].choices.append([str(attacker)])
    scene.resolve(0, "attack")
    assert attacker.charged is False and attackers(scene) == [attacker]
    scene.agents[1].choices.append(lambda opts: [o for o in opts if str(o.cards[0]) in pick])
    scene.game.trigger_check()     # ブロック is triggered for the turn player and goes on the stage
    assert [r.action for r in st.stage] == ["block"]
    scene.game.resolve(st.stage[-1])
    scene.game.trigger_check()
    assert [r.action for r in st.stage] == ["damageJudge"]
    scene.game.resolve(st.stage[-1])
    return attacker


def test_unblocked_attacker_deals_its_number(scene):
    life = len(scene.state.players[1].life)
    battle(scene, ["♢7"], [], [])
    assert len(scene.state.players[1].life) == life - 7


def test_soldier_against_a_weaker_soldier(scene):
    life = len(scene.state.players[1].life)
    attacker = battle(scene, ["♣10"], [(["♠5"], True)], ["♠5"])
    assert attacker in scene.state.players[0].field and card(1, "♠5") in scene.state.players[1].grave
    assert len(scene.state.players[1].life) == life  # blocked: no damage


def test_equal_numbers_both_go(scene):
    attacker = battle(scene, ["♣6"], [(["♣6"], True)], ["♣6"])
    assert attacker not in scene.state.players[0].field and scene.state.players[1].field == []


def test_several_blockers_add_up(scene):
    attacker = battle(scene, ["♡8"], [(["♠3"], True), (["♣6"], True)], ["♠3", "♣6"])
    assert attacker not in scene.state.players[0].field  # 8 < 3 + 6
    assert len(scene.state.players[1].field) == 2


def test_bulwark_with_the_same_number_kills_the_attacker(scene):
    attacker = battle(scene, ["♢10"], [(["♣10"], False)], ["♣10"])
    assert attacker not in scene.state.players[0].field and scene.state.players[1].grave == [card(1, "♣10")]


def test_joker_bulwark_kills_any_attacker(scene):
    from bpscript.cards import Card
    from bpscript.engine.state import owned
    st = scene.state
    attacker = scene.unit(0, "♣K")
    st.put_unit(1, [owned(Card(0, None), 1)], face_up=False).entered_turn = 1
    scene.agents[0].choices.append(lambda o: o)
    scene.resolve(0, "attack")
    scene.agents[1].choices.append(lambda o: o)
    scene.game.trigger_check()
    scene.game.resolve(st.stage[-1])
    scene.game.trigger_check()
    scene.game.resolve(st.stage[-1])
    assert attacker not in st.players[0].field and st.players[1].field == []


def test_other_bulwark_goes_and_the_attacker_stays(scene):
    life = len(scene.state.players[1].life)
    attacker = battle(scene, ["♢10"], [(["♠5"], False)], ["♠5"])
    assert attacker in scene.state.players[0].field and scene.state.players[1].field == []
    assert len(scene.state.players[1].life) == life


def test_block_is_not_triggered_without_attackers(scene):
    scene.unit(0, "♣6", charged=False)  # driven: cannot attack
    scene.resolve(0, "attack")
    scene.game.trigger_check()
    assert scene.state.stage == [] and scene.game.requested["block"] == 0


def test_attack_restrictions_and_haste(scene):
    """Attackers: charged, with <アタッカー>; not one that came this turn unless <速攻>
    (エース); a bulwark cannot attack."""
    fresh = scene.unit(0, "♢10", new=True)
    ace = scene.unit(0, "♡A", new=True)
    scene.unit(0, "♣6", charged=False)
    scene.unit(0, "♠3", face_up=False)
    scene.agents[0].choices.append(lambda opts: opts)
    scene.resolve(0, "attack")
    assert attackers(scene) == [ace] and fresh.charged


def test_attack_once_per_turn(scene):
    scene.unit(0, "♣6")
    scene.resolve(0, "attack")
    scene.game.trigger_check()
    while scene.state.stage:
        scene.game.resolve(scene.state.stage[-1])
        scene.game.trigger_check()
    assert "attack" not in {o.action for o in scene.options(0)}


# ---------------------------------------------------------------- disclosure, errors
def test_the_view_discloses_what_6_1_allows(scene):
    scene.hand(1, "♠5")
    scene.unit(1, "♣10", face_up=False)
    scene.unit(0, "♢7", face_up=False)
    view = scene.game.view(0)
    assert view["opponent_hand"] == 1 and "hand" in view.full and card(1, "♠5") not in view["hand"]
    assert view["opponent_field"][0]["cards"] == ["face down"] and view["field"][0]["cards"] == ["♢7"]
    assert view["opponent_life"] == "10+"
    scene.state.players[1].life = scene.state.players[1].life[:4]
    assert scene.game.view(0)["opponent_life"] == 4


def test_an_error_in_generated_code_is_reported_at_its_bps_line(scene, monkeypatch):
    from bpscript.engine import verbs

    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(verbs, "put", broken)  # inside the engine's draw, called by the generated code
    with pytest.raises(ScriptError, match=r"stdlib/blackpoker-8.2/10-basic.bps:\d+:\d+: in script 'draw'"):
        scene.resolve(0, "draw")


def test_force_adds_the_key_total_to_every_own_soldier_until_the_end_of_the_turn(scene):
    """フォース (マスター) $BB ★♡A〜10 を 2枚: the key cards go to the fog as フォース, whose
    ability adds their total to each of the player's soldiers; at エンド the fog goes.
    (マスター has no frame the engine sets up yet: the scene plays マスター's scripts on
    エントリー20's board.)"""
    from bpscript.engine.rules import Rules
    scene.state.format = "mast"
    scene.game.rules = Rules(scene.state.ruleset, "mast", "entry20")
    a, b = scene.unit(0, "♠5"), scene.unit(0, "♣9")
    theirs = scene.unit(1, "♠7")
    scene.unit(0, "♢10", face_up=False)
    scene.unit(0, "♢4", face_up=False)
    keys = scene.hand(0, "♡3", "♡5")
    scene.resolve(0, "force", keys)
    assert (scene.size(a), scene.size(b), scene.size(theirs)) == (13, 17, 7)
    assert scene.state.players[0].marks[0].component == "forceFog"
    scene.resolve(0, "end")
    assert (scene.size(a), scene.size(b)) == (5, 9) and set(keys) <= set(scene.state.players[0].grave)


# ---------------------------------------------------------------- coverage of this file
def test_every_lite_script_has_a_scenario_here(rs):
    """Issue 4: every ライト script has at least one scenario test of its effect. A script
    counts when a test above names its id as a string (resolve, request or component)."""
    import pathlib
    import re
    source = pathlib.Path(__file__).read_text("utf-8").split("# " + "-" * 64 + " coverage of this file")[0]
    named = set(re.findall(r'"([A-Za-z][A-Za-z0-9]*)"', source))
    lite = {s.id for s in rs.in_regulation("lite", "entry20")}
    assert sorted(lite - named) == []
