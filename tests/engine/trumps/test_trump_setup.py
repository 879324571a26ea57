"""The setup steps of the trump zone (8.3.1 エクストラ steps 1, 9 and 10), on a fixture frame
laid out as エクストラ is: `trumps 2` lays two chosen cards of the deck face down, and
`open_trump first|second` has each player turn one face up after the first player is
decided — both decisions are asked of the player's agent (a `setup` decision)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpscript.engine.players.agents import RandomAgent, ScriptedAgent
from bpscript.engine.kernel.coverage import setup_coverage
from bpscript.engine.kernel.game import Game
from bpscript.engine.kernel.request import SETUP, kind_of
from bpscript.load.loader import load

FIXTURE = Path(__file__).parent.parent / "fixtures" / "trump_setup.bps"


@pytest.fixture(scope="module")
def rs():
    result = load([FIXTURE])
    assert not result.errors, [d.message for d in result.errors]
    return result.ruleset


def _faces(player):
    return {str(u.cards[0]): (u.face_up, u.component) for u in player.trumps}


def test_each_player_lays_two_chosen_trumps_and_opens_one(rs):
    # answers: the two trumps, then (after the first player is decided) the one to open
    a0 = ScriptedAgent(setup=[["♠A", "♣K"], ["♠A"]], strict=True)
    a1 = ScriptedAgent(setup=[["♡J", "♢Q"], ["♢Q"]], strict=True)
    game = Game(rs, "lite", "trumpFrame", 4, [a0, a1], check=True)
    st = game.state
    assert [kind_of(p) for p in a0.seen] == [SETUP, SETUP] and not a0.setup and not a1.setup
    assert _faces(st.players[0]) == {"♠A": (True, "fxRevolution"), "♣K": (False, "fxHidden")}
    assert _faces(st.players[1]) == {"♡J": (False, "fxHidden"), "♢Q": (True, None)}  # ♢Q is no trump face up
    game.legal_requests(st.turn_player)  # abilities applied: the face-up 革命 switches its rule on
    assert st.rules_on == {"revolution"}
    assert all(len(p.life) + len(p.hand) + len(p.grave) + len(p.trump) + sum(len(u.cards) for u in p.field) == 20
               for p in st.players)
    st.check_invariants()


class Asked(ScriptedAgent):
    """A scripted agent that notes, in a list shared by both players, who was asked what."""

    def __init__(self, log, **kw):
        super().__init__(**kw)
        self.log = log

    def choose(self, view, player, options, count, prompt, at_least=1):
        self.log.append((player, count))
        return super().choose(view, player, options, count, prompt, at_least)


@pytest.mark.parametrize("seed", range(4))
def test_trumps_are_laid_by_both_then_opened_by_the_first_player_then_the_second(rs, seed):
    log: list = []
    agents = [Asked(log, setup=[["♠A", "♣K"], ["♣K"]]), Asked(log, setup=[["♡J", "♢Q"], ["♡J"]])]
    game = Game(rs, "lite", "trumpFrame", seed, agents)
    first = game.state.first_player
    assert log == [(0, 2), (1, 2), (first, 1), (1 - first, 1)]
    opened = {p.index: [str(u.cards[0]) for u in p.trumps if u.face_up] for p in game.state.players}
    assert opened == {0: ["♣K"], 1: ["♡J"]}


def test_random_games_with_trumps_play_out_and_replay(rs):
    for seed in range(5):
        game = Game(rs, "lite", "trumpFrame", seed, [RandomAgent(seed), RandomAgent(seed + 9)], check=True)
        game.play()
        again = Game(rs, "lite", "trumpFrame", seed, [RandomAgent(seed), RandomAgent(seed + 9)], check=True)
        again.play()
        assert again.state.digest() == game.state.digest()
        assert sum(1 for p in game.state.players for u in p.trumps) <= 4


def test_coverage_counts_the_trump_steps(rs):
    fr = {f.id: f for f in setup_coverage(rs)}
    assert fr["trumpFrame"].playable
    assert "trumps 2" not in fr["extra"].unsupported and "open_trump first" not in fr["extra"].unsupported
