"""Window operations over contiguous groups of a sorted frame, as whole-column expressions.

POLARS-NOTES: on data sorted by the group keys, a cumulative op over the whole column with the
group folded in is much faster than `.over()` (docs/audit-speed.md). Every helper takes the
group as a dense, non-decreasing integer id column (`group_ids`) or a boolean "first row of a
group" column.
"""

from __future__ import annotations

import polars as pl

#: Bits reserved for the value when a group id is folded into a cumulative max.
VALUE_BITS = 40
MAX_FOLDED_GROUPS = 1 << (62 - VALUE_BITS)


def group_ids(*keys: str) -> pl.Expr:
    """Dense id of consecutive runs of equal keys (0, 1, 2, ...) on a sorted frame."""
    changed = pl.any_horizontal([pl.col(k).ne_missing(pl.col(k).shift(1)) for k in keys])
    return changed.cast(pl.Int64).cum_sum() - 1


#: Bits of a seat number (Int16) folded into an Int64 key with a group id (seat_key).
SEAT_BITS = 17


def seat_key(gid: str) -> pl.Expr:
    """(group, seat) as one Int64, null seats before seat -32768: sorting or grouping on one
    integer column is several times cheaper than on two (POLARS-NOTES: folded keys)."""
    seat = (pl.col("seat").cast(pl.Int64) + (1 << 15) + 1).fill_null(0)
    return pl.col(gid) * (1 << SEAT_BITS) + seat


#: Group ids whose "first row" flag the prepared frame carries as a column `<gid>_first`.
PRECOMPUTED_FIRST = ("hand_number", "street_number")


def first_flag(gid: str) -> pl.Expr:
    """True on the first row of each group (computed)."""
    return pl.col(gid).ne_missing(pl.col(gid).shift(1))


def is_first(gid: str) -> pl.Expr:
    """True on the first row of each group (the precomputed column where there is one)."""
    return pl.col(f"{gid}_first") if gid in PRECOMPUTED_FIRST else first_flag(gid)


def shift_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The previous row's value within the group (null on the group's first row)."""
    return pl.when(is_first(gid)).then(None).otherwise(x.shift(1))


def ffill_in(x: pl.Expr, gid: str) -> pl.Expr:
    """Forward fill that never carries a value across a group boundary."""
    source = pl.when(x.is_not_null()).then(pl.col(gid)).forward_fill()
    return pl.when(source == pl.col(gid)).then(x.forward_fill())


def prev_ffill_in(x: pl.Expr, gid: str) -> pl.Expr:
    """The last non-null value of `x` on an earlier row of the group (exclusive).

    Same as shift_in(ffill_in(x, gid), gid): the group of the last non-null `x` before the row
    is the row's own group only if that row is in it (ids never decrease), so no first-row test.
    """
    source = pl.when(x.is_not_null()).then(pl.col(gid)).forward_fill().shift(1)
    return pl.when(source == pl.col(gid)).then(x.forward_fill().shift(1))


def prev_or(x: pl.Expr, gid: str, default: pl.Expr) -> pl.Expr:
    """The last non-null `x` on an earlier row of the group, else `default` (never null).

    Cheaper than prev_ffill_in: every group starts with the default, so a plain forward fill
    cannot carry a value across a boundary. `default` must not be null.
    """
    return pl.when(is_first(gid)).then(default).otherwise(x.shift(1)).forward_fill()


def cumsum_in(x: pl.Expr, gid: str) -> pl.Expr:
    """Inclusive cumulative sum within the group (nulls count as 0)."""
    x = x.fill_null(0)
    total = x.cum_sum()
    base = pl.when(is_first(gid)).then(total - x).forward_fill()
    return total - base


def prev_sum_in(x: pl.Expr, gid: str) -> pl.Expr:
    """Sum of `x` over the earlier rows of the group (exclusive; 0 on the first row)."""
    return cumsum_in(x, gid) - x.fill_null(0)


def cummax_in(x: pl.Expr, gid: str) -> pl.Expr:
    """Inclusive running max within the group of a non-negative value (nulls count as 0).

    Folds the group id into the high bits so one whole-column cum_max does every group; the
    caller guarantees values < 2**VALUE_BITS and fewer than MAX_FOLDED_GROUPS groups
    (`engine.check` slices larger inputs).
    """
    offset = pl.col(gid) * (1 << VALUE_BITS)
    return (offset + x.fill_null(0)).cum_max() - offset


def prev_max_in(x: pl.Expr, gid: str) -> pl.Expr:
    """Running max over the earlier rows of the group (0 on the first row)."""
    return shift_in(cummax_in(x, gid), gid).fill_null(0)


def prev_any_in(flag: pl.Expr, gid: str) -> pl.Expr:
    """True when `flag` held on an earlier row of the group (null counts as false).

    The group id of the last flagged row, carried forward and shifted one row, is this row's
    group exactly when an earlier row of the group is flagged (ids never decrease): one forward
    fill instead of the cumulative sums of `prev_sum_in(flag) > 0`.
    """
    last_flagged = pl.when(flag).then(pl.col(gid)).forward_fill().shift(1)
    return (last_flagged == pl.col(gid)).fill_null(False)
