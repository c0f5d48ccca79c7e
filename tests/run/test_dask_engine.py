"""`--engine dask` writes exactly what the local engine writes (chunked big file included).

`make test` runs the engine on an in-process cluster (test_existing_scheduler_via_cli);
the cluster of worker processes the run starts itself is slow (`make fuzz`)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from scale_corpus import CHUNK, CSVS, TABLES, comparable, make_corpus, run_corpus

from hhaudit.cli import main
from hhaudit.engines import EngineSpec

distributed = pytest.importorskip(
    "distributed", reason="dask engine: pip install 'hhaudit[dask]' (make install does)"
)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_corpus(tmp_path_factory.mktemp("dask"))


@pytest.fixture(scope="module")
def local_run(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("local")
    return out, run_corpus(corpus, out, chunk_bytes=CHUNK)


def _same_outputs(a: Path, b: Path) -> None:
    for table in TABLES:
        assert pl.read_parquet(a / f"{table}.parquet").equals(
            pl.read_parquet(b / f"{table}.parquet")
        ), table
    for name in CSVS:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


@pytest.mark.slow  # starting a cluster of worker processes: ~10 s of CPU (make fuzz)
def test_local_cluster_of_two_workers(
    corpus: Path, local_run: tuple[Path, dict], tmp_path: Path
) -> None:
    """--engine dask --workers 2: a cluster of two worker processes started by the run."""
    local_out, local_record = local_run
    spec = EngineSpec("dask", workers=2, polars_threads=1)
    record = run_corpus(corpus, tmp_path, chunk_bytes=CHUNK, engine=spec)
    assert comparable(record) == comparable(local_record)
    _same_outputs(local_out, tmp_path)
    # the across-hands step saw the same sessions and flags (RULES.md §12, hhaudit/run/sessions.py)
    assert record["totals"]["sessions"]["sessions"] > 0
    hands = pl.read_parquet(tmp_path / "hands.parquet")
    assert hands.get_column("session_id").null_count() < hands.height
    flags = pl.read_parquet(tmp_path / "violations.parquet")
    assert (flags.get_column("category") == "session").any()


def test_existing_scheduler_via_cli(
    corpus: Path, local_run: tuple[Path, dict], tmp_path: Path
) -> None:
    """--engine dask --scheduler ADDRESS through the CLI (an in-process cluster here)."""
    local_out, _ = local_run
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        args = ["run", str(corpus), "--out", str(tmp_path), "--exit-zero", "-q", "--keep-parts"]
        args += ["--engine", "dask", "--scheduler", cluster.scheduler_address]
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    # the CLI chunks at --chunk-mb (the corpus stays whole): same tables, one part per file
    assert len(list((tmp_path / ".parts").iterdir())) == 2
    _same_outputs(local_out, tmp_path)


def test_a_scheduler_needs_the_dask_engine(corpus: Path, tmp_path: Path) -> None:
    args = ["run", str(corpus), "--out", str(tmp_path), "--scheduler", "tcp://127.0.0.1:1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert "--engine dask" in result.output
