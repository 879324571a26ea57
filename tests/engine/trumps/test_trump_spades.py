"""The ♠ trumps of エクストラ and the actions listed under them (8.3.2 / 8.3.5: 切札♠A 革命 …
切札♠K 魔王), each in a scene set through the public API."""

from __future__ import annotations

from bpscript.engine.players.agents import ScriptedAgent


def _cards(cards):
    return sorted(str(c) for c in cards)


def _battle(game, until="damageJudge"):
    return game.run_until(lambda g: g.resolved[until] >= 1 or g.state.winner is not None, limit=50)


# ---------------------------------------------------------------- 切札♠A 革命
def test_revolution_swaps_who_loses_a_soldier_battle(board):
    """切札♠A 革命, ability 2 (scope all): attacker and blockers compare numbers, the bigger
    goes to the grave, and the difference is damage to the player whose soldier went."""
    b = board()
    b.trump(0, "♠A")
    attacker = b.unit(0, "♠9")
    blocker = b.unit(1, "♣5")
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[attacker]]), ScriptedAgent(choices=[[blocker]]))
    assert _battle(game)
    assert attacker not in game.state.players[0].field and blocker in game.state.players[1].field
    assert len(game.state.players[0].life) == 6 - 4  # 9 - 5 to the player whose soldier went


def test_without_revolution_the_smaller_soldier_goes(board):
    b = board()
    b.trump(0, "♠A", face_up=False)
    attacker = b.unit(0, "♠9")
    blocker = b.unit(1, "♣5")
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[attacker]]), ScriptedAgent(choices=[[blocker]]))
    assert _battle(game)
    assert attacker in game.state.players[0].field and blocker not in game.state.players[1].field
    assert len(game.state.players[0].life) == 6


def test_revolution_draw_when_an_attacker_is_not_blocked(board):
    """革命ドロー (誘発, 切札♠A): 自分の表切札に「革命」があり、<革命ドロー> を持つ兵士がブロックされていない
    時 — ライフの一番上から1枚引く; ability 1 of 革命 gives own soldiers <革命ドロー>."""
    b = board()
    b.trump(0, "♠A")
    attacker = b.unit(0, "♠3")
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[attacker]]), ScriptedAgent(choices=[[]]))
    game.legal_requests(0)
    assert "revolutionDraw" in attacker.ability_labels
    assert _battle(game)
    game.run_until(lambda g: g.resolved["revolutionDraw"] >= 1, limit=10)
    assert game.resolved["revolutionDraw"] == 1
    assert _cards(game.state.players[0].hand) == ["♡10"]  # the top of the life
    assert len(game.state.players[1].life) == 6 - 3


def test_revolution_draw_is_only_for_the_owner_of_the_unblocked_soldier(board):
    """8.3.2 革命ドロー: 「自分の <革命ドロー> を持つ兵士がアタッカー」, and 8.3.5 革命 gives the
    label to its owner's soldiers only: P1's face-up 革命 draws nothing when P0's soldier
    attacks unblocked (P0's soldier has no <革命ドロー>), and P0 draws nothing either."""
    b = board()
    b.trump(1, "♠A")
    attacker = b.unit(0, "♠3")
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[attacker]]), ScriptedAgent(choices=[[]]))
    game.legal_requests(0)
    assert "revolutionDraw" not in attacker.ability_labels
    assert _battle(game)
    game.run_until(lambda g: g.state.turn == 4 or g.state.winner is not None, limit=30)
    assert game.resolved["revolutionDraw"] == 0
    assert len(game.state.players[1].life) == 6 - 3  # the damage was dealt: it was not blocked


# ---------------------------------------------------------------- 切札♠2 スラッシュ
def test_slash_sends_a_soldier_no_bigger_than_the_key_soldier(board):
    """スラッシュ ★<スラッシュ>を持つ兵士 $C: 対象の兵士のサイズが X 以下なら墓地に移す (X: key size);
    切札♠2: ♠ soldiers have <スラッシュ>."""
    b = board()
    b.trump(0, "♠2")
    spade = b.unit(0, "♠9")
    heart = b.unit(0, "♡8")
    small, big = b.unit(1, "♣7"), b.unit(1, "♣10")
    game = b.game()
    keys = {o.key_unit for o in game.legal_requests(0) if o.action == "slash"}
    assert keys == {spade}  # the ♡ soldier has no <スラッシュ>
    game.request(0, "slash", key_unit=spade, target=small)
    assert small not in game.state.players[1].field and not spade.charged
    assert heart.charged and big in game.state.players[1].field


def test_slash_leaves_a_bigger_soldier(board):
    b = board()
    b.trump(0, "♠2")
    spade = b.unit(0, "♠9")
    big = b.unit(1, "♣10")
    game = b.game()
    game.request(0, "slash", key_unit=spade, target=big)
    assert big in game.state.players[1].field


# ---------------------------------------------------------------- 切札♠3 ドレイン
def test_drain_moves_a_character_to_the_life_bottom_and_deals_two(board):
    """ドレイン: 自分の場にいるキャラクター1体をライフの一番下に移す。移せた場合、対象の対戦相手に2点."""
    b = board()
    b.trump(0, "♠3")
    mine = b.unit(0, "♠9")
    game = b.game(ScriptedAgent(choices=[[mine]]))
    game.request(0, "drain", target=1)
    b.settle(game)
    assert mine not in game.state.players[0].field
    assert str(game.state.players[0].life[0]) == "♠9"  # the bottom of the life
    assert len(game.state.players[1].life) == 4


def test_drain_without_a_character_deals_nothing(board):
    b = board()
    b.trump(0, "♠3")
    game = b.game()
    game.request(0, "drain", target=1)
    b.settle(game)
    assert len(game.state.players[1].life) == 6


# ---------------------------------------------------------------- 切札♠4 威圧
def test_intimidate_sends_every_soldier_of_size_ten_or_less(board):
    """威圧 $L: サイズが10以下の兵士を全て墓地に移す (both players')."""
    b = board()
    b.trump(0, "♠4")
    mine, theirs, armed = b.unit(0, "♠9"), b.unit(1, "♣10"), b.unit(1, "♣5 ♣7")
    wall = b.unit(1, "♡9", face_up=False)
    game = b.game()
    game.request(0, "intimidate")
    b.settle(game)
    assert game.state.players[0].field == [] and game.state.players[1].field == [armed, wall]
    assert mine.cards == theirs.cards == []  # their cards went to their owners' graves
    assert "♠9" in _cards(game.state.players[0].grave) and _cards(game.state.players[1].grave) == ["♣10"]


# ---------------------------------------------------------------- 切札♠5 蘇生
def test_resurrection_summons_a_spade_from_the_grave(board):
    """蘇生 $BL: 自分の墓地にある♠2〜10のカードを1枚選び、兵士としてチャージ状態で場に出す."""
    b = board()
    b.trump(0, "♠5")
    wall = b.unit(0, "♡9", face_up=False)
    b.grave(0, "♠8 ♡7 ♠K")
    game = b.game(ScriptedAgent(choices=[lambda opts: opts]))  # only ♠8 is offered
    game.request(0, "resurrection", costs=[[wall]])
    b.settle(game)
    new = [u for u in game.state.players[0].field if u is not wall]
    assert [(str(u), u.component, u.charged) for u in new] == [("♠8", "soldier", True)]
    assert _cards(game.state.players[0].grave) == ["♠K", "♡10", "♡7"]  # ♡10: the L paid


# ---------------------------------------------------------------- 切札♠7 瞬殺
def test_instant_kill_trades_soldiers_of_enough_total_size(board):
    """瞬殺: 自分の兵士を任意の数だけ墓地に移し、そのサイズの合計が対象の兵士のサイズ以上なら対象も墓地へ."""
    b = board()
    b.trump(0, "♠7")
    a, c = b.unit(0, "♠4"), b.unit(0, "♡5")
    target = b.unit(1, "♣9")
    game = b.game(ScriptedAgent(choices=[[a, c]]))
    game.request(0, "instantKill", target=target)  # 即時
    assert game.state.players[0].field == [] and target not in game.state.players[1].field


def test_instant_kill_with_too_little_loses_the_soldiers_only(board):
    b = board()
    b.trump(0, "♠7")
    a = b.unit(0, "♠4")
    target = b.unit(1, "♣9")
    game = b.game(ScriptedAgent(choices=[[a]]))
    game.request(0, "instantKill", target=target)
    assert game.state.players[0].field == [] and target in game.state.players[1].field


# ---------------------------------------------------------------- 切札♠J リアニメーター
def test_summon_reanimator_raises_a_soldier_then_joins_the_trump(board):
    """リアニメーター召喚 $BL ★♡2〜10: 1. 墓地のカード1枚を兵士として出す 2. キーカードと切札の♠Jを
    あわせてリアニメーターとして出す."""
    b = board()
    sJ, = b.trump(0, "♠J")
    wall = b.unit(0, "♡9", face_up=False)
    b.grave(0, "♣8")
    b.hand(0, "♡7")
    game = b.game(ScriptedAgent(choices=[["♣8"]]))
    game.request(0, "summonReanimator", keys="♡7", costs=[[wall]])
    b.settle(game)
    comps = sorted((u.component, _cards(u.cards)) for u in game.state.players[0].field if u is not wall)
    assert comps == [("reanimator", ["♠J", "♡7"]), ("soldier", ["♣8"])]
    assert game.state.players[0].trump == [] and sJ not in game.state.players[0].trumps


def test_quick_summon_reanimator_on_the_opponents_turn(board):
    """クイックリアニメーター召喚 $D: the same effect at quick timing."""
    b = board(turn_player=1)
    b.trump(0, "♠J")
    b.hand(0, "♡7 ♢3")
    game = b.game()
    game.pass_chance(1)
    game.request(0, "quickSummonReanimator", keys="♡7", costs=[["♢3"]])
    b.settle(game)
    # step 1 raised the only grave card (♢3, the discarded D) as a soldier
    assert [(u.component, _cards(u.cards)) for u in game.state.players[0].field] == \
        [("soldier", ["♢3"]), ("reanimator", ["♠J", "♡7"])]


def test_reanimator_reanimate_trades_a_character_for_a_grave_card(board):
    """リアニメーターリアニメイト ★「リアニメーター」 $C: the effect of リアニメイト."""
    b = board()
    rean = b.unit(0, "♠J ♡7", as_="reanimator")
    fodder = b.unit(0, "♣4")
    b.grave(0, "♢9")
    game = b.game(ScriptedAgent(choices=[["♢9"]]))
    game.request(0, "reanimatorReanimate", key_unit=rean, target=fodder)
    b.settle(game)
    assert [str(u) for u in game.state.players[0].field] == ["♠J♡7", "♢9"] and not rean.charged


def test_reanimator_leaving_for_the_life_is_not_revived(board):
    """リアニメーター再生 triggers on 場から墓地 only: a reanimator drained to the life is not."""
    b = board()
    b.trump(0, "♠3")
    rean = b.unit(0, "♠J ♡7", as_="reanimator")
    game = b.game(ScriptedAgent(choices=[[rean]]))
    game.request(0, "drain", target=1)
    b.settle(game)
    assert _cards(game.state.players[0].life[:2]) == ["♠J", "♡7"]  # to the bottom of the life
    assert game.resolved["reanimatorRevive"] == 0 and _cards(game.state.players[0].trump) == ["♠3"]


def test_reanimator_revive_after_a_battle(board):
    """リアニメーター再生: 自分の「リアニメーター」が場から墓地に移った時、墓地から♠Jを表切札として置く."""
    b = board(life0="♢Q ♢10 ♢7 ♣6 ♣3 ♡6")  # 世代交代 (the J left the field) finds ♢Q at once
    rean = b.unit(0, "♠J ♡7", as_="reanimator")
    blocker = b.unit(1, "♣Q ♣K")  # an armed soldier of size 25
    game = b.game(ScriptedAgent(requests=["attack"], choices=[[rean], ["♠J"]]), ScriptedAgent(choices=[[blocker]]))
    assert _battle(game)
    game.run_until(lambda g: g.resolved["reanimatorRevive"] >= 1, limit=20)
    assert [(str(u.cards[0]), u.face_up, u.component) for u in game.state.players[0].trumps] == [("♠J", True, "sJ")]
    assert _cards(game.state.players[0].grave) == ["♡7"]


# ---------------------------------------------------------------- 切札♠K 魔王
def test_summon_dark_lord_finds_the_club_king(board):
    """魔王召喚 $SS: 1. 全ての兵士を墓地に 2. 自分の全ての領域から♣Kを探す 3. 切札の♠Kと♣Kを合わせて魔王."""
    b = board(life0="♡10 ♢10 ♣K ♢7 ♣6 ♣3")
    b.trump(0, "♠K")
    s1, s2 = b.unit(0, "♠4"), b.unit(0, "♡5")
    theirs = b.unit(1, "♣9")
    game = b.game()
    game.request(0, "summonDarkLord", costs=[[s1], [s2]])
    b.settle(game)
    assert [(u.component, _cards(u.cards)) for u in game.state.players[0].field] == [("darklord", ["♠K", "♣K"])]
    assert theirs not in game.state.players[1].field and len(game.state.players[0].life) == 5


def test_summon_dark_lord_without_the_club_king_loses_the_trump(board):
    b = board()
    b.trump(0, "♠K")
    s1, s2 = b.unit(0, "♠4"), b.unit(0, "♡5")
    game = b.game()
    game.request(0, "summonDarkLord", costs=[[s1], [s2]])
    b.settle(game)
    assert game.state.players[0].field == [] and game.state.players[0].trump == []
    assert "♠K" in _cards(game.state.players[0].grave)


def test_dark_whisper_digs_for_a_face_card_when_the_turn_ends(board):
    """魔王の囁き: 自分の表切札に「魔王」があり、エンドをリクエストした時 — Joker,A,J,Q,K が出るまで墓地へ."""
    b = board(life0="♣3 ♣6 ♢7 ♣K")  # ♣3 is the top
    b.trump(0, "♠K")
    game = b.game()
    game.request(0, "end")
    assert game.resolved["darkWhisper"] == 1
    assert _cards(game.state.players[0].hand) == ["♣K"] and _cards(game.state.players[0].grave) == ["♢7", "♣3", "♣6"]
