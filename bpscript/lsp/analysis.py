"""What the server knows about a document: its package loaded (with the editor's open
buffers in place of the files on disk), checked and linted, exactly as `bpscript check`
and `bpscript lint` would see it — G4's engine search aside.

A document's package is the bundled ruleset it belongs to (its stdlib/ directory and the
frames it includes, `bpscript.load.catalog`) when it is one of those files, and otherwise the
directory it stands in: a homebrew package (`extends`) is then resolved on top of its own
copy of the ruleset it extends, as the loader does. A document with no directory (an
`untitled:` buffer, a file whose directory does not exist yet) is a package of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from ..diagnostics import Diagnostic
from ..lint.core import LintReport
from ..lint.runner import lint_result
from ..load.catalog import catalog
from ..load.loader import LoadResult, display_path, find_files, load, overlay_of
from ..model.ruleset import Ruleset, Script
from ..syntax import ast
from ..syntax.parser import parse_module


def package_of(path: Path, alone: bool = False) -> tuple[str, list[Path]]:
    """The key and the load paths of the package `path` belongs to; `alone`: a document
    with no directory to share (never saved, or saved where no directory is yet), its own."""
    path = path.resolve()
    if alone:
        return str(path), [path]
    for name, bundle in catalog().items():
        files = [p.resolve() for p in bundle.files()]
        if path in files:
            return name, files
    return str(path.parent), [path.parent]


@dataclass
class Analysis:
    """One load of a package: its rulesets, its diagnostics and where its files are."""

    key: str
    result: LoadResult
    report: LintReport
    paths: dict[str, Path] = field(default_factory=dict)  # display name → file

    def name_of(self, path: Path) -> str:
        return display_path(path)

    def diagnostics(self, path: Path) -> list[Diagnostic]:
        """What `check` + `lint` report for this file, in source order, each once."""
        name = self.name_of(path)
        seen: set[tuple] = set()
        out = []
        for f in self.report.findings:
            d = f.diagnostic
            key = (d.code, d.span, d.message)
            if d.span.file == name and key not in seen:
                seen.add(key)
                out.append(d)
        return sorted(out, key=lambda d: (d.span.line, d.span.column, d.code))

    def ruleset(self, path: Path) -> Ruleset | None:
        """The ruleset the file is part of (a package's, over the base, before the main one)."""
        name = self.name_of(path)
        for _, rs in reversed(self.result.rulesets):
            if name in rs.sources:
                return rs
        return self.result.rulesets[0][1] if self.result.rulesets else None

    def text(self, name: str) -> str | None:
        return self.result.sources.get(name)

    def locate(self, script: Script) -> tuple[Path, str] | None:
        """The file (and its text) a script was written in."""
        path = self.paths.get(script.span.file)
        text = self.text(script.span.file)
        return (path, text) if path is not None and text is not None else None


def analyse(path: Path, overlay: Mapping[str | Path, str], alone: bool = False) -> Analysis:
    """Load, check and lint the package of `path` with `overlay` (open buffers) on top."""
    key, paths = package_of(path, alone)
    texts = overlay_of(overlay)
    result = load(list(paths), overlay=texts)
    report = lint_result(result, engine=None)
    files, _ = find_files(list(paths), texts)
    bundled = [p for bundle in catalog().values() for p in bundle.files()]
    where = {display_path(p): p.resolve() for p in list(files) + bundled}
    return Analysis(key, result, report, where)


def module_of(text: str, path: Path) -> ast.Module:
    """The items of the document that parse (the rest are reported as diagnostics)."""
    module, _ = parse_module(text, display_path(path))
    return module


def script_at(module: ast.Module, line: int) -> ast.ScriptNode | None:
    """The script whose text holds the 1-based `line`."""
    for item in module.items:
        if isinstance(item, ast.ScriptNode) and item.span.line <= line <= item.span.end_line:
            return item
    return None
