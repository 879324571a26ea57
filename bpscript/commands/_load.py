"""What every command that reads rules shares: `PATH…` and `--ruleset NAME`.

With no PATH a command reads a bundled ruleset (`--ruleset`, default blackpoker-8.2);
with PATHs it reads them as `bpscript.load.loader.load` sorts them (a homebrew package on its
base, a file of a bundled ruleset with the whole of it), `--ruleset` naming the ruleset
loose files are read on. Problems the user can fix by retyping the command are one line
on stderr and exit 2.
"""

from __future__ import annotations

import sys
from typing import Any

from .common import missing_paths, no_files


def ruleset_option(p: Any) -> None:
    p.add_argument("--ruleset", metavar="NAME",
                   help="a bundled ruleset: blackpoker-8.2 (the default) or blackpoker-9.0; with PATHs, the ruleset "
                        "that files without `extends` build on")


def paths_option(p: Any, what: str = "files or directories of .bps files") -> None:
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help=f"{what} (default: the bundled ruleset named by --ruleset)")


def load_args(args: Any):
    """The LoadResult for the command's PATHs and --ruleset, or None after printing why
    there is none (the command exits 2)."""
    from ..load.loader import UnknownRuleset, load, load_bundled
    paths = list(getattr(args, "paths", None) or [])
    name = getattr(args, "ruleset", None)
    if missing_paths(paths):
        return None
    try:
        result = load(paths, ruleset=name) if paths else load_bundled(name or default_ruleset())
    except UnknownRuleset as err:
        print(f"error: {err}", file=sys.stderr)
        return None
    if result.files == 0 and not result.diagnostics:
        no_files(paths)
        return None
    return result


def default_ruleset() -> str:
    from ..load.catalog import DEFAULT
    return DEFAULT


def primary(result, frame: str | None = None) -> tuple[str, Any]:
    """The ruleset a command acts on when PATHs hold several: the one defining `frame`
    in the files given, else a homebrew package, else the first found."""
    if frame is not None:
        for name, rs in result.rulesets:
            fr = rs.frames.get(frame)
            owns = result.owns(name)
            if fr is not None and (owns is None or owns(fr.span.file)):
                return name, rs
    for name, rs in result.rulesets:
        if rs.info.homebrew:
            return name, rs
    return result.rulesets[0]


def reload(paths: list[str], ruleset: str | None, name: str) -> Any:
    """The ruleset `name` of `paths`, loaded again (for worker processes: picklable)."""
    from ..load.loader import load, load_bundled
    result = load(paths, ruleset=ruleset) if paths else load_bundled(ruleset or default_ruleset())
    return dict(result.rulesets)[name]
