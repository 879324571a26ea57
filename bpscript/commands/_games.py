"""What `play`, `simulate` and `replay` share: PATH / --ruleset, the regulation options,
and the one-line errors for a format or frame that does not exist.

Loading is this layer's job: the engine never imports the loader or the parser.
"""

from __future__ import annotations

import sys
from typing import Any

from ._load import paths_option, ruleset_option

DEFAULT_FRAME = "entry20"
#: seeds are the engine's 64-bit integers: what `simulate` and `play` accept is what `replay`
#: accepts in a log, -2**63 < seed < 2**63 (one rule for the three)
MAX_SEED = 2 ** 63


def seeds_problem(first: int, games: int = 1) -> str | None:
    """Why seeds `first` … `first + games - 1` cannot be played and logged, or None."""
    if not -MAX_SEED < first or not first + games - 1 < MAX_SEED:
        seeds = f"the seed {first}" if games == 1 else f"the seeds {first}–{first + games - 1}"
        return f"--seed: {seeds} go beyond the engine's 64-bit seeds (-2**63 < seed < 2**63), which a log " \
               f"must hold to be replayed"[:300]
    return None


def local_jobs(jobs: int, executor: str = "local") -> int:
    """The worker processes to run for `--jobs`: 0 is one per CPU, and more than the CPUs
    only compete, so a local run is capped there with a note (Ray's cluster is not)."""
    from ..load.parse_pool import cores
    if jobs == 0:
        return cores()
    if jobs > cores() and executor == "local":
        print(f"note: --jobs {jobs}: this machine has {cores()} CPU(s); using {cores()} worker processes",
              file=sys.stderr)
        return cores()
    return jobs


def regulation_options(p: Any) -> None:
    paths_option(p, "a homebrew package or other .bps files to play")
    ruleset_option(p)
    p.add_argument("--format", default=None, help="format id (default: the frame's first format)")
    p.add_argument("--frame", default=None, help=f"frame id (default {DEFAULT_FRAME}, or the package's own frame)")


def regulation(rs: Any, fmt: str | None, frame: str | None, owns: Any = None) -> tuple[str, str] | str:
    """The (format, frame) to play, or one line saying why there is none: an unknown format
    or frame (listing the ones the ruleset defines), or a frame not played in that format."""
    where = f"the ruleset {rs.info.name}" if rs.info.name else "these rules"
    if frame is None:
        own = [f for f in rs.frames.values() if owns is not None and owns(f.span.file)]
        frame = own[0].id if own else DEFAULT_FRAME if DEFAULT_FRAME in rs.frames else next(iter(rs.frames), "")
    if frame not in rs.frames:
        return f"unknown frame '{frame}': {where} defines {', '.join(rs.frames) or 'none'}"
    fr = rs.frames[frame]
    if fmt is None:
        fmt = fr.formats[0] if fr.formats else next(iter(rs.formats), "")
    if fmt not in rs.formats:
        return f"unknown format '{fmt}': {where} defines {', '.join(rs.formats) or 'none'}"
    if fr.formats and fmt not in fr.formats:
        return f"frame '{frame}' ({fr.name}) is played in {', '.join(fr.formats)}, not in '{fmt}'"
    return fmt, frame


def not_playable(rs: Any, fmt: str, frame: str) -> str | None:
    """Why the engine cannot play this regulation (a setup step it does not run, a script it
    cannot execute), in one line; None when it can. Said before any game starts, so that no
    worker process has to report it."""
    from ..engine.kernel.game import RegulationNotExecutable
    from ..engine.kernel.rules import Rules
    from ..engine.setup.start import SetupNotSupported, unsupported_steps
    view = rs.view(fmt, frame)
    steps = unsupported_steps(view.frames[frame])
    if steps:
        return str(SetupNotSupported(view.frames[frame], steps))
    rules = Rules(view, fmt, frame)
    if rules.not_executable:
        return f"the engine cannot play {RegulationNotExecutable(fmt, frame, rules.not_executable)}"
    return None


def game_ruleset(args: Any):
    """(name, ruleset, (format, frame), worker loader) for the command's arguments, or an
    error line (exit 2), or None after an error already printed."""
    from functools import partial

    from ._load import load_args, primary, reload
    result = load_args(args)
    if result is None:
        return None
    if result.errors:
        from .common import print_diagnostics
        print_diagnostics(result.errors, result.sources, stream=sys.stderr)  # stdout: the game, the statistics
        return 1
    name, rs = primary(result, args.frame)
    reg = regulation(rs, args.format, args.frame, result.owns(name))
    if isinstance(reg, str):
        return reg
    problem = not_playable(rs, *reg)
    if problem is not None:
        return problem
    loader = partial(reload, list(args.paths or []), args.ruleset, name)
    return name, rs, reg, loader


def ruleset_digest(rs: Any) -> str:
    """The SHA-256 of the ruleset as `export --json` writes it, without the scripts' source
    positions (and, for a package that does not declare its name, without the name of its
    directory): the same rules give the same digest wherever their files lie, and any change
    to a script, a frame or the vocabulary gives another. A log records it so that `replay`
    refuses a game played with other rules instead of reporting it as different."""
    import hashlib
    import json

    from ..backends.json_backend import ruleset_to_json
    data = _without_sources(ruleset_to_json(rs))
    if rs.info.homebrew and rs.info.span.file == "<builtin>":  # named by its directory: not part of its rules
        data["ruleset"].pop("name", None)
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


#: the version of the game log's entries (docs/engine.md#game-logs): 2 adds `schema`,
#: `package` for a homebrew game (which no longer names the package's directory) and the
#: verified `agents` claim; an entry without `schema` is of version 1
LOG_SCHEMA = 2


def legacy_digest(rs: Any) -> str:
    """The digest logs of schema 1 recorded: the package's directory name and a scoped
    override's positions were part of it. `replay` accepts it for those logs only."""
    import hashlib
    import json

    from ..backends.json_backend import ruleset_to_json
    data = ruleset_to_json(rs)
    for script in data["scripts"] + data["scoped_overrides"]:
        script.pop("source", None)
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _without_sources(data: Any) -> Any:
    """`data` without the `source` positions of its items, at any depth (a scoped
    override's scripts hold theirs one level down)."""
    if isinstance(data, dict):
        return {k: _without_sources(v) for k, v in data.items() if k != "source"}
    if isinstance(data, list):
        return [_without_sources(v) for v in data]
    return data


def log_fields(rs: Any) -> dict[str, Any]:
    """What every log entry says about the rules it was played with (see `ruleset_digest`):
    a bundled ruleset by name; a homebrew package by what it says of itself (its declared
    name, if any, its title, its own frames, the ruleset it extends), never by the
    directory it lies in, so that a renamed directory still replays."""
    from .. import __version__
    out: dict[str, Any] = {"schema": LOG_SCHEMA, "ruleset": rs.info.name, "ruleset_digest": ruleset_digest(rs),
                           "bpscript": __version__}
    if rs.info.homebrew:
        declared = rs.info.span.file != "<builtin>"  # an undeclared package is named by its directory
        out["ruleset"] = None
        out["package"] = {"name": rs.info.name if declared else None, "title": rs.info.title,
                          "frames": [f.id for f in rs.own_frames()], "extends": rs.info.base.name}
    return out
