"""The ismcts agent's in-effect choices (`Tactics`): attackers, blockers, discards and the
optional draw follow the position, and never depend on a card the player cannot see."""

from __future__ import annotations

import random

from scenes import attackers, board, passed, resolve, start, top_up_life

from bpscript.engine.players.agents import Agent, RandomAgent, ScriptedAgent
from bpscript.engine.kernel.game import Game
from bpscript.engine.players.tactics import Tactics


class Tactical(ScriptedAgent):
    """Requests from a script, every other decision by `Tactics`."""

    def __init__(self, seed: int = 0):
        super().__init__()
        self.tactics = Tactics(seed)

    def choose(self, view, player, options, count, prompt, at_least=1):
        return self.tactics.choose(view, player, options, count, prompt, at_least)

    def yes(self, view, player, question):
        return self.tactics.yes(view, player, question)


def battle(rs, rules, mine: list[str], theirs: list[tuple[str, bool]], life1: int | None = None):
    """P0 (its units `mine`) attacks, P1 (units `theirs`: cards, face up) blocks, both by
    `Tactics`; the game after ダメージ判定 and the units."""
    pos = board(rs)
    ours = [pos.unit(0, c) for c in mine]
    them = [pos.unit(1, c, face_up=up) for c, up in theirs]
    if life1 is not None:
        pos.life(1, "♢2 ♢3 ♢4 ♢5 ♢6 ♢8 ♢10 ♢J ♢Q ♢K".split()[:life1])
        top_up_life(pos, 0)
    game = start(pos, [Tactical(1), Tactical(2)], rules=rules, life=life1 is None)
    resolve(game, 0, "attack")
    chosen = attackers(game)
    passed(game, game.state.stage[-1])  # ブロック
    blocking = [u for u in them if "blocking" in u.statuses]
    return game, ours, them, chosen, blocking


def test_the_attack_leaves_home_a_unit_the_blockers_would_stop(rs, rules):
    _, (seven, four), _, chosen, _ = battle(rs, rules, ["♢7", "♣4"], [("♠5", True)])
    assert chosen == [seven]


def test_a_blocker_that_survives_and_kills_is_chosen_the_smallest(rs, rules):
    _, (seven,), (five, nine, ten), chosen, blocking = battle(rs, rules, ["♢7"], [("♠5", True), ("♣9", True),
                                                                                   ("♡10", True)])
    assert chosen == [seven] and blocking == [nine]


def test_damage_that_can_be_taken_is_not_blocked_by_a_losing_soldier(rs, rules):
    _, _, _, chosen, blocking = battle(rs, rules, ["♢7"], [("♠3", True)])
    assert len(chosen) == 1 and blocking == []


def test_a_lethal_attack_is_chump_blocked(rs, rules):
    game, _, (three,), _, blocking = battle(rs, rules, ["♢7"], [("♠3", True)], life1=5)
    assert blocking == [three]


def test_a_face_down_bulwark_takes_a_big_attacker(rs, rules):
    _, _, (wall,), _, blocking = battle(rs, rules, ["♢9"], [("♡4", False)])
    assert blocking == [wall]


def test_the_least_useful_card_is_discarded(rs, rules):
    pos = board(rs)
    soldier = pos.unit(0, "♣6")
    pos.hand(0, "♡3 ♣K Joker ♠2 ♢9")
    game = start(pos, [Tactical(1), Tactical(2)], rules=rules)
    resolve(game, 0, "up", "♡3", target=soldier)  # アップ: $ D
    assert [str(c) for c in game.state.players[0].grave] == ["♠2"]  # the key card ♡3 marks the unit
    assert sorted(map(str, game.state.players[0].hand)) == sorted(["♣K", "Joker", "♢9"])


class Checked(Agent):
    """A random agent whose choices and answers are given by `Tactics`; each one is asked
    again with the opponent's hand and life dealt otherwise, and must come out the same."""

    def __init__(self, seed: int):
        self.requests = RandomAgent(seed)
        self.seed = seed
        self.checked = 0

    def request(self, view, player, options):
        return self.requests.request(view, player, options)

    def _twice(self, view, player, ask):
        st = view.game.state
        opp = st.players[1 - player]
        before = (list(opp.hand), list(opp.life))
        first = ask(Tactics(self.seed))
        pool = opp.hand + opp.life
        random.Random(self.checked).shuffle(pool)
        opp.hand[:], opp.life[:] = pool[:len(opp.hand)], pool[len(opp.hand):]
        try:
            second = ask(Tactics(self.seed))
        finally:
            opp.hand[:], opp.life[:] = before
        assert first == second
        self.checked += 1
        return first

    def choose(self, view, player, options, count, prompt, at_least=1):
        return self._twice(view, player, lambda t: t.choose(view, player, options, count, prompt, at_least))

    def yes(self, view, player, question):
        return self._twice(view, player, lambda t: t.yes(view, player, question))


def test_tactics_never_read_the_opponents_hidden_cards(rs, rules):
    agents = [Checked(1), Checked(2)]
    for seed in range(6):
        Game(rs, "lite", "entry20", seed, list(agents), rules=rules).play()
    assert sum(a.checked for a in agents) > 50


def test_the_extra_draw_is_taken_with_life_to_spare(rs, rules):
    grown = []
    for life in (10, 5):
        pos = board(rs)
        pos.life(0, "♢2 ♢3 ♢4 ♢5 ♢6 ♢7 ♢8 ♢9 ♢10 ♢J".split()[:life])
        top_up_life(pos, 1)
        req = pos.request(0, "draw")
        game = start(pos, [Tactical(1), Tactical(2)], rules=rules, life=False)
        passed(game, req)
        grown.append(len(game.state.players[0].hand))
    assert grown == [2, 1]  # 8.2 ドロー: one card, then one more if the player wants
