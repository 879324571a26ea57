"""The garbage collector while many objects are built that all stay (a parse, a load).

CPython collects the youngest objects every 700 allocations and, now and then, all of them;
building a large package's trees and model set that off thousands of times, each walking
the objects still young, and then the whole heap again and again: about half of the time of
checking a 5 MB package (benchmarks/bench_errors.py). Pausing it outright leaves every
object built in the youngest generation, which the first collection after walks at once.
So the thresholds are raised instead: a collection every 100,000 allocations, the older
generations rarely; cyclic garbage is still collected, and objects age as usual.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

#: the thresholds while building (gen0 allocations, gen0 runs per gen1, gen1 runs per gen2)
BUILDING = (100_000, 50, 100)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Raise the collector's thresholds for the block (nested blocks keep the outer's)."""
    was = gc.get_threshold()
    if was[0] >= BUILDING[0]:
        yield
        return
    gc.set_threshold(*BUILDING)
    try:
        yield
    finally:
        gc.set_threshold(*was)
