"""Which files a scan of a directory reads: never one a symbolic link leads to outside the
directory the user named (docs/guarantees.md). The user names a tree; a link in it to
`/etc/shadow` must not make a diagnostic's excerpt show that file's first line."""

from __future__ import annotations

from pathlib import Path


def within(path: Path, root: Path) -> bool:
    """Whether `path`, links followed, is `root` or inside it (links in `root` followed too)."""
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def scan(directory: Path, pattern: str = "*.bps") -> tuple[list[Path], list[Path]]:
    """(the files matching `pattern` under `directory`, sorted; the symbolic links among
    them that lead outside it, which are left out). Linked directories are not entered."""
    found, outside = [], []
    for f in sorted(directory.rglob(pattern)):
        (found if within(f, directory) else outside).append(f)
    return found, outside
