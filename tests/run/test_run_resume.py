"""--resume: files whose sha256 is done are skipped, and the outputs equal a full run's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal
from run_fixtures import TRUNCATED_HAND, stars_file

import hhaudit.run.units
from hhaudit.cli import main
from hhaudit.run.inputs import InputSource


def _run(*args: str) -> int:
    return CliRunner().invoke(main, ["run", *args]).exit_code


def _audited_batches(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    calls: list[list[str]] = []
    real = hhaudit.run.units.audit_batch

    def counting(sources: list[InputSource], *args: Any, **kwargs: Any) -> list[Any]:
        calls.append([s.name for s in sources])
        return real(sources, *args, **kwargs)

    monkeypatch.setattr(hhaudit.run.units, "audit_batch", counting)
    return calls


def test_resume_skips_done_files_and_matches_a_full_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(stars_file(100, 3, undersized_every=2))
    (folder / "c.txt").write_text(stars_file(300, 3, undersized_every=3) + TRUNCATED_HAND)
    resumed, full = tmp_path / "resumed", tmp_path / "full"
    assert _run(str(folder), "--out", str(resumed), "--keep-parts") == 1

    (folder / "b.txt").write_text(stars_file(200, 2, undersized_every=1))  # new file, sorts between
    calls = _audited_batches(monkeypatch)
    assert _run(str(folder), "--out", str(resumed), "--resume", "--keep-parts") == 1
    assert calls == [[str(folder / "b.txt")]]  # only the new file was audited

    assert _run(str(folder), "--out", str(full)) == 1
    assert (resumed / "violations.csv").read_bytes() == (full / "violations.csv").read_bytes()
    for name in ("quarantine.csv", "summary.csv"):
        assert (resumed / name).read_bytes() == (full / name).read_bytes()
    for table in ("hands", "seats", "actions", "violations"):
        assert_frame_equal(
            pl.read_parquet(resumed / f"{table}.parquet"),
            pl.read_parquet(full / f"{table}.parquet"),
        )
    totals = json.loads((resumed / "run.json").read_text())["totals"]
    assert totals == json.loads((full / "run.json").read_text())["totals"]

    (folder / "a.txt").unlink()  # a file that is gone leaves no stale part behind
    assert _run(str(folder), "--out", str(resumed), "--resume", "--keep-parts") == 1
    assert len(list((resumed / ".parts").iterdir())) == 2


def test_without_resume_everything_is_audited_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "a.txt"
    source.write_text(stars_file(100, 2))
    out = tmp_path / "out"
    assert _run(str(source), "--out", str(out)) == 0
    calls = _audited_batches(monkeypatch)
    assert _run(str(source), "--out", str(out), "--keep-parts") == 0
    assert calls == [[str(source)]]
    assert _run(str(source), "--out", str(out), "--resume") == 0
    assert calls == [[str(source)]]  # the second run's part was reused


def test_changed_options_invalidate_resumed_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "a.txt"
    source.write_text(stars_file(100, 2))
    out = tmp_path / "out"
    assert _run(str(source), "--out", str(out), "--keep-parts") == 0
    config = tmp_path / "opts.toml"
    config.write_text("[default]\nfl_max_raises = 4\n")
    calls = _audited_batches(monkeypatch)
    assert _run(str(source), "--out", str(out), "--resume", "--config", str(config)) == 0
    assert calls == [[str(source)]]
