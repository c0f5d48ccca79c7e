"""Combining parts: input order, renumbered hand keys, parts with differing columns."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from hhaudit.run.batch import FileEntry, PartResult, empty_tables
from hhaudit.run.parts import PartStore, scan_combined


def _part(store: PartStore, name: str, file_id: int, keys: list[int], **extra: list) -> object:
    tables = empty_tables()
    actions = pl.DataFrame({"hand_key": [(file_id << 32) | k for k in keys]})
    tables["actions"] = actions.with_columns(pl.Series(k, v) for k, v in extra.items())
    result = PartResult(FileEntry(path=name, sha256=name * 8, size=1), tables)
    return store.save(name, result, file_id, "fp")


@pytest.mark.parametrize("odd_dtype", [False, True])
def test_parts_combine_in_order_with_new_file_ids(tmp_path: Path, odd_dtype: bool) -> None:
    store = PartStore(tmp_path)
    first = _part(store, "z-first", 5, [0, 1], to_call=[10, 20])
    second = _part(store, "a-second", 9, [0])  # no state column: it comes back as null
    third_calls = ["x"] if odd_dtype else [30]  # a dtype clash takes the slow path
    third = _part(store, "m-third", 2, [3], to_call=third_calls)
    combined = scan_combined([first, second, third], "actions").collect()
    assert combined["hand_key"].to_list() == [0, 1, 1 << 32, (2 << 32) | 3]
    expected = ["10", "20", None, "x"] if odd_dtype else [10, 20, None, 30]
    assert combined["to_call"].cast(pl.String if odd_dtype else pl.Int64).to_list() == expected


def test_no_parts_gives_the_empty_canonical_table() -> None:
    assert scan_combined([], "violations").collect().columns[:3] == [
        "hand_key", "site", "source_file"
    ]  # fmt: skip


def test_tables_without_hand_key_are_concatenated_as_is(tmp_path: Path) -> None:
    store = PartStore(tmp_path)
    parts = [_part(store, name, i, [0]) for i, name in enumerate(["b", "a"])]
    quarantine = scan_combined(parts, "quarantine").collect()
    assert quarantine.is_empty() and "_part" not in quarantine.columns


def test_damaged_or_foreign_part_meta_means_audit_again(tmp_path: Path) -> None:
    store = PartStore(tmp_path)
    part = _part(store, "k", 0, [0])
    assert store.load("k", "fp") == part
    assert store.load("k", "other options") is None
    meta = part.directory / "shard.json"
    for damaged in ("{not json", '{"fingerprint": "fp", "tables": []}', '{"fingerprint": "fp"}'):
        meta.write_text(damaged)
        assert store.load("k", "fp") is None


def test_a_part_of_another_format_is_audited_again(tmp_path: Path) -> None:
    store = PartStore(tmp_path)
    part = _part(store, "k", 0, [0])
    meta = part.directory / "shard.json"
    described = json.loads(meta.read_text())
    for written in (
        {k: v for k, v in described.items() if k != "format"},
        {**described, "format": "parquet-lz4"},
    ):
        meta.write_text(json.dumps(written))  # Parquet parts of an older version say none
        assert store.load("k", "fp") is None
    meta.write_text(json.dumps(described))
    assert store.load("k", "fp") == part


def test_parts_with_columns_in_another_order_combine_by_name(tmp_path: Path) -> None:
    store = PartStore(tmp_path)
    first = _part(store, "a", 0, [0], seq=[1], to_call=[10])
    second = _part(store, "b", 1, [0], to_call=[20], seq=[2])  # same columns, other order
    combined = scan_combined([first, second], "actions").collect()
    assert combined.columns == ["hand_key", "seq", "to_call"]
    assert combined.rows() == [(0, 1, 10), (1 << 32, 2, 20)]
