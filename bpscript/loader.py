"""Find `.bps` files, parse them, and resolve them into rulesets.

Files that say `extends "blackpoker-8.2"` form a homebrew package (the directory
they stand in): it is resolved on top of its own copy of the bundled official
rules, so a homebrew override never leaks into the official ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .bundled import FRAMES, STDLIB, RulesNotFound, rules_root
from .diagnostics import Diagnostic
from .model import Ruleset
from .resolve import resolve
from .source import Span
from .syntax import ast
from .syntax.parser import parse_module
from .typecheck import check_ruleset

BASE_NAME = "blackpoker-8.2"


def display_path(path: Path) -> str:
    """A stable name for a file: relative to the rules root (the bundled rules, or the
    repository of a source checkout), so a bundled file is `stdlib/10-basic.bps` wherever
    bpscript is installed and generated output never depends on the install location;
    any other file relative to the working directory, else as given."""
    resolved = path.resolve()
    anchors = [Path.cwd().resolve()]
    try:
        anchors.insert(0, rules_root().resolve())
    except RulesNotFound:
        pass  # no bundled rules: user files are still named relative to the working directory
    for anchor in anchors:
        try:
            return resolved.relative_to(anchor).as_posix()
        except ValueError:
            continue
    return str(path)


def find_files(paths: list[str | Path]) -> tuple[list[Path], list[Diagnostic]]:
    files: list[Path] = []
    diags: list[Diagnostic] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(sorted(p.rglob("*.bps")))
        elif p.is_file():
            files.append(p)
        else:
            diags.append(Diagnostic("E000", f"no such file or directory: {p}", Span(str(p), 1, 1, 1, 1)))
    seen: set[Path] = set()
    unique = []
    for f in files:
        r = f.resolve()
        if r not in seen:
            seen.add(r)
            unique.append(f)
    return unique, diags


def read_module(path: Path) -> tuple[ast.Module, list[Diagnostic]]:
    name = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        return ast.Module(name, ""), [Diagnostic("E004", f"not UTF-8 text ({err.reason} at byte {err.start})",
                                                 Span(name, 1, 1, 1, 2))]
    except OSError as err:
        return ast.Module(name, ""), [Diagnostic("E000", f"cannot read: {err.strerror}", Span(name, 1, 1, 1, 2))]
    return parse_module(text, name)


def base_files() -> list[Path]:
    """The official scripts: stdlib/ and every frame directory that extends nothing
    (`RulesNotFound` when the bundled rules are missing)."""
    root = rules_root()
    files = sorted((root / STDLIB).rglob("*.bps"))
    for f in sorted((root / FRAMES).rglob("*.bps")):
        if not _is_homebrew(f.parent):
            files.append(f)
    return files


def _is_homebrew(directory: Path) -> bool:
    for f in directory.glob("*.bps"):
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if any(line.startswith("extends ") for line in text.splitlines()):
            return True
    return False


@dataclass
class LoadResult:
    """The rulesets found (the main one first, then one per homebrew package)."""

    rulesets: list[tuple[str, Ruleset]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    files: int = 0
    user_files: set[str] = field(default_factory=set)

    def own_scripts(self) -> int:
        """Scripts defined in the files asked for (not the base a package extends)."""
        return len({s.id + s.span.file for _, rs in self.rulesets for s in rs.scripts.values()
                    if s.span.file in self.user_files})

    @property
    def ruleset(self) -> Ruleset:
        return self.rulesets[0][1]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity.value == "error"]


def load(paths: list[str | Path], typecheck: bool = True) -> LoadResult:
    """Parse and resolve everything under `paths`."""
    result = LoadResult()
    files, result.diagnostics = find_files(paths)
    result.files = len(files)
    main: list[tuple[ast.Module, str]] = []
    packages: dict[str, list[tuple[ast.Module, str]]] = {}
    for f in files:
        module, diags = read_module(f)
        result.sources[module.path] = module.text
        result.user_files.add(module.path)
        result.diagnostics.extend(diags)
        bases = [i for i in module.items if isinstance(i, ast.UseBase)]
        for b in bases:
            if b.base.value != BASE_NAME:
                result.diagnostics.append(Diagnostic("E203", f"unknown base '{b.base.value}'", b.span,
                                                     expected=f'extends "{BASE_NAME}"'))
        if bases:
            packages.setdefault(display_path(f.parent), []).append((module, "user"))
        else:
            main.append((module, "user"))
    if main or not packages:
        _add(result, "main", main, typecheck, report_all=True)
    if packages:
        base_modules = []
        for f in base_files():
            module, _ = read_module(f)
            base_modules.append((module, "base"))
        for name, modules in packages.items():
            own = {mod.path for mod, _ in modules}
            _add(result, name, base_modules + modules, typecheck, report_all=False, own=own)
    return result


def _add(result: LoadResult, name: str, modules, typecheck: bool, report_all: bool, own: set[str] = frozenset()):
    rs, diags = resolve(modules)
    if typecheck:
        diags += check_ruleset(rs)
    result.rulesets.append((name, rs))
    for d in diags:
        if report_all or d.span.file in own:
            result.diagnostics.append(d)
    for mod, _ in modules:
        result.sources.setdefault(mod.path, mod.text)


def load_official() -> LoadResult:
    """The bundled official rules (stdlib + official frames) as one ruleset."""
    return load(base_files())
