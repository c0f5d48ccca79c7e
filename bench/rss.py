"""Peak resident memory of a whole process tree: what a run with worker processes really holds.

GNU time's %M and wait4's rusage report the largest *single* process, not the sum of processes
alive at the same time; with `hhaudit run` driving N workers the machine holds the parent plus
every worker at once. A thread polls /proc every ~50 ms, sums VmRSS over the process and all its
descendants, and keeps the largest sum (a spike shorter than the interval can be missed).
"""

from __future__ import annotations

import threading
from pathlib import Path
from types import TracebackType

PROC = Path("/proc")
INTERVAL_S = 0.05


def _parent_of(stat: str) -> int:
    """The ppid field of /proc/<pid>/stat (after the command name, which may hold spaces)."""
    return int(stat[stat.rindex(")") + 2 :].split()[1])


def _parents() -> dict[int, int]:
    """pid -> parent pid for every process visible now."""
    parents = {}
    for entry in PROC.iterdir():  # a loop over processes
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = _parent_of((entry / "stat").read_text())
            except (OSError, ValueError, IndexError):
                continue  # ended while we looked
    return parents


def descendants(root: int, parents: dict[int, int]) -> list[int]:
    """`root` and every process below it."""
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    tree, todo = [], [root]
    while todo:  # a walk down the tree
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, ()))
    return tree


def rss_kb(pid: int) -> int:
    """VmRSS of one process in kB (0 once it has ended or for a zombie)."""
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def tree_rss_kb(root: int) -> int:
    return sum(rss_kb(pid) for pid in descendants(root, _parents()))


class TreeRssSampler:
    """`with TreeRssSampler(pid) as sampler: ...`; then `sampler.peak_mb`."""

    def __init__(self, pid: int, interval: float = INTERVAL_S) -> None:
        self.pid = pid
        self.interval = interval
        self.peak_kb = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    @property
    def peak_mb(self) -> float:
        return self.peak_kb / 1024

    def _sample(self) -> None:
        while not self._stop.is_set():  # a loop over samples
            self.peak_kb = max(self.peak_kb, tree_rss_kb(self.pid))
            self._stop.wait(self.interval)

    def __enter__(self) -> TreeRssSampler:
        if PROC.is_dir():
            self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
