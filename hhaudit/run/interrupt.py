"""A run stopped before its end: Ctrl-C, SIGTERM, or an error. What is kept, what to type next.

Files audited before the stop are complete parts in the run's work folder (.DIR.hhaudit/.parts/,
or DIR/.hhaudit/.parts/ for a mount point: hhaudit.run.outdir; each part's shard.json is written
last), so `hhaudit run ... --resume` finishes the run without auditing them again. The new
output set is swapped in for DIR only when whole: a stopped run leaves the previous set (or
none) in DIR.

SIGTERM, what `timeout`, systemd, cron wrappers and Kubernetes send, is handled as Ctrl-C is
(`stop_on_sigterm`): the same lines on stderr, exit status 143 (128 + SIGTERM) instead of 130.
"""

from __future__ import annotations

import contextlib
import errno
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from hhaudit.engines import WorkerLost
from hhaudit.run.outdir import has_set, work_dir
from hhaudit.run.parts import PARTS_DIR

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a process stopped by Ctrl-C
EXIT_TERMINATED = 128 + signal.SIGTERM  # 143
DISK_FULL = (errno.ENOSPC, errno.EDQUOT)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be: every cleanup that Ctrl-C runs runs for it."""

    signum = signal.SIGTERM


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While the block runs, SIGTERM stops the run as Ctrl-C does (then the old handler)."""
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def exit_status_of(stop: KeyboardInterrupt) -> int:
    return EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED


@dataclass
class FileTally:
    """Input files finished so far (audited now or reused from a previous run)."""

    total: int
    audited: int = 0
    reused: int = 0

    def add(self, reused: bool) -> None:
        if reused:
            self.reused += 1
        else:
            self.audited += 1

    def interrupted_lines(self, out_dir: Path, stop: BaseException | None = None) -> list[str]:
        """What stderr says after Ctrl-C or SIGTERM: what is done, what is not, how to finish."""
        done = self.audited + self.reused
        how = "stopped by SIGTERM" if isinstance(stop, Terminated) else "interrupted"
        return [
            f"hhaudit: {how}: {done} of {self.total} input files finished "
            f"({self.audited} audited now, {self.reused} reused)",
            f"hhaudit: finished files are kept in {work_dir(out_dir) / PARTS_DIR}; "
            + previous_set(out_dir),
            f"hhaudit: to finish, run the same command again with --resume (--out {out_dir})",
        ]


def previous_set(out_dir: Path) -> str:
    """What DIR holds after a run that did not finish."""
    if has_set(out_dir):
        return f"{out_dir} keeps its previous output set, untouched"
    return f"{out_dir} has no output set yet"


def _disk_full(exc: BaseException) -> bool:
    """No space left (or quota): an OSError, or a Polars/Arrow error that quotes the OS's."""
    for error in (exc, exc.__cause__, exc.__context__):
        if isinstance(error, OSError) and error.errno in DISK_FULL:
            return True
    text = str(exc)
    return "No space left on device" in text or "os error 28" in text or "Disk quota" in text


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def failure_lines(exc: BaseException, out_dir: Path) -> list[str]:
    """What stderr says when a run fails on an I/O error or a bug (exit status 2)."""
    work = work_dir(out_dir)
    if _disk_full(exc):
        filename = getattr(exc, "filename", None)
        where = f"{filename}, in " if filename else ""
        lines = [
            f"hhaudit: I/O error: no space left on the device writing {where}the run's work "
            f"folder {work} (beside or inside --out {out_dir}): {exc}"
        ]
    elif isinstance(exc, WorkerLost):
        lines = [f"hhaudit: worker failure: {exc}"]
    else:
        kind = "I/O error" if isinstance(exc, OSError) else "internal error"
        lines = [f"hhaudit: {kind}: {type(exc).__name__}: {exc}"]
    lines.append("hhaudit: the run is incomplete; " + previous_set(out_dir))
    parts = work / PARTS_DIR
    with contextlib.suppress(OSError):
        if parts.is_dir() and any(parts.iterdir()):
            size = _size(parts) / 1e6
            lines.append(
                f"hhaudit: the files audited so far are kept in {parts} ({size:,.1f} MB): the same "
                f"command with --resume reuses them; to free the space instead: rm -rf '{work}'"
            )
    return lines
