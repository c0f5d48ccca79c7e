"""--dataset (#13 point 7): two nights and a repeated night into one Hive-partitioned dataset,
read back with DuckDB (and Polars): every row once, keys unique, partitions table/site/date."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from conftest import SAMPLE_DATA

from hhaudit.cli import main

duckdb = pytest.importorskip("duckdb")  # the dev extra (pyproject.toml)

TABLES = ("hands", "seats", "actions", "violations", "quarantine")
SITES = Path(__file__).resolve().parents[1] / "sites"


def _night(folder: Path, files: list[Path]) -> Path:
    folder.mkdir(parents=True)
    for path in files:
        shutil.copy(path, folder / path.name)
    return folder


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("nights")
    samples = sorted(SAMPLE_DATA.glob("*.txt"))
    first = [p for p in samples if p.name.startswith("NLHE-6max")]
    second = [p for p in samples if not p.name.startswith("NLHE-6max")]
    second += (
        sorted((SITES / "ipoker").glob("*.xml"))[:3] + sorted((SITES / "winamax").glob("*.txt"))[:3]
    )
    one = _night(root / "2026-12-01", first)
    two = _night(root / "2026-12-02", second)
    shutil.copy(first[0], two / "redelivered.txt")  # a file of night one again, another name
    return one, two


def _run(inputs: Path, out: Path, dataset: Path) -> dict[str, int]:
    args = ["run", str(inputs), "--out", str(out), "--dataset", str(dataset), "-q"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    return {name: pl.read_parquet(out / f"{name}.parquet").height for name in TABLES}


def _glob(dataset: Path, table: str) -> str:
    path = f"{dataset}/current/table={table}/*/*/*.parquet"
    return f"read_parquet('{path}', hive_partitioning = true)"


def _rows(query: str) -> list[tuple]:
    return duckdb.sql(query).fetchall()


def _count(dataset: Path, table: str, what: str = "count(*)") -> int:
    return _rows(f"select {what} from {_glob(dataset, table)}")[0][0]


def _rows_of_file(out: Path, name: str) -> dict[str, int]:
    """Rows each table of `out` holds for the input file called `name`."""
    tables = {table: pl.read_parquet(out / f"{table}.parquet") for table in TABLES}
    mine = pl.col("source_file").str.ends_with("/" + name)
    uids = tables["hands"].filter(mine)["hand_uid"]
    by_hand = pl.col("hand_uid").is_in(uids.implode())
    return {
        table: frame.filter(mine if table in ("hands", "quarantine") else by_hand).height
        for table, frame in tables.items()
    }


def test_two_nights_and_a_repeated_night_read_back_with_duckdb(
    nights: tuple[Path, Path], tmp_path: Path
) -> None:
    one, two = nights
    dataset = tmp_path / "warehouse"
    first = _run(one, tmp_path / "out1", dataset)
    assert {table: _count(dataset, table) for table in TABLES} == first
    second = _run(two, tmp_path / "out2", dataset)
    again = _run(one, tmp_path / "out3", dataset)  # the first night re-run
    assert again == first
    twice = _rows_of_file(tmp_path / "out2", "redelivered.txt")  # its sha256 was there already
    assert twice["hands"] > 0
    for table in TABLES:
        assert _count(dataset, table) == first[table] + second[table] - twice[table], table
    assert _count(dataset, "hands", "count(distinct hand_uid)") == _count(dataset, "hands")
    flags = _count(dataset, "violations")
    assert flags > 0 and _count(dataset, "violations", "count(distinct flag_id)") == flags
    orphans = _rows(
        f"select count(*) from {_glob(dataset, 'actions')} a anti join {_glob(dataset, 'hands')} h "
        "using (hand_uid)"
    )[0][0]
    assert orphans == 0, "every action's hand is in the hands table"
    sites = {row[0] for row in _rows(f"select distinct site from {_glob(dataset, 'hands')}")}
    assert {"pokerstars", "ipoker", "winamax"} <= sites
    assert _rows(f"select typeof(min(date)) from {_glob(dataset, 'hands')}") == [("DATE",)]
    quarantine = _rows(f"select site, date, reason_code from {_glob(dataset, 'quarantine')}")
    assert ("pokerstars", None, "truncated") in set(quarantine)  # no start time


def test_polars_reads_the_same_dataset_with_one_glob(
    nights: tuple[Path, Path], tmp_path: Path
) -> None:
    one, _ = nights
    dataset = tmp_path / "warehouse"
    counts = _run(one, tmp_path / "out", dataset)
    for table in TABLES:
        files = dataset / "current" / f"table={table}" / "**" / "*.parquet"
        frame = pl.scan_parquet(files, hive_partitioning=True)
        read = frame.collect()
        assert read.height == counts[table], table
        assert {"site", "date", "source_sha256", "run_id"} <= set(read.columns)
    assert not list(dataset.glob(".hhaudit-staging-*")), "the staging folder is removed"
    record = json.loads((tmp_path / "out" / "run.json").read_text("utf-8"))["dataset"]
    assert {table: record["rows"][table] for table in TABLES} == counts
    assert record["snapshot"] == "snapshots/000001-test-run"
    assert (dataset / "current").resolve() == (dataset / record["snapshot"]).resolve()
