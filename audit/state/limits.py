"""What the actor may do, per structure: raise_allowed, reopened, min_to, max_to, pl_limit.

Read from the passes' columns (audit/state/passes.py, turn.py, fixed_limit.py): a raise is
allowed when the actor has chips beyond the call, has not acted on the street or faces a full
raise (D-10; FL: fl_reopened, D-13), and a fixed-limit street is not capped (B-6). With option
short_allin_bet = "complete_to_minimum" a player who acted is also reopened facing only all-in
bets below the minimum (`short_open`), or when the wager that completed them came after his
action (`opened_to` above his commitment). min_to and
max_to bound a full raise (B-2, B-4, B-5); pl_limit is the pot-limit maximum, at least the
minimum raise (PL-MAX reads it).
"""

from __future__ import annotations

import polars as pl


def with_limits(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` plus reopened, raise_allowed, min_to, max_to and the pot limit, per structure.

    In three steps, each reading the columns of the one before: `reopened` feeds
    `raise_allowed`, which feeds min_to and max_to (an eager with_columns computes an
    expression again for every column it appears in)."""
    structure = pl.col("structure")
    is_fl, is_pl = structure == "FL", structure == "PL"
    known = structure.is_in(("NL", "PL", "FL", "CAP"))
    nl_reopened = pl.col("to_call") >= pl.col("full_increment")
    if frame.get_column("short_open").any():  # option short_allin_bet (passes._short_opening)
        facing_short = pl.col("short_open") & (pl.col("to_call") > 0)
        before_completion = (pl.col("committed_before") < pl.col("opened_to")).fill_null(False)
        nl_reopened = nl_reopened | facing_short | before_completion
    frame = frame.with_columns(
        reopened=pl.when(is_fl).then(pl.col("fl_reopened")).otherwise(nl_reopened)
    )
    allowed = (
        (pl.col("stack_before") > pl.col("to_call"))
        & (~pl.col("acted_before") | pl.col("reopened"))
        & ~(is_fl & pl.col("fl_capped"))
    )
    frame = frame.with_columns(raise_allowed=pl.when(known).then(allowed))
    pl_limit = pl.max_horizontal("pl_max_to", "min_raise_to")
    min_full = pl.when(is_fl).then(pl.col("fl_required")).otherwise(pl.col("min_raise_to"))
    # S-6: an open pair allows the big bet too (fl_open_pair_to; null but in such rounds)
    open_pair = frame.get_column("fl_open_pair_to").null_count() < frame.height
    fl_max = pl.coalesce("fl_open_pair_to", "fl_required") if open_pair else pl.col("fl_required")
    max_full = (
        pl.when(is_fl)
        .then(fl_max)
        .when(is_pl)
        .then(pl.min_horizontal(pl_limit, pl.col("allin_to")))
        .otherwise(pl.col("allin_to"))
    )
    raise_allowed = pl.col("raise_allowed")
    return frame.with_columns(
        pl.when(raise_allowed).then(min_full).alias("min_to"),
        pl.when(raise_allowed).then(max_full).alias("max_to"),
        pl.when(is_pl).then(pl_limit).alias("pl_limit"),
    )
