"""An input as the worker reads it: the bytes audited, and the sha256 and size of those bytes.

The driver does not digest a file before its worker reads it (it does with --resume, to find
the parts it can reuse): an input that grows, shrinks or is replaced while the run goes is
digested from the very bytes that are parsed, so run.json, the part's key and the dataset's
file key always describe what was audited (hhaudit.run.dataset replaces an input's rows by that
key). A file gone or unreadable by then is refused (`unreadable_input`) and the batch goes on.

A chunk of a big file is checked another way (hhaudit.run.chunks): the file's identity (size,
modification time, inode) when it was digested must still hold after the chunk is read.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass

from hhaudit.run.sources import UNREADABLE, InputSource, RefusedInput

#: What identifies a file's content without reading it: (size, mtime_ns, inode, device).
Signature = tuple[int, int, int, int]


@dataclass(frozen=True)
class ReadInput:
    """One input read: its bytes in memory with their digest, or why it could not be read."""

    source: InputSource  # name and bytes (data) when read
    sha256: str = ""
    refusal: RefusedInput | None = None


def signature(stat: os.stat_result) -> Signature:
    return (stat.st_size, stat.st_mtime_ns, stat.st_ino, stat.st_dev)


def unreadable(name: str, exc: OSError) -> RefusedInput:
    """The refusal of a file that could not be read while the run went on."""
    if isinstance(exc, FileNotFoundError):
        return RefusedInput(name, "the file was removed while the run read its inputs", UNREADABLE)
    return RefusedInput(name, f"cannot read the file: {exc.strerror or exc}", UNREADABLE)


def changed(name: str, before: Signature, after: Signature) -> RefusedInput:
    """The refusal of a file whose content changed between two reads of one run."""
    size = f"{before[0]:,} -> {after[0]:,} bytes" if before[0] != after[0] else "same size"
    return RefusedInput(
        name,
        f"the file changed while the run read it ({size}); audit it again once it is complete",
        UNREADABLE,
    )


def sha256_of(source: InputSource) -> str:
    """The content digest of a source, streamed from disk for files."""
    digest = hashlib.sha256()
    if source.data is not None:
        digest.update(source.data)
    else:
        assert source.path is not None
        with open(source.path, "rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
    return digest.hexdigest()


def read_input(source: InputSource, digest: str = "") -> ReadInput:
    """The bytes of `source` and their sha256. In-memory bytes (archive members kept in memory,
    a chunk) keep the digest they were given; a file on disk is always digested as read."""
    if source.data is not None:
        return ReadInput(source, digest or hashlib.sha256(source.data).hexdigest())
    assert source.path is not None
    try:
        with open(source.path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        return ReadInput(source, refusal=unreadable(source.name, exc))
    loaded = InputSource(source.name, data=data)
    return ReadInput(loaded, hashlib.sha256(data).hexdigest())


def read_inputs(sources: Sequence[InputSource], digests: Sequence[str] | None) -> list[ReadInput]:
    """Every source read (a loop over the files of one unit)."""
    given = list(digests) if digests else [""] * len(sources)
    return [read_input(source, digest) for source, digest in zip(sources, given, strict=True)]
