"""Parts (docs/words.md) kept in DIR/.parts/<key>/, and their combination into tables.

A part is one file of a batch, or one chunk, audited: its tables and its run.json entry. It is
complete when its `shard.json` exists (written last, atomically; the file keeps its old name,
so parts written before the rename are still resumed); `--resume` reuses
complete parts whose options fingerprint matches. Combining scans the parts lazily in input
order and renumbers `hand_key` with the file's position in this run, so a resumed run and a
full run give the same tables (flag ids carry the hand_uid, not the hand_key: nothing to renumber
there, hhaudit.run.identity).
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from hhaudit.run.batch import HAND_INDEX_BITS, TABLE_NAMES, FileEntry, PartResult, empty_tables
from hhaudit.run.derived import combined_columns
from reports.atomic import atomic_path, remove_stale_temporaries, write_text_atomic

PARTS_DIR = ".parts"
PART_META = "shard.json"  # a part's description (the on-disk name predates "part")
#: How a part's tables are stored: Arrow IPC files with lz4 buffers, a cache read once by the
#: combine (no Parquet encoding twice: the combine's is the one the outputs need). Named in
#: shard.json, so --resume audits again the parts of another format (Parquet, before #18).
PART_FORMAT = "arrow-ipc-lz4"
PART_SUFFIX = ".arrow"
#: The run's combined tables: zstd at level 1, not Polars' default 3 (docs/history/scale.md,
#: "The driver's phases"): ~15 % less CPU in the combine for ~3.5 % more bytes at 400k hands; the
#: same codec, so every reader of level 3 reads them; statistics on (row-group pruning).
TABLE_PARQUET: dict[str, Any] = {"compression": "zstd", "compression_level": 1}


@dataclass(frozen=True)
class StoredPart:
    """A complete part on disk and the file id its hand keys were built with."""

    key: str
    directory: Path
    file_id: int
    entry: FileEntry
    tables: tuple[str, ...] = TABLE_NAMES  # the non-empty tables written for this file
    chunk: int = 0  # > 0: a later chunk of the previous part's file (hhaudit.run.chunks)
    hand_base: int = 0  # hands in the file's earlier chunks, added to the hand index

    def path(self, table: str) -> str:
        return str(self.directory / f"{table}{PART_SUFFIX}")


def part_key(sha256: str, name: str) -> str:
    """Content digest plus a short digest of the name (two copies of one file stay apart)."""
    name_digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"{sha256 or 'refused'}-{name_digest}"


class PartStore:
    """The parts directory (DIR/.parts) of one output folder."""

    def __init__(self, out_dir: Path) -> None:
        self.root = out_dir / PARTS_DIR

    def clear(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def prune(self, keep: Sequence[StoredPart]) -> int:
        """Remove parts this run did not use (inputs gone or changed); return how many."""
        wanted = {part.directory.name for part in keep}
        stale = [d for d in self.root.iterdir() if d.is_dir() and d.name not in wanted]
        for directory in stale:
            shutil.rmtree(directory, ignore_errors=True)
        return len(stale)

    def remove_temporaries(self) -> int:
        """Delete the half-written files of parts whose writer was killed (a worker process
        stopped by Ctrl-C); the part itself has no shard.json and is audited again."""
        if not self.root.is_dir():
            return 0
        return sum(remove_stale_temporaries(d) for d in self.root.iterdir() if d.is_dir())

    def complete_count(self) -> int:
        """How many complete parts (with shard.json) the folder holds, from a listing only."""
        if not self.root.is_dir():
            return 0
        return sum(1 for d in self.root.iterdir() if (d / PART_META).is_file())

    def load(self, key: str, fingerprint: str) -> StoredPart | None:
        """A complete part audited with the same options, or None."""
        meta_path = self.root / key / PART_META
        try:
            meta = json.loads(meta_path.read_text("utf-8"))
        except (OSError, ValueError):
            return None
        if meta.get("fingerprint") != fingerprint or not isinstance(meta.get("tables"), list):
            return None  # other options, or a part from an older layout: audit again
        if meta.get("format") != PART_FORMAT:
            return None  # written in another format (Parquet parts): audit again
        try:
            part = StoredPart(
                key,
                self.root / key,
                int(meta["file_id"]),
                FileEntry.from_dict(meta["entry"]),
                tuple(name for name in meta["tables"] if name in TABLE_NAMES),
                int(meta.get("chunk", 0)),
            )
        except (KeyError, TypeError, ValueError):  # a damaged shard.json: audit again
            return None
        return part if all(Path(part.path(name)).exists() for name in part.tables) else None

    def save(
        self, key: str, result: PartResult, file_id: int, fingerprint: str, chunk: int = 0
    ) -> StoredPart:
        """Write a file's non-empty tables (PART_FORMAT: a cache), then shard.json."""
        directory = self.root / key
        shutil.rmtree(directory, ignore_errors=True)  # no stale table from an older audit
        directory.mkdir(parents=True)
        written = tuple(name for name in TABLE_NAMES if not _is_empty(result.tables.get(name)))
        for name in written:
            with atomic_path(directory / f"{name}{PART_SUFFIX}", durable=False) as tmp:
                result.tables[name].write_ipc(tmp, compression="lz4")
        meta = {
            "format": PART_FORMAT,
            "fingerprint": fingerprint,
            "file_id": file_id,
            "entry": result.entry.to_dict(),
            "tables": list(written),
            "chunk": chunk,
        }
        text = json.dumps(meta, indent=1, sort_keys=True)
        write_text_atomic(directory / PART_META, text, durable=False)
        return StoredPart(key, directory, file_id, result.entry, written, chunk)


def _is_empty(frame: pl.DataFrame | None) -> bool:
    return frame is None or frame.is_empty()


def _renumber(offset: pl.Expr) -> pl.Expr:
    """hand_key = the hand's index in its part + offset (from _key_offsets)."""
    return (pl.col("hand_key") % (1 << HAND_INDEX_BITS) + offset).alias("hand_key")


def _key_offsets(parts: Sequence[StoredPart]) -> list[int]:
    """Per part: (file position in this run << 32) + hands of the file's earlier chunks."""
    offsets, position = [], -1
    for part in parts:  # a loop over parts (files and chunks)
        position += part.chunk == 0
        offsets.append((position << HAND_INDEX_BITS) + part.hand_base)
    return offsets


GROUP_PARTS = 64  # parts per multi-file scan (one when/then branch each)

Offset = tuple[int, StoredPart]  # a part and its hand-key offset


def _scan_group(group: Sequence[Offset], table: str) -> pl.LazyFrame:
    """One multi-file scan of parts with the same columns; each row's hand-key offset from its
    part's path by a when/then chain (replace_strict there made the streaming engine hold the
    whole column: 1 GB at 400k hands, against 0.3 GB for the chain)."""
    frame = pl.scan_ipc([part.path(table) for _, part in group], include_file_paths="_part")
    if "hand_key" not in frame.collect_schema().names():
        return frame.drop("_part")
    offset = pl.lit(None, dtype=pl.Int64)
    for value, part in group:  # a loop over at most GROUP_PARTS parts
        is_part = pl.col("_part") == part.path(table)
        offset = pl.when(is_part).then(pl.lit(value, dtype=pl.Int64)).otherwise(offset)
    return frame.with_columns(_renumber(offset)).drop("_part")


def _same_schema_runs(present: Sequence[Offset], table: str) -> list[list[Offset]]:
    """The parts in order, cut where a part's columns (names, order, dtypes) differ from the
    previous one's and every GROUP_PARTS parts; a run is one multi-file scan."""
    runs: list[list[Offset]] = []
    previous = None
    for placed in present:  # a loop over parts (their schemas only: the IPC footers)
        schema = list(pl.read_ipc_schema(placed[1].path(table)).items())  # in column order
        if schema != previous or len(runs[-1]) >= GROUP_PARTS:
            runs.append([])
        runs[-1].append(placed)
        previous = schema
    return runs


def scan_combined(parts: Sequence[StoredPart], table: str) -> pl.LazyFrame:
    """All parts' `table` as one lazy frame, in input order, hand keys renumbered 0..n-1.

    Multi-file scans of up to GROUP_PARTS parts of the same columns, concatenated (a concat of
    thousands of single-part scans is ~100x slower in the streaming engine); parts with other
    columns are concatenated diagonally (a column a part lacks is null, dtypes relaxed to a
    common one). The part each row came from gives its file's position in this run.
    """
    offsets = _key_offsets(parts)
    present = [(offset, part) for offset, part in zip(offsets, parts, strict=True)
               if table in part.tables]  # fmt: skip
    if not present:
        return empty_tables()[table].lazy()
    runs = _same_schema_runs(present, table)
    scans = [_scan_group(run, table) for run in runs]
    if len(scans) == 1:
        return scans[0]
    same = len({tuple(scan.collect_schema().items()) for scan in scans}) == 1
    return pl.concat(scans, how="vertical" if same else "diagonal_relaxed")


def _with_reason_codes(frame: pl.LazyFrame) -> pl.LazyFrame:
    """Quarantine rows keep their reason_code; a row written without one gets it from its
    reason (the one classifier, parsers/core/quarantine_reasons.py)."""
    from parsers.core.quarantine_reasons import reason_code

    derived = reason_code(pl.col("reason"))
    if "reason_code" not in frame.collect_schema().names():
        return frame.with_columns(derived.alias("reason_code"))
    return frame.with_columns(pl.coalesce("reason_code", derived).alias("reason_code"))


def sink_combined(
    parts: Sequence[StoredPart], table: str, destination: Path, run_id: str = ""
) -> None:
    """Write one combined table as Parquet, streaming, atomically, with the run-wide columns
    (run_id, the street Enum: hhaudit.run.derived)."""
    frame = scan_combined(parts, table)
    if table == "quarantine":
        frame = _with_reason_codes(frame)
    frame = combined_columns(frame, run_id)
    with atomic_path(destination) as tmp:
        frame.sink_parquet(tmp, **TABLE_PARQUET)
