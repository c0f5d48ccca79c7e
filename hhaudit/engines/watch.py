"""What the local engine's watchdog reads about a worker: its CPU time, how it ended, its unit.

A worker makes progress when it spends CPU time or waits for a core (a thread in state R: a
loaded machine starves it, it has not stopped); one that does neither for the stall limit while
it holds a unit is stopped (SIGSTOP, a debugger), deadlocked or blocked on I/O for minutes: it
is killed and its unit runs again (hhaudit.engines.processes). Both come from /proc (Linux);
elsewhere no worker is ever called stalled.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

STALL_ENV = "HHAUDIT_WORKER_STALL_S"
STALL_SECONDS = 300.0


def stall_seconds() -> float:
    """Seconds without CPU time after which a busy worker is stalled (HHAUDIT_WORKER_STALL_S)."""
    try:
        return max(0.5, float(os.environ.get(STALL_ENV, STALL_SECONDS)))
    except ValueError:
        return STALL_SECONDS


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process (all its threads), or None where /proc lacks it."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    try:
        ticks = int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15 of stat(5)
    except (IndexError, ValueError):
        return None
    return ticks / os.sysconf("SC_CLK_TCK")


def runnable(pid: int) -> bool:
    """Whether a thread of the process is running or waiting for a core (state R): a worker
    starved of CPU on a loaded machine spends no CPU time but is not stalled."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return False
    for task in tasks:  # a loop over the worker's threads
        try:
            state = (task / "stat").read_bytes().rsplit(b")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state == b"R":
            return True
    return False


def describe_exit(code: int) -> str:
    """How a worker process ended, from its exit status (negative: killed by a signal)."""
    if code >= 0:
        return f"ended (exit status {code})"
    number = -code
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = "unknown signal"
    text = f"was killed by signal {number} ({name})"
    if number == signal.SIGKILL:
        text += ", likely by the kernel's out-of-memory killer (dmesg names it)"
    return text


def describe_unit(unit: Any) -> str:
    """The files of a unit, for a message ("the unit of a.txt, b.txt and 3 more")."""
    files = getattr(unit, "files", None)
    if not files:
        return "its unit"
    chunk = getattr(unit, "chunk", None)
    if chunk is not None:
        return f"chunk {chunk.index} of {chunk.name}"
    names = [plan.source.name for plan in files]
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"the unit of {shown}"
