"""The stack each player ends a hand with (`seats.end_stack`), for STACK-CARRY (RULES.md §12).

The site's reported final stack where it prints one (`seats.final_stack`); else derived from
the log: start stack - chips put in + returned + collected + cashed out, the returns as the
settlement checks read them (a silent return counts as returned: audit/state/settlement.py). Only
settled hands whose settlement adds up (no UNCALLED-RETURN, POT-TOTAL or CHIP-CONSERVATION
finding) get a derived value: an end stack is never built from figures the audit disputes.
Nor is a winner's, in a cash hand whose log reports no rake: what he collected may be before
an unprinted rake (GGPoker 2020 exports in fpdb-3 print "Total pot $14", no rake, and the
winner of $14 starts the next hand with $0.42 less). A player whose starting stack the log
does not give has none either.
"""

from __future__ import annotations

import polars as pl

from audit.state.prepare import left_join_players

END_STACK = "end_stack"


#: The settlement rules whose finding makes a hand's figures disputed (their own tests).
SETTLEMENT_CODES = ("UNCALLED-RETURN", "POT-TOTAL", "CHIP-CONSERVATION")


def _undisputed(per_hand: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, silent_return, rake_unknown) of the settled hands whose settlement adds up:
    none of SETTLEMENT_CODES' tests holds (whether or not those rules are selected)."""
    from audit.rules import RULES

    disputed = pl.any_horizontal(RULES[code].violates.fill_null(False) for code in SETTLEMENT_CODES)
    rake_unknown = pl.col("rake").is_null() & ~pl.col("is_tournament").fill_null(False)
    return per_hand.filter(~disputed).select(
        "hand_key", "silent_return", rake_unknown.alias("rake_unknown")
    )


def end_stacks(players: pl.DataFrame, per_hand: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, end_stack) for every seat of `seats` (null where not known).

    `players` is the settlement's per-seat table (audit.state.settlement.player_table), `per_hand`
    its per-hand frame (audit.state.settlement.hand_frame)."""
    returned = (
        pl.when(pl.col("silent_return")).then(pl.col("expected_return")).otherwise("returned")
    )
    derived = (
        players.join(_undisputed(per_hand), on="hand_key", how="inner")
        .filter(~(pl.col("rake_unknown") & (pl.col("collected") > 0)))
        .select(
            "hand_key",
            "seat",
            _derived=-pl.col("put_in") + returned + pl.col("collected") + pl.col("cashed_out"),
        )
    )
    base = seats.select("hand_key", "seat", "stack", "final_stack")
    joined = left_join_players(base, derived)
    end = pl.coalesce("final_stack", pl.col("stack") + pl.col("_derived"))
    return joined.select("hand_key", "seat", end.alias(END_STACK))


def _same_unique_keys(seats: pl.DataFrame, ends: pl.DataFrame) -> bool:
    """Whether `ends` has the (hand_key, seat) of `seats` row for row and those keys are
    strictly increasing (so unique and never null): `end_stacks` keeps the seats' order, and
    the check's slices of whole hands are stacked in key order."""
    if seats.height != ends.height or seats.height == 0:
        return False
    hand, seat = pl.col("hand_key"), pl.col("seat")
    after = (hand.diff() > 0) | ((hand.diff() == 0) & (seat.diff() > 0))
    keys = seats.select(hand, seat)
    same = (hand == ends.get_column("hand_key")) & (seat == ends.get_column("seat"))
    found = keys.select(
        after.fill_null(False).slice(1).all()
        & hand.is_not_null().all()
        & seat.is_not_null().all()
        & same.fill_null(False).all()
    )
    return bool(found.item())


def with_end_stacks(seats: pl.DataFrame, ends: pl.DataFrame | None) -> pl.DataFrame:
    """`seats` with its `end_stack` column (null where `ends` has none): the left join on
    (hand_key, seat) of the first end stack of each key, or the column itself where the keys
    are the seats' own, unique, in their order (the run's check: `_same_unique_keys`)."""
    if ends is None or ends.is_empty():
        return seats.with_columns(pl.lit(None, dtype=pl.Int64).alias(END_STACK))
    if _same_unique_keys(seats, ends):
        return seats.with_columns(ends.get_column(END_STACK))
    keyed = ends.unique(["hand_key", "seat"], keep="first")
    return seats.join(keyed, on=["hand_key", "seat"], how="left", maintain_order="left")
