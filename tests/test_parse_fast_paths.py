"""Fast paths of parsers/pipeline.py must give what the plain join or sort gives."""

from __future__ import annotations

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from parsers.pipeline import _in_order, _with_hand_ids

FRAME = pl.DataFrame({"hand_key": [9, 1, 2, 2, 5, 10, 9], "x": range(7)})


@pytest.mark.parametrize(
    "ids",
    [
        pl.DataFrame({"hand_key": [2, 5, 9], "hand_id": ["a", "b", "c"]}),
        pl.DataFrame({"hand_key": [9, 5, 2], "hand_id": ["c", "b", "a"]}),  # not in order
        pl.DataFrame({"hand_key": [1, 2, 5, 9, 10], "hand_id": list("vwxyz")}),
        pl.DataFrame(schema={"hand_key": pl.Int64, "hand_id": pl.String}),
    ],
)
def test_hand_ids_like_an_inner_join(ids: pl.DataFrame) -> None:
    expected = FRAME.join(ids, on="hand_key", maintain_order="left")
    assert_frame_equal(_with_hand_ids(FRAME, ids), expected)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ([1, 1, 2, 2], [1, 2, 1, 3]),  # in order: returned as is
        ([1, 1, 2, 2], [2, 1, 1, 3]),
        ([2, 1, 3, 3], [0, 0, 0, 0]),
        ([1, 1, 2, 2], [1, 1, 2, 3]),  # a tie is sorted by Polars, not kept
        ([1, None, 2, 2], [1, 1, 2, 3]),
    ],
)
def test_in_order_like_a_sort(a: list[int | None], b: list[int]) -> None:
    frame = pl.DataFrame({"a": a, "b": b, "row": range(len(a))})
    assert_frame_equal(_in_order(frame, "a", "b"), frame.sort("a", "b", maintain_order=True))
    # ties on one key may come back in any order, as from the sort it replaces
    assert_frame_equal(_in_order(frame, "a").select("a"), frame.sort("a").select("a"))
