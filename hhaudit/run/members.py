"""One member of an archive as it is copied out: bounded, to the spill folder or to memory
(hhaudit.run.archives)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from hhaudit.run.formats import HEAD_BYTES, read_head
from hhaudit.run.sources import ARCHIVE_SEPARATOR, InputSource

CHUNK = 1 << 20


class OverCap(Exception):
    """More bytes than a limit allows; the message names the limit."""


class Capped(io.RawIOBase):
    """A reader that raises OverCap once more than `cap` bytes went through it."""

    def __init__(self, stream: BinaryIO, cap: int, why: str) -> None:
        self.stream, self.cap, self.why, self.count = stream, cap, why, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self.stream.read(len(buffer))
        self.count += len(data)
        if self.count > self.cap:
            raise OverCap(f"possible archive bomb: {self.why}")
        buffer[: len(data)] = data
        return len(data)


@dataclass
class Material:
    """One member's bytes: a spill file or in memory."""

    name: str
    size: int
    path: Path | None = None
    data: bytes | None = None

    def open(self) -> BinaryIO:
        if self.path is not None:
            return open(self.path, "rb")
        return io.BytesIO(self.data or b"")

    def head(self) -> bytes:
        if self.data is not None:
            return read_head(self.data)
        with self.open() as handle:
            return handle.read(HEAD_BYTES)

    def discard(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)

    def source(self) -> InputSource:
        return InputSource(self.name, path=self.path, data=self.data, known_size=self.size)


class SpillError(OSError):
    """Writing a decompressed member failed (a full disk): the run stops, exit status 2."""


def copy_into(reader: BinaryIO, out: BinaryIO, target: Path) -> None:
    """Copy a member into its spill file; a write error is the run's, not the input's."""
    while block := reader.read(CHUNK):  # a loop over blocks of one member
        try:
            out.write(block)
        except OSError as exc:
            raise SpillError(
                exc.errno, f"cannot write the decompressed input {target}: {exc.strerror}"
            ) from exc


def safe_stem(name: str) -> str:
    """A short file name for a spilled member (its real name is kept in the InputSource)."""
    last = PurePosixPath(name.replace("\\", "/").rsplit(ARCHIVE_SEPARATOR, 1)[-1]).name
    cleaned = "".join(c if c.isalnum() or c in "._-" else "_" for c in last)[-80:]
    return cleaned.lstrip(".") or "member"
