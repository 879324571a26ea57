"""A player's view shows the game as it stands when the agent reads it: a view is handed
again to the same player only while nothing of it was worked out (`Game._view`), so one
read at a decision never shows an earlier decision's state."""

from __future__ import annotations

from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.kernel.rules import Rules
from bpscript.engine.kernel.view import full_view
from bpscript.load.loader import load_official


class Looking(RandomAgent):
    """A random agent that reads its whole view at every third decision and every choice,
    checking it against the game's full view at that moment."""

    def __init__(self, seed: int, checked: list[int]):
        super().__init__(seed)
        self.game: Game | None = None
        self.checked = checked
        self.n = 0

    def look(self, view, player) -> None:
        self.n += 1
        if self.n % 3 == 0:
            assert view["hand"] == full_view(self.game, player)["hand"]
            assert view["field"] == full_view(self.game, player)["field"]
            self.checked.append(player)

    def request(self, view, player, options):
        self.look(view, player)
        return super().request(view, player, options)

    def choose(self, view, player, options, count, prompt, at_least=1):
        self.look(view, player)
        return super().choose(view, player, options, count, prompt, at_least)


def test_views_show_the_game_as_it_stands_when_read():
    rs = load_official().ruleset
    rules = Rules(rs, "lite", "entry20")
    checked: list[int] = []
    for seed in range(10):
        agents = [Looking(2 * seed + 1, checked), Looking(2 * seed + 2, checked)]
        game = Game(rs, "lite", "entry20", seed, agents, rules=rules)
        for a in agents:
            a.game = game
        game.play()
        assert game.view(0)["me"] == 0 and game.view(1)["me"] == 1
    assert len(checked) > 200 and set(checked) == {0, 1}
