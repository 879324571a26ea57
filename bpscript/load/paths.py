"""Which files a scan of a directory reads: never one a symbolic link leads to outside the
directory the user named (docs/guarantees.md). The user names a tree; a link in it to
`/etc/shadow` must not make a diagnostic's excerpt show that file's first line."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def real(path: Path | str) -> Path:
    """`path` absolute, links followed as far as they go: `Path.resolve` raises on a link
    loop (RuntimeError), this never does (a loop is left where it starts)."""
    return Path(os.path.realpath(path))


def is_loop(path: Path) -> bool:
    """Whether `path` is a symbolic link that leads round in a loop."""
    try:
        os.stat(path)
    except OSError as err:
        return err.errno == errno.ELOOP
    return False


def within(path: Path, root: Path) -> bool:
    """Whether `path`, links followed, is `root` or inside it (links in `root` followed too);
    never for a link loop."""
    if is_loop(path):
        return False
    try:
        return real(path).is_relative_to(real(root))
    except OSError:
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


#: the largest YAML file `import` and `export --data` read (the official act.yaml is
#: some hundred kilobytes; the hostile-input tests give 50 MB)
MAX_INPUT = 64 * 1024 * 1024


class NotReadable(Exception):
    """A file named as input that is not a regular file, or too large: one error line."""


def read_regular(path: Path, limit: int = MAX_INPUT) -> bytes:
    """The bytes of `path`, which must be a regular file of at most `limit` bytes: a device
    (`/dev/zero`), a pipe or a directory would be read for ever or block."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | os.O_CLOEXEC)  # a pipe: no wait
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise NotReadable("not a regular file (a device, a pipe or a directory)")
            os.set_blocking(fd, True)
            data = f.read(limit + 1)
    except OSError as err:
        raise NotReadable(err.strerror or str(err)) from None
    if len(data) > limit:
        raise NotReadable(f"larger than {limit // (1024 * 1024)} MB")
    return data
