"""The local engine's worker processes write exactly what the in-process loop writes.

Also: each worker's Polars pool has cores / N threads, a unit's exception reaches the driver,
and a killed run leaves no worker behind (they die with their parent).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from scale_corpus import CHUNK, CSVS, TABLES, comparable, make_corpus, run_corpus

from hhaudit.engines import EngineSpec
from hhaudit.engines.processes import ProcessEngine, usable_cpus
from hhaudit.engines.worker import polars_threads
from hhaudit.run import timing

REPO = Path(__file__).resolve().parents[2]
HHAUDIT = str(Path(sys.executable).parent / "hhaudit")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_corpus(tmp_path_factory.mktemp("processes"))


def test_two_workers_write_what_one_process_writes(corpus: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    timing_before = timing.totals().get("parse", 0.0)
    in_process = run_corpus(corpus, one, chunk_bytes=CHUNK, engine=EngineSpec(workers=1))
    spec = EngineSpec(workers=2, polars_threads=1, max_tasks=3)  # workers are also replaced
    in_workers = run_corpus(corpus, two, chunk_bytes=CHUNK, engine=spec, keep_parts=True)
    assert comparable(in_workers) == comparable(in_process)
    assert in_workers["totals"]["hands_read"] == 270
    assert len(list((two / ".parts").iterdir())) > 4  # the big file was chunked
    for table in TABLES:
        expected = pl.read_parquet(one / f"{table}.parquet")
        assert pl.read_parquet(two / f"{table}.parquet").equals(expected), table
    for name in CSVS:
        assert (two / name).read_bytes() == (one / name).read_bytes(), name
    assert timing.totals()["parse"] > timing_before  # the workers' timers came back


def test_each_worker_has_cores_over_workers_polars_threads() -> None:
    engine = ProcessEngine(workers=2)
    sizes = list(engine.map(polars_threads, [None, None, None]))  # type: ignore[arg-type]
    assert sizes == [max(1, usable_cpus() // 2)] * 3
    engine = ProcessEngine(workers=2, polars_threads=3)
    assert set(engine.map(polars_threads, [None, None])) == {3}  # type: ignore[arg-type]


def test_workers_run_the_drivers_code_whatever_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    decoy = tmp_path / "hhaudit"  # another checkout in the folder the run starts from
    decoy.mkdir()
    (decoy / "__init__.py").write_text("raise ImportError('the decoy hhaudit was imported')\n")
    monkeypatch.chdir(tmp_path)
    engine = ProcessEngine(workers=2, polars_threads=1)
    assert list(engine.map(polars_threads, [None, None])) == [1, 1]  # type: ignore[arg-type]


def test_results_come_back_as_units_finish_and_errors_reach_the_driver() -> None:
    engine = ProcessEngine(workers=2, max_tasks=1)
    assert sorted(engine.map(int, ["3", "1", "2"])) == [1, 2, 3]  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="invalid literal"):
        list(ProcessEngine(workers=2).map(int, ["1", "x", "2"]))  # type: ignore[arg-type]


def _workers_of(parent: int) -> list[int]:
    """Pids of live worker processes started by `parent` (their command line names it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"hhaudit.engines.worker" in argv and str(parent).encode() in argv:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_killed_run_leaves_no_worker_behind(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = [HHAUDIT, "run", str(corpus), "--out", str(out), "-q", "--chunk-mb", "1"]
    big = corpus / "big.txt"
    copies = [big.read_bytes()] * 12  # ~2.5 MB: a few 1 MB chunks
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "big.txt").write_bytes(b"".join(copies))
    command[2] = str(tmp_path / "in")
    process = subprocess.Popen(command, cwd=REPO, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not _workers_of(process.pid):
        assert process.poll() is None, "the run ended before starting workers"
        assert time.monotonic() < deadline, "no worker after 120 s"
        time.sleep(0.02)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + 2  # a unit takes longer: an orphan would still be there
    while _workers_of(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _workers_of(process.pid)


SLEEPING_DRIVER = """
import sys, time
from hhaudit.engines.processes import ProcessEngine
for _ in ProcessEngine(workers=2).map(time.sleep, [60, 60, 60]):
    pass
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_workers_busy_with_a_unit_die_with_a_killed_driver() -> None:
    """Workers in the middle of a long unit do not finish it when the driver is killed."""
    driver = subprocess.Popen([sys.executable, "-c", SLEEPING_DRIVER], cwd=REPO)
    deadline = time.monotonic() + 120
    while len(_workers_of(driver.pid)) < 2:
        assert driver.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(3)  # the workers import and start sleeping in their unit
    os.kill(driver.pid, signal.SIGKILL)
    driver.wait()
    deadline = time.monotonic() + 5
    while _workers_of(driver.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _workers_of(driver.pid)
