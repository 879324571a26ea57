"""What several commands share: the paths they are given, printing diagnostics and
their summary line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from ..diagnostics import Diagnostic, Severity, printable, render


def colour(stream) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    return hasattr(stream, "isatty") and stream.isatty() and "NO_COLOR" not in os.environ


def to_terminal(text: str, stream) -> str:
    """`text` as written to `stream`: through `printable` when a terminal reads it (a JSON,
    HTML or Markdown output piped to a file stays exact; on a terminal it is shown, never
    obeyed)."""
    isatty = getattr(stream, "isatty", None)
    return printable(text) if isatty is not None and isatty() else text


def missing_paths(paths: list[str]) -> bool:
    """Report each PATH the user named that does not exist, with where it was looked for
    (one line each on stderr); True when there was one (the command then exits 2)."""
    missing = [p for p in paths if not Path(p).exists()]
    for p in missing:
        print(f"error: no such file or directory: {p} (looked for {Path(p).absolute()})", file=sys.stderr)
    if any(Path(p).parts[:1] in (("stdlib",), ("frames",)) for p in missing):
        # the docs' `bpscript check stdlib frames` typed outside the clone it is meant for
        print(CLONE_NOTE, file=sys.stderr)
    return bool(missing)


CLONE_NOTE = ("note: stdlib/ and frames/ are the official rules as a clone of bpscript holds them: run this "
              "from the clone's top directory; elsewhere, check, lint, export and build read the installed "
              "copy when given no PATH")


def no_files(paths: list[str]) -> None:
    """The PATHs exist but hold no `.bps` file."""
    print(f"error: no .bps files found in {', '.join(paths)}", file=sys.stderr)


def ordered(diags: list[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics in reading order: file, line, column, code."""
    return sorted(diags, key=lambda d: (d.span.file, d.span.line, d.span.column, d.code))


def print_diagnostics(diags: list[Diagnostic], sources: dict[str, str], fmt: str = "text", stream=None) -> None:
    stream = stream or sys.stdout
    diags = ordered(diags)
    if fmt == "json":
        print(json.dumps([d.to_json() for d in diags], ensure_ascii=False, indent=2), file=stream)
        return
    use_colour = colour(stream)
    for d in diags:
        print(render(d, sources, use_colour), file=stream)
        print(file=stream)


def summary(diags: list[Diagnostic], files: int, what: str = "") -> str:
    errors = sum(d.severity is Severity.ERROR for d in diags)
    warnings = sum(d.severity is Severity.WARNING for d in diags)
    return f"{files} file(s) checked{what}: {errors} error(s), {warnings} warning(s)"
