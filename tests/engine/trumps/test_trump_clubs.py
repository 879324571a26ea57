"""The ♣ trumps of エクストラ and the actions listed under them (8.3.2 / 8.3.5: 切札♣4 スイッチ …
切札♣J 騎士), each in a scene set through the public API."""

from __future__ import annotations

from bpscript.engine.players.agents import ScriptedAgent


def _cards(cards):
    return sorted(str(c) for c in cards)


# ---------------------------------------------------------------- 切札♣4 スイッチ
def test_switch_puts_a_hand_card_in_and_the_key_soldier_back(board):
    """スイッチ ★<スイッチ>を持つ兵士 $C (即時): 1. 手札から1枚を兵士としてチャージ状態で出す 2. キーカードを
    手札に戻す; 切札♣4: ♣ soldiers have <スイッチ>."""
    b = board()
    b.trump(0, "♣4")
    key = b.unit(0, "♣9")
    b.unit(0, "♠9")
    b.hand(0, "♡5")
    game = b.game(ScriptedAgent(choices=[["♡5"]]))
    assert {o.key_unit for o in game.legal_requests(0) if o.action == "switch"} == {key}
    game.request(0, "switch", key_unit=key)
    assert _cards(game.state.players[0].hand) == ["♣9"]
    assert sorted(str(u) for u in game.state.players[0].field) == ["♠9", "♡5"]


# ---------------------------------------------------------------- 切札♣5 内乱
def test_civil_war_makes_an_opponent_with_as_many_cards_discard_two(board):
    """内乱 $B ★♣A〜K: 対象の対戦相手の手札の枚数が自分の手札の枚数以上なら、2枚捨てる."""
    b = board()
    b.trump(0, "♣5")
    wall = b.unit(0, "♠9", face_up=False)
    b.hand(0, "♣7 ♡4")
    b.hand(1, "♠2 ♠3")
    game = b.game(a1=ScriptedAgent(choices=[["♠2", "♠3"]]))
    game.request(0, "civilWar", keys="♣7", target=1, costs=[[wall]])
    b.settle(game)
    assert game.state.players[1].hand == [] and {"♠2", "♠3"} <= set(_cards(game.state.players[1].grave))
    assert game.resolved["riot"] == 1  # 暴動 of the same trump: two cards discarded, 4 damage


def test_civil_war_against_a_smaller_hand_does_nothing(board):
    b = board()
    b.trump(0, "♣5")
    wall = b.unit(0, "♠9", face_up=False)
    b.hand(0, "♣7 ♡4 ♡5")
    b.hand(1, "♠2")
    game = b.game()
    game.request(0, "civilWar", keys="♣7", target=1, costs=[[wall]])
    b.settle(game)
    assert _cards(game.state.players[1].hand) == ["♠2"]


def test_riot_deals_two_per_card_the_opponent_discards(board):
    """暴動 (自分の表切札に「内乱」、対戦相手が手札を捨てた時): 捨てた枚数×2点を捨てたプレイヤーに."""
    b2 = board(life1="♠6 ♠8 ♢10 ♢2 ♣3 ♣2 ♣6 ♣8")
    b2.trump(0, "♣5")
    wall = b2.unit(0, "♠9", face_up=False)
    b2.hand(0, "♣7")
    b2.hand(1, "♠2 ♠3 ♠4")
    g = b2.game(a1=ScriptedAgent(choices=[["♠2", "♠3"]]))
    g.request(0, "civilWar", keys="♣7", target=1, costs=[[wall]])
    b2.settle(g)
    g.run_until(lambda g: g.resolved["riot"] >= 1, limit=10)
    assert g.resolved["riot"] == 1 and len(g.state.players[1].life) == 8 - 4


# ---------------------------------------------------------------- 切札♣7 手札補充
def test_hand_refill_draws_up_when_the_turn_ends(board):
    """手札補充 (on エンド requested): 手札が2枚以下なら2枚、3枚なら1枚引く."""
    b = board()
    refill, = b.trump(0, "♣7")
    assert refill.component == "c7"
    b.hand(0, "♠2")
    game = b.game()
    game.request(0, "end")
    game.run_until(lambda g: g.resolved["handRefill"] >= 1, limit=10)
    assert len(game.state.players[0].hand) == 3
    b2 = board()
    b2.trump(0, "♣7")
    b2.hand(0, "♠2 ♠3 ♠4 ♠5")
    g2 = b2.game()
    g2.request(0, "end")
    g2.run_until(lambda g: g.resolved["handRefill"] >= 1, limit=10)
    assert len(g2.state.players[0].hand) == 4


# ---------------------------------------------------------------- 切札♣8 リセット
def test_reset_clears_the_field_and_turns_every_trump_down(board):
    """リセット $L ★♣A〜K: 1. 全ての防壁と兵士を墓地に 2. 全ての切札を裏切札にする."""
    b = board()
    c8, = b.trump(0, "♣8")
    theirs, = b.trump(1, "♠A")
    b.unit(0, "♠9", face_up=False)
    b.unit(1, "♣9")
    b.hand(0, "♣K")
    game = b.game()
    game.request(0, "reset", keys="♣K")
    b.settle(game)
    assert game.state.players[0].field == [] and game.state.players[1].field == []
    assert not c8.face_up and not theirs.face_up and theirs.component == "secretTrump"
    game.legal_requests(0)
    assert game.state.rules_on == set()


# ---------------------------------------------------------------- 切札♣9 要塞
def test_fortress_shields_only_a_player_with_a_character(board):
    for has_character, life_left in ((True, 6), (False, 0)):
        b = board(turn_player=1)
        fortress, = b.trump(0, "♣9")
        assert fortress.component == "c9"
        if has_character:
            b.unit(0, "♡8")
        b.hand(1, "♠Q ♣4")
        game = b.game()
        game.request(1, "throwing", keys="♠Q ♣4", target=0)
        b.settle(game)
        assert len(game.state.players[0].life) == life_left


def test_fortress_does_not_stop_the_damage_of_a_battle(board):
    """要塞 prevents the damage of an action with a ♠ key card only: an unblocked attacker
    (ダメージ判定, no key cards) still deals its damage."""
    b = board(turn_player=1)
    b.trump(0, "♣9")
    b.unit(0, "♡8", charged=False)
    attacker = b.unit(1, "♠4")
    game = b.game(ScriptedAgent(choices=[[]]), ScriptedAgent(requests=["attack"], choices=[[attacker]]))
    game.run_until(lambda g: g.resolved["damageJudge"] >= 1, limit=30)
    assert len(game.state.players[0].life) == 6 - 4


# ---------------------------------------------------------------- 切札♣10 悪あがき
def test_last_ditch_cancels_a_request_and_empties_the_hand(board):
    """悪あがき (即時): 1. 対象リクエストを取り除きキーカードを墓地へ 2. 手札を全て捨てる; 手札がない場合
    切札♣10を墓地に移す."""
    b = board()
    b.trump(0, "♣10")
    b.hand(0, "♡4 ♡5")
    req = b.request(1, "throwing", keys="♣4 ♠A", target=0)
    game = b.game()
    game.request(0, "lastDitch", target=req)
    assert game.state.stage == [] and game.state.players[0].hand == []
    assert _cards(game.state.players[1].grave) == ["♠A", "♣4"] and len(game.state.players[0].trump) == 1


def test_last_ditch_with_an_empty_hand_loses_the_trump(board):
    b = board()
    b.trump(0, "♣10")
    req = b.request(1, "throwing", keys="♣4 ♠A", target=0)
    game = b.game()
    game.request(0, "lastDitch", target=req)
    assert game.state.players[0].trump == [] and _cards(game.state.players[0].grave) == ["♣10"]


# ---------------------------------------------------------------- 切札♣J 騎士
def test_summon_knight_makes_the_opponent_lose_a_soldier(board):
    """騎士召喚 $BL ★♠2〜10: 1. 対戦相手は自分の兵士を1枚選び墓地へ 2. キーカードと切札の♣Jを騎士に."""
    b = board()
    b.trump(0, "♣J")
    wall = b.unit(0, "♡9", face_up=False)
    keep, lose = b.unit(1, "♣9"), b.unit(1, "♣4")
    b.hand(0, "♠7")
    game = b.game(a1=ScriptedAgent(choices=[[lose]]))
    game.request(0, "summonKnight", keys="♠7", costs=[[wall]])
    b.settle(game)
    assert game.state.players[1].field == [keep]
    assert [(u.component, _cards(u.cards)) for u in game.state.players[0].field if u is not wall] == \
        [("knight", ["♠7", "♣J"])]


def test_quick_summon_knight(board):
    """クイック騎士召喚 $D: the same effect at quick timing."""
    b = board(turn_player=1)
    b.trump(0, "♣J")
    b.hand(0, "♠7 ♡4")
    game = b.game()
    game.pass_chance(1)
    game.request(0, "quickSummonKnight", keys="♠7", costs=[["♡4"]])
    b.settle(game)
    assert [u.component for u in game.state.players[0].field] == ["knight"]


def test_knight_sweep(board):
    """薙払 ★「騎士」 $C (即時): 対象の対戦相手は自分のキャラクターを1体墓地に移す."""
    b = board()
    knight = b.unit(0, "♣J ♠7", as_="knight")
    wall = b.unit(1, "♣9", face_up=False)
    game = b.game(a1=ScriptedAgent(choices=[[wall]]))
    game.request(0, "knightSweep", key_unit=knight, target=1)
    assert game.state.players[1].field == [] and not knight.charged


def test_knight_revive(board):
    """騎士再生: 自分の「騎士」が場から墓地に移った時、墓地から♣Jを表切札として置く."""
    b = board(life0="♢Q ♢10 ♢6 ♣6 ♣3 ♡6")
    knight = b.unit(0, "♣J ♠7", as_="knight")
    blocker = b.unit(1, "♡Q ♡K")
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[knight], ["♣J"]]), ScriptedAgent(choices=[[blocker]]))
    game.run_until(lambda g: g.resolved["knightRevive"] >= 1 or g.state.winner is not None, limit=40)
    assert [(str(u.cards[0]), u.face_up, u.component) for u in game.state.players[0].trumps] == [("♣J", True, "cJ")]
