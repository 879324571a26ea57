"""Find `.bps` files, parse them, and resolve them into rulesets.

The files asked for are sorted into rulesets:

- a file of a bundled ruleset (its `stdlib/` directory, or a frame directory it
  includes, `bpscript.load.catalog`) is loaded with the whole of that ruleset; a file of a
  clone's `stdlib/` or `frames/` binds to the rulesets of that clone (`catalog.holding`),
  whichever copy of the rules is installed;
- files that say `extends "NAME"` form a homebrew *package* (the directory they stand
  in), resolved on top of its own copy of the bundled ruleset NAME, so a homebrew
  override never leaks into the official rules;
- a directory that declares a `ruleset` of its own is a ruleset of its own;
- any other file is loaded on its own ("main"), or on top of `ruleset=` when given, or
  on top of the one bundled ruleset whose files are given with it.

Diagnostics are reported for the files asked for; the rest is context.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from .. import cache as _cache
from . import catalog, parse_pool
from ..collector import fewer_collections
from ..bundled import FRAMES, STDLIB, RulesNotFound, rules_root
from ..diagnostics import Diagnostic, Severity
from ..model.ruleset import Ruleset, RulesetInfo
from .package import WORDS, declares_rules, no_ruleset, package_of
from .paths import is_loop, real, scan
from ..check.resolve import resolve
from ..source import Span
from ..syntax import ast
from ..syntax.parser import literals, parse_module, parse_text
from ..check.typecheck import check_ruleset

BASE_NAME = catalog.DEFAULT  # the ruleset used when none is named


def display_path(path: Path) -> str:
    """A stable name for a file: relative to the rules root (the bundled rules, or the
    repository of a source checkout), so a bundled file is `stdlib/…/10-basic.bps` wherever
    bpscript is installed and generated output never depends on the install location;
    any other file relative to the working directory, else as given."""
    resolved = real(path)
    anchors = [real(Path.cwd())]
    try:
        anchors.insert(0, real(rules_root()))
    except RulesNotFound:
        pass  # no bundled rules: user files are still named relative to the working directory
    for anchor in anchors:
        try:
            return resolved.relative_to(anchor).as_posix()
        except ValueError:
            continue
    return str(path)


#: In-memory sources by resolved path: the text an editor holds for a file, saved or not.
Overlay = Mapping[Path, str]


def overlay_of(texts: Mapping[str | Path, str] | None) -> dict[Path, str]:
    """Key in-memory sources by resolved path, so any spelling of a path finds its text."""
    return {real(Path(k)): v for k, v in (texts or {}).items()}


def find_files(paths: list[str | Path], overlay: Overlay | None = None) -> tuple[list[Path], list[Diagnostic]]:
    files: list[Path] = []
    diags: list[Diagnostic] = []
    overlay = overlay or {}
    for p in map(Path, paths):
        if p.is_dir():
            inside, outside = scan(p)
            found = set(inside)
            for link in outside:
                why = "a symbolic link that leads round in a loop" if is_loop(link) else \
                    f"a symbolic link to a file outside {p}"
                diags.append(Diagnostic("W001", f"not read: {display_path(link)} is {why}",
                                        Span(display_path(link), 1, 1, 1, 1), Severity.WARNING))
            root = real(p)
            found.update(k for k in overlay if k.suffix == ".bps" and root in k.parents)
            files.extend(sorted(found))
        elif p.is_file() or real(p) in overlay:
            files.append(p)
        else:
            diags.append(Diagnostic("E000", f"no such file or directory: {p}", Span(str(p), 1, 1, 1, 1)))
    seen: set[Path] = set()
    unique = []
    for f in files:
        r = real(f)
        if r not in seen:
            seen.add(r)
            unique.append(f)
    return unique, diags


_PARSED: dict[tuple[str, str, int, int], tuple[ast.Module, list[Diagnostic]]] = {}


def read_module(path: Path, overlay: Overlay | None = None) -> tuple[ast.Module, list[Diagnostic]]:
    """Parse one file (or the text `overlay` holds for it); a file unchanged since it was
    last parsed is not parsed again (the syntax tree is never changed by what reads it)."""
    name = display_path(path)
    if overlay and real(path) in overlay:
        return parse_module(overlay[real(path)], name)
    try:
        st = path.stat()
        key = (str(real(path)), name, st.st_mtime_ns, st.st_size)
    except OSError:
        key = None
    if key is not None and key in _PARSED:
        return _PARSED[key]
    try:
        data = path.read_bytes()
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        return ast.Module(name, data.decode("utf-8", "replace")), [not_utf8(name, data, err)]
    except OSError as err:
        return ast.Module(name, ""), [Diagnostic("E000", f"cannot read: {err.strerror}", Span(name, 1, 1, 1, 2))]
    parsed = parse_module(text, name)
    if key is not None:
        if len(_PARSED) > 512:
            _PARSED.clear()
        _PARSED[key] = parsed
    return parsed


def read_modules(paths: list[Path]) -> list[tuple[ast.Module, list[Diagnostic]]]:
    """`read_module` of each path (what a worker process of `parse_pool` runs)."""
    return [read_module(p) for p in paths]


def _read_all(files: list[Path], texts: Overlay):
    """(file, its module and diagnostics) for each file, in order: parsed in worker
    processes when the files are many (`parse_pool`; never with an overlay, an editor's
    load), else here one by one."""
    jobs = 1 if texts else parse_pool.workers_for(files)
    if jobs <= 1:
        for f in files:
            yield f, read_module(f, texts)
        return
    parse_text(), literals()  # built once here: forked workers share them
    yield from parse_pool.parse_many(read_modules, files, jobs, _stopped)


def _stopped(f: Path, why: str) -> tuple[ast.Module, list[Diagnostic]]:
    """The result for a file whose worker process stopped before parsing it."""
    name = display_path(f)
    return ast.Module(name, ""), [Diagnostic("E000", f"not parsed: {why} (check again with --parse-jobs 1)",
                                             Span(name, 1, 1, 1, 2))]


def not_utf8(name: str, data: bytes, err: UnicodeDecodeError) -> Diagnostic:
    """E004 at the line and column of the first byte that is not UTF-8, naming the byte
    (the excerpt shows the line decoded with U+FFFD in its place)."""
    line_start = data.rfind(b"\n", 0, err.start) + 1
    line = data.count(b"\n", 0, err.start) + 1
    column = len(data[line_start:err.start].decode("utf-8", "replace")) + 1
    return Diagnostic("E004", f"not UTF-8 text: byte 0x{data[err.start]:02x} ({err.reason})",
                      Span(name, line, column, line, column + 1),
                      expected="a file saved as UTF-8 (convert it, e.g. `iconv -f SHIFT_JIS -t UTF-8`)")


def base_files(name: str = BASE_NAME) -> list[Path]:
    """The files of a bundled ruleset: its stdlib/ directory and the frame directories it
    includes (`RulesNotFound` when the bundled rules are missing, `KeyError` when no
    bundled ruleset has this name)."""
    return catalog.catalog()[name].files()


@dataclass
class LoadResult:
    """The rulesets found (in the order their files were given) and what was reported."""

    rulesets: list[tuple[str, Ruleset]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    files: int = 0
    user_files: set[str] = field(default_factory=set)
    #: the files each ruleset reports on (those asked for), by ruleset name
    owned: dict[str, frozenset[str]] = field(default_factory=dict)
    #: the key of this load in the cache (`bpscript.cache`) when it was cached, for
    #: results derived from it (a lint report)
    cache_key: str | None = None

    def own_scripts(self) -> int:
        """Scripts defined in the files asked for (not the base a package extends)."""
        return len({s.id + str(s.span) for _, rs in self.rulesets
                    for s in [*rs.scripts.values(), *(o for overs in rs.scoped.values() for o in overs)]
                    if s.span.file in self.user_files})

    def owns(self, name: str):
        """Whether a file is one the ruleset `name` reports on (None: every file is)."""
        files = self.owned.get(name)
        return None if files is None else files.__contains__

    @property
    def ruleset(self) -> Ruleset:
        return self.rulesets[0][1]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity.value == "error"]


class UnknownRuleset(LookupError):
    """`--ruleset NAME` names no bundled ruleset; the message lists those that exist."""


def bundled_ruleset(name: str) -> catalog.BundledRuleset:
    """The bundled ruleset `name` (`UnknownRuleset`, naming those that exist, when there is none)."""
    found = catalog.catalog().get(name)
    if found is None:
        raise UnknownRuleset(f"unknown ruleset '{name}': the bundled rules in {rules_root()} define "
                             f"{', '.join(catalog.names()) or 'none'}")
    return found


def load(paths: list[str | Path], typecheck: bool = True, ruleset: str | None = None,
         overlay: Mapping[str | Path, str] | None = None, cache: bool | None = None) -> LoadResult:
    """Parse and resolve everything under `paths` (see the module docstring); `ruleset`
    names the bundled ruleset loose files are loaded on, and is the only bundled ruleset
    loaded for files of several (`UnknownRuleset` when there is none of that name).

    `overlay` gives the text of some files instead of what is on disk (an editor's
    unsaved buffers); a file in it counts as present even if it was never saved. With
    `cache` (default: `cache.ENABLED`, on for the command line; never with an overlay) a
    second load of the same files reads the result back from the user's cache directory
    (`bpscript.cache`).
    """
    if ruleset is not None:
        bundled_ruleset(ruleset)
    files, found = find_files(paths, overlay_of(overlay))
    if overlay or not (_cache.ENABLED if cache is None else cache):
        return _load(files, found, typecheck, ruleset, overlay)
    k = _key(files, typecheck, ruleset)
    hit = _cache.get(k)
    if isinstance(hit, LoadResult):
        return hit
    result = _load(files, found, typecheck, ruleset, overlay)
    result.cache_key = k
    _cache.put(k, result)
    return result


def cache_key(paths: list[str | Path], typecheck: bool = True, ruleset: str | None = None) -> str | None:
    """The cache key `load(paths)` would use (None when the cache is off): what is derived
    from the load alone can be looked up without loading."""
    return _key(find_files(paths)[0], typecheck, ruleset) if _cache.ENABLED else None


def _key(files: list[Path], typecheck: bool, ruleset: str | None) -> str:
    try:
        roots = [real(rules_root())]
    except RulesNotFound:
        roots = []
    installed = str(roots[0]) if roots else "none"  # a package's base comes from there alone
    roots += sorted({t for t in map(catalog.tree_of, files) if t is not None} - set(roots))  # a clone's rules
    bundled = sorted(p for root in roots for d in (STDLIB, FRAMES) for p in (root / d).rglob("*")
                     if p.suffix in (".bps", ".yaml"))
    # the files asked for (a bundled one by its place and time of change, any other by its
    # bytes), then every bundled file a load may read (the rulesets files are loaded on)
    asked = [str(f) for f in files]
    mine = [f for f in files
            if not any(real(f).is_relative_to(root / d) for root in roots for d in (STDLIB, FRAMES))]
    return _cache.key(mine, f"typecheck={typecheck} ruleset={ruleset} asked={asked} installed={installed}", bundled)


def _load(files: list[Path], found: list[Diagnostic], typecheck: bool, ruleset: str | None,
          overlay: Mapping[str | Path, str] | None) -> LoadResult:
    """`load` without the cache, with the garbage collector's thresholds raised: a load
    builds a great many objects that all stay (`collector`)."""
    with fewer_collections():
        return _load_files(files, found, typecheck, ruleset, overlay)


def _load_files(files: list[Path], found: list[Diagnostic], typecheck: bool, ruleset: str | None,
                overlay: Mapping[str | Path, str] | None) -> LoadResult:
    result = LoadResult()
    texts = overlay_of(overlay)
    result.diagnostics = found
    result.files = len(files)
    loose: list[tuple[Path, ast.Module]] = []
    packages: dict[str, tuple[str, list[ast.Module]]] = {}
    package_dirs: dict[Path, str] = {}
    rulesets: dict[str, tuple[catalog.BundledRuleset | None, list[ast.Module]]] = {}
    own_dirs = _declaring_dirs(files)
    for f, (module, diags) in _read_all(files, texts):
        result.sources[module.path] = module.text
        result.user_files.add(module.path)
        result.diagnostics.extend(diags)
        bases = [i for i in module.items if isinstance(i, ast.UseBase)]
        if bases:
            base = _base(bases, result)
            packages.setdefault(display_path(f.parent), (base, []))[1].append(module)
            package_dirs.setdefault(f.resolve().parent, display_path(f.parent))
            continue
        home = _home(f, own_dirs)
        if home is None:
            holders = catalog.holding(f)
            if ruleset is not None and any(b.name == ruleset for b in holders):
                holders = [b for b in holders if b.name == ruleset]
            for b in holders:
                rulesets.setdefault(b.name, (b, []))[1].append(module)
            if not holders:
                loose.append((f, module))
        else:
            rulesets.setdefault(str(home), (None, []))[1].append(module)
    loose = _join_packages(loose, packages, package_dirs)
    given = {mod.path for _, mods in rulesets.values() for mod in mods}
    holding = [k for k, (b, mods) in rulesets.items() if b is not None and {mod.path for mod in mods} == given]
    if loose and ruleset is None and len(holding) == 1 and not packages \
            and all(b is not None for b, _ in rulesets.values()):
        # loose files given with files of one bundled ruleset (every one of them its) are read on top of it
        ruleset = holding[0]
        rulesets.clear()
    if loose or not (packages or rulesets):
        if ruleset is None:
            _add(result, "main", [(mod, "user") for _, mod in loose], typecheck, None, bare=_bare(loose))
        else:
            packages["main"] = (ruleset, [mod for _, mod in loose])
    for key, (bundle, modules) in rulesets.items():
        own = {mod.path for mod in modules}
        if bundle is not None:  # the whole ruleset, in its own order
            modules = [read_module(f, texts)[0] for f in bundle.files()]
        _add(result, key, [(mod, "user") for mod in modules], typecheck, own, rename=True)
    for name, (base, modules) in packages.items():
        own = {mod.path for mod in modules}
        base_modules = [(read_module(f, texts)[0], "base") for f in bundled_ruleset(base).files()]
        _add(result, name, base_modules + [(mod, "user") for mod in modules], typecheck, own, package=name)
    return result


def _join_packages(loose: list[tuple[Path, ast.Module]], packages: dict[str, tuple[str, list[ast.Module]]],
                   dirs: dict[Path, str]) -> list[tuple[Path, ast.Module]]:
    """A file without `extends` in (or under) the directory of a package loaded with it
    joins that package (`bpscript.load.package`); the files left are loose."""
    left = []
    for f, module in loose:
        key = package_of(f, dirs)
        if key is None:
            left.append((f, module))
        else:
            packages[key][1].append(module)
    return left


def _bare(loose: list[tuple[Path, ast.Module]]) -> dict[str, Diagnostic]:
    """E207 by file, for loose files read with no rules at all (none of them declares any)."""
    if any(declares_rules(mod) for _, mod in loose):
        return {}
    found = {mod.path: no_ruleset(mod, f, BASE_NAME) for f, mod in loose}
    return {k: d for k, d in found.items() if d is not None}


def _base(bases: list[ast.UseBase], result: LoadResult) -> str:
    """The ruleset a package file extends (the default when it names an unknown one)."""
    names = _catalog_or_empty()
    for b in bases:
        if b.base.value not in names:
            shown = " or ".join(f'extends "{n}"' for n in names) or f'extends "{BASE_NAME}"'
            result.diagnostics.append(Diagnostic("E203", f"unknown base '{b.base.value}'", b.span, expected=shown))
    found = [b.base.value for b in bases if b.base.value in names]
    return found[0] if found else BASE_NAME


def _catalog_or_empty() -> dict[str, catalog.BundledRuleset]:
    try:
        return catalog.catalog()
    except RulesNotFound:
        return {}


def _declaring_dirs(files: list[Path]) -> list[Path]:
    """Directories outside the bundle whose files declare a `ruleset`: each is a ruleset."""
    out = []
    for d in sorted({real(f.parent) for f in files}):
        if catalog.holding(d):
            continue
        if catalog.declaration(d) is not None and not any(o in d.parents for o in out):
            out.append(d)
    return out


def _home(f: Path, own_dirs: list[Path]) -> Path | None:
    r = real(f)
    return next((d for d in own_dirs if d in r.parents), None)


def _add(result: LoadResult, name: str, modules, typecheck: bool, own: set[str] | None,
         rename: bool = False, package: str | None = None, bare: dict[str, Diagnostic] | None = None) -> None:
    """Resolve (and check) one ruleset; `bare` replaces every error of a file read with no
    rules by its one E207."""
    rs, diags = resolve(modules)
    if typecheck:
        diags += check_ruleset(rs)
    if bare:  # the word errors of a file read with no rules become its one E207
        dropped = {d.span.file for d in diags if d.span.file in bare and d.code in WORDS}
        diags = [d for d in diags if d.span.file not in dropped or d.code not in WORDS] + \
            [bare[f] for f in sorted(dropped)]
    if rename and rs.info.name:
        name = rs.info.name
    if package is not None:
        base = rs.info if not rs.info.base else rs.info.base
        if not rs.info.homebrew:  # the package did not declare itself: named by its directory and frames
            short = os.path.basename(package.rstrip("/")) or package
            rs.info = RulesetInfo(short, " / ".join(f.name for f in rs.own_frames()) or short, base=base)
    result.rulesets.append((name, rs))
    if own is not None:
        result.owned[name] = frozenset(own)
    seen = {(d.code, d.span, d.message) for d in result.diagnostics}
    for d in diags:  # a frame two rulesets include is reported once
        if (own is None or d.span.file in own) and (d.code, d.span, d.message) not in seen:
            result.diagnostics.append(d)
    for mod, _ in modules:
        result.sources.setdefault(mod.path, mod.text)


def load_bundled(name: str = BASE_NAME) -> LoadResult:
    """A bundled ruleset, whole (`UnknownRuleset` when there is none of that name)."""
    return load(bundled_ruleset(name).files(), ruleset=name)


def load_official() -> LoadResult:
    """The default bundled ruleset (official 8.2: stdlib + official frames)."""
    return load_bundled(BASE_NAME)
