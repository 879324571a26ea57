"""The bundled rulesets: each directory of `stdlib/` that declares a `ruleset`, and the
directories of `frames/` it includes.

    stdlib/blackpoker-8.2/00-ruleset.bps   ruleset "blackpoker-8.2" "…" { includes: "10-entry20", … }
    stdlib/blackpoker-9.0/00-ruleset.bps   ruleset "blackpoker-9.0" "…" { includes: "10-entry20" }

A ruleset is self-contained: it is its own directory plus the frame directories it names
(9.0 ライト plays 8.2's エントリー20, so both include `frames/10-entry20`). Nothing else is
loaded with it. `extends "NAME"` and `--ruleset NAME` name one of these.

A *rules tree* is any directory laid out like the bundled rules (`stdlib/` and `frames/`
side by side: a clone of the repository). Its files bind to the rulesets of that tree,
not to the installed copy, so `bpscript check stdlib frames` in a clone gives the same
result whether bpscript was installed from it editable, with pip or with pipx.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..bundled import DEFAULT_RULESET, FRAMES, STDLIB, RulesNotFound, rules_root
from .paths import real, scan
from ..syntax import ast
from ..syntax.parser import parse_module

DEFAULT = DEFAULT_RULESET
"""The ruleset a command uses when none is named."""


@dataclass(frozen=True)
class BundledRuleset:
    """One bundled ruleset: its name, its directory and the frame directories it includes."""

    name: str
    directory: Path
    frames: tuple[Path, ...]
    missing: tuple[str, ...] = ()  # frame directories it names that do not exist

    def files(self) -> list[Path]:
        files = sorted(self.directory.rglob("*.bps"))
        for d in self.frames:
            files += sorted(d.rglob("*.bps"))
        return files

    def holds(self, path: Path) -> bool:
        """Whether `path` (a file or directory) is one of this ruleset's files or directories."""
        p = path.resolve()
        return any(p == d or d in p.parents for d in (self.directory.resolve(), *(f.resolve() for f in self.frames)))


def declaration(directory: Path) -> ast.RulesetNode | None:
    """The `ruleset` item of a directory's files (the first one found), if any."""
    for f in scan(directory)[0]:  # a link to a file outside is never read
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if not any(line.startswith("ruleset ") for line in text.splitlines()):
            continue
        module, _ = parse_module(text, str(f))
        for item in module.items:
            if isinstance(item, ast.RulesetNode):
                return item
    return None


def frame_dirs(node: ast.RulesetNode) -> list[str]:
    """The frame directories a ruleset declaration names (`includes: "10-entry20", …`)."""
    return [str(v.value) for a in node.attrs if a.key.value == "includes" for v in a.values]


@lru_cache(maxsize=8)
def _catalog(root: str) -> dict[str, BundledRuleset]:
    found: dict[str, BundledRuleset] = {}
    base = Path(root)
    for directory in sorted(p for p in (base / STDLIB).iterdir() if p.is_dir()):
        node = declaration(directory)
        if node is None or node.name.value in found:
            continue
        names = frame_dirs(node)
        frames = tuple(base / FRAMES / n for n in names if (base / FRAMES / n).is_dir())
        missing = tuple(n for n in names if not (base / FRAMES / n).is_dir())
        found[node.name.value] = BundledRuleset(node.name.value, directory, frames, missing)
    return found


def tree_of(path: Path) -> Path | None:
    """The rules tree whose `stdlib/` or `frames/` holds `path`, if any."""
    p = real(path)  # never raises on a link loop
    for d in p.parents:
        if d.name in (STDLIB, FRAMES) and (d.parent / STDLIB).is_dir() and (d.parent / FRAMES).is_dir():
            return d.parent
    return None


def holding(path: Path) -> list[BundledRuleset]:
    """The rulesets `path` is a file of: the installed ones, or those of the rules tree it
    stands in (a clone beside a wheel install), never both."""
    tree = tree_of(path)
    if tree is not None:
        return [b for b in _catalog(str(tree)).values() if b.holds(path)]
    try:
        found = catalog()
    except RulesNotFound:
        return []
    return [b for b in found.values() if b.holds(path)]


def catalog() -> dict[str, BundledRuleset]:
    """Every bundled ruleset by name, in the order of their directories
    (`RulesNotFound` when the bundled rules are missing)."""
    return _catalog(str(rules_root()))


def names() -> list[str]:
    return list(catalog())


def titles() -> dict[str, str]:
    """Every bundled ruleset's printed title, by name (what an index that links them says)."""
    out = {}
    for name, b in catalog().items():
        node = declaration(b.directory)
        out[name] = str(node.title.value) if node is not None else name
    return out


def output_directory(name: str) -> str:
    """The directory `bpscript build` writes a ruleset's outputs to: its name as one path
    segment that every file system takes (no separator, no control character, NUL or
    surrogate, at most 100 characters)."""
    safe = "".join("_" if c in "/\\" or ord(c) < 32 or ord(c) == 127 or 0xD800 <= ord(c) < 0xE000 else c
                   for c in name[:100])
    return safe.strip(". ") or "ruleset"
