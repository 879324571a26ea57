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
from .bundled import RulesNotFound
from .commands import COMMANDS


def make_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bpscript",
        description="bpscript — BlackPoker scripts: check, import, lint, export, build, play and simulate them.",
        epilog="Run `bpscript COMMAND --help` for the options of a command.")
    p.add_argument("--version", action="version", version=f"bpscript {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"bpscript.commands.{name}").register(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
