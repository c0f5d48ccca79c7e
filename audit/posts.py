"""The expected size of each blind and ante post (POST-AMOUNT, RULES.md H-1).

A post should be min(nominal, chips the player still has). Ordinary antes and blinds are
checked against the stack left at that point of the recorded posts. With a big-blind ante the
BB's two posts follow option `bb_ante_priority`: "blind_first" (TDA RP-11) takes the blind out of
the starting stack first and the ante from what is left; "ante_first" the other way round.
"""

from __future__ import annotations

import polars as pl

KIND = pl.col("kind")


def post_expected() -> pl.Expr:
    """Expected chips of a post_sb / post_bb / post_ante row (null on other rows)."""
    stack = pl.col("stack")
    bb, ante = pl.col("big_blind"), pl.col("ante")
    blind_first = pl.col("opt_bb_ante_priority") == "blind_first"
    bb_first = pl.min_horizontal(bb, stack)
    ante_first = pl.min_horizontal(ante, stack)
    bb_ante_payer = pl.col("bb_ante").fill_null(False) & (pl.col("seat") == pl.col("bb_seat"))
    bb_ante_bb = (
        pl.when(blind_first).then(bb_first).otherwise(pl.min_horizontal(bb, stack - ante_first))
    )
    bb_ante_ante = (
        pl.when(blind_first).then(pl.min_horizontal(ante, stack - bb_first)).otherwise(ante_first)
    )
    left = pl.col("remaining_before").clip(lower_bound=0)
    nominal = (
        pl.when(KIND == "post_sb")
        .then(pl.col("small_blind"))
        .when(KIND == "post_bb")
        .then(bb)
        .when((KIND == "post_ante") & (ante > 0))
        .then(ante)
    )
    return (
        pl.when(bb_ante_payer & (KIND == "post_bb") & (ante > 0))
        .then(bb_ante_bb)
        .when(bb_ante_payer & (KIND == "post_ante"))
        .then(bb_ante_ante)
        .when(nominal.is_not_null())
        .then(pl.min_horizontal(nominal, left))
    )
