"""audit/state/settlement.py: per-hand texts name the players in seat order, whatever the row order
the joins and group-bys before them produced (the same report on every run)."""

from __future__ import annotations

import polars as pl

from audit.state.settlement import _per_hand_text


def _rows(order: list[int]) -> pl.DataFrame:
    seats = [5, 2, 9, 3]
    return pl.DataFrame({"hand_key": [1, 1, 1, 7], "seat": seats, "returned": [50, 20, 90, 30]})[
        order
    ]


def test_per_hand_text_lists_seats_in_order_for_any_row_order() -> None:
    joined = pl.format("seat {}: {}", "seat", "returned").str.join("; ")
    first = pl.format("seat {}", "seat").first()
    for order in ([0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]):
        details = _per_hand_text(_rows(order), "detail", joined).sort("hand_key")
        firsts = _per_hand_text(_rows(order), "first", first).sort("hand_key")
        assert details.rows() == [(1, "seat 2: 20; seat 5: 50; seat 9: 90"), (7, "seat 3: 30")]
        assert firsts.rows() == [(1, "seat 2"), (7, "seat 3")]


def test_per_hand_text_without_rows_is_an_empty_frame_of_strings() -> None:
    empty = _per_hand_text(_rows([0]).clear(), "detail", pl.lit("x").first())
    assert empty.height == 0
    assert empty.schema == pl.Schema({"hand_key": pl.Int64, "detail": pl.String})
