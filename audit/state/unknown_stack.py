"""Players whose starting stack the log does not give (seats.stack null: a player who posts or
acts without a seat line, parsers/core/unseated.py; such a seat has a negative number).

The betting state still needs a stack for him (whose turn it is, who can still act): he gets
the chips he has put in up to the first action the site marks all-in, when one is (that
action emptied his stack), else UNKNOWN_STACK, more than anyone can bet. The rules that need
the real stack skip his rows (`stack_unknown`: ALLIN-FLAG, CALL-AMOUNT, POST-AMOUNT,
RAISE-MIN, NL-BET-MIN, STACK-EXCEEDED, ACT-ALLIN), ORDER skips a hand with a seat of unknown
number (`seat_unknown`), and STACK-UNKNOWN (info) says so once per such player
(`stack_unknown_first`).
"""

from __future__ import annotations

import polars as pl

from audit.state.windows import VALUE_BITS

#: The stand-in stack: above any real amount, with room below 2**VALUE_BITS for commitments.
UNKNOWN_STACK = (1 << (VALUE_BITS - 1)) - 1
_PUT_IN: tuple[str, ...] = ("post_sb", "post_bb", "post_straddle", "post_live", "post_dead")
_PUT_IN += ("post_ante", "bring_in", "call", "bet", "raise", "complete")


def _all_in_stacks(unknown: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """hand_key, seat, _inferred: chips put in through the seat's first all-in action."""
    rows = actions.join(unknown.select("hand_key", "seat"), on=["hand_key", "seat"], how="semi")
    first_all_in = pl.col("seq").filter(pl.col("is_all_in").fill_null(False)).min()
    put_in = pl.col("kind").cast(pl.String).is_in(_PUT_IN)
    return (
        rows.with_columns(_first=first_all_in.over("hand_key", "seat"))
        .filter(put_in & (pl.col("seq") <= pl.col("_first")))
        .group_by("hand_key", "seat")
        .agg(pl.col("amount").sum().alias("_inferred"))
    )


def with_stand_in_stacks(seats: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """`seats` with every null stack replaced by its stand-in (see module docstring)."""
    unknown = seats.filter(pl.col("stack").is_null())
    if unknown.is_empty():
        return seats
    inferred = _all_in_stacks(unknown, actions)
    stand_in = pl.coalesce("stack", "_inferred", pl.lit(UNKNOWN_STACK, pl.Int64))
    return (
        seats.join(inferred, on=["hand_key", "seat"], how="left", maintain_order="left")
        .with_columns(stand_in.alias("stack"))
        .drop("_inferred")
    )


def unknown_columns(frame: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Adds `stack_unknown` (the row's actor has no stack in `seats`, the canonical seats),
    `stack_unknown_first` (his first row in the frame's order) and `seat_unknown` (the hand
    has a seat of unknown number)."""
    unknown = seats.filter(pl.col("stack").is_null()).select("hand_key", "seat")
    if unknown.is_empty():
        no = pl.lit(False)
        return frame.with_columns(stack_unknown=no, stack_unknown_first=no, seat_unknown=no)
    marked = unknown.with_columns(stack_unknown=pl.lit(True))
    frame = frame.join(marked, on=["hand_key", "seat"], how="left", maintain_order="left")
    stack_unknown = pl.col("stack_unknown").fill_null(False) & ~pl.col("is_sentinel")
    frame = frame.with_columns(stack_unknown.alias("stack_unknown"))
    first = pl.col("stack_unknown") & (pl.int_range(pl.len()).over("hand_key", "seat") == 0)
    by_number = unknown.filter(pl.col("seat") < 0).select("hand_key").unique()
    frame = frame.with_columns(
        stack_unknown_first=pl.when(pl.col("stack_unknown")).then(first).otherwise(False),
        seat_unknown=pl.col("hand_key").is_in(by_number.get_column("hand_key").implode()),
    )
    return frame
