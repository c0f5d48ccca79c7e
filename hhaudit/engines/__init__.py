"""Engines that run the work units of `hhaudit run`: in this process, or on a Dask cluster."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from hhaudit.engines.work import Engine, Placed, WorkUnit

ENGINES: tuple[str, ...] = ("local", "dask")


class LocalEngine:
    """One unit after the other in this process (Polars uses every core within a unit)."""

    def map(self, fn: Callable[[WorkUnit], Placed], units: Sequence[WorkUnit]) -> Iterator[Placed]:
        for unit in units:  # a loop over units (files, chunks)
            yield fn(unit)


@dataclass(frozen=True)
class EngineSpec:
    """--engine, --workers, --scheduler, --threads-per-worker as given on the command line."""

    name: str = "local"
    workers: int | None = None
    scheduler: str | None = None
    polars_threads: int | None = None


@contextmanager
def open_engine(spec: EngineSpec) -> Iterator[Engine]:
    """The engine for `spec`, shut down (cluster included) when the block ends."""
    if spec.name == "local":
        yield LocalEngine()
        return
    from hhaudit.engines.dask_engine import dask_engine

    with dask_engine(spec.workers, spec.scheduler, spec.polars_threads) as engine:
        yield engine
