"""`effect_decisions` lists what an effect asks, from its script: the agent list that
answers each decision, how many answers it takes, and when it is asked."""

from __future__ import annotations

import pytest

from bpscript.engine.kernel import observe
from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.players.decisions import effect_decisions
from bpscript.engine.kernel.game import Game
from bpscript.load.loader import load_official


@pytest.fixture(scope="module")
def rs():
    return load_official().ruleset


def test_each_asking_verb_in_script_order_with_its_list(rs):
    assert [(d.verb, d.queue, d.when) for d in effect_decisions(rs, "handeth")] == \
        [("choose_cards", "choices", "always")]                     # ハンデス: which card of the hand
    reverse = effect_decisions(rs, "reverse")
    assert [d.verb for d in reverse] == ["choose_yes", "choose_option"]
    assert reverse[0].answers == "one bool" and reverse[1].when.startswith("if choose_yes(me")
    assert effect_decisions(rs, "changeTarget")[0].queue == "choices"
    assert all(d.line > 0 and d.source.startswith(d.verb) for d in reverse)


def test_an_effect_that_asks_nothing_lists_nothing(rs):
    assert effect_decisions(rs, "up") == []                           # アップ: key, target, fog
    with pytest.raises(KeyError):
        effect_decisions(rs, "noSuchAction")


def test_observers_given_to_the_game_see_the_shuffled_decks(rs):
    records = []
    game = Game(rs, "lite", "entry20", 3, [RandomAgent(1), RandomAgent(2)], observers=[records.append])
    shuffled = [r for r in records if isinstance(r, observe.Shuffled)]
    assert [r.player for r in shuffled] == [0, 1]
    for r in shuffled:
        assert sorted(map(str, r.cards)) == sorted(map(str, game.state.decks[r.player]))
    late = []
    again = Game(rs, "lite", "entry20", 3, [RandomAgent(1), RandomAgent(2)])
    again.observers.append(late.append)                               # attached after the setup
    assert not any(isinstance(r, observe.Shuffled) for r in late)
    assert again.state.digest() == game.state.digest()               # watching changes nothing
