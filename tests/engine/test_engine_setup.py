"""The engine sets a game up by the frame's typed steps: it plays a deck drawn from a
rule, エクストラ's face-down preset, the defaults, a hand the players choose (their agents
are asked), and refuses a step it does not run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bpscript.model.cards import Card
from bpscript.engine.kernel.coverage import setup_coverage, supported_setup_steps
from bpscript.engine.players.agents import RandomAgent, Recorder, ReplayAgent, ScriptExhausted, ScriptedAgent
from bpscript.engine.kernel.request import SETUP, kind_of
from bpscript.engine.kernel.state import RulesError
from bpscript.engine.kernel.game import Game
from bpscript.engine.setup.start import SUPPORTED_STEPS, setup, unsupported_steps
from bpscript.load.loader import load
from bpscript.model.setup_steps import StepKind

HERE = Path(__file__).parent
ROOT = HERE.parents[1]


@pytest.fixture(scope="module")
def frames():
    result = load([HERE / "fixtures" / "setups.bps"])
    assert not result.errors, [d.message for d in result.errors]
    return result.ruleset


@pytest.mark.parametrize("seed", range(10))
def test_a_rule_deck_is_drawn_for_each_player(frames, seed):
    st = setup(frames, "lite", "openDeck", seed)
    rule = frames.frames["openDeck"].deck
    for p in st.players:
        dealt = [Card(c.number, c.suit, c.copy % 2) for c in st.decks[p.index]]  # as in the deck
        assert rule.problems(dealt) == []
        assert len(p.hand) == 7 + (p.index == st.first_player) and len(p.field) == 2
    st.check_invariants()
    assert setup(frames, "lite", "openDeck", seed).digest() == st.digest()


def test_games_with_drawn_decks_keep_the_invariants(frames):
    for seed in range(8):
        game = Game(frames, "lite", "openDeck", seed, [RandomAgent(seed), RandomAgent(seed + 100)], check=True)
        assert game.play() in (0, 1)


def test_the_face_down_preset_soldier_is_revealed(frames):
    for seed in range(10):
        st = setup(frames, "lite", "hiddenPreset", seed)
        assert all(p.field[1].face_up and p.field[1].component in {"soldier", "hero", "ace"} for p in st.players)
        once = setup(frames, "lite", "stillHidden", seed)
        first, second = once.players[once.first_player], once.players[1 - once.first_player]
        assert not first.field[1].face_up and second.field[1].face_up


def test_a_listed_deck_is_dealt_afresh_in_every_game(frames):
    # both players' decks are the listed cards, each their own; a game played does not
    # change the deck the next game of the frame is dealt
    first = setup(frames, "lite", "hiddenPreset", 3)
    game = Game(frames, "lite", "hiddenPreset", 5, [RandomAgent(1), RandomAgent(2)], check=True)
    game.play()
    again = setup(frames, "lite", "hiddenPreset", 3)
    assert again.digest() == first.digest() and list(again.decks) == list(first.decks)
    listed = sorted(map(repr, frames.frames["hiddenPreset"].deck.cards))
    for p in (0, 1):
        assert sorted(repr(Card(c.number, c.suit, c.copy % 2)) for c in again.decks[p]) == listed
        assert all(c.copy // 2 == p for c in again.decks[p])
    again.check_invariants()


def test_a_frame_without_deck_or_setup_plays_the_defaults(frames):
    st = setup(frames, "lite", "plain", 4)
    assert all(len(d) == 54 for d in st.decks)
    assert sorted(len(p.hand) for p in st.players) == [7, 8]
    st.check_invariants()


def test_every_step_kind_is_run_and_every_frame_set_up(frames):
    """Every kind of setup step is run (the refusal of `SetupNotSupported` stays for a kind
    the model may add later): every frame of the fixtures and of the official rules is set up."""
    assert supported_setup_steps() == SUPPORTED_STEPS == frozenset(StepKind)
    cov = {f.id: f for f in setup_coverage(frames)}
    assert all(f.playable for f in cov.values()), [(f.id, f.unsupported) for f in cov.values() if not f.playable]
    assert all(not unsupported_steps(fr) for fr in frames.frames.values())


def test_the_coverage_command_counts_the_frames_set_up():
    cov = subprocess.run([sys.executable, "-m", "bpscript.cli", "check", "--coverage", "stdlib", "frames"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert "setup [blackpoker-8.2]: 5 / 5 frame(s) the engine sets up" in cov.stdout
    assert "not set up" not in cov.stdout


# ---------------------------------------------------------------- decisions of the setup
# 8.3 ストラテジー step 1: 「デッキから最初の手札に入れる3枚を選ぶ」 — the player decides, so
# the game asks the player's agent, as a decision of kind SETUP.

def test_the_setup_asks_each_player_s_agent_for_the_chosen_hand(frames):
    a0 = ScriptedAgent(setup=[["♠A", "♡J", "♣K"]], strict=True)
    a1 = ScriptedAgent(setup=[["♢Q", "♢10", "♣10"]], strict=True)
    game = Game(frames, "lite", "chosenHand", 3, [a0, a1])
    st = game.state
    assert [kind_of(p) for p in a0.seen] == [SETUP] and [kind_of(p) for p in a1.seen] == [SETUP]
    assert not a0.setup and not a1.setup  # each answered once
    hands = [{str(c) for c in p.hand} for p in st.players]
    assert {"♠A", "♡J", "♣K"} <= hands[0] and {"♢Q", "♢10", "♣10"} <= hands[1]
    assert sorted(len(p.hand) for p in st.players) == [7, 8]  # drawn up to 7, then the first draw
    st.check_invariants()


def test_a_setup_decision_nobody_answers_is_an_error(frames):
    with pytest.raises(ScriptExhausted, match="setup choice"):
        Game(frames, "lite", "chosenHand", 3, [ScriptedAgent(strict=True), ScriptedAgent(strict=True)])
    with pytest.raises(RulesError, match="3 of"):  # two cards where three are chosen
        Game(frames, "lite", "chosenHand", 3, [ScriptedAgent(setup=[["♠A", "♠2"]]), ScriptedAgent()])


def test_random_games_choose_their_hands_and_replay(frames):
    for seed in range(6):
        record: list = []
        agents = [Recorder(RandomAgent(seed), record), Recorder(RandomAgent(seed + 50), record)]
        game = Game(frames, "lite", "chosenHand", seed, agents, check=True)
        game.play()
        assert len(record[0]) == 3 and len(record[1]) == 3  # the two chosen hands come first
        again = Game(frames, "lite", "chosenHand", seed, [ReplayAgent(record)] * 2)
        again.play()
        assert again.state.digest() == game.state.digest()


def test_setup_without_a_game_chooses_by_its_seed(frames):
    assert setup(frames, "lite", "chosenHand", 5).digest() == setup(frames, "lite", "chosenHand", 5).digest()
