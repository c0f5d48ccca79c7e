"""Big files in chunks of hands: bounded memory whatever the size of one input file.

A file larger than 1.25 x `chunk_bytes` is cut into byte ranges, each starting at a hand-header
line, so every chunk holds whole hands and the parser segments it exactly as the whole file.
A chunk keeps the file's name and line numbers (`parse_bytes(first_line=...)`); its hand keys
count from 0 and are rebased when the parts are combined (`StoredPart.hand_base`), and the
chunks' run.json entries are summed into one entry per file (`merge_entries`).

Only files that a cut cannot change are chunked: on disk, UTF-8 (no UTF-16 or NUL bytes, no
lone CR line ends) and in a line-based format (a `Grammar`; XML/TOML documents stay whole).
Planning reads a 1 MiB window at each cut; the one full read (sha256 and line counts) is the
same pass that digests every input. The file's identity (size, modification time, inode) is
taken around that pass and checked again after each chunk is read: a file that changed in
between is refused whole (`unreadable_input`), never audited from a mix of its versions.
"""

from __future__ import annotations

import codecs
import functools
import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import polars as pl

from hhaudit.run.batch import FileEntry, PartResult, audit_batch, refused_part
from hhaudit.run.reading import Signature, changed, signature, unreadable
from hhaudit.run.settings import AuditSettings
from hhaudit.run.sources import InputSource, RefusedInput

#: ~19k hands of NLHE. The check audits a unit in slices of at most 10k hands
#: (hhaudit.run.slices), so a 16 MB unit holds little more than an 8 MB one did: with 2
#: workers, 400k hands peak at 911-919 MB for the whole process tree (quiet machine) against
#: 873-890 MB with 8 MB units, for 13 % less CPU and 16 % less wall (docs/history/scale.md,
#: "Bigger units"); unsliced, 16 MB took 1,237 MB.
CHUNK_BYTES = 16 << 20
WINDOW = 1 << 20  # bytes read at a cut to find the next hand header
SCAN_BYTES = 64 << 10  # searched first for that header (the whole window only if need be)
#: Read size of the digest pass. The driver digests files in threads, and glibc keeps a freed
#: block of each thread's heap once its first free has raised the mmap threshold: with 8 MB
#: blocks the driver held ~30 MB more for the whole run (2M hands: 172 MB while the units ran).
BLOCK = 1 << 20


@dataclass(frozen=True)
class Chunk:
    """Bytes [start, end) of one file; `first_line` is the file's line number of its first line."""

    name: str
    path: Path
    index: int
    start: int
    end: int
    first_line: int = 1
    #: The file's identity when it was digested (hhaudit.run.reading.signature).
    identity: Signature | None = None

    @property
    def size(self) -> int:
        return self.end - self.start

    @property
    def label(self) -> str:
        """The part-key suffix: chunk number and byte range (a new plan never reuses a part)."""
        return f"{self.name}#chunk{self.index}:{self.start}-{self.end}"

    def read(self) -> bytes | RefusedInput:
        """The chunk's bytes, or the file's refusal when it is gone or changed since planned."""
        try:
            with open(self.path, "rb") as handle:
                handle.seek(self.start)
                data = handle.read(self.size)
                now = signature(os.fstat(handle.fileno()))
        except OSError as exc:
            return unreadable(self.name, exc)
        if self.identity is not None and now != self.identity:
            return changed(self.name, self.identity, now)
        return data


def _splittable(head: bytes) -> bool:
    """UTF-8 text with LF or CRLF line ends (cuts then fall on the parser's own lines)."""
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in head:
        return False
    if head.count(b"\r") != head.count(b"\r\n"):
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:  # a character cut by the window end is fine
        return exc.start >= len(head) - 4
    return True


def _header_offset(window: bytes) -> int | None:
    """Offset in `window` of the first hand-header line of a line-based format after its
    first line break (the window may start mid-line), or None.

    The first SCAN_BYTES (whole lines) are searched first: a header is nearly always there, and
    regex-matching the lines of the full 1 MiB window at every cut was ~half of the digest
    stage. The first header of the whole lines of a prefix is the window's first header too.
    """
    start = window.find(b"\n") + 1
    if start == 0:
        return None
    end = window.rfind(b"\n", start, start + SCAN_BYTES) + 1
    if 0 < end < len(window):
        found = _first_header(window[start:end])
        if found is not None:
            return None if found < 0 else start + found
    found = _first_header(window[start:])
    return None if found is None or found < 0 else start + found


@functools.cache
def _header_search() -> tuple[str, pl.Expr, frozenset[int]]:
    """The any-header regex, the expression naming a header's format, and the indexes of
    the document formats (XML, TOML): built once per process, not at every cut."""
    from parsers.detect import FORMATS, any_header_pattern, format_index_expr

    documents = frozenset(i for i, found in enumerate(FORMATS) if found.grammar is None)
    return any_header_pattern(), format_index_expr(pl.col("stripped")), documents


def _first_header(text: bytes) -> int | None:
    """Offset of the first hand-header line in `text` (starting at a line start); -1 when that
    header is a document format's (XML, TOML: never cut); None when `text` has no header.
    One plan: line offsets, the first header, its format."""
    pattern, format_index, documents = _header_search()
    try:
        lines = pl.read_lines(text, name="text")
    except pl.exceptions.PolarsError:
        return None
    headers = (
        lines.lazy()
        .select(
            (pl.col("text").str.len_bytes() + 1).cum_sum().shift(1, fill_value=0).alias("offset"),
            pl.col("text").str.strip_chars().alias("stripped"),
        )
        .filter(pl.col("stripped").str.contains(pattern))
        .head(1)
        .select("offset", format_index.alias("format"))
        .collect()
    )
    if headers.is_empty():
        return None
    if headers["format"][0] in documents:
        return -1
    return int(headers["offset"][0])


def plan_cuts(path: Path, chunk_bytes: int = CHUNK_BYTES) -> list[int]:
    """Byte offsets where chunks start (always [0, ...]); [0] when the file stays whole."""
    size = path.stat().st_size
    if size <= chunk_bytes + chunk_bytes // 4:
        return [0]
    cuts = [0]
    with open(path, "rb") as handle:
        if not _splittable(handle.read(WINDOW)):
            return [0]
        position = chunk_bytes
        while position < size - chunk_bytes // 4:  # a loop over chunks, not lines
            handle.seek(position)
            window = handle.read(WINDOW)
            offset = _header_offset(window) if _splittable(window) else None
            if offset is None:
                break  # no header in reach: the rest stays in the last chunk
            cuts.append(position + offset)
            position += offset + chunk_bytes
    return cuts


def digest_and_lines(path: Path, cuts: Sequence[int]) -> tuple[str, list[int]]:
    """The file's sha256 and, for each cut, the line number of its first line (one read)."""
    digest = hashlib.sha256()
    first_lines: list[int] = []
    newlines = 0
    ends = [*cuts[1:], None]
    with open(path, "rb") as handle:
        for end in ends:  # a loop over chunks and blocks of bytes
            first_lines.append(newlines + 1)
            remaining = None if end is None else end - handle.tell()
            while remaining is None or remaining > 0:
                block = handle.read(BLOCK if remaining is None else min(BLOCK, remaining))
                if not block:
                    break
                digest.update(block)
                newlines += block.count(b"\n")
                if remaining is not None:
                    remaining -= len(block)
    return digest.hexdigest(), first_lines


def plan_chunks(
    source: InputSource, chunk_bytes: int = CHUNK_BYTES
) -> tuple[str, list[Chunk]] | None:
    """(sha256, chunks) for a file worth cutting, else None (digest it the usual way)."""
    if source.path is None:
        return None
    before = signature(os.stat(source.path))
    cuts = plan_cuts(source.path, chunk_bytes)
    if len(cuts) == 1:
        return None
    digest, first_lines = digest_and_lines(source.path, cuts)
    identity = signature(os.stat(source.path))
    if identity != before:
        return None  # changed while digested: its worker reads and digests it whole
    ends = [*cuts[1:], identity[0]]
    chunks = [
        Chunk(source.name, source.path, index, start, end, first_line, identity)
        for index, (start, end, first_line) in enumerate(zip(cuts, ends, first_lines, strict=True))
    ]
    return digest, chunks


def audit_chunk(chunk: Chunk, file_id: int, settings: AuditSettings, sha256: str) -> PartResult:
    """Parse and audit one chunk; hand keys count from 0 within the chunk (rebased later).
    A file gone or changed since it was planned gives a refused part (the driver refuses the
    whole file: hhaudit.run.units)."""
    data = chunk.read()
    if isinstance(data, RefusedInput):
        return refused_part(data)
    source = InputSource(name=chunk.name, data=data)
    results = audit_batch(
        [source], [file_id], settings, [sha256], first_line=chunk.first_line, sliced=True
    )
    result = results[0]
    entry = replace(result.entry, size=chunk.size)
    return PartResult(entry=entry, tables=result.tables)


def merge_entries(entries: Sequence[FileEntry]) -> FileEntry:
    """One file's entry from its chunks' entries (counts summed, the first error kept)."""
    first = entries[0]
    errors = [entry.error for entry in entries if entry.error]
    return replace(
        first,
        site=next((e.site for e in entries if e.site), None),
        size=sum(entry.size for entry in entries),
        hands_read=sum(entry.hands_read for entry in entries),
        hands_audited=sum(entry.hands_audited for entry in entries),
        hands_quarantined=sum(entry.hands_quarantined for entry in entries),
        flags=sum(entry.flags for entry in entries),
        violations=sum(entry.violations for entry in entries),
        lines_skipped=sum(entry.lines_skipped for entry in entries),
        error=errors[0] if errors else None,
        refused=next((entry.refused for entry in entries if entry.refused), None),
    )
