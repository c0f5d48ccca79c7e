"""`hhaudit run ... --dataset DS`: the run's tables appended to a Hive-partitioned Parquet dataset,
all of a run's tables visible together or not at all.

    DS/current -> snapshots/000007-<run_id>           the commit: readers read through it
    DS/snapshots/000007-<run_id>/_run.json           what that run appended
    DS/snapshots/000007-<run_id>/table=<hands|seats|actions|cards|violations|quarantine>/
        site=<site>/date=<YYYY-MM-DD>/file-<sha256 of the input file>-<n>.parquet

* `site` is the hand's site, `date` the UTC day it started; where a table does not know one
  (quarantine rows have no start time) the Hive null, `__HIVE_DEFAULT_PARTITION__`. Both live
  in the path only (the Hive convention), so one glob per table reads them back as columns.
* A snapshot is the whole dataset: the files of the run (written here) beside hard links to
  every file of the previous snapshot whose input the run did not audit again. One file per
  input file and partition, named by the input's sha256: running a file again replaces its
  files and drops the ones of its earlier runs in other partitions, so the same night twice
  adds no row (idempotent per input sha256, the sha256 of the bytes audited: hhaudit.run.reading).
* The commit is one atomic rename: the `current` link is replaced by one to the new snapshot.
  Killed at any step before it, the dataset is the previous snapshot, whole; the next run
  removes what the stopped one left (`.hhaudit-staging-*`, a snapshot never committed). The
  previous snapshot is kept one run more for readers still reading it.
* DS/.hhaudit.lock keeps two runs from appending at once. Where hard links are refused (some
  network filesystems), files are copied.
* A dataset in the layout before snapshots (DS/table=*/...) becomes the first snapshot's files.

Read it with one glob per table under DS/current (docs/tables.md, "Nightly datasets").
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import uuid
import warnings
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import polars as pl

from hhaudit.run.batch import TABLE_NAMES, FileEntry
from hhaudit.run.outdir import OutputRefused, open_locked

UNKNOWN = "__HIVE_DEFAULT_PARTITION__"  # null, to Hive, Spark, DuckDB and Polars
PARTITION_KEYS = ("site", "date", "_file")
LOCK_NAME = ".hhaudit.lock"
CURRENT = "current"
SNAPSHOTS = "snapshots"
STAGING_PREFIX = ".hhaudit-staging-"
RECORD = "_run.json"
FILES_GLOB = "table=*/site=*/date=*/file-*.parquet"


class DatasetError(OutputRefused):
    """The dataset could not take the run (the CLI exits 2; the parts are kept)."""


def file_key(entry: FileEntry) -> str:
    """An input's key in the dataset: its sha256; a refused input (no bytes read) its name's."""
    if entry.sha256:
        return entry.sha256
    return "refused-" + hashlib.sha256(entry.path.encode("utf-8", "surrogatepass")).hexdigest()


def _hand_partitions(hands: pl.LazyFrame, keys: Mapping[str, str]) -> pl.LazyFrame:
    """hand_key -> site, date and source_sha256 of every audited hand."""
    return hands.select(
        "hand_key",
        pl.col("site").fill_null(UNKNOWN).alias("_site"),
        pl.col("started_at").dt.date().cast(pl.String).fill_null(UNKNOWN).alias("_date"),
        _source_key(keys).alias("_sha"),
    )


def _source_key(keys: Mapping[str, str]) -> pl.Expr:
    return pl.col("source_file").replace_strict(dict(keys), default=UNKNOWN, return_dtype=pl.String)


def partitioned(
    frame: pl.LazyFrame, table: str, hands: pl.LazyFrame, keys: Mapping[str, str]
) -> pl.LazyFrame:
    """`frame` with its partition keys (site, date, _file) and source_sha256."""
    if table == "quarantine":
        return frame.with_columns(
            pl.col("site").fill_null(UNKNOWN).alias("_site"),
            pl.lit(UNKNOWN).alias("_date"),
            _source_key(keys).alias("_sha"),
        )
    parts = _hand_partitions(hands, keys)
    return frame.join(parts, on="hand_key", how="left", maintain_order="left")


def _file_name(args: pl.io.partition.FileProviderArgs) -> str:
    key = args.partition_keys.row(0, named=True)
    site, date, sha = (key[name] for name in PARTITION_KEYS)
    return f"site={site}/date={date}/file-{sha}-{args.index_in_partition}.parquet"


def _sink_table(frame: pl.LazyFrame, target: Path) -> None:
    """One table into target/site=*/date=*/file-<sha>-<n>.parquet; the keys stay in the path."""
    data = frame.drop("site", strict=False).with_columns(pl.col("_sha").alias("source_sha256"))
    data = data.rename({"_site": "site", "_date": "date", "_sha": "_file"})
    with warnings.catch_warnings():  # PartitionBy is marked unstable in Polars 2.x
        warnings.simplefilter("ignore")
        partition = pl.PartitionBy(
            target, key=list(PARTITION_KEYS), include_key=False, file_path_provider=_file_name
        )
        data.sink_parquet(partition, mkdir=True)


def _key_of(path: Path) -> str:
    """The input key in a dataset file's name (file-<key>-<n>.parquet)."""
    return path.name[len("file-") :].rsplit("-", 1)[0]


def current_snapshot(dataset: Path) -> Path | None:
    """The committed snapshot (DS/current's target), or None for a new dataset."""
    link = dataset / CURRENT
    if not link.is_symlink():
        return None
    return (dataset / os.readlink(link)).resolve()


def _sequence(snapshot: Path | None) -> int:
    if snapshot is None:
        return 0
    number = snapshot.name.split("-", 1)[0]
    return int(number) if number.isdigit() else 0


def _link(source: Path, target: Path) -> None:
    """A hard link, or a copy where the filesystem has none."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def stage_tables(staging: Path, set_dir: Path, keys: Mapping[str, str]) -> dict[str, int]:
    """Step 1: the run's tables, partitioned, into the staging folder; rows per table."""
    hands = pl.scan_parquet(set_dir / "hands.parquet")
    rows = {}
    for table in TABLE_NAMES:
        frame = partitioned(pl.scan_parquet(set_dir / f"{table}.parquet"), table, hands, keys)
        rows[table] = frame.select(pl.len()).collect().item()
        if rows[table]:
            _sink_table(frame, staging / f"table={table}")
    return rows


def link_kept(staging: Path, previous: Path | None, rerun: set[str]) -> tuple[int, int]:
    """Step 2: every file of the previous snapshot whose input this run did not audit again,
    linked into the staging folder; (files kept, files replaced)."""
    if previous is None:
        return 0, 0
    kept = replaced = 0
    for path in sorted(previous.glob(FILES_GLOB)):  # a loop over the dataset's files
        if _key_of(path) in rerun:
            replaced += 1
            continue
        _link(path, staging / path.relative_to(previous))
        kept += 1
    return kept, replaced


def write_record(staging: Path, record: dict[str, Any]) -> None:
    """Step 3: what the run appended, inside its snapshot."""
    (staging / RECORD).write_text(json.dumps(record, indent=2) + "\n", "utf-8")


def promote(staging: Path, snapshot: Path) -> None:
    """Step 4: the staging folder becomes a snapshot (not yet the current one)."""
    snapshot.parent.mkdir(exist_ok=True)
    os.replace(staging, snapshot)


def commit(dataset: Path, snapshot: Path) -> None:
    """Step 5, the commit: DS/current is replaced by a link to `snapshot` (one rename)."""
    temporary = dataset / f".{CURRENT}-{uuid.uuid4().hex[:8]}"
    os.symlink(snapshot.relative_to(dataset), temporary)
    os.replace(temporary, dataset / CURRENT)
    _fsync_dir(dataset)


def clean(dataset: Path) -> None:
    """What runs leave: staging folders and links of stopped runs, snapshots older than the
    previous one or never committed, the files of the layout before snapshots."""
    current = current_snapshot(dataset)
    for leftover in dataset.glob(f"{STAGING_PREFIX}*"):
        shutil.rmtree(leftover, ignore_errors=True)
    for link in dataset.glob(f".{CURRENT}-*"):
        link.unlink(missing_ok=True)
    snapshots = sorted((dataset / SNAPSHOTS).glob("*"), key=_sequence)
    older = [s for s in snapshots if current is not None and _sequence(s) < _sequence(current)]
    keep = {current, *older[-1:]}  # the previous one: readers may still be reading it
    for snapshot in snapshots:  # a loop over (few) snapshots
        if snapshot.resolve() not in {k.resolve() for k in keep if k is not None}:
            shutil.rmtree(snapshot, ignore_errors=True)
    if current is not None:
        for legacy in dataset.glob("table=*"):
            shutil.rmtree(legacy, ignore_errors=True)


def _legacy(dataset: Path) -> Path | None:
    """A dataset written before snapshots (DS/table=*/...): its files are the previous ones."""
    return dataset if any(dataset.glob("table=*")) else None


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def append_run(
    dataset: Path, set_dir: Path, entries: Sequence[FileEntry], run_id: str = ""
) -> dict[str, Any]:
    """Append the tables of a complete output set to `dataset` as a new snapshot; returns what
    was appended (run.json's `dataset`)."""
    dataset.mkdir(parents=True, exist_ok=True)
    keys = {entry.path: file_key(entry) for entry in entries}
    fd = open_locked(dataset / LOCK_NAME, dataset)
    try:
        clean(dataset)  # a stopped run's leftovers
        previous = current_snapshot(dataset) or _legacy(dataset)
        staging = dataset / f"{STAGING_PREFIX}{uuid.uuid4().hex[:8]}"
        try:
            record = _build(dataset, staging, set_dir, keys, previous, run_id)
        except Exception:  # an error (a kill leaves the staging folder to the next run)
            shutil.rmtree(staging, ignore_errors=True)
            raise
        with contextlib.suppress(OSError):
            clean(dataset)
        return record
    finally:
        os.close(fd)


def _build(
    dataset: Path,
    staging: Path,
    set_dir: Path,
    keys: Mapping[str, str],
    previous: Path | None,
    run_id: str,
) -> dict[str, Any]:
    """The steps of an append, the commit last."""
    rows = stage_tables(staging, set_dir, keys)
    kept, replaced = link_kept(staging, previous, set(keys.values()))
    name = f"{_sequence(current_snapshot(dataset)) + 1:06d}-{run_id or 'run'}"
    record = {
        "path": str(dataset),
        "snapshot": f"{SNAPSHOTS}/{name}",
        "run_id": run_id,
        "rows": rows,
        "inputs": len(set(keys.values())),
        "files_kept": kept,
        "files_replaced": replaced,
        "committed_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    staging.mkdir(exist_ok=True)
    write_record(staging, record)
    snapshot = dataset / SNAPSHOTS / name
    promote(staging, snapshot)
    commit(dataset, snapshot)
    return record
