"""bench.identity refuses a dump that would leave inputs out unless asked for a partial one."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import identity


def test_a_dump_without_the_bench_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    absent = tmp_path / "no-bench" / "hands-0.txt"
    monkeypatch.setattr(identity, "BENCH_FILE", absent)
    dumped: list[Path] = []
    monkeypatch.setattr(identity, "dump", dumped.append)
    assert identity.main(["dump", str(tmp_path / "d")]) == 2
    assert dumped == []
    assert str(absent) in capsys.readouterr().err
    assert identity.main(["dump", "--partial", str(tmp_path / "d")]) == 0
    assert dumped == [tmp_path / "d"]


def test_a_full_checkout_dumps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    present = tmp_path / "hands-0.txt"
    present.write_text("")
    monkeypatch.setattr(identity, "BENCH_FILE", present)
    monkeypatch.setattr(identity, "SHARED_REAL", tmp_path)
    dumped: list[Path] = []
    monkeypatch.setattr(identity, "dump", dumped.append)
    assert identity.main(["dump", str(tmp_path / "d")]) == 0
    assert dumped == [tmp_path / "d"]
