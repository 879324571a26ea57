"""A cache of loaded rules in the user's cache directory, so a second run skips parsing.

An entry is the pickled `LoadResult` of one load, named by a key that hashes everything
the result depends on: bpscript's version and its own code (each module's bytes), the working directory (paths are shown relative to it), whether the rules
were type checked, and the path and bytes of every `.bps` file read. A changed file is a
different key, so a stale entry is never read; an entry that cannot be read back (cut
short, corrupt, from another Python) is removed and the rules are loaded again.

The library loads without the cache unless asked (`loader.load(…, cache=True)`); the
command line uses it unless `--no-cache` is given. The directory is `$BPSCRIPT_CACHE_DIR`,
else `$XDG_CACHE_HOME/bpscript`, else `~/.cache/bpscript`; only bpscript's own objects are
pickled there, never anything a script computes.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import Any, Iterable

from . import __version__

#: whether `loader.load` uses the cache when not told (the CLI turns it on)
ENABLED = False
#: entries kept; the least recently written go first
MAX_ENTRIES = 32
MAGIC = b"bpscript-cache-1\n"


def cache_dir() -> Path:
    if os.environ.get("BPSCRIPT_CACHE_DIR"):
        return Path(os.environ["BPSCRIPT_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bpscript"


def grammar_tables(grammar: str, options: dict[str, Any]) -> str | bool:
    """Where lark keeps the parse tables it built for `grammar` with `options` (its `cache`
    option): with the cache on, a file of the cache directory named by their hash, never the
    temporary directory lark would choose (bpscript leaves nothing there); False, no file
    (the tables built in memory), with the cache off or a directory that cannot be made.
    lark checks the grammar's hash again when it reads the file."""
    if not ENABLED:
        return False
    h = hashlib.sha256(f"{grammar}\0{sorted(options.items())!r}".encode()).hexdigest()[:16]
    directory = cache_dir() / "grammar"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(directory / f"lark-{h}-py{sys.version_info[0]}{sys.version_info[1]}.tables")


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> bytes:
    """bpscript's version and the bytes of each of its modules and grammar files: a changed
    compiler never reads an entry an older one wrote."""
    return tree_fingerprint(Path(__file__).resolve().parent)


def tree_fingerprint(root: Path) -> bytes:
    """The version and the path and bytes of each `.py`, `.lark` and `.json` under `root`.
    Bytes, not size and time of change: a merge or a copy can give another compiler the
    same sizes and times (a build once read entries of the code before a merge); hashing
    about 1.5 MB costs a few milliseconds per command."""
    h = hashlib.sha256(__version__.encode())
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in ("__pycache__", "_bundled"))
        for name in sorted(filenames):
            if name.endswith((".py", ".lark", ".json")):
                path = os.path.join(dirpath, name)
                h.update(f"{os.path.relpath(path, root)}\0".encode())
                with open(path, "rb") as f:
                    h.update(hashlib.sha256(f.read()).digest())
    return h.digest()


def key(files: Iterable[Path], options: str = "", installed: Iterable[Path] = ()) -> str:
    """The key of a load of `files` (read here: their bytes are part of the key) and of the
    `installed` rules it may read (the bundled rulesets, by their bytes too)."""
    h = hashlib.sha256(code_fingerprint())
    h.update(f"{os.getcwd()}\0{options}\0".encode())
    for f in files:
        h.update(str(f).encode() + b"\0")
        try:
            h.update(f.read_bytes())
        except OSError:
            h.update(b"\0unreadable\0")
        h.update(b"\0")
    h.update(b"\0installed\0")
    for f in installed:
        try:
            h.update(f"{f}:".encode() + hashlib.sha256(Path(f).read_bytes()).digest() + b"\n")
        except OSError:
            h.update(f"{f}:unreadable\n".encode())
    return h.hexdigest()


def derived(k: str, what: str) -> str:
    """The key of something computed from the load of key `k` alone (with options `what`)."""
    return hashlib.sha256(f"{k}\0{what}".encode()).hexdigest()


def get(k: str) -> Any | None:
    """The entry of key `k`, or None (missing, or unreadable: then it is removed)."""
    path = cache_dir() / f"{k}.pickle"
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = MAGIC + k.encode() + b"\n"
    if not data.startswith(head):
        _remove(path)
        return None
    enabled = gc.isenabled()
    gc.disable()  # many small objects: collecting while they are built only costs time
    try:
        return pickle.loads(memoryview(data)[len(head):])
    except Exception:  # noqa: BLE001 - corrupt or incompatible: rebuilt by the caller
        _remove(path)
        return None
    finally:
        if enabled:
            gc.enable()


def put(k: str, value: Any) -> None:
    """Store an entry (quietly nothing when the directory cannot be written)."""
    directory = cache_dir()
    path = directory / f"{k}.pickle"
    tmp = directory / f".{k}.{os.getpid()}.tmp"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(MAGIC + k.encode() + b"\n" + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, path)
        entries = sorted(directory.glob("*.pickle"), key=lambda p: p.stat().st_mtime_ns)
        for old in entries[:-MAX_ENTRIES]:
            _remove(old)
    except (OSError, pickle.PicklingError, RecursionError):
        _remove(tmp)


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
