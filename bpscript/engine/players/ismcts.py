"""An information-set Monte Carlo tree search agent (`--agent ismcts`).

Single-observer ISMCTS as in Cowling, Powley & Whitehouse, "Information Set Monte Carlo
Tree Search" (IEEE TCIAIG 4(2), 2012): each iteration re-deals what the deciding player
cannot see (`determinize.copy_game` with `canonical`: the copy depends only on what the
player has seen and on the seed), walks one tree of requests (both players', keyed by the
request's text) choosing by UCB among the requests this determinization offers
(availability counts), adds one node, plays on with the rollout policy (random or
greedy) for a few turns, and backs up the result: 1 for a win, 0 for a loss, the greedy
score squashed into (0, 1) when the horizon ends the rollout. The request made is the
root's most visited.

The budget is iterations per decision, so a game is reproducible from its seed alone:
`--jobs`, Ray and replay give the same decisions. In-effect choices, costs and yes/no
questions follow `tactics.Tactics` (from what the player sees), in the game and, for both
players, in every iteration's copy.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any, Sequence

from .agents import Agent, PlayerView, RandomAgent, T, Withdrawn
from .determinize import copy_game, map_option
from ..kernel.game import Game
from ..kernel.legal import Option
from ..kernel.state import GameState, RulesError
from .tactics import Tactics

#: iterations per decision when the name gives none (`ismcts` = `ismcts-200`)
DEFAULT_ITERATIONS = 200
#: turns a rollout plays past the decision before the position is scored
DEFAULT_HORIZON = 2
#: decisions a rollout takes at most (a guard: agents that only pass)
ROLLOUT_DECISIONS = 300
#: the exploration constant of UCB1 (rewards are in [0, 1])
EXPLORATION = 0.7
#: the greedy score that counts as a three-to-one lead (`squash`)
SCALE = 10.0
ROLLOUTS = ("random", "greedy")
_NAME = re.compile(r"ismcts(?:-(\d+))?(?:-(random|greedy))?")


class Node:
    """A node of the tree: visits, total reward for the searching player, and how often it
    was available (ISMCTS: a child is scored against the iterations that could choose it)."""

    __slots__ = ("visits", "reward", "available", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[tuple[int, str], Node] = {}


def squash(points: float) -> float:
    """A greedy score (`greedy.score`) as an expected result in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-points / SCALE))


class ISMCTSAgent(Agent):
    """Decides each request by `iterations` determinized tree-search iterations."""

    def __init__(self, seed: int = 0, iterations: int = DEFAULT_ITERATIONS, rollout: str = "random",
                 horizon: int = DEFAULT_HORIZON):
        if iterations < 1 or rollout not in ROLLOUTS:
            raise ValueError(f"ismcts: iterations must be at least 1 and the rollout one of {ROLLOUTS}")
        self.rng = random.Random(seed)
        self.chooser = Tactics(seed ^ 0x15C7)
        self.iterations, self.rollout, self.horizon = iterations, rollout, horizon
        #: the root's children after the last search: (key, visits, mean reward), for tests and reports
        self.last: list[tuple[str, int, float]] = []

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        return self.chooser.choose(view, player, options, count, prompt, at_least)

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        return self.chooser.yes(view, player, question)

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        game = getattr(view, "game", None)
        if game is None:  # a plain dict view: nothing to search
            return self.chooser.request(view, player, options)
        choices = _choices(game, player, options)
        if len(choices) == 1:
            return choices[0]
        root = Node()
        for _ in range(self.iterations):
            self._iterate(game, player, choices, root)
        keys = [_key(player, o) for o in choices]
        self.last = [(k[1], root.children[k].visits, root.children[k].reward / max(1, root.children[k].visits))
                     for k in keys if k in root.children]
        return choices[max(range(len(keys)), key=lambda i: (_visits(root, keys[i]), -i))]

    # ------------------------------------------------------------ one iteration
    def _iterate(self, game: Game, p: int, choices: Sequence[Option | None], root: Node) -> None:
        seed = self.rng.getrandbits(32)
        walk = _Walk(self, p, root, seed)
        sim, memo = copy_game(game, p, seed, agents=[walk, walk], canonical=True)
        walk.sim = sim
        start = sim.state.turn
        try:
            pick = walk.select(p, choices)
            if pick is None:
                sim.pass_chance(p)
            else:
                try:
                    sim.take_request(p, map_option(pick, memo))
                except Withdrawn:
                    pass
            st = sim.state
            for _ in range(ROLLOUT_DECISIONS):
                if st.winner is not None or st.turn > start + self.horizon:
                    break
                if st.turn > sim.max_turns:
                    sim.end_by_limit("turn limit")
                    break
                sim.step()
        except (RulesError, EOFError):
            pass  # a request the copy could not finish: the position as it stands is scored
        walk.backup(self._result(sim.state, p))

    def _result(self, st: GameState, p: int) -> float:
        from .greedy import score
        if st.winner is not None:
            return 1.0 if st.winner == p else 0.0
        return squash(score(st, p))


class _Walk(Agent):
    """Both seats of one iteration's copy: in the tree it selects by UCB and adds one node;
    past it, it plays the rollout policy."""

    def __init__(self, owner: ISMCTSAgent, me: int, root: Node, seed: int):
        self.owner, self.me = owner, me
        self.root: Node = root
        self.node: Node | None = root
        self.path: list[tuple[Node, int]] = []  # (node, the player who chose it)
        self.sim: Any = None  # Any: the copy the walk plays (a Game), set before it plays
        rand = RandomAgent(seed + 3)  # one seeded RNG per iteration: the rollout's and the tactics' fallback
        if owner.rollout == "greedy":
            from .greedy import GreedyAgent
            self.policy: Agent = GreedyAgent(seed + 3)
        else:
            self.policy = rand
        self.chooser = Tactics(fallback=rand)

    def select(self, player: int, choices: Sequence[Option | None]) -> Option | None:
        """UCB1 among the available children (unvisited ones first, in order); the walk
        leaves the tree after it adds a node."""
        node = self.node
        assert node is not None
        keys = [_key(player, o) for o in choices]
        for k in keys:
            child = node.children.get(k)
            if child is not None:
                child.available += 1
        fresh = [i for i, k in enumerate(keys) if k not in node.children]
        if fresh:
            i = fresh[0]
            child = node.children[keys[i]] = Node()
            child.available = 1
            self.node = None  # expanded: the rest is the rollout
        else:
            log_n = math.log(max(1, node.visits))

            def ucb(i: int) -> float:
                c = node.children[keys[i]]
                mean = c.reward / c.visits if c.visits else 0.5
                mean = mean if player == self.me else 1.0 - mean
                return mean + EXPLORATION * math.sqrt(math.log(max(1, c.available)) / max(1, c.visits)) \
                    if log_n else mean
            i = max(range(len(keys)), key=lambda j: (ucb(j), -j))
            child = node.children[keys[i]]
            self.node = child
        self.path.append((child, player))
        return choices[i]

    def backup(self, result: float) -> None:
        """Every node of the walk, the root first (UCB's log n), gets the result."""
        self.root.visits += 1
        for node, _player in self.path:
            node.visits += 1
            node.reward += result

    def request(self, view: PlayerView, player: int, options: Sequence[Option]) -> Option | None:
        if self.node is None:
            return self.policy.request(view, player, options)
        choices = _choices(self.sim, player, options)
        return choices[0] if len(choices) == 1 else self.select(player, choices)

    def choose(self, view: PlayerView, player: int, options: Sequence[T], count: int | None, prompt: str,
               at_least: int = 1) -> list[T]:
        return self.chooser.choose(view, player, options, count, prompt, at_least)

    def yes(self, view: PlayerView, player: int, question: str) -> bool:
        return self.chooser.yes(view, player, question)


def _choices(game: Game, player: int, options: Sequence[Option]) -> list[Option | None]:
    """The requests to search among, None standing for the pass. The turn player with an
    empty stage does not pass while it can request (passing there changes nothing: 9.4,
    the turn ends by a request), or a search that scores positions would pass for ever."""
    opts: list[Option | None] = list(options)
    idle = game.state.turn_player == player and not game.state.stage
    return opts if idle and opts else [None, *opts]


def _key(player: int, option: Option | None) -> tuple[int, str]:
    return (player, "pass" if option is None else str(option))


def _visits(node: Node, key: tuple[int, str]) -> int:
    child = node.children.get(key)
    return child.visits if child is not None else -1


def parse_name(name: str) -> tuple[int, str] | None:
    """`ismcts`, `ismcts-N`, `ismcts-N-greedy`, `ismcts-greedy` → (iterations, rollout);
    None for another name."""
    found = _NAME.fullmatch(name)
    if found is None:
        return None
    return int(found.group(1) or DEFAULT_ITERATIONS), found.group(2) or "random"


def agent_name(iterations: int = DEFAULT_ITERATIONS, rollout: str = "random") -> str:
    """The name that rebuilds the agent (`parse_name`): what logs and reports say."""
    return f"ismcts-{iterations}" + ("" if rollout == "random" else f"-{rollout}")


def make_ismcts(name: str, seed: int) -> ISMCTSAgent:
    found = parse_name(name)
    if found is None:
        raise KeyError(name)
    return ISMCTSAgent(seed, *found)
