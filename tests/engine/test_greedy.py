"""The greedy agent: it looks ahead on a copy that never touches the game, hides what the
player may not see, plays whole games that replay, and is deterministic per seed."""

from __future__ import annotations

from bpscript.model.cards import card_key
from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.players.greedy import CARDS, LIFE, GreedyAgent, clone_state, score
from bpscript.engine.players.runner import random_game, replay


def _midgame(rs, rules, seed=4, steps=25):
    game = Game(rs, "lite", "entry20", seed, [RandomAgent(1), RandomAgent(2)], rules=rules)
    for _ in range(steps):
        if game.state.winner is not None:
            break
        game.step()
    return game


def test_the_lookahead_leaves_the_game_as_it_was(rs, rules):
    game = _midgame(rs, rules)
    before = game.state.digest()
    agent = GreedyAgent(7)
    p = game.chance
    for opt in game.legal_requests(p):
        agent.lookahead(game, p, opt)
    agent.lookahead(game, p, None)
    assert game.state.digest() == before


def test_a_copy_is_independent_of_the_state(rs, rules):
    game = _midgame(rs, rules)
    st = game.state
    before = st.digest()
    hands = [list(pl.hand) for pl in st.players]
    copy, memo = clone_state(st)
    assert copy.digest() == before
    for orig, pl in zip(st.players, copy.players):
        for u in orig.field:
            assert memo[id(u)] is not u and memo[id(u)] in pl.field
        pl.hand.clear()
        for u in pl.field:
            u.charged = not u.charged
    assert copy.digest() != before
    assert st.digest() == before and [pl.hand for pl in st.players] == hands


def test_the_copy_hides_the_opponents_hand_and_every_life_order(rs, rules):
    game = _midgame(rs, rules, steps=5)
    agent = GreedyAgent(3)
    seen = set()
    for seed in range(8):
        sim, _ = agent.copy_game(game, 0, seed)
        opp = sim.state.players[1]
        real = game.state.players[1]
        assert sorted(opp.hand + opp.life, key=card_key) == sorted(real.hand + real.life, key=card_key)
        assert len(opp.hand) == len(game.state.players[1].hand)
        assert sim.state.players[0].hand == game.state.players[0].hand  # own hand: known
        seen.add(tuple(opp.hand))
    assert len(seen) > 1


def test_score_prefers_more_life_and_a_win(rs, rules):
    """投擲 deals 2 of P1's 3 life for P0's two key cards: P0's score goes up by two life
    less two cards, P1's down as much; a second one ends the game (5.5): the win's score."""
    from bpscript.engine.players.agents import ScriptedAgent
    from bpscript.engine.setup.position import Position
    pos = Position(rs, "lite", "entry20", turn=3, turn_player=0)
    pos.life(0, "♠3 ♠4 ♠5")
    pos.life(1, "♡2 ♡3 ♡4")
    first, second = pos.hand(0, "♠2 ♣K"), pos.hand(0, "♠A ♣Q")
    game = pos.game([ScriptedAgent(), ScriptedAgent()], rules=rules)
    st = game.state

    def throw(keys):
        game.request(0, "throwing", keys, target=1)
        game.pass_chance(1)
        game.pass_chance(0)
    base = score(st, 0)
    throw(first)
    assert len(st.players[1].life) == 1 and st.winner is None
    assert score(st, 0) - base == 2 * LIFE - 2 * CARDS > 0 and score(st, 1) == -score(st, 0)
    throw(second)
    assert st.winner == 0
    assert score(st, 0) > 1000 > -1000 > score(st, 1)


def test_greedy_games_are_deterministic_and_replay(rs, rules):
    for seed in (0, 1):
        _, a = random_game(rs, "lite", "entry20", seed, rules, record=True, agents=("greedy", "random"))
        _, b = random_game(rs, "lite", "entry20", seed, rules, record=True, agents=("greedy", "random"))
        assert a == b and a["agents"] == ["greedy", "random"]
        assert replay(rs, a, rules).state.digest() == a["digest"]


def test_the_lookahead_leaves_the_trump_zone_as_it_was(board):
    """The copy has its own trump zone (4.4): opening or closing a trump in the look-ahead
    changes nothing of the game."""
    b = board()
    b.trump(0, "♠A ♡2", face_up=False)
    b.trump(1, "♣9")
    b.unit(0, "♠9", face_up=False)
    b.unit(0, "♡9", face_up=False)
    b.hand(0, "♣Q ♢3 ♢4")
    game = b.game()
    before = game.state.digest()
    agent = GreedyAgent(3)
    for opt in game.legal_requests(0):
        agent.lookahead(game, 0, opt)
    assert {o.action for o in game.legal_requests(0)} >= {"open", "close"}
    assert game.state.digest() == before
    game.state.check_invariants()
