"""--dataset under faults (#29): a run killed at each step of its append leaves the dataset whole
(the previous snapshot, or the new one once committed: never a table without the others), and
inputs that grow, are emptied or vanish while the run reads them leave no hand twice and none
lost, night after night. Read back with DuckDB through DS/current, as docs/tables.md says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from run_fixtures import stars_file

from hhaudit.cli import main

duckdb = pytest.importorskip("duckdb")  # the dev extra (pyproject.toml)

REPO = Path(__file__).resolve().parents[2]
TABLES = ("hands", "seats", "actions", "violations", "quarantine")
STEPS = ("stage_tables", "link_kept", "write_record", "promote", "commit")
#: Runs `hhaudit run` with the dataset step argv[1] ending the process (os._exit: no cleanup
#: runs, as under SIGKILL) before it (argv[2] == "before") or right after it.
KILLER = """
import os, sys
import hhaudit.run.dataset as dataset
step, when = sys.argv[1], sys.argv[2]
original = getattr(dataset, step)
def killed(*args, **kwargs):
    if when == "before":
        os._exit(137)
    original(*args, **kwargs)
    os._exit(137)
setattr(dataset, step, killed)
from hhaudit.cli import main
main(sys.argv[3:])
"""


def _counts(dataset: Path) -> dict[str, int]:
    """Rows per table as a reader sees them (DS/current), and distinct hands."""
    found = {}
    for table in TABLES:
        files = list((dataset / "current" / f"table={table}").glob("*/*/*.parquet"))
        glob = f"{dataset}/current/table={table}/*/*/*.parquet"
        found[table] = (
            duckdb.sql(f"select count(*) from read_parquet('{glob}')").fetchall()[0][0]
            if files
            else 0
        )
    hands = f"{dataset}/current/table=hands/*/*/*.parquet"
    found["distinct hands"] = duckdb.sql(
        f"select count(distinct hand_uid) from read_parquet('{hands}')"
    ).fetchall()[0][0]
    return found


def _run(inputs: Path, out: Path, dataset: Path) -> int:
    args = [
        "run",
        str(inputs),
        "--out",
        str(out),
        "--dataset",
        str(dataset),
        "-q",
        "--workers",
        "1",
    ]
    return CliRunner().invoke(main, args).exit_code


def _night(root: Path, name: str, first_id: int, files: int = 3) -> Path:
    folder = root / name
    folder.mkdir()
    for index in range(files):
        text = stars_file(first_id + 100 * index, 4, undersized_every=3)
        (folder / f"table{index}.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict, dict]:
    """Night one, night two, and what a reader sees after one and after both (no fault)."""
    root = tmp_path_factory.mktemp("publish")
    one, two = _night(root, "one", 10_000), _night(root, "two", 20_000)
    dataset = root / "reference"
    assert _run(one, root / "out1", dataset) == 1
    after_one = _counts(dataset)
    assert _run(two, root / "out2", dataset) == 1
    return one, two, after_one, _counts(dataset)


@pytest.mark.parametrize("when", ["before", "after"])
@pytest.mark.parametrize("step", STEPS)
def test_a_kill_at_each_step_of_the_append_leaves_all_or_none(
    nights: tuple[Path, Path, dict, dict], tmp_path: Path, step: str, when: str
) -> None:
    one, two, after_one, after_both = nights
    dataset = tmp_path / "ds"
    assert _run(one, tmp_path / "out1", dataset) == 1
    out = tmp_path / "out2"
    command = [sys.executable, "-c", KILLER, step, when, "run", str(two), "--out", str(out),
               "--dataset", str(dataset), "-q", "--workers", "1"]  # fmt: skip
    killed = subprocess.run(command, cwd=REPO, capture_output=True, timeout=600)
    assert killed.returncode == 137, killed.stderr
    committed = step == "commit" and when == "after"
    assert _counts(dataset) == (after_both if committed else after_one)
    assert not (out / "run.json").exists(), "the output set is published after the append"
    # the next run finishes the night: the parts were kept, the leftovers are cleaned
    again = ["run", str(two), "--out", str(out), "--dataset", str(dataset), "-q", "--resume"]
    resumed = CliRunner().invoke(main, [*again, "--workers", "1"])
    assert resumed.exit_code == 1, resumed.output
    assert _counts(dataset) == after_both
    assert not list(dataset.glob(".hhaudit-staging-*")) and not list(dataset.glob(".current-*"))
    assert len(list((dataset / "snapshots").iterdir())) <= 2  # current and the previous one
    record = json.loads((out / "run.json").read_text("utf-8"))
    assert record["dataset"]["rows"]["hands"] == after_both["hands"] - after_one["hands"]


def _mutating_plans(monkeypatch: pytest.MonkeyPatch, changes: dict[str, object]) -> None:
    """Change input files right after the run planned them, before their worker reads them
    (where the driver used to digest them: the window of the fault trial)."""
    import hhaudit.run.units as units

    original = units.plan_file

    def plan_then_change(file_id, source, *args, **kwargs):  # type: ignore[no-untyped-def]
        plan = original(file_id, source, *args, **kwargs)
        change = changes.pop(source.name, None)
        if change is not None:
            change()  # type: ignore[operator]
        return plan

    monkeypatch.setattr(units, "plan_file", plan_then_change)


def test_inputs_grown_emptied_and_deleted_mid_run_leave_no_hand_twice_and_none_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    growing, emptied, deleted, steady = (
        folder / f"{n}.txt" for n in ("grow", "empty", "gone", "ok")
    )
    originals = {
        emptied: stars_file(30_000, 3),
        deleted: stars_file(31_000, 3),
        steady: stars_file(32_000, 3),
    }
    for path, text in originals.items():
        path.write_text(text, encoding="utf-8")
    dataset = tmp_path / "ds"
    assert _run(folder, tmp_path / "out0", dataset) == 0  # night 0: nine hands
    assert _counts(dataset)["hands"] == 9
    growing.write_text(stars_file(33_000, 2), encoding="utf-8")
    _mutating_plans(monkeypatch, {
        str(growing): lambda: growing.write_text(stars_file(33_000, 5), encoding="utf-8"),
        str(emptied): lambda: emptied.write_bytes(b""),
        str(deleted): deleted.unlink,
    })  # fmt: skip
    out = tmp_path / "out1"
    assert _run(folder, out, dataset) == 0  # night 1: the batch goes on
    record = json.loads((out / "run.json").read_text("utf-8"))
    files = {Path(f["path"]).name: f for f in record["files"]}
    assert files["grow.txt"]["hands_read"] == 5  # the bytes audited, digested as read
    assert files["grow.txt"]["size"] == len(growing.read_bytes())
    assert files["empty.txt"]["refused"] == "not_a_hand_history"
    assert files["gone.txt"]["refused"] == "unreadable_input"
    assert "removed while the run read" in files["gone.txt"]["error"]
    seen = _counts(dataset)
    assert seen["hands"] == seen["distinct hands"] == 9 + 5, "the emptied and gone files kept"
    emptied.write_text(originals[emptied], encoding="utf-8")  # night 2: as they were
    deleted.write_text(originals[deleted], encoding="utf-8")
    assert _run(folder, tmp_path / "out2", dataset) == 0
    seen = _counts(dataset)
    assert seen["hands"] == seen["distinct hands"] == 14, "no hand twice, none lost"


def test_a_big_file_changed_between_its_chunks_is_refused_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tools.synth import write_corpus

    folder = tmp_path / "logs"
    folder.mkdir()
    write_corpus(folder / "big.txt", 2500, seed=3, files=1)
    (folder / "big.txt.truth.json").unlink()
    (folder / "small.txt").write_text(stars_file(40_000, 2), encoding="utf-8")
    big = folder / "big.txt"
    assert big.stat().st_size > 1.25 * (1 << 20)  # cut in chunks of 1 MiB
    _mutating_plans(monkeypatch, {str(big): lambda: big.open("a").write(stars_file(41_000, 1))})
    out = tmp_path / "out"
    args = ["run", str(folder), "--out", str(out), "-q", "--workers", "1", "--chunk-mb", "1"]
    assert CliRunner().invoke(main, args).exit_code == 0
    record = json.loads((out / "run.json").read_text("utf-8"))
    files = {Path(f["path"]).name: f for f in record["files"]}
    assert files["big.txt"]["refused"] == "unreadable_input"
    assert "changed while the run read it" in files["big.txt"]["error"]
    assert files["big.txt"]["hands_read"] == 0 and files["small.txt"]["hands_audited"] == 2
    hands = pl.read_parquet(out / "hands.parquet")
    assert set(hands["source_file"]) == {str(folder / "small.txt")}, "no hand of a mixed read"
