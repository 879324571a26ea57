"""The ismcts agent: its copies share nothing mutable with the game, it never reads a card
its player cannot see, and its games are reproducible from the seed (replay checks it)."""

from __future__ import annotations

import copy
import random

import pytest

from bpscript.model.cards import Card
from bpscript.engine.players.agents import Agent, RandomAgent
from bpscript.engine.players.determinize import clone_state, copy_game
from bpscript.engine.kernel.game import Game
from bpscript.engine.players.roster import known_agent, make_agent
from bpscript.engine.players.ismcts import ISMCTSAgent, parse_name
from bpscript.engine.players.runner import random_game, replay_entry
from bpscript.engine.kernel.state import Player, Unit
from bpscript.engine.kernel.request import Request

MUTABLE = (list, dict, set, Unit, Player, Request, random.Random)


def _midgame(rs, rules, seed=4, steps=25):
    game = Game(rs, "lite", "entry20", seed, [RandomAgent(1), RandomAgent(2)], rules=rules)
    for _ in range(steps):
        if game.state.winner is not None:
            break
        game.step()
    return game


def _reachable(root, skip):
    """Every object reachable from `root` through containers and attributes, but `skip`."""
    seen, todo = {}, [root]
    while todo:
        x = todo.pop()
        if id(x) in seen or isinstance(x, (str, int, float, bool, type(None), Card)) or id(x) in skip:
            continue
        seen[id(x)] = x
        if isinstance(x, dict):
            todo += list(x.keys()) + list(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo += list(x)
        elif isinstance(x, random.Random):
            continue
        else:
            fields = getattr(x, "__dict__", None) or {s: getattr(x, s) for s in getattr(x, "__slots__", ())
                                                      if hasattr(x, s)}
            todo += list(fields.values())
    return seen


@pytest.mark.parametrize("seed", [4, 11, 23])
def test_a_copy_never_shares_mutable_state_with_its_original(rs, rules, seed):
    st = _midgame(rs, rules, seed, steps=40).state
    shared_by_design = {id(st.ruleset), id(st.matcher), id(st.decks)} | {id(d) for d in st.decks}
    copy, _ = clone_state(st)
    mine = _reachable(st, shared_by_design)
    theirs = _reachable(copy, shared_by_design)
    common = [type(x).__name__ for i, x in theirs.items() if i in mine and isinstance(x, MUTABLE)]
    assert common == []
    assert copy.digest() == st.digest()


def test_ismcts_never_reads_the_opponents_hidden_cards(rs, rules):
    """Two games alike in all the player has seen (the opponent's hand and life hold other
    cards, in other orders): the same seed makes the same search and the same request."""
    checked = 0
    for seed in (4, 9, 17):
        game = _midgame(rs, rules, seed, steps=12)
        p = game.chance
        opp = game.state.players[1 - p]
        if game.state.winner is not None or not opp.hand or len(opp.life) < 2:
            continue
        other = _midgame(rs, rules, seed, steps=12)
        o = other.state.players[1 - p]
        pool = o.hand + o.life
        random.Random(seed).shuffle(pool)
        assert pool != opp.hand + opp.life
        o.hand[:], o.life[:] = pool[:len(o.hand)], pool[len(o.hand):]
        picks = []
        for g in (game, other):
            agent = ISMCTSAgent(99, iterations=12)
            choice = agent.request(g.view(p), p, g.legal_requests(p))
            picks.append((None if choice is None else str(choice), agent.last))
        assert picks[0] == picks[1]
        checked += 1
    assert checked >= 2


def test_the_canonical_copy_depends_on_what_is_seen_alone(rs, rules):
    game = _midgame(rs, rules, 9, steps=12)
    p = game.chance
    other = _midgame(rs, rules, 9, steps=12)
    o = other.state.players[1 - p]
    o.hand.reverse()
    o.life.reverse()
    a, _ = copy_game(game, p, 5, canonical=True)
    b, _ = copy_game(other, p, 5, canonical=True)
    assert a.state.digest() == b.state.digest()


def test_ismcts_games_are_reproducible_and_replay_with_their_claim(rs, rules):
    runs = [random_game(rs, "lite", "entry20", 3, rules, record=True, agents=("ismcts-8", "greedy"))[1]
            for _ in range(2)]
    assert runs[0] == runs[1]
    entry = {**runs[0], "max_turns": 200}
    done = replay_entry(rs, entry, rules, check_agents=True)
    assert not done.ran_out and done.claims_differ == (None, None)
    assert done.game.summary()["digest"] == runs[0]["digest"]


def test_agent_names():
    assert parse_name("ismcts") == (200, "random")
    assert parse_name("ismcts-50-greedy") == (50, "greedy")
    assert parse_name("ismcts-x") is None and not known_agent("ismcts-")
    agent = make_agent("ismcts-7-greedy", 1)
    assert (agent.iterations, agent.rollout) == (7, "greedy")
    with pytest.raises(ValueError):
        ISMCTSAgent(1, iterations=0)


def test_ismcts_with_a_greedy_rollout_finishes_a_game(rs, rules):
    _, out = random_game(rs, "lite", "entry20", 5, rules, agents=("ismcts-3-greedy", "random"))
    assert out["winner"] in (0, 1) and out["reason"] == "life 0"


class _Twice(Agent):
    """Seats an ismcts agent and asks each of its decisions again, of a copy of the agent
    as it was, with the opponent's hand and life dealt otherwise: the answers must agree."""

    def __init__(self, agent):
        self.agent, self.asked = agent, 0

    def _twice(self, view, player, ask):
        before = copy.deepcopy(self.agent)
        first = ask(self.agent)
        opp = view.game.state.players[1 - player]
        kept = (list(opp.hand), list(opp.life))
        pool = opp.hand + opp.life
        random.Random(self.asked).shuffle(pool)
        opp.hand[:], opp.life[:] = pool[:len(opp.hand)], pool[len(opp.hand):]
        try:
            second = ask(before)
        finally:
            opp.hand[:], opp.life[:] = kept
        assert str(first) == str(second)
        self.asked += 1
        return first

    def request(self, view, player, options):
        return self._twice(view, player, lambda a: a.request(view, player, options))

    def choose(self, view, player, options, count, prompt, at_least=1):
        return self._twice(view, player, lambda a: a.choose(view, player, options, count, prompt, at_least))

    def yes(self, view, player, question):
        return self._twice(view, player, lambda a: a.yes(view, player, question))


def test_no_decision_of_ismcts_reads_the_opponents_hidden_cards(rs, rules):
    """Every kind of decision, a whole game long: requests, costs, attackers, blockers, answers."""
    seats = [_Twice(ISMCTSAgent(5, iterations=6)), _Twice(ISMCTSAgent(6, iterations=6))]
    for seed in (2, 3):
        game = Game(rs, "lite", "entry20", seed, list(seats), rules=rules)
        game.play()
    assert sum(s.asked for s in seats) > 40
