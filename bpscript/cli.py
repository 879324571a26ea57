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
from .load import parse_pool
from .bundled import RulesNotFound
from .extras import MissingExtra
from .commands import COMMANDS
from .diagnostics import printable
from .write.single import OutputError


NO_CACHE = ("load the rules afresh: neither read nor write the cache of loaded rules "
            "(in $BPSCRIPT_CACHE_DIR, else the user's cache directory)")

PARSE_JOBS = ("processes that parse the files of a large load (files of at least 1 MB in all): K processes, "
              "this one included; 0 one per idle core (cores less the load average); 1 (the default) this "
              "process alone")


def jobs(text: str) -> int:
    """A `--parse-jobs` value: a whole number, at least 0."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be at least 0")
    return value


def make_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bpscript",
        description="bpscript — BlackPoker scripts: check, import, lint, export, build, play and simulate them.",
        epilog="Run `bpscript COMMAND --help` for the options of a command.")
    p.add_argument("--version", action="version", version=f"bpscript {__version__}")
    p.add_argument("--no-cache", action="store_true", help=NO_CACHE)
    p.add_argument("--parse-jobs", type=jobs, default=1, metavar="K", help=PARSE_JOBS)
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"bpscript.commands.{name}").register(sub)
    for command in sub.choices.values():  # also after the command: `bpscript check --no-cache …`
        command.add_argument("--no-cache", action="store_true", default=argparse.SUPPRESS, help=NO_CACHE)
        command.add_argument("--parse-jobs", type=jobs, default=argparse.SUPPRESS, metavar="K", help=PARSE_JOBS)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    was, _cache.ENABLED = _cache.ENABLED, not args.no_cache  # for this command only
    was_jobs, parse_pool.JOBS = parse_pool.JOBS, args.parse_jobs
    try:
        return args.func(args)
    except (RulesNotFound, MissingExtra) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OutputError as err:  # an output could not be written; the old one, if any, is kept
        print(f"error: {printable(str(err))}", file=sys.stderr)
        return 2
    except OSError as err:
        # a file or directory the user named (an output, a log) cannot be read or written,
        # or the disk is full (ENOSPC, EFBIG): one line, never a traceback
        where = f": {printable(os.path.abspath(os.fsdecode(err.filename)))}" if err.filename is not None else ""
        print(f"error: {err.strerror or err}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        _cache.ENABLED = was
        parse_pool.JOBS = was_jobs


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
