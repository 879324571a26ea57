"""The worker processes behind `simulate --jobs`: results in order, errors raised, and no
worker left behind however the run ends (multiprocessing.Pool hung a CI run when one
worker failed while the other waited for a task)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time

import pytest

from bpscript.engine.players.pool import WorkerError, ordered

_STATE: dict[str, int] = {}


def _setup(offset: int) -> None:
    _STATE["offset"] = offset


def _task(t: tuple[str, float, int]) -> int:
    kind, pause, value = t
    time.sleep(pause)
    if kind == "fail":
        raise ValueError(f"task {value} failed")
    if kind == "die":
        os._exit(3)
    if kind == "unpicklable":
        raise _Unpicklable()
    return value + _STATE["offset"]


class _Unpicklable(Exception):
    def __reduce__(self):
        raise TypeError("not this one")


def _bad_setup() -> None:
    raise RuntimeError("no rules")


def _finishes(fn, seconds: float = 30.0):
    """Run `fn` on a thread: what it returned or raised, failing the test if it hangs."""
    box: dict[str, object] = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as e:  # noqa: BLE001
            box["error"] = e
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the run hung"
    return box


def _no_workers_left() -> bool:
    return not multiprocessing.active_children()


def test_results_come_in_task_order_whatever_order_the_workers_finish():
    tasks = [("ok", 0.2 if i % 3 == 0 else 0.0, i) for i in range(12)]
    assert list(ordered(tasks, 2, _task, _setup, (100,))) == [100 + i for i in range(12)]
    assert _no_workers_left()


def test_a_task_error_is_raised_while_the_other_worker_waits_for_work():
    # the first worker fails late; the second has finished its task and waits for another
    tasks = [("fail", 0.3, 0), ("ok", 0.0, 1)]
    box = _finishes(lambda: list(ordered(tasks, 2, _task, _setup, (0,))))
    assert isinstance(box.get("error"), ValueError) and str(box["error"]) == "task 0 failed"
    assert _no_workers_left()


def test_a_worker_that_dies_is_a_worker_error():
    box = _finishes(lambda: list(ordered([("ok", 0.0, 1), ("die", 0.0, 2), ("ok", 0.5, 3)], 2, _task, _setup, (0,))))
    assert isinstance(box.get("error"), WorkerError) and "exit code 3" in str(box["error"])
    assert _no_workers_left()


def test_an_error_that_cannot_be_pickled_arrives_as_a_worker_error_naming_it():
    box = _finishes(lambda: list(ordered([("unpicklable", 0.0, 1)], 2, _task, _setup, (0,))))
    assert isinstance(box.get("error"), WorkerError) and "_Unpicklable" in str(box["error"])


def test_a_failing_setup_is_raised_with_the_first_task():
    box = _finishes(lambda: list(ordered([("ok", 0.0, 1)], 1, _task, _bad_setup)))
    assert isinstance(box.get("error"), RuntimeError) and str(box["error"]) == "no rules"
    assert _no_workers_left()


def test_giving_up_early_stops_every_worker():
    results = ordered([("ok", 0.0, i) for i in range(8)] + [("ok", 30.0, 99)], 2, _task, _setup, (0,))
    assert next(results) == 0
    started = time.monotonic()
    results.close()
    assert time.monotonic() - started < 10 and _no_workers_left()


@pytest.mark.parametrize("jobs", [1, 3])
def test_more_workers_than_tasks_or_one_worker(jobs):
    assert list(ordered([("ok", 0.0, 5), ("ok", 0.0, 6)], jobs, _task, _setup, (1,))) == [6, 7]
