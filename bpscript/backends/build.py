"""`bpscript build`: every backend's output for a ruleset, as bytes by path.

Backends register a function `(ruleset) -> {relative path: bytes}`. The build is
deterministic (same input → same bytes); `--check` compares with `generated/`
without writing. Each ruleset's directory is replaced whole, in one step, and only when
all of it is bpscript's (bpscript/write/tree.py).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # the command line reads BACKENDS at start-up: no model import for it
    from ..model.ruleset import Ruleset

Backend = Callable[["Ruleset"], dict[str, bytes]]
#: every backend: its name, in the order they run, and the module of `bpscript.backends`
#: with its `build_<name>` function (pdf only where WeasyPrint is installed)
_MODULES = {"json": "json_backend", "python": "python_backend", "html": "html_backend",
            "markdown": "markdown_backend", "rst": "rst_backend", "csv": "csv_backend", "pdf": "pdf_backend"}
BACKENDS = tuple(_MODULES)


def backends() -> list[tuple[str, Backend]]:
    """(name, function) for every backend; PDF only where WeasyPrint is installed."""
    import importlib
    out: list[tuple[str, Backend]] = []
    for name, module in _MODULES.items():
        try:
            mod = importlib.import_module(f".{module}", __package__)
        except ImportError:  # the optional `pdf` extra is not installed
            if name != "pdf":
                raise
            log("PDF skipped: WeasyPrint is not installed (pip install 'bpscript[pdf]')")
            continue
        out.append((name, getattr(mod, f"build_{name}")))
    return out


#: the backends that list a ruleset whole: for a homebrew package they get what the package
#: adds (`Ruleset.package()`); the pages and PDFs choose the package's frames themselves
WHOLE = ("json", "python", "rst", "csv")


#: the RST layouts: a chapter per format and frame (the default), or the official
#: generator's documents (`backends.rst_official`)
RST_LAYOUTS = ("chapters", "official")


def render_all(rs: Ruleset, only: set[str] | None = None, progress: Callable[[str], None] | None = None,
               rst_layout: str = "chapters", rst_prefix: str = "") -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    own = rs.package()
    for name, fn in backends():
        if only and name not in only:
            continue
        if progress:
            progress(name)
        if name == "rst" and rst_layout == "official":
            from .rst_official import build_official_rst
            files.update(build_official_rst(own, rst_prefix))
            continue
        files.update(fn(own if name in WHOLE else rs))
    return dict(sorted(files.items()))


def render_ruleset(rs: Ruleset, only: set[str] | None = None, progress: Callable[[str], None] | None = None,
                   rst_layout: str = "chapters", rst_prefix: str = "") -> dict[str, bytes]:
    """Every output of one ruleset; with its change history when it follows a bundled
    ruleset (`ruleset … { follows: "…" }`): html/changes.html, markdown/changes.md."""
    files = render_all(rs, only, progress, rst_layout, rst_prefix)
    follows = rs.info.follows
    if follows and (only is None or only & {"html", "markdown"}):
        from . import changes
        from .diff import diff_rulesets
        from ..load.loader import UnknownRuleset, load_bundled
        if progress:
            progress("changes")
        try:
            old = load_bundled(follows).ruleset
        except UnknownRuleset:
            log(f"no change history: {rs.info.name} follows {follows}, which is not bundled")
            return files
        diff = diff_rulesets(old, rs)
        if only is None or "html" in only:
            from .html_backend import render_pages
            files["html/changes.html"] = changes.render_html(diff, rs).encode("utf-8")
            for name, text in render_pages(rs, changes=True).items():  # the pages link to it
                files[f"html/{name}"] = text.encode("utf-8")
        if only is None or "markdown" in only:
            files["markdown/changes.md"] = changes.render_markdown(diff).encode("utf-8")
    return dict(sorted(files.items()))


def directory_name(name: str) -> str:
    """The directory a ruleset's outputs go to: its name as one path segment that every
    file system takes (catalog.output_directory, which the pages' links use too)."""
    from ..load.catalog import output_directory
    return output_directory(name)


def diff(target: Path, files: dict[str, bytes], unbuilt: tuple[str, ...] = ()) -> list[str]:
    """Paths that a build of `files` into `target` would add, change or remove. Paths under
    `unbuilt` (the directories of backends not installed here, `pdf/`) are left out on both
    sides, in the MANIFEST too: a build that cannot make PDFs cannot say they are stale."""
    from ..write.tree import changed_paths, read_manifest
    return changed_paths(target, files, read_manifest(target), unbuilt)


def unbuilt() -> tuple[str, ...]:
    """The output directories of the backends this install cannot run (`pdf/` without WeasyPrint)."""
    from ..extras import installed
    return () if installed("pdf") else ("pdf/",)


def write(target: Path, files: dict[str, bytes], only: set[str] | None = None,
          unbuilt: tuple[str, ...] = ()) -> list[str]:
    """Make `target` hold `files` in one swap (with `only`, the backends a partial build
    ran, it keeps the other backends' files), removing only what bpscript wrote there
    (bpscript/write/tree.py); the paths that changed. The files under `unbuilt` (`pdf/`
    where WeasyPrint is missing) are kept as they are: a build that cannot make the PDFs
    does not remove the ones built before (a clone's committed generated/)."""
    from ..write.tree import publish
    if unbuilt and only is None:  # as a partial build of every backend it can run
        only = set(BACKENDS) - {u.rstrip("/") for u in unbuilt}
    return publish(target.parent, target.name, files, only)


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)
