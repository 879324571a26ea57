"""Worker processes that run tasks and hand their results back in order.

Written for many games instead of `multiprocessing.Pool`: when one of its workers fails
while another waits for a task, `Pool.terminate()` can block for ever on the task queue's
lock, which the waiting worker holds (it hung a CI run). Here every worker has a pipe of
its own, a worker that dies is noticed by its sentinel, and when anything goes wrong — a
task's error, a dead worker, the caller giving up early — every worker is killed.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass
from multiprocessing import get_context
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any, Callable, Iterator, Literal, Sequence, TypeVar, cast

from ...lifeline import die_with_parent

if TYPE_CHECKING:  # the contexts of the start methods (ForkContext exists only where fork does)
    from multiprocessing.context import ForkContext, ForkServerContext, SpawnContext


class WorkerError(Exception):
    """A worker process could not finish its task: it died, or its error could not be sent."""


T = TypeVar("T")
R = TypeVar("R")


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    task: int | None = None  # the index of the task it runs


def ordered(tasks: Sequence[T], jobs: int, function: Callable[[T], R], initializer: Callable[..., None],
            initargs: tuple[object, ...] = (),
            start_method: Literal["fork", "spawn", "forkserver"] = "fork") -> Iterator[R]:
    """`function(task)` of every task, computed on `jobs` worker processes (each set up once
    by `initializer(*initargs)`), yielded in the order of `tasks`. A task's exception is
    raised here; the workers are gone when the generator ends, however it ends."""
    # typeshed types `get_context(str)` as the BaseContext, which has no `Process`
    ctx = cast("ForkContext | SpawnContext | ForkServerContext", get_context(start_method))
    workers: list[_Worker] = []
    failed = True
    try:
        for _ in range(max(1, min(jobs, len(tasks)))):
            mine, theirs = ctx.Pipe()
            process = ctx.Process(target=_serve, args=(theirs, function, initializer, initargs, os.getpid()),
                                  daemon=True)
            process.start()
            theirs.close()
            workers.append(_Worker(process, mine))
        waiting = iter(range(len(tasks)))
        for w in workers:
            _hand(w, waiting, tasks)
        results: dict[int, R] = {}
        following = 0
        while following < len(tasks):
            busy = [w for w in workers if w.task is not None]
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy])
            for w in busy:
                if w.conn in ready or w.process.sentinel in ready:
                    results[w.task] = _receive(w)  # type: ignore[index]
                    _hand(w, waiting, tasks)
            while following in results:
                yield results.pop(following)
                following += 1
        failed = False
    finally:
        _stop(workers, failed)


def _hand(w: _Worker, waiting: Iterator[int], tasks: Sequence[object]) -> None:
    w.task = next(waiting, None)
    if w.task is not None:
        w.conn.send((w.task, tasks[w.task]))


def _receive(w: _Worker) -> Any:  # Any: a task's result, unpickled from the pipe
    try:
        ok, value = w.conn.recv()
    except (EOFError, OSError):
        w.process.join(1)
        raise WorkerError(f"a worker process ended unexpectedly (exit code {w.process.exitcode})") from None
    if not ok:
        raise value
    return value


def _stop(workers: list[_Worker], kill: bool) -> None:
    for w in workers:
        if not kill:
            try:
                w.conn.send(None)  # done: the worker returns
            except OSError:
                pass
    for w in workers:
        if kill:
            w.process.kill()
        w.process.join(5)
        if w.process.is_alive():
            w.process.kill()
            w.process.join()
        w.conn.close()


def _serve(conn: Connection, function: Callable[[Any], object],  # Any: a task, unpickled from the pipe
           initializer: Callable[..., None], initargs: tuple[object, ...], parent: int) -> None:
    """A worker's loop: set up once, then run each task received until told to stop (or
    until the parent ends: the pipe would never tell, its siblings hold it open too)."""
    die_with_parent(parent)
    try:
        initializer(*initargs)
    except BaseException as e:  # noqa: BLE001 - reported with the first task
        setup_error: BaseException | None = e
    else:
        setup_error = None
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if message is None:
            return
        _, task = message
        try:
            if setup_error is not None:
                raise setup_error
            reply: tuple[bool, object] = (True, function(task))
        except Exception as e:  # noqa: BLE001 - sent to the parent, which raises it
            reply = (False, portable(e))
        try:
            conn.send(reply)
        except Exception as e:  # noqa: BLE001 - a result that cannot be pickled
            conn.send((False, WorkerError(f"a worker's result could not be sent back: {type(e).__name__}: {e}")))


def portable(e: Exception, where: str = "") -> Exception:
    """The exception itself when it survives pickling (the parent raises it), else a
    WorkerError naming it, after `where` (what the task was)."""
    try:
        pickle.loads(pickle.dumps(e))
    except Exception:  # noqa: BLE001
        return WorkerError(f"{where}{type(e).__name__}: {e}")
    return e
