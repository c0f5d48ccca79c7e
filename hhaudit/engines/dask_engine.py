"""`hhaudit run --engine dask`: work units on a Dask cluster (distributed).

`--workers N` starts a local cluster of N single-threaded worker processes (Polars gets
`--polars-threads` threads in each, default cores / N); `--scheduler tcp://host:8786` uses an
existing cluster instead. Workers run `hhaudit.run.units.run_unit`: they need the hhaudit
package, read access to the input paths and write access to DIR/.parts (a shared filesystem);
only small part descriptions travel back to the driver. See docs/scale.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from hhaudit.engines.processes import (
    ALLOCATOR_ENV,
    POLARS_THREADS_ENV,
    threads_per_worker,
    worker_env,
)
from hhaudit.run.units import Placed, WorkUnit

MISSING = "the dask engine needs dask and distributed: pip install 'hhaudit[dask]'"


class DaskEngine:
    """Maps units over a distributed Client; results come back as they finish."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def prestart(self, units: int) -> None:
        """Nothing to do: the cluster's workers are up before the run plans its units."""

    def map(self, fn: Callable[[WorkUnit], Placed], units: Iterable[WorkUnit]) -> Iterator[Placed]:
        """Every unit is planned first (one client.map), then gathered as they complete."""
        from distributed import as_completed

        todo = list(units)
        if not todo:
            return
        futures = self.client.map(fn, todo, pure=False)
        for future in as_completed(futures):  # a loop over units
            yield future.result()
            future.release()


@contextmanager
def dask_engine(
    workers: int | None, scheduler: str | None, polars_threads: int | None = None
) -> Iterator[DaskEngine]:
    """A client on `scheduler`, or on a local cluster of `workers` processes (closed after)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise RuntimeError(MISSING) from exc
    if scheduler:
        with Client(scheduler) as client:
            yield DaskEngine(client)
        return
    count = workers or 2
    threads = threads_per_worker(count, polars_threads)
    env = worker_env(threads)  # read by Polars when the worker imports it
    cluster = LocalCluster(
        n_workers=count,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        env={name: env[name] for name in (POLARS_THREADS_ENV, ALLOCATOR_ENV)},
    )
    with cluster, Client(cluster) as client:
        yield DaskEngine(client)
