"""Putting a build's files in place under `--out`: confined, atomic, and removing only
what bpscript provably wrote (docs/guarantees.md, "Build outputs").

Each ruleset or package owns one directory, `OUT/<name>/`, with a MANIFEST listing every
file bpscript wrote there and its SHA-256. A build writes the complete new directory
beside it (`OUT/.<name>.bpscript-new-…`, a directory bpscript creates, so nothing in it
is a link) and swaps the two in one step (`renameat2(RENAME_EXCHANGE)` on Linux), so an
interruption at any moment leaves the old complete output or the new one; the old one is
then removed. Before anything is written, the directory it replaces is checked: every
file in it must be one its MANIFEST lists, unchanged; a link, a file bpscript did not
write or a MANIFEST it did not write (a distutils MANIFEST, say) stops the build with one
error line and nothing touched. Nothing outside `OUT/<name>/` and its staging directory
is ever written or removed.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Callable

from .single import OutputError, cannot_write

MANIFEST = "MANIFEST"
#: the first line of every MANIFEST bpscript writes (format 2): what it is and what it is for
HEADER = "# bpscript build: the files bpscript wrote here and their SHA-256; it removes or replaces only these"
#: the top directories of the outputs: an earlier bpscript's MANIFEST (no header, one path a
#: line) lists files under these only, which tells it from another tool's MANIFEST
OUTPUT_DIRS = frozenset({"json", "python", "html", "markdown", "rst", "csv", "pdf"})
#: the longest MANIFEST read (the bundled rules' list about 8 KB)
MAX_MANIFEST = 4 * 1024 * 1024
_STAGING = "bpscript-new-"
_MARK = ".bpscript-staging"
#: a test may set this: called with the number of files written so far, after each one
after_write: Callable[[int], None] | None = None


class NotOurs(OutputError):
    """A place bpscript will not write to or remove: one error line, exit 2, nothing touched."""


@dataclass
class Manifest:
    """The files a MANIFEST lists, each with its SHA-256 (None: an earlier MANIFEST, which had none)."""

    files: dict[str, str | None]
    earlier: bool = False


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_bytes(files: dict[str, bytes]) -> bytes:
    lines = [HEADER] + [f"{digest(files[p])}  {p}" for p in sorted(files)]
    return ("\n".join(lines) + "\n").encode("utf-8")


def safe_relative(p: str) -> bool:
    """Whether `p` is a plain relative path below a directory (no `..`, no root, no `\\`)."""
    parts = PurePosixPath(p).parts
    return bool(parts) and not p.startswith("/") and ".." not in parts and "\\" not in p and "\0" not in p


def read_manifest(directory: Path) -> Manifest | None:
    """The MANIFEST of `directory` (None when there is none); NotOurs when it is not bpscript's."""
    path = directory / MANIFEST
    try:
        st = path.lstat()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise NotOurs(f"cannot read {path}: {err.strerror}") from None
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_MANIFEST:
        raise NotOurs(f"{path} is not a MANIFEST bpscript wrote (not a regular file of at most "
                      f"{MAX_MANIFEST} bytes); bpscript writes nowhere near it: choose another --out")
    text = path.read_bytes().decode("utf-8", "replace")
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and lines[0] == HEADER:
        files: dict[str, str | None] = {}
        for line in lines[1:]:
            checksum, _, name = line.partition("  ")
            if len(checksum) != 64 or not safe_relative(name):
                raise NotOurs(f"{path}: a line bpscript did not write: {line[:80]!r}; choose another --out")
            files[name] = checksum
        return Manifest(files)
    if lines and all(safe_relative(p) and PurePosixPath(p).parts[0] in OUTPUT_DIRS and len(PurePosixPath(p).parts) > 1
                     for p in lines):
        return Manifest({p: None for p in lines}, earlier=True)
    first = lines[0][:60] if lines else ""
    raise NotOurs(f"{path} was not written by bpscript (it begins {first!r}); bpscript removes only files "
                  f"its own MANIFEST lists: choose another --out")


def check_owned(directory: Path, manifest: Manifest | None) -> list[str]:
    """What in `directory` bpscript did not write, or that changed since (links never
    followed): empty when the whole directory may be replaced."""
    found: list[str] = []
    listed = manifest.files if manifest else {}
    for root, dirs, names in os.walk(directory, followlinks=False):
        for name in sorted(dirs + names):
            full = Path(root) / name
            rel = full.relative_to(directory).as_posix()
            st = full.lstat()
            if stat.S_ISDIR(st.st_mode):
                continue
            if stat.S_ISLNK(st.st_mode):
                found.append(f"{rel} (a symbolic link)")
            elif not stat.S_ISREG(st.st_mode):
                found.append(f"{rel} (not a regular file)")
            elif rel == MANIFEST:
                continue
            elif rel not in listed:
                found.append(f"{rel} (not in its MANIFEST)")
            elif listed[rel] is not None and digest(full.read_bytes()) != listed[rel]:
                found.append(f"{rel} (changed since bpscript wrote it)")
    return found


def publish(out_dir: Path, name: str, files: dict[str, bytes], only: set[str] | None = None) -> list[str]:
    """Make `out_dir/name` hold exactly `files` and its MANIFEST, in one swap; with `only`
    (the backends a partial build ran) also the files it held in the other backends'
    directories. The paths that changed."""
    bad = [p for p in files if not safe_relative(p) or p == MANIFEST]
    if bad:
        raise NotOurs(f"a backend gave an output path outside its directory: {bad[0]!r}")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise cannot_write(out_dir, err) from None
    target = out_dir / name
    _clean_staging(out_dir, name)
    old = _current(target)
    if only is not None and old is not None:
        kept = _read_owned(target, old)
        files = {**{p: d for p, d in kept.items() if PurePosixPath(p).parts[0] not in only}, **files}
    changed = changed_paths(target, files, old)
    if not changed:
        return []
    staging = _stage(out_dir, name, files)
    try:
        if old is None:
            os.rename(staging, target)
        else:
            _swap(staging, target)
    except OSError as err:
        _remove_tree(staging)
        raise cannot_write(target, err) from None
    _remove_tree(staging)  # the old output, after an exchange
    _sync_dir(out_dir)
    return changed


def changed_paths(target: Path, files: dict[str, bytes], old: Manifest | None,
                  unbuilt: tuple[str, ...] = ()) -> list[str]:
    """The paths that a build of `files` into `target` adds, changes or removes; those
    under `unbuilt` (directories of backends not installed) left out on both sides."""
    out = [p for p in files if not _same_file(target / p, files[p])]
    out += [p for p in (old.files if old else {}) if p not in files and not p.startswith(unbuilt)]
    m = target / MANIFEST
    if unbuilt:
        if _listed_without(m, unbuilt) != manifest_bytes(files):
            out.append(MANIFEST)
    elif not _same_file(m, manifest_bytes(files)):
        out.append(MANIFEST)
    return sorted(set(out))


def _listed_without(manifest: Path, unbuilt: tuple[str, ...]) -> bytes | None:
    """The MANIFEST's bytes without the lines of files under `unbuilt` (None: unreadable)."""
    try:
        lines = manifest.read_bytes().decode("utf-8", "replace").splitlines(keepends=True)
    except OSError:
        return None
    return "".join(line for line in lines if not line.partition("  ")[2].startswith(unbuilt)).encode("utf-8")


def _same_file(path: Path, data: bytes) -> bool:
    try:
        st = path.lstat()
        return stat.S_ISREG(st.st_mode) and st.st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _current(target: Path) -> Manifest | None:
    """The MANIFEST of the directory a build replaces (None: there is none yet), after
    checking that all of it is bpscript's."""
    try:
        st = target.lstat()
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        raise NotOurs(f"{target} is a symbolic link: bpscript never writes through one; remove it or "
                      f"choose another --out")
    if not stat.S_ISDIR(st.st_mode):
        raise NotOurs(f"{target} exists and is not a directory; nothing was written")
    manifest = read_manifest(target)
    problems = check_owned(target, manifest)
    if problems:
        shown = "; ".join(problems[:4]) + (f"; and {len(problems) - 4} more" if len(problems) > 4 else "")
        raise NotOurs(f"{target} holds what bpscript did not write or that changed since, which a build would "
                      f"replace: {shown}. Move it away, or choose another --out; nothing was written")
    return manifest if manifest is not None else Manifest({})


def _read_owned(target: Path, manifest: Manifest) -> dict[str, bytes]:
    return {p: (target / p).read_bytes() for p in manifest.files if (target / p).is_file()}


def _stage(out_dir: Path, name: str, files: dict[str, bytes]) -> Path:
    """The complete new directory, beside the one it replaces; removed again on any error."""
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{name}.{_STAGING}", dir=out_dir))
    except OSError as err:
        raise cannot_write(out_dir, err) from None
    where = out_dir / name
    try:
        os.chmod(staging, 0o777 & ~_umask())  # as `mkdir` would make it (mkdtemp makes it private)
        _write_new(staging / _MARK, b"")
        for i, (p, data) in enumerate(sorted(files.items()), 1):
            where, path = out_dir / name / p, staging / p
            path.parent.mkdir(parents=True, exist_ok=True)  # directories made here: no link among them
            _write_new(path, data)
            if after_write:
                after_write(i)
        _write_new(staging / MANIFEST, manifest_bytes(files))
        os.unlink(staging / _MARK)
    except OSError as err:
        _remove_tree(staging)
        raise cannot_write(where, err) from None
    except BaseException:
        _remove_tree(staging)
        raise
    return staging


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_new(path: Path, data: bytes) -> None:
    """Create `path` (never an existing file, never through a link) holding `data`, on the disk."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | os.O_CLOEXEC, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _swap(staging: Path, target: Path) -> None:
    """Exchange the two directories in one step; where the system cannot, in two renames
    (the old one moved aside first: a build after an interruption puts it back)."""
    if _exchange(staging, target):
        return
    aside = target.parent / f".{target.name}.bpscript-old"
    os.rename(target, aside)
    os.rename(staging, target)
    os.rename(aside, staging)


def _exchange(a: Path, b: Path) -> bool:
    """`renameat2(a, b, RENAME_EXCHANGE)`: True when done, False where unsupported."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def _clean_staging(out_dir: Path, name: str) -> None:
    """What an interrupted build left: its staging directory (removed), or, after the
    two-rename fallback, the old output moved aside (put back when nothing replaced it)."""
    aside = out_dir / f".{name}.bpscript-old"
    if aside.is_dir() and not aside.is_symlink() and _ours(aside):
        if not os.path.lexists(out_dir / name):
            with contextlib.suppress(OSError):
                os.rename(aside, out_dir / name)
        else:  # the new output is in place: the old one only waited to be removed
            _remove_tree(aside)
    for entry in out_dir.glob(f".{name}.{_STAGING}*"):
        if entry.is_dir() and not entry.is_symlink() and ((entry / _MARK).is_file() or _ours(entry)):
            _remove_tree(entry)


def _ours(directory: Path) -> bool:
    try:
        return read_manifest(directory) is not None
    except NotOurs:
        return False


def _remove_tree(path: Path) -> None:
    """Remove a directory bpscript made (links in it are removed, never followed)."""
    with contextlib.suppress(FileNotFoundError):
        shutil.rmtree(path)


def _sync_dir(directory: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


__all__ = ["HEADER", "MANIFEST", "Manifest", "NotOurs", "OutputError", "publish", "read_manifest"]
