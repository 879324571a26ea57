"""The search for a first-turn win (G4): sequences of the first player's moves, bounded,
until the damage reaches the second player's greatest life or an effect ends the game.

The first player starts with the largest life a legal deck gives them (they build the
deck that suits the plan, and life pays `$L`); what a request does may grow with the
hand and life it resolves in (`Delta.per`), which the search knows at every step."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ...model.vocabulary import Payment
from ..regulation import Regulation, Setup
from .delta import Delta, Quantity
from .moves import Move

NODE_BUDGET = 4000     # states the search visits per regulation
MAX_DEPTH = 40         # requests in one sequence
MAX_BRANCH = 32        # different actions tried from one state (the strongest first)


@dataclass
class Line:
    moves: list[Move]
    damage: int
    lethal: bool
    opponent_life: int
    trump: str | None = None
    outs: list = field(default_factory=list)  # the second player's answers (answers.Out)
    deltas: list[Delta] = field(default_factory=list)  # what each move did in the line

    def describe(self) -> str:
        out: list[tuple[str, int]] = []
        for i, mv in enumerate(self.moves):
            d = mv.describe(self.deltas[i] if i < len(self.deltas) else None)
            if out and out[-1][0] == d:
                out[-1] = (d, out[-1][1] + 1)
            else:
                out.append((d, 1))
        return " → ".join(d + (f" ×{n}" if n > 1 else "") for d, n in out)


class FirstTurnSearch(Protocol):
    """What a game engine offers G4: a bounded search of a line against every answer."""

    def first_turn_win(self, regulation: Regulation, line: Line) -> bool | None: ...


@dataclass(frozen=True)
class State:
    slots: int            # chosen cards not yet spent
    rare: int             # rare cards (chosen) not yet spent
    free: int             # other cards in hand
    bulwarks: int         # charged bulwarks
    driven: int           # driven bulwarks (still characters)
    soldiers: int
    life: int
    damage: int
    lethal: bool
    used: frozenset       # chosen key cards spent
    once: frozenset       # once-per-turn actions used
    trump: str | None


def search(moves: list[Move], setup: Setup) -> Line | None:
    """A sequence of moves that ends the game on turn 1, if the bounded search finds one."""
    goal = setup.opponent_life_max
    if not moves or not any(mv.delta.deals_damage for mv in moves):
        return None
    # a request that needs nothing and is not limited can be repeated until the game ends
    start = State(setup.choose_hand, setup.rare, setup.random_hand, setup.preset_bulwarks, 0, setup.preset_soldiers,
                  setup.own_life_max, 0, False, frozenset(), frozenset(), None)
    seen: set[State] = set()
    budget = [NODE_BUDGET]
    path: list[tuple[Move, Delta]] = []

    def dfs(st: State, depth: int) -> State | None:
        if st.lethal or st.damage >= goal:
            return st
        if depth >= MAX_DEPTH or budget[0] <= 0 or st in seen:
            return None
        seen.add(st)
        budget[0] -= 1
        tried: set[str] = set()
        for mv in moves:
            if mv.action.id in tried:
                continue  # another key set of an action already tried from here
            step = apply(st, mv)
            if step is None:
                continue
            tried.add(mv.action.id)
            path.append((mv, step[1]))
            res = dfs(step[0], depth + 1)
            if res is not None:
                return res
            path.pop()
            if len(tried) >= MAX_BRANCH or budget[0] <= 0:
                break
        return None

    end = dfs(start, 0)
    if end is None:
        return None
    return Line([mv for mv, _ in path], end.damage, end.lethal, goal, end.trump, deltas=[d for _, d in path])


def apply(st: State, mv: Move) -> tuple[State, Delta] | None:
    """The state after the move and what the move did there, or None when it cannot be
    made from `st`."""
    a = mv.action
    if mv.once and a.id in st.once:
        return None
    if mv.trump is not None and st.trump is not None and mv.trump != st.trump:
        return None
    if mv.keys and (len(mv.keys) > st.slots or any(k in st.used for k in mv.keys)):
        return None
    if mv.rare > st.rare:
        return None
    slots, free = st.slots - len(mv.keys), st.free
    bulwarks, driven, soldiers, life = st.bulwarks, st.driven, st.soldiers, st.life
    for pay in mv.payments:  # what each cost letter pays, as the ruleset declares it (5.2)
        if pay is None or pay.what == "key_unit":
            return None
        for _ in range(pay.amount):
            if pay.kind is Payment.DRIVE:
                if bulwarks < 1:
                    return None
                bulwarks, driven = bulwarks - 1, driven + 1
            elif pay.kind is Payment.DAMAGE:
                life -= 1
            elif pay.kind is Payment.DISCARD:
                if free > 0:
                    free -= 1
                elif slots > 0:
                    slots -= 1
                else:
                    return None
            elif soldiers > 0:  # SACRIFICE: a soldier first, then a driven bulwark, then a charged one
                soldiers -= 1
            elif driven > 0:
                driven -= 1
            elif bulwarks > 0:
                bulwarks -= 1
            else:
                return None
    if mv.drawn:  # key cards from the unchosen hand: held while it has more cards than avoid them
        if free < mv.drawn or free <= mv.avoid:
            return None
        free -= mv.drawn
    if life < 1:
        return None  # paying the cost takes the player's last life (3.8)
    d = mv.delta
    if d.per:  # what grows with the position: the hand and life the request resolves in
        hand = max(slots + free - d.hand_use, 0)
        d = d.at({Quantity.HAND: hand, Quantity.LIFE: life})
    use = d.hand_use
    take = min(use, free)
    free -= take
    if use - take > slots:
        return None
    slots -= use - take
    free += d.hand_gain
    life -= d.self_damage
    if d.units_use:
        need = d.units_use
        for_soldiers = min(need, soldiers)
        soldiers, need = soldiers - for_soldiers, need - for_soldiers
        for_driven = min(need, driven)
        driven, need = driven - for_driven, need - for_driven
        for_bulwarks = min(need, bulwarks)
        bulwarks, need = bulwarks - for_bulwarks, need - for_bulwarks
        if need:
            return None  # the effect needs characters the player does not have
    if d.units_all:
        soldiers = driven = bulwarks = 0
    soldiers += d.units_gain
    if life < 1:
        return None
    nxt = State(slots, st.rare - mv.rare, free, bulwarks + d.bulwarks, driven, soldiers, life,
                min(st.damage + d.damage, 10_000), st.lethal or d.lethal,
                st.used | frozenset(mv.keys), st.once | ({a.id} if mv.once else set()),
                st.trump or mv.trump)
    return nxt, d
