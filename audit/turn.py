"""Whose turn it is (D-9), as columns: one small block of columns per seat number.

For every row and every seat s of the table the state of s before the row is a forward fill of
s's own rows (folded, chips behind, live commitment, acted). From those: who still owes action,
whether nobody does (the round is closed), and the expected actor: the first seat clockwise after
the previous actor that owes action. The Python loop is over seat numbers (at most ten), building
expressions; every expression runs over whole columns.
"""

from __future__ import annotations

import polars as pl

from audit.state import PREFLOP, active
from audit.windows import prev_ffill_in


def seat_table(seats: pl.DataFrame) -> pl.DataFrame:
    """Per hand: one `stack_<s>` column per seat dealt in (null for empty or sitting-out seats)."""
    dealt = seats.filter(~pl.col("sitting_out").fill_null(False))
    wide = dealt.select("hand_key", "seat", "stack").pivot(
        on="seat", index="hand_key", values="stack", aggregate_function="first"
    )
    return wide.rename({c: f"stack_{c}" for c in wide.columns if c != "hand_key"})


def seat_numbers(seat_frame: pl.DataFrame) -> list[int]:
    return sorted(int(c.removeprefix("stack_")) for c in seat_frame.columns if c != "hand_key")


def _seat_state(s: int) -> dict[str, pl.Expr]:
    """The state of seat `s` before each row."""
    mine = (pl.col("seat") == s) & active()
    in_hand = pl.col(f"stack_{s}").is_not_null()
    folded = prev_ffill_in(pl.when(mine & pl.col("is_fold")).then(True), "h_gid").fill_null(False)
    behind = prev_ffill_in(
        pl.when((pl.col("seat") == s) & ~pl.col("void")).then(pl.col("remaining_after")), "h_gid"
    ).fill_null(pl.col(f"stack_{s}"))
    committed = prev_ffill_in(pl.when(mine).then(pl.col("committed_after")), "s_gid").fill_null(0)
    acted = prev_ffill_in(pl.when(mine & pl.col("is_betting")).then(True), "s_gid").fill_null(False)
    live = in_hand & ~folded
    has_chips = live & (behind > 0)
    return {
        f"_live_{s}": live,
        f"_chips_{s}": has_chips,
        f"_owes_{s}": has_chips & (~acted | (committed < pl.col("current_bet"))),
        f"_matched_{s}": has_chips & (committed >= pl.col("current_bet")),
    }


def _street_start_seat() -> pl.Expr:
    """The seat before the first actor: last straddle or the BB preflop, the button after."""
    preflop_seat = pl.coalesce("last_straddle_seat", "bb_seat", "button_seat")
    return pl.when(PREFLOP).then(preflop_seat).otherwise(pl.col("button_seat"))


def turn_pass(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    """Adds n_live, n_with_chips, nobody_owes, previous_actor and expected_seat."""
    exprs: dict[str, pl.Expr] = {}
    for s in seats:
        exprs |= _seat_state(s)
    frame = frame.with_columns(**exprs)

    def count(prefix: str) -> pl.Expr:
        return pl.sum_horizontal([pl.col(f"_{prefix}_{s}").cast(pl.Int32) for s in seats])

    frame = frame.with_columns(
        n_live=count("live"),
        n_with_chips=count("chips"),
        _n_owes=count("owes"),
        _n_matched=count("matched"),
        previous_actor=prev_ffill_in(
            pl.when(active() & pl.col("is_betting")).then(pl.col("seat")), "s_gid"
        ).fill_null(_street_start_seat()),
    )
    frame = frame.with_columns(
        nobody_owes=(pl.col("n_live") <= 1)
        | (pl.col("n_with_chips") == 0)
        | ((pl.col("n_with_chips") == 1) & (pl.col("_n_matched") == 1))
        | (pl.col("_n_owes") == 0)
    )
    frame = frame.with_columns(expected_seat=_expected_seat(seats, ring))
    return frame.drop(["_n_owes", "_n_matched", *exprs])


def _expected_seat(seats: list[int], ring: int) -> pl.Expr:
    """First seat clockwise after the previous actor that owes action (null when nobody does).

    `ring` is any number >= every seat number in play (seats and buttons): seats 1..ring.
    """
    previous = pl.col("previous_actor").cast(pl.Int64)
    distance = pl.min_horizontal(
        [pl.when(pl.col(f"_owes_{s}")).then((s - previous - 1) % ring) for s in seats]
    )
    seat = (previous + distance) % ring + 1
    return pl.when(~pl.col("nobody_owes")).then(seat.cast(pl.Int16))
