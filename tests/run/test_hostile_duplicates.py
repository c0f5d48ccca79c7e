"""The same hand (site + hand id) twice in a run: audited once, later copies quarantined."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from fuzz_inputs import header_count
from run_fixtures import stars_file

from hhaudit.cli import main


def _run(inputs: Path, out: Path) -> dict:
    result = CliRunner().invoke(main, ["run", str(inputs), "--out", str(out), "-q"])
    assert result.exit_code in (0, 1), result.output
    return json.loads((out / "run.json").read_text("utf-8"))


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(stars_file(100, 4, undersized_every=2))
    (folder / "b.txt").write_text(stars_file(102, 4, undersized_every=2))  # 102, 103 again
    (folder / "c.txt").write_text(stars_file(200, 2) + stars_file(200, 1))  # 200 twice
    return folder


def test_duplicates_are_audited_once_and_quarantined_with_the_first_copy(
    inputs: Path, tmp_path: Path
) -> None:
    record = _run(inputs, tmp_path / "out")
    totals = record["totals"]
    headers = sum(header_count(p.read_bytes()) for p in inputs.iterdir())
    assert totals["hands_read"] == headers == 11
    assert totals["duplicates"] == 3
    assert totals["hands_read"] == totals["hands_audited"] + totals["hands_quarantined"]
    for entry in record["files"]:
        assert entry["hands_read"] == entry["hands_audited"] + entry["hands_quarantined"]
    hands = pl.read_parquet(tmp_path / "out" / "hands.parquet")
    assert hands["hand_id"].is_unique().all() and hands.height == 8
    quarantine = pl.read_csv(tmp_path / "out" / "quarantine.csv", infer_schema=False)
    reasons = dict(zip(quarantine["hand_id"], quarantine["reason"], strict=True))
    lines = (inputs / "a.txt").read_text().split("\n")
    first_102 = 1 + next(i for i, line in enumerate(lines) if "Hand #102:" in line)
    assert reasons["102"] == f"duplicate of {inputs / 'a.txt'}:{first_102}"
    assert reasons["200"].endswith("c.txt:1")
    kept = pl.read_parquet(tmp_path / "out" / "violations.parquet").join(
        hands.select("hand_key"), on="hand_key", how="anti"
    )
    assert kept.is_empty(), "a flag of a dropped copy stayed"
    assert totals["violations"] == sum(entry["violations"] for entry in record["files"])


def test_rerun_and_resume_give_identical_outputs(inputs: Path, tmp_path: Path) -> None:
    first = _run(inputs, tmp_path / "one")
    second = _run(inputs, tmp_path / "two")
    resumed = CliRunner().invoke(
        main, ["run", str(inputs), "--out", str(tmp_path / "two"), "-q", "--resume"]
    )
    assert resumed.exit_code == 1
    for name in ("violations.csv", "summary.csv", "quarantine.csv"):
        one = (tmp_path / "one" / name).read_bytes()
        assert one == (tmp_path / "two" / name).read_bytes(), name
    assert first["totals"] == second["totals"]
