"""Worker processes end with the process that started them.

A worker waits on a pipe its siblings also hold open, so when its parent is killed
(SIGKILL gives no chance to clean up) it would never see the end of its input and would
run on for ever. Every pool of bpscript (the games of `simulate --jobs`, the PDFs of
`build`, the parse of a large load) starts its workers with `die_with_parent`.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

#: seconds between two looks at the parent, where the system cannot signal its death
POLL = 0.2
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int | None = None) -> None:
    """In a worker started by process `parent` (None: by its parent now, a fork server):
    be killed when it ends. On Linux the kernel sends SIGKILL at once (prctl
    PR_SET_PDEATHSIG); a thread also watches the parent's id, for the other systems and
    for a parent that ended before this was set up (the worker then belongs to init)."""
    parent = os.getppid() if parent is None else parent
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            pass
    if os.getppid() != parent or parent == 1:
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="bpscript-lifeline", daemon=True).start()


def _watch(parent: int) -> None:
    while True:
        time.sleep(POLL)
        if os.getppid() != parent:
            os._exit(1)
