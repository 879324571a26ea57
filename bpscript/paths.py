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
    """(the regular files matching `pattern` under `directory`, sorted; the symbolic links
    among them that lead outside it, which are left out). Linked directories are not
    entered; a named pipe or a device called `x.bps` is not a file to read (it would block)."""
    found, outside = [], []
    for f in sorted(directory.rglob(pattern)):
        if not within(f, directory):
            outside.append(f)
        elif f.is_file():
            found.append(f)
    return found, outside
