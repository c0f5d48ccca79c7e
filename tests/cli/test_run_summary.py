"""What `hhaudit run` tells a person at the end (issue #29): why the exit status is 1, what
--dataset appended, what --resume reused and how many files a folder walk skipped; and run.json's
duration, time per stage and dataset append."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from run_fixtures import TRUNCATED_HAND, stars_file

from hhaudit.cli import main
from hhaudit.cli.exit_policy import fail_reason


@pytest.fixture()
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a.txt").write_text(stars_file(100, 3, undersized_every=3))  # one RAISE-MIN
    (folder / "b.txt").write_text(stars_file(200, 2) + TRUNCATED_HAND)
    (folder / "notes.md").write_text("# not a hand history\n")
    return folder


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["run", *args, "--workers", "1"])
    return result.exit_code, result.stderr


@pytest.mark.parametrize(
    ("fail_on", "expected"),
    [
        ("violation", "exit status 1 (--fail-on violation): 2 violations among the root causes"),
        ("warning", "exit status 1 (--fail-on warning): 3 root causes at or above warning "
                    "(2 violations, 1 warning)"),
        ("info", "exit status 1 (--fail-on info): 8 root-cause flags (2 violations, 1 warning, "
                 "5 info)"),
        ("quarantine", "exit status 1 (--fail-on quarantine): 8 root-cause flags (2 violations, "
                       "1 warning, 5 info); 4 quarantine entries not readable (3 truncated, "
                       "1 damaged)"),
        ("never", None),
    ],
)  # fmt: skip
def test_the_reason_names_the_level_and_the_root_causes(fail_on: str, expected: str) -> None:
    counts = {"violation": 2, "warning": 1, "info": 5}
    quarantined = {"duplicate": 9, "truncated": 3, "damaged": 1, "unsupported_game": 4}
    assert fail_reason(counts, quarantined, fail_on) == expected
    assert fail_reason({"info": 5}, {"duplicate": 9}, "warning") is None  # status 0: no line


def test_the_terminal_says_why_1_what_was_skipped_and_what_the_dataset_took(
    logs: Path, tmp_path: Path
) -> None:
    out, dataset = tmp_path / "out", tmp_path / "ds"
    status, err = _run(str(logs), "--out", str(out), "--dataset", str(dataset))
    assert status == 1, err
    lines = err.splitlines()
    assert lines[-1] == "hhaudit: exit status 1 (--fail-on violation): 1 violation among the " \
                        "root causes"  # fmt: skip
    assert "hhaudit: 1 file skipped in the folders given (not hand-history file types; " \
           "-v names them, run.json lists them)" in lines  # fmt: skip
    record = json.loads((out / "run.json").read_text())
    rows = record["dataset"]["rows"]
    assert rows["hands"] == record["totals"]["hands_audited"] == 5
    assert record["dataset"]["path"] == str(dataset)
    assert f"hhaudit: appended to the dataset {dataset}: 5 hand rows, 15 seat rows, " in err
    assert "1 violation row, 1 quarantine row" in err
    assert record["duration_s"] > 0
    driver, workers = record["stages_s"]["driver"], record["stages_s"]["workers"]
    assert {"audit units", "combine", "reports", "dataset"} <= set(driver)
    assert {"parse", "check"} <= set(workers)
    assert all(seconds > 0 for seconds in [*driver.values(), *workers.values()])
    assert record["duration_s"] >= driver["reports"] + driver["dataset"]
    status, err = _run(str(logs), "--out", str(tmp_path / "o2"), "--fail-on", "never", "-q")
    assert status == 0 and err == ""  # -q: nothing; never: no reason to give


def test_resume_says_what_it_reused(logs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert _run(str(logs), "--out", str(out), "--keep-parts")[0] == 1
    (logs / "c.txt").write_text(stars_file(300, 2))
    status, err = _run(str(logs), "--out", str(out), "--resume")
    assert status == 1
    assert "hhaudit: --resume: 2 files reused from the earlier run, 1 audited now" in err
    status, err = _run(str(logs), "--out", str(tmp_path / "o2"))
    assert "--resume" not in err  # said only when asked for
    record = json.loads((tmp_path / "o2" / "run.json").read_text())
    assert "dataset" not in record and record["stages_s"]["driver"]
