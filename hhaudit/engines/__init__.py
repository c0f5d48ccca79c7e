"""Engines that run the work units of `hhaudit run`: local worker processes, or a Dask cluster.

This package imports nothing heavy (the engines are imported when opened): a worker process,
`python -m hhaudit.engines.worker`, imports it first, and must reach `die_with_parent` within
milliseconds, not after loading Polars (a driver killed meanwhile would leave it running).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hhaudit.run.units import Engine

ENGINES: tuple[str, ...] = ("local", "dask")


class WorkerLost(RuntimeError):
    """A worker process died (or stalled) twice on the same unit: the run stops (exit 2), the
    parts finished so far are kept for --resume."""


def notify(message: str) -> None:
    """A line on stderr from an engine (a worker retried), through tqdm: the bar stays whole."""
    import sys

    from tqdm import tqdm

    tqdm.write(message, file=sys.stderr)


#: Units a local worker process runs before it is replaced by a fresh one (memory creep).
MAX_TASKS_PER_WORKER = 16


@dataclass(frozen=True)
class EngineSpec:
    """--engine, --workers, --scheduler, --polars-threads as given on the command line."""

    name: str = "local"
    workers: int | None = None  # local: None = the usable cores; 1 = units in this process
    scheduler: str | None = None
    polars_threads: int | None = None
    max_tasks: int | None = MAX_TASKS_PER_WORKER  # local worker processes only


@contextmanager
def open_engine(spec: EngineSpec) -> Iterator[Engine]:
    """The engine for `spec`, shut down (workers, cluster) when the block ends."""
    if spec.name == "local":
        from hhaudit.engines.processes import ProcessEngine, usable_cpus

        engine = ProcessEngine(spec.workers or usable_cpus(), spec.polars_threads, spec.max_tasks)
        try:
            yield engine
        finally:
            engine.close(kill=True)  # after an error or Ctrl-C: no worker outlives the run
        return
    from hhaudit.engines.dask_engine import dask_engine

    with dask_engine(spec.workers, spec.scheduler, spec.polars_threads) as cluster:
        yield cluster
