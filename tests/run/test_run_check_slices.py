"""A chunk checked in slices of whole hands gives exactly the outputs of one check."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from scale_corpus import CHUNK, CSVS, TABLES, comparable, make_corpus, run_corpus

from audit import engine
from audit.engine import key_ranges
from hhaudit.engines import EngineSpec
from hhaudit.run import slices


def test_key_ranges_are_equal_slices_of_whole_keys() -> None:
    keys = pl.Series("hand_key", [9, 3, 3, 5, 1, 7, 11, 2, 8], dtype=pl.Int64)
    assert key_ranges(keys, 8) == []  # 8 distinct keys: one check
    assert key_ranges(keys, 3) == [(1, 3), (5, 8), (9, 11)]
    assert key_ranges(keys, 5) == [(1, 5), (7, 11)]  # two slices of 4, not 5 + 3
    assert key_ranges(keys, 1) == [(k, k) for k in (1, 2, 3, 5, 7, 8, 9, 11)]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_corpus(tmp_path_factory.mktemp("slices"))


def test_sliced_chunks_equal_one_check_of_the_whole_file(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_process = EngineSpec(workers=1)  # the monkeypatched bound holds in this process only
    whole = run_corpus(corpus, tmp_path / "whole", chunk_bytes=0, engine=in_process)
    calls: list[int] = []
    one_slice = engine.slice_frames  # called once per slice a check audits

    def counted(hands: pl.DataFrame, *args: object, **kwargs: object) -> object:
        calls.append(hands.height)
        return one_slice(hands, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "slice_frames", counted)
    monkeypatch.setattr(slices, "CHECK_HANDS", 16)  # the 250-hand file in 16 slices
    sliced = run_corpus(corpus, tmp_path / "sliced", chunk_bytes=CHUNK, engine=in_process)
    # the big file's ~7 chunks of ~35 hands in slices of at most 16; the small file whole
    assert sum(hands <= 16 for hands in calls) >= 14 and sorted(calls)[-2] <= 16
    assert comparable(sliced) == comparable(whole)
    assert whole["totals"]["violations"] > 0 and whole["totals"]["hands_quarantined"] >= 1
    for table in TABLES:
        a = pl.read_parquet(tmp_path / "whole" / f"{table}.parquet")
        assert a.equals(pl.read_parquet(tmp_path / "sliced" / f"{table}.parquet")), table
    for name in CSVS:
        assert (tmp_path / "whole" / name).read_bytes() == (tmp_path / "sliced" / name).read_bytes()
