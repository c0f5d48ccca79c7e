"""What an input file is, from its first bytes: a compressed stream, an archive, or text.

Detection is by content (magic bytes), never by name, so `hands.txt` that is really gzip still
reads and `logs.zip` that is really a tar too. Formats we cannot open are recognised as well, so
they are refused as what they are ("7z archives are not supported"), not as "not a hand history".

zstd: Python 3.11-3.13 have no zstd module; `backports.zstd` (the backport of 3.14's
`compression.zstd`, the same API) is a dependency for them only (pyproject.toml).
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import lzma
import tarfile
from collections.abc import Callable
from typing import BinaryIO

HEAD_BYTES = 512  # enough for every magic below, tar's at offset 257 included

#: Compressed streams we read: (magic, kind).
STREAMS: tuple[tuple[bytes, str], ...] = (
    (b"\x1f\x8b", "gzip"),
    (b"BZh", "bzip2"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
#: Archives and streams we recognise but cannot open: (magic, what the refusal calls them).
UNSUPPORTED: tuple[tuple[bytes, str], ...] = (
    (b"7z\xbc\xaf\x27\x1c", "7z archives"),
    (b"Rar!\x1a\x07", "RAR archives"),
    (b"\x04\x22\x4d\x18", "LZ4 streams"),
    (b"\x1f\x9d", "Unix compress (.Z) streams"),
    (b"LZIP", "lzip streams"),
    (b"\x89LZO\x00\r\n\x1a\n", "lzop streams"),
    (b"MSCF", "CAB archives"),
    (b"\x60\xea", "ARJ archives"),
    (b"!<arch>\n", "ar archives"),
    (b"xar!", "xar archives"),
    (b"\xff\x06\x00\x00sNaPpY", "Snappy streams"),
    (b"\xed\xab\xee\xdb", "RPM packages"),
    (b"ZPAQ", "ZPAQ archives"),
)
#: Names of streams without a magic number (brotli, raw LZMA): refused when their head is
#: binary, read as text otherwise.
UNSUPPORTED_SUFFIXES: dict[str, str] = {
    ".br": "brotli streams",
    ".lzma": "LZMA (.lzma) streams",
    ".7z": "7z archives",
    ".rar": "RAR archives",
}


def _zstd_module():  # compression.zstd or its backport
    try:
        from compression import zstd  # type: ignore[import-not-found]  # Python 3.14+
    except ImportError:
        from backports import zstd
    return zstd


def _is_tar(head: bytes) -> bool:
    """A POSIX/GNU tar (ustar magic at 257), or an old V7 tar (a valid header checksum)."""
    if len(head) < HEAD_BYTES:
        return False
    if head[257:262] == b"ustar":
        return True
    try:
        tarfile.TarInfo.frombuf(head[:HEAD_BYTES], "utf-8", "surrogateescape")
    except (tarfile.HeaderError, ValueError):
        return False
    return head[:100].rstrip(b"\x00") != b""  # a name: not a block of NUL bytes


def detect(head: bytes) -> str | None:
    """'gzip', 'bzip2', 'xz', 'zstd', 'zip', 'tar', 'unsupported:<what>', or None (text)."""
    for magic, kind in STREAMS:
        if head.startswith(magic) and (kind != "bzip2" or head[3:4].isdigit()):
            return kind
    if head.startswith(ZIP_MAGICS):
        return "zip"
    for magic, what in UNSUPPORTED:
        if head.startswith(magic):
            return f"unsupported:{what}"
    return "tar" if _is_tar(head) else None


def looks_binary(head: bytes) -> bool:
    """Control bytes other than tab, line ends, form feed and ESC: not text in any encoding we
    read (UTF-16 text has NULs: it is told apart by parsers/core/io.py, so NULs alone don't
    count)."""
    sample = head.replace(b"\x00", b"")
    return any(byte < 0x08 or 0x0E <= byte < 0x1B for byte in sample[:HEAD_BYTES])


def unsupported_by_name(name: str, head: bytes) -> str | None:
    """What a file named like a stream without magic is, when its head is not text."""
    lowered = name.lower()
    for suffix, what in UNSUPPORTED_SUFFIXES.items():
        if lowered.endswith(suffix) and looks_binary(head):
            return what
    return None


def decompressor(kind: str) -> Callable[[BinaryIO], BinaryIO]:
    """A function opening a decompressing reader of `kind` over a binary file object; every
    concatenated member of the stream is read (gzip, bzip2, xz and zstd all allow several)."""
    if kind == "gzip":
        return lambda raw: gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    if kind == "bzip2":
        return lambda raw: bz2.BZ2File(raw, mode="rb")  # type: ignore[return-value]
    if kind == "xz":
        return lambda raw: lzma.LZMAFile(raw, mode="rb")  # type: ignore[return-value]
    if kind == "zstd":
        zstd = _zstd_module()
        return lambda raw: zstd.ZstdFile(raw, mode="rb")
    raise ValueError(f"not a compressed stream: {kind}")


def stream_errors() -> tuple[type[BaseException], ...]:
    """What a damaged or truncated stream raises while it is read."""
    import zlib

    errors: list[type[BaseException]] = [OSError, EOFError, ValueError, zlib.error, lzma.LZMAError]
    with contextlib.suppress(ImportError, AttributeError):  # no zstd: detect() names them
        errors.append(_zstd_module().ZstdError)
    return tuple(errors)


def read_head(data: bytes | BinaryIO) -> bytes:
    """The first HEAD_BYTES of bytes, or of a file object (its position is restored)."""
    if isinstance(data, bytes | bytearray | memoryview):
        return bytes(data[:HEAD_BYTES])
    position = data.tell()
    head = data.read(HEAD_BYTES)
    data.seek(position)
    return head
