"""The `bpscript` command. Exit codes: 0 clean, 1 errors or findings, 2 usage error.

Each command lives in its own module of `bpscript.commands` (see `COMMANDS`); this
module only builds the parser and dispatches.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from . import __version__
from . import cache as _cache
from .bundled import RulesNotFound
from .commands import COMMANDS


NO_CACHE = ("load the rules afresh: neither read nor write the cache of loaded rules "
            "(in $BPSCRIPT_CACHE_DIR, else the user's cache directory)")


def make_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bpscript",
        description="bpscript — BlackPoker scripts: check, import, lint, export, build, play and simulate them.",
        epilog="Run `bpscript COMMAND --help` for the options of a command.")
    p.add_argument("--version", action="version", version=f"bpscript {__version__}")
    p.add_argument("--no-cache", action="store_true", help=NO_CACHE)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"bpscript.commands.{name}").register(sub)
    for command in sub.choices.values():  # also after the command: `bpscript check --no-cache …`
        command.add_argument("--no-cache", action="store_true", default=argparse.SUPPRESS, help=NO_CACHE)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    was, _cache.ENABLED = _cache.ENABLED, not args.no_cache  # for this command only
    try:
        return args.func(args)
    except RulesNotFound as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as err:
        if err.filename is None:
            raise
        # a file or directory the user named (an output, a log) cannot be read or written
        print(f"error: {err.strerror}: {os.path.abspath(err.filename)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        _cache.ENABLED = was


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
