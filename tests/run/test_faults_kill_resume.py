"""Faults on a real `hhaudit run` process: SIGKILL half-way then --resume, Ctrl-C (SIGINT),
SIGTERM, and a worker killed mid-run.

The uninterrupted run is the reference: after a kill and a resume, violations.csv, summary.csv,
quarantine.csv and the run.json totals are identical to it. Ctrl-C exits 130 (SIGTERM 143), says
on stderr what was finished, and leaves no run.json and no temporary file.

Slow (`make fuzz`): whole runs of 3,000 and 6,000 hands on real processes, killed, interrupted
and resumed; `make test` keeps the faults of tests/run/test_run_outdir.py (a run stopped or
interrupted in its final write, a locked folder), tests/run/test_run_resume.py (resume),
tests/run/test_run_processes.py (a killed run leaves no worker) and
tests/run/test_faults_workers.py (a killed or stalled worker replaced).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hhaudit.run.outdir import work_dir

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
HHAUDIT = [str(Path(sys.executable).parent / "hhaudit")]
COMPARED = ("violations.csv", "summary.csv", "quarantine.csv")
FILES, HANDS = 300, 3000  # > 256 files: at least two batches, parts appear before the end


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tools.synth import write_corpus

    folder = tmp_path_factory.mktemp("kill") / "in"
    folder.mkdir()
    write_corpus(folder / "h.txt", HANDS, seed=11, violation_rate=0.05, files=FILES)
    (folder / "h.txt.truth.json").unlink()
    (folder / "broken.txt").write_bytes(b"PokerStars Hand #1: \x00\xff garbage\n")
    return folder


def _command(corpus: Path, out: Path, *extra: str) -> list[str]:
    return [*HHAUDIT, "run", str(corpus), "--out", str(out), "-q", *extra]


@pytest.fixture(scope="module")
def reference(corpus: Path) -> Path:
    out = corpus.parent / "full"
    done = subprocess.run(_command(corpus, out), capture_output=True, cwd=REPO, timeout=600)
    assert done.returncode == 1, done.stderr
    return out


def _start_and_signal(corpus: Path, out: Path, signum: int) -> subprocess.CompletedProcess:
    """Start a run, send `signum` once some parts are complete, wait for the end."""
    process = subprocess.Popen(
        _command(corpus, out), cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 300
    while not list((work_dir(out) / ".parts").glob("*/shard.json")):
        assert process.poll() is None, "the run ended before any part was written"
        assert time.monotonic() < deadline, "no part after 300 s"
        time.sleep(0.02)
    os.kill(process.pid, signum)
    stdout, stderr = process.communicate(timeout=300)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def _totals(out: Path) -> dict:
    record = json.loads((out / "run.json").read_text("utf-8"))
    return record["totals"]


def _assert_same_outputs(out: Path, reference: Path) -> None:
    for name in COMPARED:
        assert (out / name).read_bytes() == (reference / name).read_bytes(), name
    assert _totals(out) == _totals(reference)
    assert not list(out.glob(".*.partial")), "a temporary file was left behind"


def _resume(corpus: Path, out: Path) -> subprocess.CompletedProcess:
    command = [*HHAUDIT, "run", str(corpus), "--out", str(out), "--resume", "-v"]
    return subprocess.run(command, capture_output=True, cwd=REPO, timeout=600, text=True)


def test_sigkill_half_way_then_resume_matches_an_uninterrupted_run(
    corpus: Path, reference: Path
) -> None:
    out = corpus.parent / "killed"
    killed = _start_and_signal(corpus, out, signal.SIGKILL)
    assert killed.returncode == -signal.SIGKILL
    assert not (out / "run.json").exists(), "a killed run must not look complete"
    kept = len(list((work_dir(out) / ".parts").glob("*/shard.json")))
    assert 0 < kept < FILES + 1
    resumed = _resume(corpus, out)
    assert resumed.returncode == 1, resumed.stderr
    assert resumed.stderr.count(": resumed,") >= kept  # the finished parts were reused
    _assert_same_outputs(out, reference)


def test_sigint_stops_cleanly_with_130_and_says_what_was_finished(
    corpus: Path, reference: Path
) -> None:
    out = corpus.parent / "interrupted"
    stopped = _start_and_signal(corpus, out, signal.SIGINT)
    stderr = stopped.stderr.decode("utf-8", "replace")
    assert stopped.returncode == 130, stderr
    assert "interrupted:" in stderr and f"of {FILES + 1} input files finished" in stderr
    assert "--resume" in stderr
    assert "Traceback" not in stderr
    assert not (out / "run.json").exists()
    assert not list(out.rglob(".*.partial")), "a half-written file was left behind"
    resumed = _resume(corpus, out)
    assert resumed.returncode == 1, resumed.stderr
    _assert_same_outputs(out, reference)


def test_sigterm_stops_like_ctrl_c_with_143_then_resume_matches(
    corpus: Path, reference: Path
) -> None:
    """What timeout, systemd and Kubernetes send: the same lines as Ctrl-C, exit 128 + 15."""
    out = corpus.parent / "terminated"
    stopped = _start_and_signal(corpus, out, signal.SIGTERM)
    stderr = stopped.stderr.decode("utf-8", "replace")
    assert stopped.returncode == 143, stderr
    assert "stopped by SIGTERM:" in stderr and f"of {FILES + 1} input files finished" in stderr
    assert "has no output set yet" in stderr and "keeps its previous" not in stderr
    assert "--resume" in stderr and "Traceback" not in stderr
    assert not (out / "run.json").exists()
    resumed = _resume(corpus, out)
    assert resumed.returncode == 1, resumed.stderr
    _assert_same_outputs(out, reference)


def _workers_of(pid: int) -> list[int]:
    """The worker processes of a run (its children that run hhaudit.engines.worker)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"hhaudit.engines.worker" in command:
                found.append(int(child))
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_a_worker_killed_mid_run_is_replaced_and_the_outputs_are_whole(tmp_path: Path) -> None:
    """SIGKILL to a worker (what the out-of-memory killer does): its unit runs again in a new
    worker, the run completes and its outputs are those of a run without the kill."""
    from tools.synth import write_corpus

    corpus = tmp_path / "in"
    corpus.mkdir()
    write_corpus(corpus / "big.txt", 6000, seed=12, violation_rate=0.05, files=1)
    (corpus / "big.txt.truth.json").unlink()
    reference = tmp_path / "reference"
    args = ["--workers", "2", "--chunk-mb", "1"]
    done = subprocess.run(_command(corpus, reference, *args), capture_output=True, cwd=REPO,
                          timeout=600)  # fmt: skip
    assert done.returncode == 1, done.stderr
    out = tmp_path / "out"
    process = subprocess.Popen(
        _command(corpus, out, *args), cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 300
    while not list((work_dir(out) / ".parts").glob("*/shard.json")):  # units are flowing
        assert process.poll() is None and time.monotonic() < deadline, "no part written"
        time.sleep(0.01)
    workers = _workers_of(process.pid)
    os.kill(workers[0], signal.SIGKILL)
    _, stderr = process.communicate(timeout=600)
    said = stderr.decode("utf-8", "replace")
    assert process.returncode == 1, said
    assert f"worker process {workers[0]} was killed by signal 9 (SIGKILL)" in said
    _assert_same_outputs(out, reference)
