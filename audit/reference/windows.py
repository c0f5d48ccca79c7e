"""The plain forms of the window operations, joins and sorts the betting state is built on.

audit/state/windows.py folds a group id into one whole-column cumulative op, and
audit/state/prepare.py folds (hand, seat) or (hand, street, order) into one Int64 key; both are
faster than the forms below, which define what they compute: a window `.over()` the group, a
join or a sort on the plain keys. Every group id here is a dense, non-decreasing integer column
of a frame sorted by it (`hand_number` the hand, `street_number` the hand's street).
"""

from __future__ import annotations

from collections.abc import Callable

import polars as pl

from audit.reference.pair import Pair
from audit.state import prepare, void, windows


def group_ids(*keys: str) -> pl.Expr:
    """0, 1, 2, ...: one id per run of equal keys (null equal to null)."""
    return pl.struct(keys).rle_id().cast(pl.Int64)


def first_flag(gid: str) -> pl.Expr:
    """True on the first row of each group."""
    return pl.int_range(pl.len()).over(gid) == 0


def shift_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The previous row's value in the group (null on its first row)."""
    return x.shift(1).over(gid)


def ffill_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The last non-null value up to the row, within the group."""
    return x.forward_fill().over(gid)


def prev_ffill_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The last non-null value on an earlier row of the group."""
    return x.forward_fill().shift(1).over(gid)


def prev_or(x: pl.Expr, gid: str, default: pl.Expr) -> pl.Expr:
    """prev_ffill_in, `default` where no earlier row of the group has a value."""
    return prev_ffill_in(x, gid).fill_null(default)


def cumsum_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The sum of x up to the row (included), within the group; null counts as 0."""
    return x.fill_null(0).cum_sum().over(gid)


def prev_sum_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The sum of x over the earlier rows of the group (0 on its first row)."""
    return x.fill_null(0).cum_sum().shift(1, fill_value=0).over(gid)


def cummax_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The largest x up to the row (included), within the group; null counts as 0."""
    return x.fill_null(0).cum_max().over(gid)


def prev_max_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The largest x on an earlier row of the group (0 on its first row)."""
    return x.fill_null(0).cum_max().shift(1, fill_value=0).over(gid)


def prev_any_in(flag: pl.Expr, gid: str) -> pl.Expr:
    """Whether `flag` held on an earlier row of the group (null counts as false)."""
    return prev_sum_in(flag.fill_null(False).cast(pl.Int64), gid) > 0


def in_street_order(frame: pl.DataFrame) -> pl.DataFrame:
    """The prepared rows in (hand_key, street, order) order, nulls first."""
    return frame.sort("hand_key", "street", "order")


def left_join_players(frame: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """Each row with its (hand, seat)'s columns of `players`, in the rows' order."""
    return frame.join(players, on=["hand_key", "seat"], how="left", maintain_order="left")


def full_join_players(left: pl.DataFrame, right: pl.DataFrame) -> pl.DataFrame:
    """Every (hand, seat) of either table with the columns of both (in no set order)."""
    return left.join(right, on=["hand_key", "seat"], how="full", coalesce=True)


def join_or_nulls(frame: pl.DataFrame, part: pl.DataFrame) -> pl.DataFrame:
    """Each hand's row with its columns of `part` (null where `part` has none)."""
    return frame.join(part, on="hand_key", how="left")


def in_seq_order(actions: pl.DataFrame) -> pl.DataFrame:
    """The actions in (hand_key, seq) order."""
    return actions.sort("hand_key", "seq", maintain_order=True)


def write_back(full: pl.DataFrame, subset: pl.DataFrame, inputs: list[str]) -> pl.DataFrame:
    """`full` with the rows of `subset` (the same `row` numbers, recomputed) in their place."""
    kept = full.filter(~pl.col("row").is_in(subset.get_column("row").implode()))
    return pl.concat([kept, subset], how="vertical_relaxed").sort("row")


def _windowed(window_of: Callable[..., pl.Expr], *args: object) -> Callable[..., pl.DataFrame]:
    """A pair's form: the frame's window `window_of(*args)` as its one column `w`."""

    def form(frame: pl.DataFrame) -> pl.DataFrame:
        return frame.select(w=window_of(*args))

    return form


_X, _FLAG, _V = pl.col("x"), pl.col("flag"), pl.col("v")
#: name: (the fast window, its plain form, their arguments)
_WINDOWS: dict[str, tuple[Callable[..., pl.Expr], Callable[..., pl.Expr], tuple[object, ...]]] = {
    "group_ids": (windows.group_ids, group_ids, ("gid",)),
    "first_flag": (windows.first_flag, first_flag, ("gid",)),
    "shift_in": (windows.shift_in, shift_in, (_X, "gid")),
    "ffill_in": (windows.ffill_in, ffill_in, (_X, "gid")),
    "prev_ffill_in": (windows.prev_ffill_in, prev_ffill_in, (_X, "gid")),
    "prev_or": (windows.prev_or, prev_or, (_X, "gid", pl.lit(-1, pl.Int64))),
    "cumsum_in": (windows.cumsum_in, cumsum_in, (_X, "gid")),
    "prev_sum_in": (windows.prev_sum_in, prev_sum_in, (_X, "gid")),
    "cummax_in": (windows.cummax_in, cummax_in, (_V, "gid")),
    "prev_max_in": (windows.prev_max_in, prev_max_in, (_V, "gid")),
    "prev_any_in": (windows.prev_any_in, prev_any_in, (_FLAG, "gid")),
}

PAIRS = [
    *(
        Pair(
            f"windows.{name}",
            f"{name} over a frame sorted by its group id `gid`",
            _windowed(fast, *args),
            _windowed(plain, *args),
            "grouped",
        )
        for name, (fast, plain, args) in _WINDOWS.items()
    ),
    Pair(
        "prepare.in_street_order",
        "the prepared frame's row order",
        prepare._in_street_order,
        in_street_order,
        "street_orders",
    ),
    Pair(
        "prepare.left_join_players",
        "each row's starting stack, each seat's end stack",
        prepare.left_join_players,
        left_join_players,
        "player_tables",
    ),
    Pair(
        "prepare.full_join_players",
        "the settlement's per-player table",
        prepare.full_join_players,
        full_join_players,
        "player_tables",
        unordered=True,
    ),
    Pair(
        "prepare.join_or_nulls",
        "per-hand texts joined to the hands",
        prepare.join_or_nulls,
        join_or_nulls,
        "hand_parts",
    ),
    Pair(
        "prepare.in_seq_order",
        "the audited actions' row order",
        prepare.in_seq_order,
        in_seq_order,
        "action_orders",
    ),
    Pair(
        "void.write_back",
        "the state after a void round recomputed some hands",
        void._write_back,
        write_back,
        "write_backs",
    ),
]
