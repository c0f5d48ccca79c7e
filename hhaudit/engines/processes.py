"""The local engine with worker processes: units run in N processes of this machine.

One unit at a time in one process keeps only ~1.2 cores busy (parts of parse and check are
single-threaded), so `hhaudit run` starts N workers (default: the usable cores) when there is
more than one unit, each with Polars limited to cores / N threads. Workers are plain
subprocesses (`python -m hhaudit.engines.worker`), so POLARS_MAX_THREADS is in their environment
before Polars is imported; each runs one unit at a time and a worker is replaced after
`max_tasks` units, so memory a worker keeps cannot grow over a long run.

Results come back as units finish (any order: hhaudit.run.units.audit_all reassembles).
On any exception in the driver (Ctrl-C included) the workers are killed and waited for; the
parts they were writing have no shard.json and are audited again by --resume.

`prestart` starts the workers a run will need before its units are planned: a worker spends
~0.6 s importing Polars, the parsers and the audit, which then overlaps the driver's digest of
the inputs instead of delaying the first units. Spares the run turns out not to need are killed
(they hold no part).

Faults of a worker (hhaudit.engines.watch): a worker that dies (the kernel's out-of-memory
killer sends signal 9) or makes no progress (no CPU time for HHAUDIT_WORKER_STALL_S seconds,
default 300, not counting time spent waiting for a core: stopped, deadlocked, blocked) has its
unit run again once in a new worker, as the
Dask engine retries a task whose worker died; a second fault on the same unit stops the run
(WorkerLost, exit status 2) with the parts finished so far kept for --resume.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

from hhaudit.engines import WorkerLost, notify
from hhaudit.engines.frames import read_frame, write_frame
from hhaudit.engines.watch import (
    cpu_seconds,
    describe_exit,
    describe_unit,
    runnable,
    stall_seconds,
)
from hhaudit.run import timing
from hhaudit.run.units import Placed, WorkUnit

POLARS_THREADS_ENV = "POLARS_MAX_THREADS"
PYTHON_PATH_ENV = "PYTHONPATH"
_NO_MORE: Any = object()  # the end of the units (a unit may be any picklable value)
#: Polars' jemalloc reads its options from this variable when Polars is imported (polars adds
#: its own decay settings before them). A worker gets `narenas:<its Polars threads>`: with the
#: default (4 arenas per core) the calling thread and the pool's threads allocate from
#: different arenas, and what one frees the other cannot reuse: a 16 MB unit in one thread
#: peaked at 487-490 MB with the default, 441 MB with one arena, for the same CPU
#: (docs/history/scale.md, "Bigger units").
ALLOCATOR_ENV = "_RJEM_MALLOC_CONF"


def usable_cpus() -> int:
    """Cores this process may run on (the affinity mask, where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def threads_per_worker(workers: int, polars_threads: int | None = None) -> int:
    """Polars threads in each worker: as given, else the cores shared between the workers."""
    return polars_threads or max(1, usable_cpus() // workers)


def code_root() -> str | None:
    """The folder this process imported the hhaudit package from, unless it is a site-packages
    folder (a worker finds that one itself; ahead of the standard library it could shadow it)."""
    import site

    import hhaudit

    root = str(Path(hhaudit.__file__).resolve().parent.parent)
    sites = {str(Path(folder).resolve()) for folder in site.getsitepackages()}
    return None if root in sites else root


def worker_env(threads: int, environ: dict[str, str] | None = None) -> dict[str, str]:
    """A worker's environment variables: its Polars threads, as many jemalloc arenas (unless
    the allocator options already name theirs), and the driver's hhaudit first on PYTHONPATH:
    a worker runs the driver's code, whatever folder the run was started in."""
    env = dict(os.environ if environ is None else environ)
    env[PYTHON_PATH_ENV] = os.pathsep.join(filter(None, (code_root(), env.get(PYTHON_PATH_ENV))))
    env[POLARS_THREADS_ENV] = str(threads)
    allocator = env.get(ALLOCATOR_ENV, "")
    if "narenas" not in allocator:
        env[ALLOCATOR_ENV] = ",".join(filter(None, (allocator, f"narenas:{threads}")))
    return env


class WorkerDied(Exception):
    """The worker's reply stream ended: the process is gone (the message says how)."""


class Worker:
    """One worker process, the unit it runs (with its attempt) and the units it finished."""

    def __init__(self, env: dict[str, str]) -> None:
        self.threads = env.get(POLARS_THREADS_ENV)
        # -P: not the current folder first on sys.path (`python -m` puts it there), where a
        # checkout of another version would be imported instead of the driver's code
        command = [sys.executable, "-P", "-m", "hhaudit.engines.worker", str(os.getpid())]
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            close_fds=True,
            process_group=0,  # the terminal's Ctrl-C reaches the driver only: it stops them
        )
        self.finished = 0
        self.unit: Any = None
        self.attempt = 0
        self.cpu = -1.0
        self.progress_at = time.monotonic()

    @property
    def replies(self) -> Any:
        return self.process.stdout

    def send(self, fn: Callable[[WorkUnit], Placed], unit: WorkUnit, attempt: int = 1) -> None:
        self.unit, self.attempt = unit, attempt
        self.progress_at, self.cpu = time.monotonic(), -1.0
        write_frame(self.process.stdin, (fn, unit))  # type: ignore[arg-type]

    def stalled(self, now: float, limit: float) -> bool:
        """No CPU time spent, and no thread waiting for a core, for `limit` seconds while it
        holds a unit (Linux /proc)."""
        cpu = cpu_seconds(self.process.pid)
        if cpu is None or cpu > self.cpu or runnable(self.process.pid):
            self.cpu, self.progress_at = (cpu if cpu is not None else self.cpu), now
            return False
        return now - self.progress_at > limit

    def death(self) -> str:
        """How the process ended ("was killed by signal 9 (SIGKILL), likely ...")."""
        self.kill()
        return describe_exit(self.process.wait())

    def receive(self) -> Placed:
        """The finished unit's parts; its stage timers are added to this process's."""
        try:
            reply = read_frame(self.process.stdout)  # type: ignore[arg-type]
        except EOFError:  # died while writing its reply
            reply = None
        if reply is None:
            raise WorkerDied(self.death())
        self.finished += 1
        status, result, detail = reply
        if status == "ok":
            timing.add_all(detail)
            return result
        if result is None:
            raise RuntimeError(f"worker process failed:\n{detail}")
        result.add_note(f"in worker process {self.process.pid}:\n{detail}")
        raise result

    def retire(self) -> None:
        """No more units: the worker sees the end of its input and exits."""
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()


class ProcessEngine:
    """Maps units over `workers` processes; one unit or one worker: this process's loop."""

    def __init__(
        self, workers: int, polars_threads: int | None = None, max_tasks: int | None = None
    ) -> None:
        self.workers = workers
        self.polars_threads = polars_threads
        self.max_tasks = max_tasks
        self.live: list[Worker] = []
        self.spares: list[Worker] = []  # started by prestart, no unit sent yet

    def _env(self, count: int) -> dict[str, str]:
        """The workers' environment: Polars threads for `count` workers sharing the cores."""
        return worker_env(threads_per_worker(count, self.polars_threads))

    def prestart(self, units: int) -> None:
        """Start the workers `units` units will use now (none if they run in this process)."""
        count = min(self.workers, units)
        if count > 1 and not self.spares:
            env = self._env(count)
            self.spares = [self._start(env) for _ in range(count)]

    def _drop_spares(self) -> None:
        """Kill prestarted workers no unit was sent to (fewer units than expected)."""
        for worker in self.spares:  # a loop over workers
            worker.kill()
        self.spares = []

    def map(self, fn: Callable[[WorkUnit], Placed], units: Iterable[WorkUnit]) -> Iterator[Placed]:
        """`units` may still be planned as they are taken (hhaudit.run.units.iter_units): the
        first `workers` are taken to choose between workers and this process (fewer means
        there are no more), the others one at a time as workers free up."""
        todo = iter(units)
        first = list(itertools.islice(todo, self.workers))
        count = min(self.workers, len(first))
        if count <= 1:
            self._drop_spares()
            for unit in itertools.chain(first, todo):  # a loop over units, in this process
                yield fn(unit)
            return
        env = self._env(count)
        try:
            yield from self._dispatch(fn, itertools.chain(first, todo), count, env)
            self.close(kill=False)
        finally:
            self.close(kill=True)  # a no-op after a clean end

    def _dispatch(
        self,
        fn: Callable[[WorkUnit], Placed],
        todo: Iterator[WorkUnit],
        count: int,
        env: dict[str, str],
    ) -> Iterator[Placed]:
        """Keep every worker busy with one unit; yield results as they arrive. A worker that
        dies or stalls has its unit run again once in a new worker (`_retry`)."""
        busy: dict[Any, Worker] = {}
        limit = stall_seconds()

        def launch(unit: WorkUnit, attempt: int, worker: Worker | None = None) -> None:
            worker = worker or self._spare(env) or self._start(env)
            try:
                worker.send(fn, unit, attempt)
            except OSError:  # it died while idle: a new worker takes the unit
                notify(f"hhaudit: worker process {worker.process.pid} {worker.death()} while "
                       "idle; a new worker takes its place")  # fmt: skip
                worker = self._start(env)
                worker.send(fn, unit, attempt)
            busy[worker.replies] = worker

        for unit in itertools.islice(todo, count):  # a loop over workers
            launch(unit, 1)
        while busy:  # a loop over finished units (and watchdog rounds)
            ready = wait(list(busy), timeout=min(5.0, limit / 4))
            if not ready:
                self._watch(busy, limit, launch)
            for replies in ready:
                worker = busy.pop(replies)
                try:
                    placed = worker.receive()
                except WorkerDied as died:
                    self._retry(worker, str(died), launch)
                    continue
                unit = next(todo, _NO_MORE)  # may wait for the plan of the next file
                if unit is not _NO_MORE:
                    launch(unit, 1, self._renewed(worker, env))
                else:
                    worker.retire()
                yield placed

    def _watch(
        self, busy: dict[Any, Worker], limit: float, launch: Callable[[WorkUnit, int], None]
    ) -> None:
        """The watchdog: a busy worker that spent no CPU time for `limit` seconds is killed and
        its unit retried."""
        now = time.monotonic()
        for replies, worker in list(busy.items()):  # a loop over busy workers
            if worker.stalled(now, limit):
                busy.pop(replies)
                worker.kill()
                worker.process.wait()
                reason = f"made no progress for {limit:g} s (no CPU time: stopped or blocked)"
                self._retry(worker, reason, launch)

    @staticmethod
    def _retry(worker: Worker, reason: str, launch: Callable[[WorkUnit, int], None]) -> None:
        """Run a lost unit again once in a new worker; a second loss stops the run."""
        what = describe_unit(worker.unit)
        pid = worker.process.pid
        if worker.attempt >= 2:
            raise WorkerLost(
                f"worker process {pid} {reason}, the second time on {what}; the run stops "
                "(the files audited so far are kept: --resume goes on from them; fewer "
                "--workers or a smaller --chunk-mb need less memory)"
            )
        notify(f"hhaudit: worker process {pid} {reason} on {what}; running it again in a new "
               "worker (once)")  # fmt: skip
        launch(worker.unit, worker.attempt + 1)

    def _spare(self, env: dict[str, str]) -> Worker | None:
        """A prestarted worker with these Polars threads, if any (others are killed)."""
        while self.spares:  # a loop over at most `workers` spares
            worker = self.spares.pop()
            if worker.process.poll() is not None:  # died before it took a unit: nothing lost
                notify(f"hhaudit: worker process {worker.process.pid} {worker.death()} before "
                       "it took a unit; a new worker takes its place")  # fmt: skip
                continue
            if worker.threads == env[POLARS_THREADS_ENV]:
                return worker
            worker.kill()
        return None

    def _start(self, env: dict[str, str]) -> Worker:
        worker = Worker(env)
        self.live.append(worker)
        return worker

    def _renewed(self, worker: Worker, env: dict[str, str]) -> Worker:
        """The same worker, or a fresh one after `max_tasks` units (bounded memory creep)."""
        if not self.max_tasks or worker.finished < self.max_tasks:
            return worker
        worker.retire()
        return self._start(env)

    def close(self, kill: bool) -> None:
        """Stop every worker (kill: now, else after its input ends) and wait for them."""
        self._drop_spares()
        for worker in self.live:  # a loop over workers
            worker.kill() if kill else worker.retire()
        for worker in self.live:
            worker.process.wait()
            for stream in (worker.process.stdin, worker.process.stdout):
                if stream:
                    stream.close()
        self.live = []
