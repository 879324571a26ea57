"""Every script the engine calls executable runs at least once, without error, in an
engine position: actions are requested and resolved, components are in play while the
game goes on (their sizes, labels and abilities applied after every resolution).

Positions are dealt through the public Position API: each player gets a unit of every
character of the regulation, a large hand and a life; seeded agents prefer the scripts
that have not run yet. A script that never runs fails the test by name, so coverage
cannot claim more than the engine does."""

from __future__ import annotations

import random

import pytest

from bpscript.model.conditions import CardCondition
from bpscript.model.deck import STANDARD_DECK
from bpscript.engine.players.agents import RandomAgent
from bpscript.engine.kernel.base import NotExecutable
from bpscript.engine.kernel.coverage import coverage
from bpscript.engine.setup.position import Position
from bpscript.engine.kernel.rules import Rules
from bpscript.load.loader import load_official

REGULATIONS = [("lite", "entry20"), ("std", "pack"), ("pro", "pack"), ("mast", "pack"), ("mast", "extra"),
               ("std", "rarePack")]
GAMES = 40
#: エクストラ holds the most scripts (trumps, their actions and characters): more games
GAMES_FACTOR = {"extra": 4}


class Seeker(RandomAgent):
    """A random agent that requests a script not yet run whenever one is legal, and notes
    the components in play at each of its decisions."""

    def __init__(self, seed: int, ran: set[str]):
        super().__init__(seed)
        self.ran = ran
        self.game = None
        self.tried: set[str] = set()  # requested in this game: the next pick goes elsewhere

    def request(self, view, player, options):
        st = self.game.state
        for p in st.players:
            self.ran.update(u.component for u in p.field + p.marks + p.trumps if u.component)
        fresh = [o for o in options if o.action not in self.ran and o.action not in self.tried]
        if fresh:
            pick = self.rng.choice(fresh)
            self.tried.add(pick.action)
            return pick
        # otherwise at random, not again what this player already requested this turn (a
        # request that changes nothing, レアドロー with no rare card, is not made over and over)
        again = self.game.state.requested
        return super().request(view, player, [o for o in options if (player, o.action) not in again] or options)


def _deal(rs, fmt: str, frame: str, seed: int, executable: set[str], want: list[str]) -> Position:
    """Each player: a unit of every executable character (two of each on odd seeds, for
    costs such as BB), the key cards of a script that has not run yet in hand, 14 cards
    of hand in all, the rest as life. In レアパック also two rare cards and a pack, and
    every third seed 9 cards of life (the rare actions' 「ライフが9以下」), the rest in the
    grave."""
    rng = random.Random(seed)
    pos = Position(rs, fmt, frame, seed=seed, turn=3, turn_player=seed % 2)
    characters = [s for s in rs.components("character")
                  if (fmt in s.formats or frame in s.frames) and s.id in executable]
    trumps = [s for s in rs.components("trump") if (fmt in s.formats or frame in s.frames) and s.id in executable]
    for p in (0, 1):
        deck = list(STANDARD_DECK.pool)  # the 54 cards: every key condition can be met
        rng.shuffle(deck)
        hand: list = []
        focus = rs.scripts[want[(seed * 2 + p) % len(want)]] if want else None
        if focus is not None and focus.key is not None and isinstance(focus.key.condition, CardCondition):
            hand = list(next(focus.key.condition.candidates(deck), ()))
            for c in hand:
                deck.remove(c)
        if seed % 2:  # trumps first: the trump cards of the summons (♠J …) are in the trump zone
            _trumps(pos, p, trumps, deck, rng, focus)
        for comp in characters * (1 + seed % 2):
            cond = comp.unit_condition.condition if comp.unit_condition else None
            if not isinstance(cond, CardCondition):
                continue
            cards = next(cond.candidates(deck), None)
            if cards is not None:
                for c in cards:
                    deck.remove(c)
                pos.unit(p, [str(c) for c in cards], as_=comp.id, charged=rng.random() < 0.7)
        if not seed % 2:  # characters first: the trump characters are on the field
            _trumps(pos, p, trumps, deck, rng, focus)
        fill = max(0, 14 - len(hand))
        hand, deck = hand + deck[:fill], deck[fill:]
        pos.hand(p, [str(c) for c in hand])
        if frame == "rarePack":
            pos.rare(p, [str(c) for c in deck[:2]])
            pos.pack(p, [str(c) for c in deck[2:7]], opened=bool(seed % 2))
            deck = deck[7:]
            if seed % 3 == 0:
                pos.grave(p, [str(c) for c in deck[9:]])
                deck = deck[:9]
        pos.life(p, [str(c) for c in deck])
    return pos


def _trumps(pos: Position, p: int, trumps: list, deck: list, rng: random.Random, focus) -> None:
    """The trump of the script to run (its category's), face up, and four others whose
    card is still in the deck: most face up (abilities and actions in play), some face
    down (to be opened)."""
    cat = pos.ruleset.vocabulary.categories.get(focus.category.id) if focus is not None else None
    first = [t for t in trumps if cat is not None and t.id == cat.trump]
    others = [t for t in trumps if t not in first]
    rng.shuffle(others)
    placed = 0
    for comp in first + others:
        if comp.type.id != "faceUpTrump" or placed >= 5:  # 裏切札 is any card face down: some below
            continue
        cond = comp.unit_condition.condition if comp.unit_condition else None
        cards = next(cond.candidates(deck), None) if isinstance(cond, CardCondition) else None
        if cards is None or len(cards) != 1:
            continue
        deck.remove(cards[0])
        pos.trump(p, [str(cards[0])], face_up=comp in first or rng.random() < 0.7)
        placed += 1


@pytest.fixture(scope="module")
def ran():
    rs = load_official().ruleset
    executable = {c.id for c in coverage(rs) if c.executable}
    ran: set[str] = set()
    stopped: list[str] = []
    for fmt, frame in REGULATIONS:
        rules = Rules(rs, fmt, frame)
        for seed in range(GAMES * GAMES_FACTOR.get(frame, 1)):
            want = sorted(i for i in executable - ran if i in rules.executable and i in rs.scripts
                          and rs.scripts[i].kind == "action")
            agents = [Seeker(seed * 2 + 1, ran), Seeker(seed * 2 + 2, ran)]
            game = _deal(rs, fmt, frame, seed, executable, want).game(agents, rules=rules, partial=True, max_turns=40)
            for a in agents:
                a.game = game
            try:
                game.play()  # an error in any script fails here, with its .bps place
            except NotExecutable as e:  # the regulation is partial: a script it cannot run came
                assert e.script_id not in executable, e  # into play; the game stops, reported
                stopped.append(e.script_id)
            ran.update(game.resolved)
    return rs, executable, ran


def test_every_executable_script_runs(ran):
    rs, executable, done = ran
    assert sorted(executable - done) == []


def test_what_ran_was_executable(ran):
    rs, executable, done = ran
    assert done - executable - {c.id for c in coverage(rs) if not c.executable} == set()
    assert not (done - executable), sorted(done - executable)  # nothing non-executable was played
