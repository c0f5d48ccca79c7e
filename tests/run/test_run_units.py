"""How a run is cut into units: batches of small files never pass batch_bytes."""

from __future__ import annotations

import itertools
from pathlib import Path

from hhaudit.run.chunks import Chunk
from hhaudit.run.inputs import InputSource
from hhaudit.run.units import Batching, FilePlan, WorkUnit, iter_units


def _plans(sizes: list[int]) -> list[FilePlan]:
    return [
        FilePlan(k, InputSource(name=f"f{k}.txt", data=b"x" * size), f"sha{k}")
        for k, size in enumerate(sizes)
    ]


def _names(units: list[WorkUnit]) -> list[list[str]]:
    return [[plan.source.name for plan in unit.files] for unit in units]


def test_a_batch_is_closed_before_a_file_would_overflow_it() -> None:
    units = list(iter_units(_plans([50, 40, 20, 30, 50]), Batching(batch_bytes=100, batch_files=9)))
    assert _names(units) == [["f0.txt", "f1.txt"], ["f2.txt", "f3.txt", "f4.txt"]]
    assert all(sum(p.source.size for p in unit.files) <= 100 for unit in units)


def test_a_file_bigger_than_a_batch_is_a_unit_alone() -> None:
    units = list(iter_units(_plans([10, 150, 10]), Batching(batch_bytes=100, batch_files=9)))
    assert _names(units) == [["f0.txt"], ["f1.txt"], ["f2.txt"]]


def test_batches_hold_at_most_batch_files_files() -> None:
    units = list(iter_units(_plans([1] * 5), Batching(batch_bytes=100, batch_files=2)))
    assert _names(units) == [["f0.txt", "f1.txt"], ["f2.txt", "f3.txt"], ["f4.txt"]]


def test_a_chunked_file_gives_its_largest_chunk_first() -> None:
    ends = [0, 100, 200, 300, 420]  # the last chunk is cut longer (up to 1.25 chunks)
    chunks = tuple(
        Chunk("big.txt", Path("big.txt"), i, start, end)
        for i, (start, end) in enumerate(itertools.pairwise(ends))
    )
    plan = FilePlan(0, InputSource(name="big.txt", data=b"x" * 420), "sha", chunks)
    units = list(iter_units([plan], Batching(batch_bytes=100, batch_files=9)))
    assert [unit.chunk.index for unit in units if unit.chunk] == [3, 0, 1, 2]
