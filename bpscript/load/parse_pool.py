"""Parse the files of a large load in several processes, one per idle core.

Parsing is pure Python (lark's LALR parser) and each file is parsed on its own, so the
files of a large package are split into chunks of about equal size, parsed here and in
worker processes at once, and put back in the order the files were given: the results are
those of one process. Only a load of at least `MIN_BYTES` of files uses workers: a small
package would pay more to start them than it saves.

The command line sets `JOBS` (`--parse-jobs`); the library (the language server, the tests)
parses in its own process unless told. A worker that stops (killed, out of memory) turns
into a diagnostic on each file it had not returned; an exception in a worker parses that
chunk again in this process, so it behaves as one process would.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Callable, TypeVar

#: processes that parse, this one included: 1 (the default, also of the command line)
#: parses in this process only, 0 one per idle core, K that many (`--parse-jobs K`)
JOBS = 1
#: bytes of files to parse below which no worker is started
MIN_BYTES = 1_000_000
#: chunks per job: many, so this process and the workers end at about the same time
CHUNKS_PER_JOB = 8

R = TypeVar("R")


def cores() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def idle_cores() -> int:
    """The cores no other process keeps busy: the cores less the load average of the last
    minute, at least 1. On a machine others use, a worker only competes with them, and
    handing its results back (pickled) then costs more than it saves."""
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):  # pragma: no cover - no load average here
        busy = 0.0
    return max(1, min(cores(), int(cores() - busy + 0.5)))


def workers(total_bytes: int, jobs: int | None = None) -> int:
    """How many processes, this one included, parse `total_bytes` of files (1: this one
    alone); `jobs` 0 is one per idle core."""
    jobs = JOBS if jobs is None else jobs
    if jobs <= 1 and jobs != 0 or total_bytes < MIN_BYTES:
        return 1
    return idle_cores() if jobs == 0 else jobs


def workers_for(files: list[Path]) -> int:
    """`workers` for these files under `JOBS`: their sizes are read only when more than
    one process may parse (not on the default, one process)."""
    return 1 if JOBS == 1 else workers(sum(map(file_size, files)))


def chunks(files: list[Path], sizes: list[int], parts: int) -> list[list[Path]]:
    """`files` cut, in order, into about `parts` runs of about equal size in bytes."""
    target = max(sum(sizes) / max(parts, 1), 1)
    out: list[list[Path]] = [[]]
    filled = 0
    for f, size in zip(files, sizes):
        if out[-1] and filled + size / 2 > target:
            out.append([])
            filled = 0
        out[-1].append(f)
        filled += size
    return [c for c in out if c]


def parse_many(read: Callable[[list[Path]], list[R]], files: list[Path], jobs: int,
               stopped: Callable[[Path, str], R]) -> list[tuple[Path, R]]:
    """(file, `read`'s result for it) for each of `files`, in order, `read` run on chunks of
    them here and in `jobs` - 1 worker processes (`read` must be a module-level function).

    This process takes chunks from the front, the workers from the back, until they meet:
    a worker's result has to be pickled and read back (about a third of the cost of the
    parse), so this process parses rather than waits. The files of a worker that stopped
    get `stopped(file, why)`; a chunk whose worker raised is parsed again here."""
    parts = chunks(files, [file_size(f) for f in files], jobs * CHUNKS_PER_JOB)
    try:
        from ..lifeline import die_with_parent  # workers end with this process, even killed
        context = _context()
        parent = os.getpid() if context.get_start_method() != "forkserver" else None
        pool = ProcessPoolExecutor(max_workers=jobs - 1, mp_context=context, initializer=die_with_parent,
                                   initargs=(parent,))
    except (OSError, NotImplementedError, ImportError):  # no process support here: all in this process
        return [(f, r) for part in parts for f, r in zip(part, read(part))]
    todo = deque(range(len(parts)))
    here: list[int] = []  # chunks that raised in a worker: this process only, never a worker again
    results: dict[int, list[R]] = {}
    changed = threading.Condition()
    broken: list[str] = []

    def give(_=None) -> None:
        """Hand the last chunk not yet taken to a worker (again when one comes back)."""
        with changed:
            if not todo or broken:
                return
            i = todo.pop()
        try:
            future = pool.submit(read, parts[i])
        except (BrokenProcessPool, RuntimeError):  # the pool is gone: this process parses it
            with changed:
                todo.append(i)
                changed.notify_all()
            return
        future.add_done_callback(lambda f: back(i, f))

    def back(i: int, future: Future) -> None:
        if future.cancelled():  # at shutdown, after an interrupt
            return
        err = future.exception()
        with changed:
            if err is None:
                results[i] = future.result()
            elif isinstance(err, BrokenProcessPool):
                broken.append(str(err) or "a worker process stopped")
                results[i] = [stopped(f, broken[0]) for f in parts[i]]
            else:  # parsed again here: what one process would do
                here.append(i)
            changed.notify_all()
        give()

    try:
        for _ in range(2 * (jobs - 1)):  # two chunks each, so a worker never waits for the next
            give()
        while True:
            with changed:
                while not here and not todo and len(results) < len(parts):
                    changed.wait()
                if not here and not todo:
                    break
                i = here.pop() if here else todo.popleft()
            mine = read(parts[i])
            with changed:
                results[i] = mine
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return [(f, r) for i, part in enumerate(parts) for f, r in zip(part, results[i])]


def file_size(f: Path) -> int:
    """The size of `f` in bytes (0 when it cannot be read: the parse reports that)."""
    try:
        return f.stat().st_size
    except OSError:
        return 0


def _context():
    """fork (the workers share the parser already built) unless threads run here, which
    a forked child could find holding a lock."""
    import multiprocessing as mp
    methods = mp.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return mp.get_context("fork")
    return mp.get_context("forkserver" if "forkserver" in methods else "spawn")
