"""Legal requests as an agent sees them (`bpscript.engine.kernel.legal.Options`): worked out as it
looks — which actions have a way, then the ways of one — yet the same options, in the same
order, as `Game.legal_requests` lists in full, in every decision of seeded games of every
official regulation, and in scenes where an ability shields a unit, waives a cost or forces
an attack; and a random agent picks the same option from either."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.kernel.rules import Rules
from bpscript.load.loader import load_official

GAMES = 6


def _regulations() -> list[tuple[str, str]]:
    rs = load_official().ruleset
    return [(fmt, frame.id) for frame in rs.frames.values() for fmt in frame.formats]


def _shown(options) -> list[str]:
    return [f"{o}|{o.key_unit!r}" for o in options]


class Checking(RandomAgent):
    """A random agent that, before each request, checks the lazy options against the full list."""

    def __init__(self, seed: int, game_of):
        super().__init__(seed)
        self.game_of = game_of
        self.checked = 0

    def request(self, view, player, options):
        game = self.game_of()
        full = game.legal_requests(player)
        looked = game.legal.options(player)
        actions = looked.actions()  # one way of each action first, as a random agent looks
        assert actions == list(dict.fromkeys(o.action for o in full))
        assert bool(looked) == bool(full)
        for a in reversed(actions):  # in any order: each action's ways as the full list has them
            assert _shown(looked.of(a)) == _shown(o for o in full if o.action == a)
        assert _shown(looked) == _shown(full) and len(looked) == len(full)
        assert all(o in looked for o in looked) and not any(o in looked for o in full)  # identity, as before
        self.checked += 1
        return super().request(view, player, options)


@pytest.mark.parametrize("fmt,frame", _regulations())
def test_the_options_an_agent_looks_at_are_the_full_list(fmt, frame):
    rs = load_official().ruleset
    rules = Rules(rs, fmt, frame)
    checked = 0
    for seed in range(GAMES):
        box = []
        agents = [Checking(seed * 2 + 1, lambda: box[0]), Checking(seed * 2 + 2, lambda: box[0])]
        game = Game(rs, fmt, frame, seed, agents, rules=rules, max_turns=12)
        box.append(game)
        game.play()
        checked += sum(a.checked for a in agents)
    assert checked > 50


def test_a_random_agent_picks_the_same_option_from_the_lazy_options_or_a_list(rs, rules):
    game = Game(rs, "lite", "entry20", 3, [RandomAgent(1), RandomAgent(2)], rules=rules)
    picked = 0
    for _ in range(60):
        if game.state.winner is not None:
            break
        p = game.chance
        a, b = RandomAgent(99, pass_rate=0.0), RandomAgent(99, pass_rate=0.0)
        lazy = a.request(game.view(p), p, game.legal.options(p))
        plain = b.request(game.view(p), p, list(game.legal_requests(p)))
        assert (lazy is None) == (plain is None) and str(lazy) == str(plain)
        assert a.rng.getstate() == b.rng.getstate()
        picked += lazy is not None
        game.step()
    assert picked > 10


def test_the_view_counts_the_stage_as_a_random_agent_reads_it(rs, rules):
    game = Game(rs, "lite", "entry20", 5, [RandomAgent(1), RandomAgent(2)], rules=rules)
    sizes = set()
    for _ in range(80):
        if game.state.winner is not None:
            break
        for p in (0, 1):
            view, full = game.view(p), game.full_view(p)
            assert view["stage_size"] == full["stage_size"] == len(view["stage"]) == len(game.state.stage)
        sizes.add(len(game.state.stage))
        game.step()
    assert len(sizes) > 1


# ---------------------------------------------------------------- abilities (エクストラ scenes)
def _agree(game, p):
    """The options `p` looks at, checked against the full list action by action (as
    `Checking` does in play); returned for the scene's own checks."""
    full = game.legal_requests(p)
    looked = game.legal.options(p)
    assert looked.actions() == list(dict.fromkeys(o.action for o in full))
    for a in looked.actions():
        assert _shown(looked.of(a)) == _shown(o for o in full if o.action == a)
    return looked


def test_a_unit_an_ability_shields_is_no_candidate_of_the_options(board):
    """魔王 cannot be targeted (8.3.3): alone on the field it leaves アップ, ダウン and ツイスト
    without a target, though a card of the hand meets each of their keys."""
    b = board(turn_player=1)
    b.unit(0, "♠K ♣K", as_="darklord")
    b.hand(1, "♠5 ♡5 ♢4 ♣7")
    looked = _agree(b.game(), 1)
    assert not {"up", "down", "twist"} & set(looked.actions()) and "throwing" in looked.actions()


def test_beside_a_shielded_unit_the_options_target_the_others(board):
    b = board(turn_player=1)
    b.unit(0, "♠K ♣K", as_="darklord")
    other = b.unit(0, "♠4")
    b.hand(1, "♠5 ♡5 ♢4 ♣7")
    looked = _agree(b.game(), 1)
    assert {o.target for o in looked.of("down")} == {other}


def test_a_waived_cost_is_not_counted_by_the_options(board):
    """魔術士 waives D of quick magic: アップ with its key card alone in the hand."""
    b = board()
    b.unit(0, "Joker", as_="magician")
    b.unit(0, "♠4")
    b.hand(0, "♡5")
    assert "up" in _agree(b.game(), 0).actions()


def test_an_attack_an_ability_forces_is_the_only_action_of_the_options(board):
    b = board()
    b.unit(0, "♡K ♢K", as_="giant")
    b.hand(0, "♠5 ♡5")
    assert _agree(b.game(), 0).actions() == ["attack"]
