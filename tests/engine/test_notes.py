"""A game's notes (`Game.events`) name a request's target as it stood when it was made,
though they are written only when read and the target changes afterwards (a unit driven,
turned face up, split or gone)."""

from __future__ import annotations

from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.kernel.rules import Rules
from bpscript.load.loader import load_official


class Saying(RandomAgent):
    """A random agent that writes down each request as the options print it when chosen."""

    def __init__(self, seed: int, said: list[str]):
        super().__init__(seed)
        self.said = said

    def request(self, view, player, options):
        choice = super().request(view, player, options)
        if choice is not None:
            self.said.append(f"P{player} requests {choice}")
        return choice


def test_request_notes_name_targets_as_they_were():
    rs = load_official().ruleset
    rules = Rules(rs, "lite", "entry20")
    targeted = changed = 0
    for seed in range(40):
        said: list[str] = []
        game = Game(rs, "lite", "entry20", seed, [Saying(2 * seed + 1, said), Saying(2 * seed + 2, said)], rules=rules)
        game.play()
        noted = [e.split(" ", 1)[1] for e in game.events if " requests " in e]
        assert noted == said
        targeted += sum("→" in s for s in said)
    assert targeted > 50  # the games do name targets (some change afterwards: a note written late would differ)
