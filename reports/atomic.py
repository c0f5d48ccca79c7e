"""Atomic output writing: write beside the target under a temporary name, rename when complete.

A reader never sees a half-written file under its final name: either the old file, or the
new one, whole. A failure (exception, Ctrl-C) removes the temporary file.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".partial"


def temp_name_for(final: Path) -> Path:
    """A unique hidden temporary path in the same directory as `final` (same filesystem)."""
    return final.with_name(f".{final.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}{TEMP_SUFFIX}")


def _fsync_file(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextmanager
def atomic_path(final: str | Path, durable: bool = True) -> Iterator[Path]:
    """Yield a temporary path to write; on success it is fsynced and renamed onto `final`.

    `durable=False` skips the fsyncs (still atomic for readers): for caches such as the run's parts.

    >>> with atomic_path(out / "x.csv") as tmp:  # doctest: +SKIP
    ...     frame.write_csv(tmp)
    """
    final = Path(final)
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_name_for(final)
    try:
        yield tmp
        if not tmp.exists():
            raise FileNotFoundError(f"nothing was written to {tmp} for {final}")
        if durable:
            _fsync_file(tmp)
        os.replace(tmp, final)
        if durable:
            _fsync_dir(final.parent)
    finally:
        tmp.unlink(missing_ok=True)


def write_bytes_atomic(final: str | Path, data: bytes, durable: bool = True) -> None:
    with atomic_path(final, durable) as tmp:
        tmp.write_bytes(data)


def write_text_atomic(final: str | Path, text: str, durable: bool = True) -> None:
    write_bytes_atomic(final, text.encode("utf-8"), durable)


def remove_stale_temporaries(directory: Path) -> int:
    """Delete temporaries left by a killed run in `directory`; return how many were removed."""
    removed = 0
    if directory.is_dir():
        for leftover in directory.glob(f".*{TEMP_SUFFIX}"):
            leftover.unlink(missing_ok=True)
            removed += 1
    return removed
