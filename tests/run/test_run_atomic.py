"""Atomic writes: a failure never leaves a half-written file under the final name."""

from __future__ import annotations

from pathlib import Path

import pytest

from reports.atomic import atomic_path, remove_stale_temporaries, write_text_atomic


def test_success_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "report.html"
    write_text_atomic(target, "old")
    write_text_atomic(target, "new")
    assert target.read_text() == "new"
    assert [p.name for p in target.parent.iterdir()] == ["report.html"]


def test_failure_keeps_the_old_file_and_removes_the_temporary(tmp_path: Path) -> None:
    target = tmp_path / "violations.csv"
    target.write_text("complete old run")
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_text("half of the new")
        raise RuntimeError("disk full")
    assert target.read_text() == "complete old run"
    assert [p.name for p in tmp_path.iterdir()] == ["violations.csv"]


def test_failure_without_old_file_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt), atomic_path(tmp_path / "x.parquet") as tmp:
        tmp.write_bytes(b"PAR1")
        raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_nothing_written_is_an_error_not_an_empty_file(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError), atomic_path(tmp_path / "x.csv"):
        pass
    assert list(tmp_path.iterdir()) == []


def test_stale_temporaries_of_a_killed_run_are_removed(tmp_path: Path) -> None:
    (tmp_path / ".report.html.123.abcd.partial").write_text("killed")
    (tmp_path / "report.html").write_text("kept")
    assert remove_stale_temporaries(tmp_path) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
