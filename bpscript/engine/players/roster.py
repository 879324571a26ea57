"""The agents by name: what `simulate`, `play`, logs and `replay` call them."""

from __future__ import annotations

from typing import Callable, Sequence, TypeGuard

from .agents import Agent, RandomAgent
from .greedy import GreedyAgent
from .ismcts import make_ismcts, parse_name

#: the agents of a fixed name; `ismcts[-N][-random|-greedy]` is built from its name
AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(name: str, seed: int) -> Agent:
    """An agent by name (`AGENTS`, or `ismcts[-N][-random|-greedy]`), seeded."""
    if name in AGENTS:
        return AGENTS[name](seed)
    return make_ismcts(name, seed)


def known_agent(name: object) -> TypeGuard[str]:
    """Whether `make_agent` builds an agent of this name."""
    return isinstance(name, str) and (name in AGENTS or parse_name(name) is not None)


def agent_names() -> Sequence[str]:
    return tuple(AGENTS)
