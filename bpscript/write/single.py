"""Single-file outputs (`-o`, `--log`, `--report`, `import --out`, `fmt`): written whole
or not at all, so an interruption or a full disk never leaves the old file destroyed
and the new one half-written (docs/guarantees.md, "Atomic outputs").

The new text goes to a temporary file beside the target, is flushed to the disk, and
replaces the target in one rename. A target that is not a regular file (a terminal,
`/dev/null`, `/dev/full`, a named pipe) cannot be replaced: it is written directly, and a
write that fails is still one error line (`OutputError`), never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import IO, Iterator


class OutputError(Exception):
    """An output that could not be written: the command line prints it as one line, exit 2."""


def cannot_write(path: Path | str, err: OSError | UnicodeEncodeError) -> OutputError:
    why = "text with half a surrogate pair, which no file can hold" if isinstance(err, UnicodeEncodeError) \
        else err.strerror or err
    return OutputError(f"cannot write {path}: {why}")


def _mode_for_new_file() -> int:
    """What `open(path, "w")` would give a new file: 0o666 less the umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@contextlib.contextmanager
def atomic_output(path: Path | str, text: bool = True, keep: bytes = b"") -> Iterator[IO]:
    """A file to write `path`'s new content to, in place of `path` when the block ends
    without an exception; otherwise `path` keeps its old content and the temporary file
    is removed. `keep` is written first (an append: the old content, then the new)."""
    target = Path(os.path.realpath(path))  # a link the user named: its file is replaced, not the link
    try:
        st = target.stat()
    except FileNotFoundError:
        st = None
    except OSError as err:
        raise cannot_write(path, err) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        yield from _direct(path, target, text)
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as err:
        raise cannot_write(path, err) from None
    try:
        with os.fdopen(fd, "w" if text else "wb", **({"encoding": "utf-8", "newline": ""} if text else {})) as out:
            if keep:
                out.flush()
                os.write(out.fileno(), keep)
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, st.st_mode & 0o7777 if st is not None else _mode_for_new_file())
        os.replace(tmp, target)
    except (OSError, UnicodeEncodeError) as err:
        _remove(tmp)
        raise cannot_write(path, err) from None
    except BaseException:
        _remove(tmp)
        raise


def _direct(shown: Path | str, target: Path, text: bool) -> Iterator[IO]:
    try:
        out = open(target, "w" if text else "wb", **({"encoding": "utf-8"} if text else {}))
    except OSError as err:
        raise cannot_write(shown, err) from None
    try:
        with out:
            yield out
            out.flush()
    except (OSError, UnicodeEncodeError) as err:
        raise cannot_write(shown, err) from None


def _remove(tmp: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(tmp)


def write_atomically(path: Path | str, data: str | bytes) -> None:
    """Replace `path` with `data` in one step: after a crash it holds the old content or the new."""
    with atomic_output(path, text=isinstance(data, str)) as out:
        out.write(data)


def append_atomically(path: Path | str, data: str) -> None:
    """`path` with `data` added at its end, in one step (the old lines and the new, or the old)."""
    try:
        old = Path(path).read_bytes() if Path(path).is_file() else b""
    except OSError as err:
        raise cannot_write(path, err) from None
    with atomic_output(path, keep=old) as out:
        out.write(data)
