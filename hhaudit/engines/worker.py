"""One worker process of the local process engine: `python -m hhaudit.engines.worker PARENT_PID`.

The driver (hhaudit.engines.processes) starts it with POLARS_MAX_THREADS already in its
environment: Polars sizes its thread pool when it is imported, and a multiprocessing child
imports the parent's `__main__` (hence Polars) before any initializer could set it.

Tasks and replies are pickled frames (an 8-byte length, then the pickle) on stdin and on a
copy of stdout; the worker's own stdout goes to stderr, so a stray print cannot corrupt a reply.
A task is `(fn, unit)`; the reply is `("ok", result, timings)` or `("error", exception, text)`.
The worker ignores SIGINT and SIGTERM (the driver decides what Ctrl-C and SIGTERM stop: systemd
sends SIGTERM to every process of the service at once) and dies with its parent
(Linux PR_SET_PDEATHSIG): a killed run leaves no worker writing parts behind a --resume.
Before it reads its first task it imports what units run (WARM_MODULES): the driver starts workers
early, so this overlaps the driver's digest of the inputs.
"""

from __future__ import annotations

import ctypes
import os
import pickle
import signal
import sys
import traceback
from collections.abc import Callable
from typing import Any

from hhaudit.engines.frames import read_frame, write_frame
from hhaudit.run.warm import import_quietly

PR_SET_PDEATHSIG = 1  # linux/prctl.h
#: Imported before the first task: the modules every unit runs (~0.6 s).
WARM_MODULES: tuple[str, ...] = ("hhaudit.run.units", "parsers", "audit")


def die_with_parent(parent_pid: int) -> None:
    """Be killed when the driver dies (SIGKILL included); exit now if it is already gone."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:
        os._exit(1)


def run_task(fn: Callable[[Any], Any], unit: Any) -> tuple[Any, ...]:
    """Run one task; the reply carries the stage timers it added (hhaudit.run.timing)."""
    from hhaudit.run import timing

    before = timing.totals()
    try:
        result = fn(unit)
    except Exception as exc:  # sent back: the driver raises it
        text = traceback.format_exc()
        try:
            pickle.dumps(exc)
        except Exception:  # an exception that cannot travel: its text does
            return ("error", None, text)
        return ("error", exc, text)
    after = timing.totals()
    spent = {stage: seconds - before.get(stage, 0.0) for stage, seconds in after.items()}
    return ("ok", result, spent)


def polars_threads(_unit: object = None) -> int:
    """The size of this process's Polars thread pool (what the tests check in a worker)."""
    import polars as pl

    return pl.thread_pool_size()


def main() -> None:
    die_with_parent(int(sys.argv[1]))
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    tasks = os.fdopen(0, "rb")
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # print() and library output go to stderr, never into a reply
    import_quietly(*WARM_MODULES)  # a failure is reported by the first task that needs it
    while (task := read_frame(tasks)) is not None:  # a loop over units
        write_frame(replies, run_task(*task))


if __name__ == "__main__":
    main()
