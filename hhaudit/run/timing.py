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


def _process_age() -> float | None:
    """Seconds since this process started (Linux /proc: uptime minus start time), else None."""
    try:
        stat = Path("/proc/self/stat").read_text()
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    ticks = int(stat[stat.rindex(")") + 2 :].split()[19])  # field 22, starttime
    return uptime - ticks / os.sysconf("SC_CLK_TCK")


def note_startup() -> None:
    """Record the time from process start to now as "startup" (imports, input expansion)."""
    age = _process_age()
    if age is not None and "startup" not in _seconds:
        _seconds["startup"] = max(0.0, age)


def add_all(seconds: dict[str, float]) -> None:
    """Add stage times measured elsewhere (a worker process's, for its unit)."""
    for stage, spent in seconds.items():
        _seconds[stage] = _seconds.get(stage, 0.0) + spent


def totals() -> dict[str, float]:
    return dict(_seconds)


#: Stages timed inside the worker processes: their seconds are summed over the workers.
WORKER_STAGES: tuple[str, ...] = ("parse", "check", "write parts")


def since(before: dict[str, float]) -> dict[str, dict[str, float]]:
    """The seconds per stage added since `before` (a `totals()` snapshot), rounded to the
    millisecond, for run.json: `driver` (wall time of the run's own stages, in the order they
    ran) and `workers` (WORKER_STAGES, summed over the worker processes: more than wall time)."""
    spent = {
        stage: round(seconds - before.get(stage, 0.0), 3) for stage, seconds in _seconds.items()
    }
    driver = {stage: s for stage, s in spent.items() if stage not in WORKER_STAGES and s > 0}
    workers = {stage: spent[stage] for stage in WORKER_STAGES if spent.get(stage, 0) > 0}
    return {"driver": driver, "workers": workers}


def write_if_asked() -> None:
    """Write the totals to $HHAUDIT_TIMINGS, if set."""
    target = os.environ.get(TIMINGS_ENV)
    if target:
        Path(target).write_text(json.dumps(totals(), indent=1), encoding="utf-8")
