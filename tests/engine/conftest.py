"""Shared fixtures of the engine tests: the official ruleset and its generated classes
for ライト + エントリー20. Scenes are set up with `bpscript.engine.setup.position.Position`
(helpers in scenes.py)."""

from __future__ import annotations

import pytest

from bpscript.engine.players.agents import ScriptedAgent
from bpscript.engine.kernel.rules import Rules
from bpscript.load.loader import load_official


@pytest.fixture(scope="session")
def rs():
    return load_official().ruleset


@pytest.fixture(scope="session")
def rules(rs):
    return Rules(rs, "lite", "entry20")


# ---------------------------------------------------------------- エクストラ scenes (public API)
@pytest.fixture(scope="session")
def extra(rs):
    """The generated classes of マスター + エクストラ (trumps, their actions and characters)."""
    return Rules(rs, "mast", "extra")


class Board:
    """A `Position` of マスター + エクストラ, turn 3, P0 to play, with a short life each; `game`
    goes on from it. `partial`: the pack and rare-card scripts of the regulation are not
    executable yet, and are never offered."""

    def __init__(self, rs, rules, turn_player=0, life0="♡10 ♢10 ♢7 ♣6 ♣3 ♡6", life1="♠6 ♠8 ♢10 ♢2 ♣3 ♣2", **kw):
        from bpscript.engine.setup.position import Position
        self.rules = rules
        self.pos = Position(rs, "mast", "extra", turn=3, turn_player=turn_player, **kw)
        if life0:
            self.pos.life(0, life0)
        if life1:
            self.pos.life(1, life1)

    def __getattr__(self, name):
        return getattr(self.pos, name)

    def game(self, a0=None, a1=None, **kw):
        return self.pos.game([a0 or ScriptedAgent(), a1 or ScriptedAgent()], rules=self.rules, partial=True, **kw)

    @staticmethod
    def settle(game) -> None:
        """Both players pass: the top request of the stage resolves (9.4 [11] → [15])."""
        game.pass_chance(game.chance)
        game.pass_chance(game.chance)


@pytest.fixture
def board(rs, extra):
    return lambda **kw: Board(rs, extra, **kw)
