"""The spill folder of a run: where archive members and compressed files are decompressed.

Each run gets its own folder in the work folder of DIR (hhaudit.run.outdir: on DIR's
filesystem, so a Dask cluster that sees DIR sees it too): `inputs-<random>/`, removed when the
run ends. A file lock inside it (held while the run lives) tells a later run that a folder left
by a killed run is stale and can go; a folder whose lock is held belongs to a live run.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

PREFIX = "inputs-"
LOCK = ".lock"


def _is_stale(folder: Path) -> bool:
    """A spill folder whose run is gone (its lock can be taken)."""
    try:
        fd = os.open(folder / LOCK, os.O_RDWR)
    except OSError:
        return True  # no lock file: a folder cut short while it was made
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)
    return True


def remove_stale(work: Path) -> None:
    """Remove the spill folders of runs that were killed."""
    if not work.is_dir():
        return
    for folder in work.glob(f"{PREFIX}*"):  # a loop over (rare) leftovers
        if folder.is_dir() and _is_stale(folder):
            shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def spill_folder(work: Path) -> Iterator[Path]:
    """A new spill folder in `work`, locked while the block runs, then removed."""
    remove_stale(work)
    folder = work / f"{PREFIX}{uuid.uuid4().hex[:12]}"
    folder.mkdir(parents=True)
    fd = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(fd)
        with contextlib.suppress(OSError):  # the work folder goes when nothing else is in it
            work.rmdir()
