"""`bpscript play`: a game against a seeded agent (random by default) in the terminal, narrated."""

from __future__ import annotations

import sys
from typing import Any

from ..diagnostics import printable
from ..engine.kernel.base import NotExecutable
from ..engine.kernel.state import RulesError
from ._agents import AGENTS, budget_error, engine_name, ismcts_options
from ._games import game_ruleset, log_fields, regulation_options, seeds_problem


def register(sub: Any) -> None:
    play = sub.add_parser("play", help="play a game against an agent in the terminal",
                          description="Play BlackPoker against a seeded agent (--opponent: random, greedy or ismcts). Every event is narrated; "
                                      "the board is drawn above each prompt. Pick an action by number (0 passes), "
                                      "then the way to request it; b goes back (and takes a request back while "
                                      "you choose its costs). Works with stdin from a pipe.")
    regulation_options(play)
    play.add_argument("--seed", type=int, default=None, help="game seed (random when omitted)")
    play.add_argument("--seat", type=int, choices=[0, 1], default=0, help="your seat (P0 or P1)")
    play.add_argument("--opponent", choices=AGENTS, default="random",
                      help="the agent you play against (default random)")
    ismcts_options(play)
    play.add_argument("--log", metavar="FILE", help="append the game as a JSON line to FILE")
    play.set_defaults(func=run)


def run(args: Any) -> int:
    import random as _random

    from ..engine.players.agents import Recorder
    from ..engine.players.roster import make_agent
    from ..engine.kernel.game import Game, ScriptError
    from ..engine.players.runner import dumps
    from ._narrate import Names, Narrator
    from ._terminal import TerminalPlayer
    if budget_error(args):
        print(f"error: {budget_error(args)}", file=sys.stderr)
        return 2
    opponent = engine_name(args.opponent, args)
    problem = seeds_problem(args.seed) if args.seed is not None else None
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    found = game_ruleset(args)
    if not isinstance(found, tuple):
        if isinstance(found, str):
            print(printable(f"error: {found}"), file=sys.stderr)
        return found if isinstance(found, int) else 2
    name, rs, (args.format, args.frame), _ = found
    seed = args.seed if args.seed is not None else _random.randrange(1 << 30)
    decisions: list[Any] = []
    me = TerminalPlayer(args.seat, Names(rs))
    bot = make_agent(opponent, seed * 2 + 2 - args.seat)  # seeded as `simulate` seeds the seat
    agents: list[Any] = [None, None]
    agents[args.seat], agents[1 - args.seat] = Recorder(me, decisions), Recorder(bot, decisions)
    try:  # the setup asks the players (a chosen hand, …): the person may leave already
        game = Game(rs, args.format, args.frame, seed, agents)
    except (RulesError, NotExecutable) as e:
        print(printable(f"error: {e}"), file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        print("\ninput ended: game abandoned during the setup", file=sys.stderr)
        return 1
    me.game = game
    game.observers.append(Narrator(game, args.seat, names=me.tell.names))
    print(printable(f"{rs.info.title or name}: {args.format} / {args.frame}, seed {seed}: you are P{args.seat}, "
                    f"P{game.state.first_player} goes first."))
    abandoned = None
    try:
        winner = game.play()
    except EOFError:
        abandoned = "input ended"
    except KeyboardInterrupt:
        abandoned = "interrupted"
    except ScriptError as e:  # a script of the rules failed: the game cannot go on
        abandoned = f"error: {e}"
    if abandoned is None:
        print(f"\nP{winner} wins ({game.state.end_reason}) after {game.state.turn} turns — "
              f"{'you win' if winner == args.seat else 'you lose'}.")
    else:
        print(printable(f"\n{abandoned}: game abandoned after {len(decisions)} decision(s)"), file=sys.stderr)
    if args.log:  # appended, never overwritten; an abandoned game replays up to where it stopped
        from ..write.single import append_atomically
        entry = {**log_fields(rs), "format": args.format, "frame": args.frame,
                 "agents": ["terminal", opponent][::1 if args.seat == 0 else -1],  # P0, P1
                 **game.summary(), "decisions": decisions}
        if abandoned is not None:
            entry["abandoned"] = True
        append_atomically(args.log, dumps(entry) + "\n")
        print(f"log appended to {args.log}", file=sys.stderr)
    return 0 if abandoned is None else 1
