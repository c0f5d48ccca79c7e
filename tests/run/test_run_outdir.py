"""Safe output folders (#13 point 8): one run at a time per --out (two processes), a stale lock
taken over, the whole set swapped in (an interrupted or failed run leaves the previous set byte
for byte), the parts removed after success unless --keep-parts, --resume while incomplete."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import SAMPLE_DATA

from hhaudit.cli import main
from hhaudit.run.outdir import LOCK_NAME, work_dir

REPO = Path(__file__).resolve().parents[2]
HHAUDIT = str(Path(sys.executable).parent / "hhaudit")
HOLD_LOCK = """
import sys, time
from pathlib import Path
from hhaudit.run.outdir import OutputFolder
with OutputFolder(Path(sys.argv[1])):
    print("locked", flush=True)
    time.sleep(120)
"""


def _snapshot(out: Path) -> dict[str, bytes]:
    """Every file of an output set but the parts cache, by relative path."""
    return {
        str(path.relative_to(out)): path.read_bytes()
        for path in sorted(out.rglob("*"))
        if path.is_file() and ".parts" not in path.parts
    }


def _run(out: Path, *args: str) -> subprocess.CompletedProcess:
    command = [HHAUDIT, "run", *args, "--out", str(out), "-q"]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)


def test_a_second_run_into_a_locked_folder_fails_at_once(tmp_path: Path) -> None:
    out = tmp_path / "out"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(out)], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        second = _run(out, str(SAMPLE_DATA))
        assert second.returncode == 2, second.stderr
        assert f"another hhaudit run (pid {holder.pid}, started " in second.stderr
        assert "is writing here" in second.stderr and "Traceback" not in second.stderr
        assert not out.exists(), "the refused run wrote nothing"
        assert not (work_dir(out) / ".parts").exists(), "nor audited anything"
    finally:
        holder.kill()
        holder.wait()
    lock = work_dir(out) / LOCK_NAME
    assert str(holder.pid) in lock.read_text(), "the killed holder's lock file is left behind"
    taken_over = _run(out, str(SAMPLE_DATA))
    assert taken_over.returncode == 1, taken_over.stderr  # sample_data has violations
    assert (out / "run.json").is_file() and not work_dir(out).exists()


def _complete_run(out: Path, *extra: str) -> dict[str, bytes]:
    result = CliRunner().invoke(main, ["run", str(SAMPLE_DATA), "--out", str(out), "-q", *extra])
    assert result.exit_code == 1, result.output
    return _snapshot(out)


@pytest.mark.parametrize("fault", [KeyboardInterrupt, OSError])
def test_a_run_stopped_in_its_final_write_leaves_the_previous_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: type[BaseException]
) -> None:
    out = tmp_path / "out"
    before = _complete_run(out)
    other = tmp_path / "other"
    other.mkdir()
    basic = SAMPLE_DATA / "NLHE-6max-USD-0.50-1.00.basic.txt"
    (other / "one.txt").write_bytes(basic.read_bytes())

    def stopped(*_args: object, **_kw: object) -> None:
        raise fault("stopped in the final write")

    monkeypatch.setattr("hhaudit.run.runner.write_reports", stopped)
    result = CliRunner().invoke(main, ["run", str(other), "--out", str(out), "-q"])
    assert result.exit_code == (130 if fault is KeyboardInterrupt else 2), result.output
    assert _snapshot(out) == before, "the previous set, byte for byte"
    assert not (work_dir(out) / "set").exists(), "the incomplete set is removed"


def test_sigint_at_any_time_of_the_final_write_leaves_one_whole_set(tmp_path: Path) -> None:
    from tools.synth import write_corpus

    inputs = tmp_path / "in"
    inputs.mkdir()
    write_corpus(inputs / "h.txt", 3000, seed=5, violation_rate=0.05, files=20)
    (inputs / "h.txt.truth.json").unlink()
    out = tmp_path / "out"
    before = _complete_run(out)
    process = subprocess.Popen(
        [HHAUDIT, "run", str(inputs), "--out", str(out), "-q"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    new_set = work_dir(out) / "set"
    deadline = time.monotonic() + 300
    while not (new_set.is_dir() and any(new_set.iterdir())):  # the final write has begun
        assert process.poll() is None, "the run ended before its final write"
        assert time.monotonic() < deadline
        time.sleep(0.005)
    os.kill(process.pid, signal.SIGINT)
    process.communicate(timeout=300)
    after = _snapshot(out)
    if process.returncode == 130:
        assert after == before, "interrupted: the previous set, byte for byte"
    else:  # the signal came after the swap: the new set, whole
        assert after != before and "run.json" in after
    assert not new_set.exists()
    finished = _run(out, str(inputs), "--resume")
    assert finished.returncode == 1, finished.stderr
    assert (out / "run.json").is_file()


def test_parts_are_removed_after_success_unless_kept(tmp_path: Path) -> None:
    out = tmp_path / "out"
    _complete_run(out)
    assert not (out / ".parts").exists() and not work_dir(out).exists()
    kept = _complete_run(out, "--keep-parts")
    assert any((out / ".parts").iterdir())
    result = CliRunner().invoke(
        main, ["run", str(SAMPLE_DATA), "--out", str(out), "-v", "--resume"]
    )
    assert result.exit_code == 1
    assert ": resumed," in result.output and ": audited," not in result.output
    timed = ("run.json", "report.html")  # they say when the run started
    same = {name: data for name, data in _snapshot(out).items() if name not in timed}
    assert same == {name: data for name, data in kept.items() if name not in timed}
    assert not (out / ".parts").exists(), "and drops the parts it took back (no --keep-parts)"


def test_a_folder_with_other_files_is_refused_not_emptied(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["run", str(SAMPLE_DATA), "--out", str(out), "-q"])
    assert result.exit_code == 2
    assert "notes.txt" in result.output and "new or empty folder" in result.output
    assert [p.name for p in out.iterdir()] == ["notes.txt"]
