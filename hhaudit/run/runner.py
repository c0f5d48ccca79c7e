"""The orchestration of `hhaudit run`: audit the inputs unit by unit, then combine and report.

Each unit (a batch of small files, or a chunk of a big file: hhaudit.run.units) leaves its parts
in the work folder beside DIR (.DIR.hhaudit/.parts/, hhaudit.run.outdir) and is dropped from
memory; the combined tables are streamed from the parts with scan/sink, so memory stays bounded
by the largest unit, not the whole run. The output set is built whole beside DIR (run.json
last); with --dataset its tables are appended there (hhaudit.run.dataset, one commit) and
run.json records the append; then the set is swapped in and the parts are removed. A failed
append leaves DIR's previous set and keeps the parts: --resume appends without auditing again.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl

from audit.tables import AuditedTables
from hhaudit import __version__
from hhaudit.engines import EngineSpec, open_engine
from hhaudit.run import timing
from hhaudit.run.batch import TABLE_NAMES, FileEntry
from hhaudit.run.chunks import CHUNK_BYTES
from hhaudit.run.conventions import likely_conventions
from hhaudit.run.dataset import DatasetError, append_run
from hhaudit.run.derived import new_run_id
from hhaudit.run.duplicates import settle_duplicates
from hhaudit.run.outdir import OutputFolder
from hhaudit.run.parts import PARTS_DIR, PartStore, StoredPart, sink_combined
from hhaudit.run.sessions import add_sessions
from hhaudit.run.settings import AuditSettings
from hhaudit.run.sources import InputSource, RefusedInput
from hhaudit.run.timing import note_startup, timed
from hhaudit.run.timing import write_if_asked as write_timings_if_asked
from hhaudit.run.units import Batching, PartHook, audit_all, file_entries
from hhaudit.run.warm import import_quietly
from reports import HTML_MODULE, write_reports
from reports.atomic import write_text_atomic
from reports.replay import HtmlLimits

RUN_JSON = "run.json"
BATCH_BYTES = 8 << 20  # input bytes audited together (small files share one pipeline run)
BATCH_FILES = 256
PARQUET_TABLES: tuple[str, ...] = TABLE_NAMES  # every table of the run

#: Called once per input file: (entry, reused_from_resume).
FileHook = Callable[[FileEntry, bool], None]


@dataclass(frozen=True)
class RunConfig:
    out_dir: Path
    settings: AuditSettings = field(default_factory=AuditSettings)
    resume: bool = False
    limits: HtmlLimits = field(default_factory=HtmlLimits)
    engine: EngineSpec = field(default_factory=EngineSpec)  # local, or dask (docs/scale.md)
    chunk_bytes: int = CHUNK_BYTES  # files above 1.25x this are audited in chunks of hands
    keep_parts: bool = False  # leave the parts in DIR/.parts after a successful run
    dataset: Path | None = None  # append the tables to this dataset (hhaudit.run.dataset)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class RunStart:
    """When a run started: its started_at and run_id, and the clock and stage timers then (for
    run.json's `duration_s` and `stages_s`)."""

    started: str
    run_id: str
    clock: float
    stages: dict[str, float]

    def timing(self) -> dict[str, Any]:
        """run.json's duration_s (seconds since the start) and stages_s (hhaudit.run.timing)."""
        return {"duration_s": round(time.perf_counter() - self.clock, 3),
                "stages_s": timing.since(self.stages)}  # fmt: skip


def _start() -> RunStart:
    """The start of a run starting now."""
    moment = datetime.now(UTC)
    return RunStart(moment.isoformat(timespec="seconds"), new_run_id(moment),
                    time.perf_counter(), timing.totals())  # fmt: skip


def audit_files(
    sources: Sequence[InputSource],
    refused: Sequence[RefusedInput],
    config: RunConfig,
    on_file: FileHook | None = None,
    on_part: PartHook | None = None,
    work: Path | None = None,
) -> list[StoredPart]:
    """Audit every source into its part(s) in `work`/.parts (or reuse them with --resume);
    refusals become parts. `work` is the run's work folder (hhaudit.run.outdir), DIR by default.

    Small files are audited in batches (up to BATCH_BYTES / BATCH_FILES) to amortize the fixed
    cost of a pipeline run, big files in chunks of hands (hhaudit.run.chunks); every file still gets
    its own part(s), keyed by its sha256. The units run on the configured engine
    (hhaudit.engines: local worker processes, or a Dask cluster).
    """
    batching = Batching(BATCH_BYTES, BATCH_FILES, config.chunk_bytes)
    work = work or config.out_dir
    try:
        with open_engine(config.engine) as engine:
            return audit_all(
                sources, refused, work, config.settings, engine, batching,
                config.resume, on_file, on_part,
            )  # fmt: skip
    except BaseException:  # Ctrl-C or an error: the workers are stopped, their temporaries go
        PartStore(work).remove_temporaries()
        raise


def combine_parts(
    parts: Sequence[StoredPart], out_dir: Path, run_id: str = ""
) -> dict[str, pl.LazyFrame]:
    """Write the combined Parquet tables and return lazy scans of them."""
    for table in PARQUET_TABLES:
        sink_combined(parts, table, out_dir / f"{table}.parquet", run_id)
    return {table: pl.scan_parquet(out_dir / f"{table}.parquet") for table in PARQUET_TABLES}


def run_tables(out_dir: Path) -> AuditedTables[pl.LazyFrame]:
    """The run's tables in `out_dir` as lazy scans of their Parquet files (the reports read
    them)."""

    def scan(table: str) -> pl.LazyFrame:
        return pl.scan_parquet(out_dir / f"{table}.parquet")

    return AuditedTables(
        scan("hands"),
        scan("seats"),
        scan("actions"),
        scan("quarantine"),
        scan("cards"),
        violations=scan("violations"),
        pots=scan("pots"),
        payouts=scan("payouts"),
    )


def run_totals(entries: Sequence[FileEntry], violations: pl.LazyFrame) -> dict[str, Any]:
    """The run-level counts; hands_read == hands_audited + hands_quarantined by construction.

    Flags are counted as root causes (caused_by null, audit/causes.py): `flags`, the severity
    counts, `by_code` and `by_category`; `consequences` counts the flags linked to a cause
    (they stay in violations.parquet / .csv) and `flags_total` both."""
    from audit.rules._base import CATEGORIES
    from audit.violations import is_root

    severity = pl.col("severity").cast(pl.String)
    root = is_root()
    flag_counts = violations.select(
        root.sum().alias("flags"),
        (~root).sum().alias("consequences"),
        pl.len().alias("flags_total"),
        ((severity == "violation") & root).sum().alias("violations"),
        ((severity == "warning") & root).sum().alias("warnings"),
        ((severity == "info") & root).sum().alias("infos"),
        pl.col("hand_key").n_unique().alias("hands_flagged"),
    ).collect()
    roots = violations.filter(root)
    by_code = roots.group_by("code").agg(pl.len().alias("n")).sort("code").collect()
    by_category = (
        roots.filter(pl.col("category").is_not_null())
        .group_by("category")
        .agg(pl.len().alias("n"))
        .collect()
    )
    categories = dict.fromkeys(CATEGORIES, 0) | dict(by_category.iter_rows())
    audited = sum(entry.hands_audited for entry in entries)
    quarantined = sum(entry.hands_quarantined for entry in entries)
    return {
        "files": len(entries),
        "files_with_errors": sum(1 for entry in entries if entry.error),
        **refusal_counts(entries),
        "hands_read": audited + quarantined,
        "hands_audited": audited,
        "hands_quarantined": quarantined,
        **{name: int(value) for name, value in flag_counts.row(0, named=True).items()},
        "by_code": dict(zip(by_code["code"].to_list(), by_code["n"].to_list(), strict=True)),
        "by_category": {str(name): int(n) for name, n in categories.items()},
    }


def refusal_counts(entries: Sequence[FileEntry]) -> dict[str, Any]:
    """Input files refused (not read at all: hhaudit.run.sources), in all and per code."""
    by_code: dict[str, int] = {}
    for entry in entries:  # a loop over files
        if entry.refused:
            by_code[entry.refused] = by_code.get(entry.refused, 0) + 1
    return {
        "files_refused": sum(by_code.values()),
        "refused_by_code": dict(sorted(by_code.items())),
    }


def quarantine_counts(quarantine: pl.LazyFrame) -> dict[str, int]:
    """Quarantine rows per reason_code (parsers/core/quarantine_reasons.py), most frequent first."""
    counts = (
        quarantine.group_by(pl.col("reason_code").fill_null("damaged"))
        .agg(pl.len().alias("n"))
        .sort(["n", "reason_code"], descending=[True, False])
        .collect()
    )
    return {str(code): int(n) for code, n in counts.iter_rows()}


def _file_dicts(
    entries: Sequence[FileEntry], conventions: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """One run.json entry per file, with the notes of its likely export conventions."""
    notes: dict[str, list[dict[str, Any]]] = {}
    for item in conventions:  # a loop over the (few) notes
        notes.setdefault(item["file"], []).append(
            {key: value for key, value in item.items() if key != "file"}
        )
    return [{**entry.to_dict(), "conventions": notes.get(entry.path, [])} for entry in entries]


def run_record(
    entries: Sequence[FileEntry],
    totals: dict[str, Any],
    config: RunConfig,
    started: str,
    skipped: Sequence[str] = (),
    run_id: str = "",
) -> dict[str, Any]:
    """The content of run.json (finished_at is set when it is written)."""
    conventions = totals.get("likely_conventions", [])
    return {
        "tool": {"name": "hhaudit", "version": __version__},
        "run_id": run_id,  # the run_id column of every table (hhaudit.run.derived)
        "options": config.settings.to_dict(),
        "started_at": started,
        "finished_at": _now(),
        "resume": config.resume,
        "files": _file_dicts(entries, conventions),
        "skipped_files": list(skipped),  # passed over in folder walks (README.md, *.json, ...)
        "totals": totals,
    }


def import_in_background(module: str) -> threading.Thread:
    """Import `module` in a thread: the HTML report's Jinja2 (~0.3 s) loads while
    the workers run, not before the run starts (the import lock makes a later import wait)."""
    thread = threading.Thread(
        target=import_quietly, args=(module,), name="hhaudit-import", daemon=True
    )
    thread.start()
    return thread


def run_all(
    sources: Sequence[InputSource],
    refused: Sequence[RefusedInput],
    config: RunConfig,
    on_file: FileHook | None = None,
    skipped: Sequence[str] = (),
    on_part: PartHook | None = None,
) -> dict[str, Any]:
    """Audit, combine and report into a new output set that replaces DIR whole (locked while
    the run works: hhaudit.run.outdir); returns the run record also written to DIR/run.json."""
    start = _start()
    note_startup()  # imports and input expansion, before this function
    html_import = import_in_background(HTML_MODULE)
    with OutputFolder(config.out_dir, config.resume, config.keep_parts) as folder:
        parts = audit_files(sources, refused, config, on_file, on_part, folder.work)
        PartStore(folder.work).prune(parts)
        record = _write_set(parts, folder.set_dir, config, start, skipped, html_import)
        if config.dataset is not None:
            with timed("dataset"):
                record["dataset"] = _append(config.dataset, folder, record)
            record.update(start.timing())  # the append's time counted in duration_s, stages_s
            _write_run_json(folder.set_dir, record)  # run.json says what was appended
        folder.publish()  # the whole set replaces DIR at once
    write_timings_if_asked()  # HHAUDIT_TIMINGS (bench/run.py)
    return record


def _write_run_json(out_dir: Path, record: dict[str, Any]) -> None:
    import json

    write_text_atomic(out_dir / RUN_JSON, json.dumps(record, indent=2, ensure_ascii=False) + "\n")


def _append(dataset: Path, folder: OutputFolder, record: dict[str, Any]) -> dict[str, Any]:
    """Append the complete set (not yet in DIR) to the dataset; a failure keeps the parts."""
    entries = [FileEntry.from_dict(item) for item in record["files"]]
    try:
        return append_run(dataset, folder.set_dir, entries, record.get("run_id", ""))
    except Exception as exc:
        raise DatasetError(
            f"appending the run to the dataset {dataset} failed ({type(exc).__name__}: {exc}); "
            f"the dataset is as it was and {folder.out_dir} keeps its previous set, if any; the "
            f"files audited are kept in {folder.work / PARTS_DIR}: the same command with "
            "--resume appends without auditing again"
        ) from exc


def _write_set(
    parts: Sequence[StoredPart],
    out_dir: Path,
    config: RunConfig,
    start: RunStart,
    skipped: Sequence[str],
    html_import: threading.Thread,
) -> dict[str, Any]:
    """Combine the parts into the output set in `out_dir`: tables, reports, run.json last."""
    with timed("combine"):
        combine_parts(parts, out_dir, start.run_id)
    entries = file_entries(parts)  # one per file (a chunked file's chunks summed)
    with timed("duplicates"):
        # later copies are quarantined; different hands under one id are all audited
        entries, duplicates, reused = settle_duplicates(out_dir, entries, start.run_id)
    with timed("sessions"):  # across hands, on the combined tables (RULES.md §12)
        entries, sessions = add_sessions(out_dir, entries, config.settings)
    return _write_outputs(out_dir, run_tables(out_dir), entries, config, start, skipped,
                          (duplicates, reused, sessions), html_import)  # fmt: skip


def _write_outputs(
    out_dir: Path,
    tables: AuditedTables[pl.LazyFrame],
    entries: list[FileEntry],
    config: RunConfig,
    start: RunStart,
    skipped: Sequence[str],
    found: tuple[int, int, dict[str, Any]],
    html_import: threading.Thread,
) -> dict[str, Any]:
    """Totals, reports and run.json (last) from the final tables; `found`: the duplicates,
    the reused hand ids and the sessions step's record; `html_import`: the background import
    of the HTML report."""
    duplicates, reused, sessions = found
    with timed("totals"):
        totals = run_totals(entries, tables.violations)
    totals["duplicates"] = duplicates  # part of hands_quarantined (hhaudit/run/duplicates.py)
    totals["hand_id_reused"] = reused
    totals["rake"] = sessions.pop("rake")  # per site: audited or not (hhaudit/run/sessions.py)
    totals["additions"] = sessions.pop("additions")  # top-up, rebuy, add-on lines read
    totals["sessions"] = sessions
    totals["quarantine_by_code"] = quarantine_counts(tables.quarantine)
    totals["likely_conventions"] = likely_conventions(entries, tables.violations)
    record = run_record(entries, totals, config, start.started, skipped, start.run_id)
    with timed("reports"):
        html_import.join()
        write_reports(out_dir, tables, record, config.limits)
    record["finished_at"] = _now()
    record.update(start.timing())
    _write_run_json(out_dir, record)
    return record
