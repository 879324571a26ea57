"""The agent options shared by the commands that choose agents (simulate, play, tournament)."""

from __future__ import annotations

from typing import Any

from ..engine.players.ismcts import DEFAULT_ITERATIONS, ROLLOUTS, agent_name

#: the agents a command may name (`ismcts` takes its budget and rollout from the options)
AGENTS = ("random", "greedy", "ismcts")


def ismcts_options(parser: Any) -> None:
    """--ismcts-iterations and --ismcts-rollout."""
    parser.add_argument("--ismcts-iterations", type=int, default=DEFAULT_ITERATIONS, metavar="N",
                        help=f"ismcts: search iterations per decision (default {DEFAULT_ITERATIONS}; the budget is "
                             "counted, not timed, so games are reproducible)")
    parser.add_argument("--ismcts-rollout", choices=ROLLOUTS, default="random",
                        help="ismcts: how rollouts play on (default random)")


def engine_name(name: str, args: Any) -> str:
    """The engine's name of an agent chosen on the command line (`ismcts` → `ismcts-N`,
    `ismcts-N-greedy`): what the games are played and logged with."""
    if name != "ismcts":
        return name
    return agent_name(args.ismcts_iterations, args.ismcts_rollout)


def budget_error(args: Any) -> str | None:
    if getattr(args, "ismcts_iterations", 1) < 1:
        return "--ismcts-iterations must be at least 1"
    return None
