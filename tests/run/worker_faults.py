"""Units for the local engine's fault tests (tests/run/test_faults_workers.py): each one kills
or stops the worker that runs it, the first time (a marker file says it happened) or always.
Workers import this module by name: the test puts tests/run on their PYTHONPATH."""

from __future__ import annotations

import os
import signal
from pathlib import Path


def _first_time(marker: str) -> bool:
    path = Path(marker)
    if path.exists():
        return False
    path.write_text(str(os.getpid()))
    return True


def killed_once(marker: str) -> str:
    """SIGKILL, as the kernel's out-of-memory killer sends, the first time only."""
    if _first_time(marker):
        os.kill(os.getpid(), signal.SIGKILL)
    return f"done {Path(marker).name}"


def stopped_once(marker: str) -> str:
    """SIGSTOP (no CPU time from then on), the first time only."""
    if _first_time(marker):
        os.kill(os.getpid(), signal.SIGSTOP)
    return f"done {Path(marker).name}"


def killed_always(marker: str) -> str:
    os.kill(os.getpid(), signal.SIGKILL)
    return "never"
