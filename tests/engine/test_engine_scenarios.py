"""Scenario tests written from the rulebook's situations, run on the core flow with the
classes generated from the ライト scripts (エントリー20 decks), through the public API: a
`Position`, `Game.request`, both players passing the chance. The battles (アタック, ブロック,
ダメージ判定) are in test_engine_battles.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenes import actions, attackers, board, passed, resolve, start, top_up_life, with_fixture

from bpscript.model.cards import card_key
from bpscript.engine.kernel import verbs
from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.explicit import RequestError
from bpscript.engine.kernel.game import ScriptError
from bpscript.engine.kernel.rules import Rules
from bpscript.model.values import State

QUICK = {"up", "down", "twist", "counter", "search"}  # the クイック actions of ライト


@pytest.fixture(scope="module")
def mast(rs):
    """マスター on a パック board: the position is set, so no setup runs; the scripts the
    engine cannot run (パック開封, 魔術士, 対象変更) are never offered."""
    return Rules(rs, "mast", "pack")


def names(cards) -> list[str]:
    return [str(c) for c in cards]


# ---------------------------------------------------------------- 召喚
def test_summons_soldier_hero_ace_put_the_key_on_the_field(rs, rules):
    """兵士召喚 $BL ★2〜10, 英雄召喚 $BBL ★J〜K, エース召喚 $L ★A: the key card becomes a
    face-up charged unit of that character; the key card is not sent to the grave."""
    pos = board(rs)
    walls = [pos.unit(0, c, face_up=False) for c in ("♣10", "♣6", "♣5")]
    two, king, ace = pos.hand(0, "♠2 ♣K ♡A")
    game = start(pos, rules=rules)
    me = game.state.players[0]
    life = len(me.life)
    resolve(game, 0, "summonsSoldier", [two], costs=[[walls[0]]])
    resolve(game, 0, "summonsHero", [king], costs=[[walls[1]], [walls[2]]])
    resolve(game, 0, "summonsAce", [ace])
    summoned = [u for u in me.field if u not in walls]
    assert [(u.component, u.cards) for u in summoned] == [("soldier", [two]), ("hero", [king]), ("ace", [ace])]
    assert all(u.face_up and u.charged for u in summoned)
    assert not {two, king, ace} & set(me.grave)
    assert [w.charged for w in walls] == [False, False, False]  # B, B, B paid
    assert len(me.life) == life - 3  # L, L, L paid


@pytest.mark.parametrize("walls, payable", [((), False), ((False,), False), ((False, True), True)])
def test_costs_must_be_payable(rs, rules, walls, payable):
    """5.2: $BL needs a charged bulwark; without one, 兵士召喚 is not a legal request."""
    pos = board(rs)
    pos.hand(0, "♠5")
    for charged, card in zip(walls, ("♣10", "♣6")):
        pos.unit(0, card, face_up=False, charged=charged)
    game = start(pos, rules=rules)
    assert ("summonsSoldier" in actions(game, 0)) is payable
    if not payable:
        with pytest.raises(RequestError) as e:
            game.request(0, "summonsSoldier", "♠5")
        assert e.value.section == "5.2"


def test_set_bulwark_is_immediate_and_once_per_turn(rs, rules):
    """防壁設置 @直接-即時-メイン $L: resolves without the stage; once per turn."""
    pos = board(rs)
    five, _ = pos.hand(0, "♠5 ♡9")
    agent = ScriptedAgent(requests=["setBulwark"], choices=[["♠5"]], strict=True)
    game = start(pos, [agent, ScriptedAgent()], rules=rules)
    me = game.state.players[0]
    life = len(me.life)
    game.step()
    assert game.state.stage == [] and [u.component for u in me.field] == ["bulwark"]
    assert me.field[0].cards == [five] and not me.field[0].face_up and me.field[0].charged
    assert len(me.life) == life - 1  # L paid
    assert "setBulwark" not in actions(game, 0)
    with pytest.raises(RequestError) as e:
        game.request(0, "setBulwark")
    assert e.value.section == "5.1"  # the activation condition: once per turn


def test_mount_makes_an_armed_soldier_of_the_same_suit(rs, rules):
    """装備: only a soldier of the key's suit; the unit becomes 装備兵 (size = total)."""
    pos = board(rs)
    six = pos.unit(0, "♣6")
    pos.unit(0, "♡8")
    wall = pos.unit(0, "♢10", face_up=False)
    (ten,) = pos.hand(0, "♣10")
    game = start(pos, rules=rules)
    targets = [o.target for o in game.legal_requests(0) if o.action == "mountSoldier"]
    assert targets == [six]
    resolve(game, 0, "mountSoldier", [ten], target=six, costs=[[wall]])
    assert six.component == "armedsoldier" and six.cards[-1] == ten and game.size(six) == 16


def test_armed_soldier_with_an_ace_has_haste(rs, rules):
    """装備兵 <速攻>(キーカードにAが含まれる場合のみ): an armed soldier summoned this turn attacks
    only when it holds an A."""
    pos = board(rs)
    a = pos.unit(0, "♣5", arrived_this_turn=True)
    b = pos.unit(0, "♡8", arrived_this_turn=True)
    walls = [pos.unit(0, c, face_up=False) for c in ("♢10", "♢3")]
    ace, nine = pos.hand(0, "♣A ♡9")
    offered = []
    p0 = ScriptedAgent(choices=[lambda opts: offered.extend(opts) or opts], strict=True)
    game = start(pos, [p0, ScriptedAgent()], rules=rules)
    resolve(game, 0, "mountSoldier", [ace], target=a, costs=[[walls[0]]])
    resolve(game, 0, "mountSoldier", [nine], target=b, costs=[[walls[1]]])
    assert (a.component, b.component) == ("armedsoldier", "armedsoldier")
    resolve(game, 0, "attack")
    assert offered == [a] and attackers(game) == [a] and b.charged


# ---------------------------------------------------------------- 速攻魔法
def test_up_adds_the_key_number_until_the_end_of_the_turn(rs, rules):
    """アップ: size + key number, the key card in the fog as アップ; at エンド the fog goes
    to the grave and the size is back."""
    pos = board(rs)
    soldier = pos.unit(1, "♠5")
    key, pay = pos.hand(0, "♡8 ♣2")
    game = start(pos, rules=rules)
    me = game.state.players[0]
    resolve(game, 0, "up", [key], target=soldier, costs=[[pay]])
    assert game.size(soldier) == 13 and pay in me.grave
    assert me.fog == [key] and [(m.component, m.link) for m in me.marks] == [("upFog", soldier)]
    resolve(game, 0, "end")
    assert key in me.grave and me.fog == [] and game.size(soldier) == 5


def test_down_to_zero_sends_the_soldier_to_the_grave_without_a_mark(rs, rules):
    pos = board(rs)
    soldier = pos.unit(1, "♠3")
    (three,) = soldier.cards
    key, pay = pos.hand(0, "♠5 ♣2")
    game = start(pos, rules=rules)
    resolve(game, 0, "down", [key], target=soldier, costs=[[pay]])
    them, me = game.state.players[1], game.state.players[0]
    assert soldier not in them.field and three in them.grave
    assert me.fog == [] and me.marks == [] and key in me.grave


def test_down_not_to_zero_leaves_a_mark(rs, rules):
    pos = board(rs)
    soldier = pos.unit(1, "♣10")
    key, pay = pos.hand(0, "♠3 ♣2")
    game = start(pos, rules=rules)
    me = game.state.players[0]
    resolve(game, 0, "down", [key], target=soldier, costs=[[pay]])
    assert game.size(soldier) == 7 and me.fog == [key]
    assert [(m.component, m.link) for m in me.marks] == [("downFog", soldier)]
    resolve(game, 0, "end")  # the ダウン fog lasts until the end of the turn
    assert key in me.grave and game.size(soldier) == 10


@pytest.mark.parametrize("charged, state", [(True, "driven"), (False, "charged")])
def test_twist_drives_or_charges(rs, rules, charged, state):
    """ツイスト: the target becomes driven or charged, as its controller chooses."""
    pos = board(rs)
    unit = pos.unit(1, "♠5", charged=charged)
    key, pay = pos.hand(0, "♢3 ♣2")
    p0 = ScriptedAgent(choices=[lambda opts: [o for o in opts if o is State(state)]], strict=True)
    game = start(pos, [p0, ScriptedAgent()], rules=rules)
    resolve(game, 0, "twist", [key], target=unit, costs=[[pay]])
    assert unit.charged is (state == "charged")


@pytest.mark.parametrize("counter_key,target_keys,nullified", [
    ("♣5", "♡5", True),          # one key, counter's number ≥ its number
    ("♣A", "♡5", False),         # one key, counter's number is lower
    ("♣A", "♡A ♢A", True),       # two keys: always
])
def test_counter_thresholds(rs, rules, counter_key, target_keys, nullified):
    """カウンター: nullify a request with one key card numbered at most the counter's, or
    any request with two key cards; the nullified request's key cards go to the grave."""
    pos = board(rs)
    if len(target_keys.split()) == 1:
        target = pos.request(1, "up", target_keys, target=pos.unit(0, "♣6"))
    else:
        target = pos.request(1, "destroyBulwark", target_keys, target=pos.unit(0, "♢7", face_up=False))
    keys = list(target.keys)
    key, pay = pos.hand(0, [counter_key, "♢Q"])
    game = start(pos, rules=rules)
    resolve(game, 0, "counter", [key], target=target, costs=[[pay]])
    grave = game.state.players[1].grave
    assert (target not in game.state.stage) is nullified
    assert keys and all((k in grave) is nullified for k in keys)
    assert game.state.stage == ([] if nullified else [target])


def test_counter_targets_only_requests_with_one_or_two_keys(rs, rules):
    """カウンター targets a request with 1 or 2 key cards, never a keyless one: P1 attacked,
    P0 passed, P1 answered with アップ; P0 now holds ♣5 and ♢Q (to pay D)."""
    pos = board(rs, turn_player=1, chance=0)
    pos.unit(1, "♡9")
    attack = pos.request(1, "attack")
    up = pos.request(1, "up", "♡8", target=pos.unit(0, "♣6"))
    pos.hand(0, "♣5 ♢Q")
    game = start(pos, rules=rules)
    assert game.state.stage == [attack, up]
    targets = [o.target for o in game.legal_requests(0) if o.action == "counter"]
    assert targets == [up]
    with pytest.raises(RequestError) as e:
        game.request(0, "counter", "♣5", target=attack)
    assert e.value.section == "5.3.1"


# ---------------------------------------------------------------- 5.4.1 fizzle, 5.4.5 key cards
def test_a_request_whose_target_is_gone_resolves_without_effect(rs, rules):
    """5.4.1: アップ on a soldier, answered by ダウン that kills it: アップ does nothing and
    its key card still goes to the grave."""
    pos = board(rs)
    soldier = pos.unit(1, "♠3")
    up_key, pay0 = pos.hand(0, "♡8 ♣2")
    down_key, pay1 = pos.hand(1, "♠5 ♣K")
    game = start(pos, rules=rules)
    up = game.request(0, "up", [up_key], target=soldier, costs=[[pay0]])
    resolve(game, 1, "down", [down_key], target=soldier, costs=[[pay1]])
    assert soldier not in game.state.players[1].field and game.state.stage == [up]
    passed(game, up)
    me = game.state.players[0]
    assert me.fog == [] and me.marks == [] and up_key in me.grave and game.state.stage == []


def test_a_request_whose_target_split_resolves_without_effect(rs, mast):
    """5.4.1 「対象が分裂した場合」, the rulebook's example: a request on an armed soldier,
    answered by リバース, which splits it into one bulwark per card. アップ shows it: it
    loses its target, so its key card goes to the grave, not to the fog as a mark.
    (リバース is マスター's: the scene is played on a マスター board.)"""
    pos = board(rs, "mast", "pack")
    armed = pos.unit(1, "♣5 ♣10")
    up_key, pay = pos.hand(0, "♡8 ♣2")
    pos.hand(1, "♠7 ♡7")
    p1 = ScriptedAgent(answers=[False], strict=True)  # リバース step 1: no change of state
    game = start(pos, [ScriptedAgent(), p1], rules=mast, partial=True)
    assert armed.component == "armedsoldier"
    up = game.request(0, "up", [up_key], target=armed, costs=[[pay]])
    resolve(game, 1, "reverse", "♠7 ♡7", target=armed)
    them = game.state.players[1]
    assert [(u.component, names(u.cards)) for u in them.field] == [("bulwark", ["♣5"]), ("bulwark", ["♣10"])]
    passed(game, up)
    me = game.state.players[0]
    assert me.fog == [] and me.marks == [] and up_key in me.grave


def test_key_cards_go_to_the_grave_unless_the_effect_placed_them(rs, rules):
    """5.4.5: 兵士召喚 placed its key card on the field; 防壁破壊's key cards go to the grave."""
    pos = board(rs)
    wall = pos.unit(0, "♣10", face_up=False)
    (two,) = pos.hand(0, "♠2")
    theirs = pos.unit(1, "♢7", face_up=False)
    (seven,) = theirs.cards
    keys = pos.hand(0, "♡9 ♢Q")
    game = start(pos, rules=rules)
    resolve(game, 0, "summonsSoldier", [two], costs=[[wall]])
    resolve(game, 0, "destroyBulwark", keys, target=theirs)
    me, them = game.state.players
    assert two not in me.grave and any(u.cards == [two] for u in me.field)
    assert keys and all(k in me.grave for k in keys)
    assert them.field == [] and seven in them.grave


# ---------------------------------------------------------------- 通常魔法, damage, win check
def test_throwing_deals_the_spade_keys_number(rs, rules):
    pos = board(rs)
    keys = pos.hand(0, "♠4 ♣K")
    game = start(pos, rules=rules)
    life = len(game.state.players[1].life)
    resolve(game, 0, "throwing", keys, target=1)
    assert len(game.state.players[1].life) == life - 4 and game.state.winner is None


def test_damage_beyond_the_remaining_life_takes_what_is_left_and_wins(rs, rules):
    """5.4.2: with 2 cards of life, 5 damage moves 2; the win check (5.5) ends the game."""
    pos = board(rs)
    left = pos.life(1, "♢2 ♢3")
    keys = pos.hand(0, "♠5 ♣K")
    top_up_life(pos, 0)
    game = start(pos, rules=rules, life=False)
    resolve(game, 0, "throwing", keys, target=1)
    them = game.state.players[1]
    assert them.life == [] and sorted(them.grave, key=card_key) == sorted(left, key=card_key) and game.state.winner == 0


@pytest.mark.parametrize("turn_player", [0, 1])
@pytest.mark.parametrize("requester", [0, 1])
def test_win_check_turn_player_first(turn_player, requester):
    """5.5: an effect that empties both lives (a test script) → the turn player loses,
    whoever requested it."""
    rs = with_fixture("both_lives.bps")
    pos = board(rs, turn_player=turn_player, chance=requester)
    game = start(pos, rules=Rules(rs, "lite", "entry20"))
    resolve(game, requester, "cataclysm")
    assert [p.life for p in game.state.players] == [[], []]
    assert game.summary()["winner"] == 1 - turn_player


def test_search_takes_any_card_of_the_life_then_shuffles(rs, rules):
    """サーチ @直接-即時-クイック ★Joker: any card of the life to the hand, at once."""
    pos = board(rs)
    (joker,) = pos.hand(0, "Joker")
    p0 = ScriptedAgent(choices=[["♣5"]], strict=True)
    game = start(pos, [p0, ScriptedAgent()], rules=rules)
    me = game.state.players[0]
    assert len(me.life) == 10 and "♣5" not in names(me.hand)
    game.request(0, "search", [joker])
    assert game.state.stage == [] and names(me.hand) == ["♣5"] and len(me.life) == 9
    assert me.grave == [joker]


def test_next_generation_digs_to_the_first_royal_card(rs, rules):
    """世代交代: P1's ダウン sends P0's ♡A ace to the grave; 世代交代 triggers and digs the
    life to the first Joker/A/J/Q/K card, the cards above it to the grave."""
    pos = board(rs, chance=1)
    ace = pos.unit(0, "♡A")
    pos.life(0, "♢3 ♠5 ♡J")  # ♢3 is the top
    key, pay = pos.hand(1, "♠2 ♣K")
    top_up_life(pos, 1)
    game = start(pos, rules=rules, life=False)
    resolve(game, 1, "down", [key], target=ace, costs=[[pay]])
    me = game.state.players[0]
    assert names(me.hand) == ["♡J"] and names(me.grave) == ["♡A", "♢3", "♠5"] and me.life == []
    assert game.summary()["resolved"]["nextGeneration"] == 1


# ---------------------------------------------------------------- 基本: the turn
def test_end_then_charge_then_draw(rs, rules):
    """エンド → チャージ → ドロー: the turn passes, the new turn player's characters are
    charged at once (誘発-即時), ドロー goes on the stage and resolves when both pass."""
    pos = board(rs)
    pos.hand(0, "♠2 ♠3 ♠4 ♡8 ♡9 ♡10 ♢3 ♢7 ♣5")  # 9 cards: discard 2
    theirs = pos.unit(1, "♣10", charged=False)
    p0 = ScriptedAgent(requests=["end", None, None], choices=[["♠2", "♠3"]], strict=True)
    p1 = ScriptedAgent(requests=[None, None], answers=[True], strict=True)  # draw a second card
    game = start(pos, [p0, p1], rules=rules)
    st, me = game.state, game.state.players[0]
    life = len(st.players[1].life)
    game.step()                    # P0 requests エンド: on the stage
    assert [r.action for r in st.stage] == ["end"]
    game.step()                    # P1 passes
    game.step()                    # P0 passes: エンド resolves, チャージ resolves, ドロー is on the stage
    assert len(me.hand) == 7 and names(me.grave) == ["♠2", "♠3"]
    assert st.turn_player == 1 and theirs.charged and game.summary()["resolved"]["charge"] == 1
    assert [r.action for r in st.stage] == ["draw"] and game.chance == 1
    game.step()                    # P1 passes
    game.step()                    # P0 passes: ドロー resolves
    assert st.stage == [] and len(st.players[1].life) == life - 2


def test_main_actions_only_for_the_turn_player_with_an_empty_stage(rs, rules):
    def scene(attacking: bool):
        pos = board(rs)
        pos.unit(0, "♣10", face_up=False)
        pos.unit(1, "♣10", face_up=False)
        pos.unit(1, "♡9")
        pos.hand(0, "♠5 ♡8")
        pos.hand(1, "♠5 ♡8")
        if attacking:
            pos.unit(0, "♢7")
            pos.request(0, "attack")
        return start(pos, rules=rules)
    game = scene(attacking=False)
    assert {"end", "summonsSoldier", "up"} <= actions(game, 0)
    assert {"up", "down"} <= actions(game, 1) <= QUICK
    game = scene(attacking=True)
    assert {"up", "down"} <= actions(game, 0) <= QUICK


def test_a_triggered_normal_main_request_is_discarded_when_the_stage_is_not_empty(rs):
    """9.4.1 [6-10-6]: a 誘発-通常-メイン request meeting a non-empty stage is discarded. The
    test script 見張り triggers on P0's アップ; P0 asks アップ in answer to P1's ダウン, so the
    stage holds ダウン at the trigger check. (On an empty stage it is staged: see
    test_corrections.py.)"""
    fixture = with_fixture("trigger_on_request.bps")
    pos = board(fixture)
    soldier = pos.unit(0, "♣7")
    down = pos.request(1, "down", "♠2", target=soldier)
    key, pay = pos.hand(0, "♡5 ♣2")
    game = start(pos, rules=Rules(fixture, "lite", "entry20"))
    hand = list(game.state.players[1].hand)
    up = game.request(0, "up", [key], target=soldier, costs=[[pay]])
    summary = game.summary()
    assert summary["requested"]["watch"] == 1 and summary["discarded"] == {"watch": 1}
    assert game.state.stage == [down, up] and game.state.players[1].hand == hand


def test_a_trigger_whose_event_arguments_read_the_state_is_matched_at_each_check():
    """9.4.1 [6-1]: the test script 不寝番 triggers when a card moves from the turn player's
    field to the grave (`who=turn_player`: its arguments are read at each check, not once per
    controller) and its controller has the turn. ダウン sends a unit to the grave, in games of
    one `Rules`: the turn player's unit triggers it for the turn player, the other's does not."""
    fixture = with_fixture("trigger_on_state.bps")
    rules = Rules(fixture, "lite", "entry20")
    for turn_player, owner, draws in [(0, 0, 1), (1, 1, 1), (0, 1, 0), (1, 0, 0)]:
        pos = board(fixture, turn=3 + turn_player, turn_player=turn_player, chance=1 - owner)
        victim = pos.unit(owner, "♡3")
        key, pay = pos.hand(1 - owner, "♠5 ♣2")
        game = start(pos, rules=rules)
        life = len(game.state.players[turn_player].life)
        resolve(game, 1 - owner, "down", [key], target=victim, costs=[[pay]])
        assert victim not in game.state.players[owner].field
        assert game.summary()["resolved"].get("vigil", 0) == draws, (turn_player, owner)
        assert len(game.state.players[turn_player].life) == life - draws  # the turn player drew


def test_each_move_a_triggered_action_waits_for_triggers_it_and_no_other():
    """9.4.1 [6-1]: the test script 追悼 triggers once per card of its controller moved from
    the hand to the grave; ニュージェネ, in the same regulation, waits for moves from the
    field. P1's ダウン moves P1's paid card from the hand (one trigger: one draw), its key
    card from the stage and P0's unit from the field (none: another zone, another player's
    card). Games of one `Rules` share what the check learns of each kind of event: a second
    game sees the same."""
    fixture = with_fixture("trigger_on_discard.bps")
    rules = Rules(fixture, "lite", "entry20")
    for _ in range(2):
        pos = board(fixture, turn=3, turn_player=0, chance=1)
        victim = pos.unit(0, "♡3")
        key, pay = pos.hand(1, "♠5 ♣2")
        game = start(pos, rules=rules)
        life = len(game.state.players[1].life)
        resolve(game, 1, "down", [key], target=victim, costs=[[pay]])
        assert victim not in game.state.players[0].field and pay in game.state.players[1].grave
        assert game.summary()["resolved"].get("mourn", 0) == 1
        assert len(game.state.players[1].life) == life - 1


# ---------------------------------------------------------------- disclosure, errors
def test_the_view_discloses_what_6_1_allows(rs, rules):
    pos = board(rs)
    pos.hand(0, "♡8")
    pos.hand(1, "♠5")
    pos.unit(1, "♣10", face_up=False)
    pos.unit(0, "♢7", face_up=False)
    game = start(pos, rules=rules)
    view = game.view(0)
    assert view["opponent_hand"] == 1 and view["hand"] == ["♡8"]
    shown = json.dumps(view.full, ensure_ascii=False)
    assert "♠5" not in shown and "♣10" not in shown  # the opponent's hand and face-down card
    assert view["opponent_field"][0]["cards"] == ["face down"] and view["field"][0]["cards"] == ["♢7"]
    assert len(game.state.players[1].life) == 10 and view["opponent_life"] == "10+"
    pos = board(rs)
    pos.life(1, "♢2 ♢3 ♢4 ♢6")
    top_up_life(pos, 0)
    assert start(pos, rules=rules, life=False).view(0)["opponent_life"] == 4


def test_an_error_in_generated_code_is_reported_at_its_bps_line(rs, rules, monkeypatch):
    pos = board(rs)
    pos.request(0, "draw")  # a triggered ドロー on the stage
    game = start(pos, rules=rules)

    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(verbs, "put", broken)  # inside the engine's draw, called by the generated code
    game.pass_chance(0)
    with pytest.raises(ScriptError, match=r"stdlib/blackpoker-8.2/10-basic.bps:\d+:\d+: in script 'draw'"):
        game.pass_chance(1)


def test_force_adds_the_key_total_to_every_own_soldier_until_the_end_of_the_turn(rs, mast):
    """フォース (マスター) $BB ★♡A〜10 を 2枚: the key cards go to the fog as フォース, whose
    ability adds their total to each of the player's soldiers; at エンド the fog goes."""
    pos = board(rs, "mast", "pack")
    a, b = pos.unit(0, "♠5"), pos.unit(0, "♣9")
    theirs = pos.unit(1, "♠7")
    walls = [pos.unit(0, c, face_up=False) for c in ("♢10", "♢4")]
    keys = pos.hand(0, "♡3 ♡5")
    game = start(pos, rules=mast, partial=True)
    me = game.state.players[0]
    resolve(game, 0, "force", keys, costs=[[walls[0]], [walls[1]]])
    assert (game.size(a), game.size(b), game.size(theirs)) == (13, 17, 7)
    assert [m.component for m in me.marks] == ["forceFog"] and me.fog == keys
    resolve(game, 0, "end")
    assert (game.size(a), game.size(b)) == (5, 9) and all(k in me.grave for k in keys)


# ---------------------------------------------------------------- coverage of these files
def test_every_lite_script_has_a_scenario_here(rs):
    """Issue 4: every ライト script has at least one scenario test of its effect. A script
    counts when a test of this file or of test_engine_battles.py names its id as a string
    (requested, resolved or a component)."""
    import re
    mine = Path(__file__).read_text("utf-8").split("# " + "-" * 64 + " coverage of these files")[0]
    source = mine + (Path(__file__).parent / "test_engine_battles.py").read_text("utf-8")
    named = set(re.findall(r'"([A-Za-z][A-Za-z0-9]*)"', source))
    lite = {s.id for s in rs.in_regulation("lite", "entry20")}
    assert lite and sorted(lite - named) == []
