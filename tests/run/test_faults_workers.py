"""A worker process killed (the out-of-memory killer's signal 9) or stopped (no progress) in
the middle of a unit: the unit runs again once in a new worker and the run goes on; a second
fault on the same unit stops the run, naming the signal (hhaudit.engines.processes)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hhaudit.engines import WorkerLost
from hhaudit.engines.processes import ProcessEngine
from hhaudit.engines.watch import STALL_ENV, cpu_seconds, describe_exit

HERE = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _workers_import_the_fault_units(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.syspath_prepend(str(HERE))


def _markers(tmp_path: Path, count: int) -> list[str]:
    return [str(tmp_path / f"unit{i}") for i in range(count)]


def test_a_killed_worker_has_its_unit_run_again_and_signal_9_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from worker_faults import killed_once

    units = _markers(tmp_path, 4)
    engine = ProcessEngine(workers=2)
    results = sorted(engine.map(killed_once, units))  # type: ignore[arg-type]
    assert results == [f"done unit{i}" for i in range(4)]
    said = capsys.readouterr().err
    assert said.count("was killed by signal 9 (SIGKILL), likely by the kernel's out-of-memory") == 4
    assert "running it again in a new worker (once)" in said


def test_a_unit_that_kills_its_worker_twice_stops_the_run(tmp_path: Path) -> None:
    from worker_faults import killed_always

    engine = ProcessEngine(workers=2)
    with pytest.raises(WorkerLost, match=r"signal 9 \(SIGKILL\).*the second time.*--resume"):
        list(engine.map(killed_always, _markers(tmp_path, 2)))  # type: ignore[arg-type]
    assert engine.live == [], "no worker outlives the failed run"


def test_a_stopped_worker_is_noticed_by_the_watchdog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from worker_faults import stopped_once

    monkeypatch.setenv(STALL_ENV, "2")
    engine = ProcessEngine(workers=2)
    results = sorted(engine.map(stopped_once, _markers(tmp_path, 2)))  # type: ignore[arg-type]
    assert results == ["done unit0", "done unit1"]
    said = capsys.readouterr().err
    assert said.count("made no progress for 2 s (no CPU time: stopped or blocked)") == 2


def test_exit_descriptions_and_cpu_time() -> None:
    assert describe_exit(-9).startswith("was killed by signal 9 (SIGKILL), likely")
    assert describe_exit(-15) == "was killed by signal 15 (SIGTERM)"
    assert describe_exit(3) == "ended (exit status 3)"
    seconds = cpu_seconds(os.getpid())
    assert seconds is None or seconds > 0
