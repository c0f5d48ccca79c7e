"""`hhaudit run ... --dataset DS`: the run's tables appended to a Hive-partitioned Parquet dataset.

    DS/table=<hands|seats|actions|violations|quarantine>/site=<site>/date=<YYYY-MM-DD>/
        file-<sha256 of the input file>-<n>.parquet

* `site` is the hand's site, `date` the UTC day it started; where a table does not know one
  (quarantine rows have no start time) the Hive null, `__HIVE_DEFAULT_PARTITION__`. Both live
  in the path only (the Hive convention), so one glob per table reads them back as columns.
* One file per input file and partition, named by the input's sha256: running a file again
  replaces its files and removes the ones of its earlier runs in other partitions, so the same
  night twice adds no row (idempotent per input sha256). A later night's files sit beside.
* Every row carries `source_sha256` and the run's columns (hand_uid, run_id: hhaudit.run.derived).
* New files are written under DS/.hhaudit-staging-* (invisible to `table=*` globs) and renamed
  into place one by one; DS/.hhaudit.lock keeps two runs from appending at once.

Read it with one glob per table (docs/tables.md, "Nightly datasets").
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import uuid
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path

import polars as pl

from hhaudit.run.batch import TABLE_NAMES, FileEntry
from hhaudit.run.outdir import OutputRefused, open_locked

UNKNOWN = "__HIVE_DEFAULT_PARTITION__"  # null, to Hive, Spark, DuckDB and Polars
PARTITION_KEYS = ("site", "date", "_file")
LOCK_NAME = ".hhaudit.lock"


class DatasetError(OutputRefused):
    """The output set is published, the dataset could not take it (the CLI exits 2)."""


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


def _stale(dataset: Path, shas: set[str], written: set[Path]) -> list[Path]:
    """Files of these inputs from earlier runs that this run did not rewrite."""
    stale = []
    for path in dataset.glob("table=*/site=*/date=*/file-*.parquet"):  # one listing per run
        sha = path.name[len("file-") :].rsplit("-", 1)[0]
        if sha in shas and path not in written:
            stale.append(path)
    return stale


def _move_into_place(staging: Path, dataset: Path) -> set[Path]:
    written = set()
    for path in sorted(staging.rglob("*.parquet")):  # a loop over the new files
        target = dataset / path.relative_to(staging)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)
        written.add(target)
    return written


def _remove_empty_dirs(dataset: Path) -> None:
    for directory in sorted(dataset.glob("table=*/site=*/date=*"), reverse=True):
        for candidate in (directory, directory.parent):
            with contextlib.suppress(OSError):  # not empty
                candidate.rmdir()


def append_run(dataset: Path, set_dir: Path, entries: Sequence[FileEntry]) -> dict[str, int]:
    """Append the tables of a complete output set to `dataset`; rows written per table."""
    dataset.mkdir(parents=True, exist_ok=True)
    keys = {entry.path: file_key(entry) for entry in entries}
    fd = open_locked(dataset / LOCK_NAME, dataset)
    staging = dataset / f".hhaudit-staging-{uuid.uuid4().hex[:8]}"
    try:
        hands = pl.scan_parquet(set_dir / "hands.parquet")
        rows = {}
        for table in TABLE_NAMES:
            frame = partitioned(pl.scan_parquet(set_dir / f"{table}.parquet"), table, hands, keys)
            rows[table] = frame.select(pl.len()).collect().item()
            if rows[table]:
                _sink_table(frame, staging / f"table={table}")
        written = _move_into_place(staging, dataset) if staging.exists() else set()
        for path in _stale(dataset, set(keys.values()), written):
            path.unlink()
        _remove_empty_dirs(dataset)
        return rows
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        os.close(fd)
