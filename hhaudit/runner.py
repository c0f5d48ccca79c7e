"""Batch orchestration of `hhaudit run`: shards file by file, then combines and reports.

Each input file is one shard (`hhaudit.shard.audit_shard`), written to DIR/.parts/ and dropped
from memory; the combined tables are streamed from the parts with scan/sink, so memory stays
bounded by the largest file, not the whole run. run.json is written last: a directory without
it holds no complete run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl

from hhaudit import __version__
from hhaudit.atomic import remove_stale_temporaries, write_text_atomic
from hhaudit.duplicates import drop_duplicates
from hhaudit.inputs import InputSource, RefusedInput
from hhaudit.parts import PartStore, StoredPart, part_key, sink_combined
from hhaudit.shard import (
    TABLE_NAMES,
    AuditSettings,
    FileEntry,
    audit_batch,
    refused_shard,
    sha256_of,
)
from reports import HtmlLimits, write_reports

RUN_JSON = "run.json"
BATCH_BYTES = 8 << 20  # input bytes audited together (small files share one pipeline run)
BATCH_FILES = 256
PARQUET_TABLES: tuple[str, ...] = TABLE_NAMES  # hands, seats, actions, violations, quarantine

#: Called once per input file: (entry, reused_from_resume).
FileHook = Callable[[FileEntry, bool], None]


@dataclass(frozen=True)
class RunConfig:
    out_dir: Path
    settings: AuditSettings = field(default_factory=AuditSettings)
    resume: bool = False
    limits: HtmlLimits = field(default_factory=HtmlLimits)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class _Pending:
    """Sources waiting to be audited together (one batch)."""

    sources: list[InputSource] = field(default_factory=list)
    file_ids: list[int] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    size: int = 0

    def add(self, source: InputSource, file_id: int, digest: str) -> None:
        self.sources.append(source)
        self.file_ids.append(file_id)
        self.digests.append(digest)
        self.size += source.size

    def full(self) -> bool:
        return self.size >= BATCH_BYTES or len(self.sources) >= BATCH_FILES


def _audit_pending(
    pending: _Pending,
    store: PartStore,
    config: RunConfig,
    parts: list[StoredPart | None],
    on_file: FileHook | None,
) -> None:
    """Audit one batch and store each file's part; the batch's tables then leave memory."""
    if not pending.sources:
        return
    fingerprint = config.settings.fingerprint()
    results = audit_batch(pending.sources, pending.file_ids, config.settings, pending.digests)
    for source, file_id, digest, result in zip(
        pending.sources, pending.file_ids, pending.digests, results, strict=True
    ):
        parts[file_id] = store.save(part_key(digest, source.name), result, file_id, fingerprint)
        if on_file:
            on_file(result.entry, False)


def audit_files(
    sources: Sequence[InputSource],
    refused: Sequence[RefusedInput],
    config: RunConfig,
    on_file: FileHook | None = None,
) -> list[StoredPart]:
    """Audit every source into its part (or reuse it with --resume); refusals become parts.

    Small files are audited in batches (up to BATCH_BYTES / BATCH_FILES) to amortize the fixed
    cost of a pipeline run; every file still gets its own part, keyed by its sha256.
    """
    store = PartStore(config.out_dir)
    if not config.resume:
        store.clear()
    fingerprint = config.settings.fingerprint()
    parts: list[StoredPart | None] = [None] * len(sources)
    pending = _Pending()
    for file_id, source in enumerate(sources):  # a loop over files, not hands
        digest = sha256_of(source)
        stored = store.load(part_key(digest, source.name), fingerprint) if config.resume else None
        if stored is not None:
            parts[file_id] = stored
            if on_file:
                on_file(stored.entry, True)
            continue
        pending.add(source, file_id, digest)
        if pending.full():
            _audit_pending(pending, store, config, parts, on_file)
            pending = _Pending()
    _audit_pending(pending, store, config, parts, on_file)
    done = [part for part in parts if part is not None]
    for offset, refusal in enumerate(refused):
        key = part_key("", refusal.name)
        stored = store.save(key, refused_shard(refusal), len(sources) + offset, "refused")
        done.append(stored)
        if on_file:
            on_file(stored.entry, False)
    return done


def combine_parts(parts: Sequence[StoredPart], out_dir: Path) -> dict[str, pl.LazyFrame]:
    """Write the combined Parquet tables and return lazy scans of them."""
    for table in PARQUET_TABLES:
        sink_combined(parts, table, out_dir / f"{table}.parquet")
    return {table: pl.scan_parquet(out_dir / f"{table}.parquet") for table in PARQUET_TABLES}


def run_totals(entries: Sequence[FileEntry], violations: pl.LazyFrame) -> dict[str, Any]:
    """The run-level counts; hands_read == hands_audited + hands_quarantined by construction."""
    severity = pl.col("severity").cast(pl.String)
    flag_counts = violations.select(
        pl.len().alias("flags"),
        (severity == "violation").sum().alias("violations"),
        (severity == "warning").sum().alias("warnings"),
        (severity == "info").sum().alias("infos"),
        pl.col("hand_key").n_unique().alias("hands_flagged"),
    ).collect()
    by_code = violations.group_by("code").agg(pl.len().alias("n")).sort("code").collect()
    audited = sum(entry.hands_audited for entry in entries)
    quarantined = sum(entry.hands_quarantined for entry in entries)
    return {
        "files": len(entries),
        "files_with_errors": sum(1 for entry in entries if entry.error),
        "hands_read": audited + quarantined,
        "hands_audited": audited,
        "hands_quarantined": quarantined,
        **{name: int(value) for name, value in flag_counts.row(0, named=True).items()},
        "by_code": dict(zip(by_code["code"].to_list(), by_code["n"].to_list(), strict=True)),
    }


def run_record(
    entries: Sequence[FileEntry],
    totals: dict[str, Any],
    config: RunConfig,
    started: str,
    skipped: Sequence[str] = (),
) -> dict[str, Any]:
    """The content of run.json (finished_at is set when it is written)."""
    return {
        "tool": {"name": "hhaudit", "version": __version__},
        "options": config.settings.to_dict(),
        "started_at": started,
        "finished_at": _now(),
        "resume": config.resume,
        "files": [entry.to_dict() for entry in entries],
        "skipped_files": list(skipped),  # passed over in folder walks (README.md, *.json, ...)
        "totals": totals,
    }


def run_batch(
    sources: Sequence[InputSource],
    refused: Sequence[RefusedInput],
    config: RunConfig,
    on_file: FileHook | None = None,
    skipped: Sequence[str] = (),
) -> dict[str, Any]:
    """Audit, combine and report; returns the run record also written to DIR/run.json."""
    import json

    started = _now()
    out_dir = config.out_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / RUN_JSON).unlink(missing_ok=True)  # no stale "complete" marker during the run
    remove_stale_temporaries(out_dir)
    parts = audit_files(sources, refused, config, on_file)
    PartStore(out_dir).prune(parts)
    tables = combine_parts(parts, out_dir)
    entries = [part.entry for part in parts]
    entries, duplicates = drop_duplicates(out_dir, entries)  # later copies are quarantined
    totals = run_totals(entries, tables["violations"])
    totals["duplicates"] = duplicates  # part of hands_quarantined (hhaudit/duplicates.py)
    record = run_record(entries, totals, config, started, skipped)
    write_reports(out_dir, tables, record, config.limits)
    record["finished_at"] = _now()
    write_text_atomic(out_dir / RUN_JSON, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    return record
