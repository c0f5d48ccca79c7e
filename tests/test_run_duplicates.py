"""The cheap repeat check agrees with find_duplicates on which hands are copies."""

from __future__ import annotations

import polars as pl
import pytest

from hhaudit.duplicates import find_duplicates, has_repeats


def _hands(sites: list[str | None], ids: list[str | None]) -> pl.LazyFrame:
    return pl.LazyFrame(
        {
            "hand_key": list(range(len(ids))),
            "site": sites,
            "source_file": ["a.txt"] * len(ids),
            "line_no": [10 * k + 1 for k in range(len(ids))],
            "hand_id": ids,
        }
    )


@pytest.mark.parametrize(
    ("sites", "ids", "repeated"),
    [
        (["s", "s", "s"], ["1", "2", "3"], False),
        (["s", "s", "s"], ["1", "2", "1"], True),
        (["s", "t"], ["1", "1"], False),  # the same id on two sites: two hands
        (["s", "s", "s", "s"], [None, None, "", ""], False),  # no id: never a copy
        ([None, None], ["7", "7"], True),
        ([], [], False),
    ],
)
def test_has_repeats_agrees_with_find_duplicates(
    sites: list[str | None], ids: list[str | None], repeated: bool
) -> None:
    hands = _hands(sites, ids)
    assert has_repeats(hands) is repeated
    assert (not find_duplicates(hands).is_empty()) is repeated
