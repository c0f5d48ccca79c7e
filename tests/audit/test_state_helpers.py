"""Small facts of the betting state's helpers, on hand-made frames (each fast form is held to
its plain form in audit/reference by tests/audit/test_reference.py)."""

from __future__ import annotations

import random

import polars as pl

from audit import check
from audit.state.caps import any_true, count_true
from audit.state.passes import in_input_order
from audit.state.prepare import in_seq_order
from audit.state.turn import _expected_seat, seat_table
from audit.state.void import _write_back
from audit.testing import parse_example, tables_from_vector


def test_expected_seat_negative_seats_use_the_distance_form() -> None:
    frame = pl.DataFrame(
        {"_owes_-1": [True], "_owes_2": [True], "previous_actor": [0], "nobody_owes": [False]}
    )  # no `_after` column: the distance form does not read it
    assert frame.select(_expected_seat([-1, 2], 5)).item() == 2


def test_write_back_replaces_the_recomputed_rows() -> None:
    full = pl.DataFrame({"row": [0, 1, 2, 3], "void": [False] * 4, "x": [1, 2, 3, 4], "k": [9] * 4})
    part = pl.DataFrame({"row": [1, 3], "void": [True, False], "x": [20, 40], "k": [9, 9]})
    written = _write_back(full, part, inputs=["row", "void", "k"])
    assert written["x"].to_list() == [1, 20, 3, 40]
    assert written["void"].to_list() == [False, True, False, False]
    # a column typed differently on the subset falls back to concat + sort
    other = part.with_columns(pl.col("x").cast(pl.Float64))
    assert _write_back(full, other, inputs=["row", "void", "k"])["x"].to_list() == [1, 20, 3, 40]


def test_seq_order_sorts_only_when_needed() -> None:
    ordered = pl.DataFrame({"hand_key": [1, 1, 2], "seq": [0, 1, 0]})
    assert in_seq_order(ordered) is ordered
    went_back = pl.DataFrame({"hand_key": [1, 1, 2, None], "seq": [1, 0, 0, 0]})
    assert in_seq_order(went_back).equals(went_back.sort("hand_key", "seq"))
    ties = pl.DataFrame({"hand_key": [1, 1], "seq": [0, 0]})  # no unique order: sorted
    assert in_seq_order(ties) is not ties


def test_seat_table_keeps_a_sitting_out_player_who_posts() -> None:
    seats = pl.DataFrame(
        {
            "hand_key": [1, 1, 1, 2],
            "seat": [1, 2, 3, 1],
            "stack": [100, 200, 300, 400],
            "sitting_out": [False, True, True, None],
        },
        schema_overrides={"seat": pl.Int16},
    )
    kinds = pl.Enum(["post_bb", "fold", "collect"])
    actions = pl.DataFrame(
        {"hand_key": [1, 1], "seat": [2, 3], "kind": ["post_bb", "collect"]},
        schema={"hand_key": pl.Int64, "seat": pl.Int16, "kind": kinds},
    )
    table = seat_table(seats, actions).sort("hand_key")
    assert table.columns == ["hand_key", "stack_1", "stack_2"]
    assert table.rows() == [(1, 100, 200), (2, 400, None)]


def test_void_rounds_settle_the_same_as_before() -> None:
    """Two void rounds (ACT-FOLDED, then the action after it), checked end to end."""
    vector, _ = parse_example(
        "NL 50/100; stacks 5000 x3; button P3\n"
        "preflop: P3 raise 300, P1 fold, P2 call, P1 call, P3 check"
    )
    result = check(*tables_from_vector(vector))
    codes = list(zip(result.violations["seq"], result.violations["code"], strict=True))
    assert (5, "ACT-FOLDED") in codes
    assert result.actions.filter(pl.col("void"))["seq"].to_list() == [5, 6]


def test_count_true_and_any_true_of_no_flags() -> None:
    two = pl.DataFrame({"x": [1, 2]})
    assert two.with_columns(n=count_true([]))["n"].to_list() == [0, 0]
    assert two.with_columns(a=any_true([]))["a"].to_list() == [False, False]


def test_in_input_order_undoes_the_player_sort() -> None:
    rng = random.Random(3)
    frame = pl.DataFrame({"key": [rng.randrange(50) for _ in range(2000)], "v": range(2000)})
    frame = frame.with_columns(_pos=pl.int_range(pl.len(), dtype=pl.Int64))
    shuffled = frame.sort("key", maintain_order=True)
    back = in_input_order(shuffled.select("key", "v"), shuffled.get_column("_pos"))
    assert back.equals(frame.select("key", "v"))
