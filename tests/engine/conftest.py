"""Shared fixtures of the engine tests: the official ruleset, its generated classes
for ライト + エントリー20, and a game with empty zones to set a scene in."""

from __future__ import annotations

import pytest

from bpscript.cards import Card
from bpscript.engine.agents import ScriptedAgent
from bpscript.engine.game import Game
from bpscript.engine.rules import Rules
from bpscript.engine.state import owned
from bpscript.loader import load_official
from bpscript.vocabulary import Payment


@pytest.fixture(scope="session")
def rs():
    return load_official().ruleset


@pytest.fixture(scope="session")
def rules(rs):
    return Rules(rs, "lite", "entry20")


def card(player: int, text: str) -> Card:
    """A card of `player`'s deck, e.g. card(1, "♠5")."""
    return owned(Card.parse(text), player)


class Scene:
    """A game whose zones start empty, turn 3, P0 to play; helpers to set a scene."""

    def __init__(self, rs, rules, agents=None):
        self.agents = agents or [ScriptedAgent(), ScriptedAgent()]
        self.game = Game(rs, "lite", "entry20", 1, self.agents, rules=rules)
        st = self.state = self.game.state
        for p in st.players:
            p.hand, p.grave, p.fog, p.field, p.marks = [], [], [], [], []
            p.life = [card(p.index, t) for t in ("♠2", "♠3", "♠4", "♡8", "♡9", "♡10", "♢3", "♢7", "♣5", "♣6")]
        st.turn, st.turn_player = 3, 0
        self.game.chance = 0

    def hand(self, player: int, *texts: str) -> list[Card]:
        cards = [card(player, t) for t in texts]
        for c in cards:  # a card is in one zone only
            self.state.players[player].life = [x for x in self.state.players[player].life if x != c]
        self.state.players[player].hand.extend(cards)
        return cards

    def unit(self, player: int, *texts: str, face_up: bool = True, charged: bool = True, new: bool = False):
        cards = [card(player, t) for t in texts]
        for c in cards:
            self.state.players[player].life = [x for x in self.state.players[player].life if x != c]
        u = self.state.put_unit(player, cards, face_up=face_up, charged=charged)
        u.entered_turn = self.state.turn if new else 1
        return u

    def request(self, player: int, action: str, keys=(), target=None):
        """Request as 5.3 does (costs, key cards out of the hand), without the flow. A
        scene sets up the cards a test is about; a card to pay a discard cost (D) with is
        taken from the top of the life when the hand holds nothing but the keys."""
        from bpscript.engine.game import Option
        cls = self.game.rules.load(action)
        discards = self.game.costs.totals(cls).get((Payment.DISCARD, None), 0)
        p = self.state.players[player]
        while len([c for c in p.hand if c not in keys]) < discards and p.life:
            p.hand.append(p.life.pop())
        opt = Option(action, action, tuple(keys), None, target)
        return self.game.make_request(player, opt)

    def resolve(self, player: int, action: str, keys=(), target=None, choices=(), answers=()):
        """Request and resolve at once (5.4), with the agents answering `choices`."""
        agent = self.agents[player]
        agent.choices.extend(choices)
        agent.answers.extend(answers)
        req = self.request(player, action, keys, target)
        self.state.stage.append(req)
        self.game.resolve(req)
        return req

    def size(self, unit) -> int:
        return self.game.size(unit)

    def options(self, player: int):
        return self.game.legal_requests(player)


@pytest.fixture
def scene(rs, rules):
    return Scene(rs, rules)
