"""Where the time of a run goes: seconds per stage, accumulated in this process.

`with timed("parse"): ...` adds the block's wall time to the stage. When the environment
variable HHAUDIT_TIMINGS names a file, `hhaudit run` writes the totals there as JSON at the end
(the benchmark reads them). Local worker processes send their units' timers back with the
results, so with N workers parse and check add up the time of N processes (more than the
wall time); Dask workers keep their own.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TIMINGS_ENV = "HHAUDIT_TIMINGS"
_seconds: dict[str, float] = {}


@contextmanager
def timed(stage: str) -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        _seconds[stage] = _seconds.get(stage, 0.0) + time.perf_counter() - started


def add_all(seconds: dict[str, float]) -> None:
    """Add stage times measured elsewhere (a worker process's, for its unit)."""
    for stage, spent in seconds.items():
        _seconds[stage] = _seconds.get(stage, 0.0) + spent


def totals() -> dict[str, float]:
    return dict(_seconds)


def write_if_asked() -> None:
    """Write the totals to $HHAUDIT_TIMINGS, if set."""
    target = os.environ.get(TIMINGS_ENV)
    if target:
        Path(target).write_text(json.dumps(totals(), indent=1), encoding="utf-8")
