"""Shared pipeline, stage 3: events to the canonical actions table.

Semantics (RULES.md §2, rules_vectors.json "conventions"):
- `to_amount` is the player's total live commitment on the street after a bet or raise;
  `amount` is the chips the action moved (raise: to_amount minus the commitment before).
- Posts are street 0. The first "big blind" post of a hand is post_bb; a later one is a
  straddle when larger than the first, else a live post; a later "small blind" is dead money.
  "small & big blinds" becomes a live post_bb of the nominal big blind plus a post_dead of the rest.
- uncalled_return keeps the street it happened on; collect and cash_out are street 4.
The commitment before each action is a cumulative sum per (hand, street, player) that restarts
at each raise (a raise sets the commitment to its to-amount).
"""

from __future__ import annotations

import polars as pl

from parsers.money import NumberLocale, to_minor_units
from parsers.schema import SHOWDOWN

LIVE_POSTS = ("post_sb", "post_bb", "post_straddle", "post_live")
POSTS = (*LIVE_POSTS, "post_dead", "post_ante")
SETTLEMENT = ("uncalled_return", "collect", "cash_out")
NEEDS_AMOUNT = (*POSTS, "post_both", "call", "bet", "raise", *SETTLEMENT)


def _refine_posts(events: pl.DataFrame) -> pl.DataFrame:
    """Tell the real blinds from later posts of the same name (see module docstring)."""
    kind = pl.col("kind")
    repeated = ~pl.struct("hand_key", "kind").is_first_distinct()
    first_bb = (
        events.filter(kind == "post_bb")
        .group_by("hand_key")
        .agg(pl.col("amount").first().alias("_first_bb"))
    )
    refined = events.join(first_bb, on="hand_key", how="left", maintain_order="left")
    return refined.with_columns(
        pl.when((kind == "post_bb") & repeated & (pl.col("amount") > pl.col("_first_bb")))
        .then(pl.lit("post_straddle"))
        .when((kind == "post_bb") & repeated)
        .then(pl.lit("post_live"))
        .when((kind == "post_sb") & repeated)
        .then(pl.lit("post_dead"))
        .otherwise(kind)
        .alias("kind")
    ).drop("_first_bb")


def _split_post_both(events: pl.DataFrame, big_blinds: pl.DataFrame) -> pl.DataFrame:
    """ "posts small & big blinds X": live post_bb of the nominal BB, post_dead of the rest."""
    both = pl.col("kind") == "post_both"
    if not events.select(both.any()).item():
        return events
    pairs = events.filter(both).join(big_blinds, on="hand_key", how="left")
    live = pl.min_horizontal("amount", "big_blind")
    live_rows = pairs.with_columns(pl.lit("post_bb").alias("kind"), live.alias("amount"))
    dead_rows = pairs.with_columns(
        pl.lit("post_dead").alias("kind"), (pl.col("amount") - live).alias("amount")
    )
    columns = events.columns
    return (
        pl.concat(
            [
                events.filter(~both).with_columns(pl.lit(0.0).alias("sub")),
                live_rows.with_columns(pl.lit(0.0).alias("sub")).select(*columns, "sub"),
                dead_rows.with_columns(pl.lit(0.5).alias("sub")).select(*columns, "sub"),
            ]
        )
        .sort("hand_key", "line_no", "sub")
        .drop("sub")
    )


def _with_amounts(events: pl.DataFrame, scales: pl.DataFrame, locale: NumberLocale) -> pl.DataFrame:
    with_scale = events.join(scales, on="hand_key", how="left", maintain_order="left")
    return with_scale.with_columns(
        to_minor_units(pl.col("amount_s"), pl.col("scale"), locale).alias("amount"),
        to_minor_units(pl.col("to_s"), pl.col("scale"), locale).alias("to_amount"),
    )


def _with_commitments(frame: pl.DataFrame) -> pl.DataFrame:
    """Raise amounts from to-amounts; bet to-amounts from amounts (per hand, street, player).

    Sorted by (hand, street, player, order), the running commitment is one cumulative sum
    over the whole column, re-based at each group start and at each raise (no window calls).
    """
    kind = pl.col("kind")
    group = ["hand_key", "street", "player"]
    fixed = (
        pl.when(kind.is_in([*LIVE_POSTS, "call", "bet"]))
        .then(pl.col("amount"))
        .otherwise(0)
        .fill_null(0)
    )
    starts = pl.any_horizontal([pl.col(c) != pl.col(c).shift(1) for c in group]).fill_null(True)
    ordered = frame.with_row_index("_order").sort([*group, "_order"])
    ordered = ordered.with_columns(fixed.alias("_fixed"), starts.alias("_start"))
    total = pl.col("_fixed").cum_sum()
    offset = pl.when(pl.col("_start")).then(total - pl.col("_fixed")).forward_fill()
    ordered = ordered.with_columns((total - offset).alias("_running"))
    base = (
        pl.when(kind == "raise")
        .then(pl.col("to_amount") - pl.col("_running"))
        .when(pl.col("_start"))
        .then(pl.lit(0, dtype=pl.Int64))
        .forward_fill()
        .fill_null(0)
    )
    ordered = ordered.with_columns((base + pl.col("_running")).alias("_after"))
    before = pl.when(pl.col("_start")).then(0).otherwise(pl.col("_after").shift(1)).fill_null(0)
    ordered = ordered.with_columns(before.alias("_before")).sort("_order")
    before = pl.col("_before")
    return ordered.with_columns(
        pl.when(kind == "raise")
        .then(pl.col("to_amount") - before)
        .when(kind.is_in(["fold", "check"]))
        .then(pl.lit(0, dtype=pl.Int64))
        .otherwise(pl.col("amount"))
        .alias("amount"),
        pl.when(kind == "raise")
        .then(pl.col("to_amount"))
        .when(kind == "bet")
        .then(before + pl.col("amount"))
        .otherwise(None)
        .alias("to_amount"),
    ).drop("_order", "_fixed", "_start", "_running", "_after", "_before")


def build_actions(
    events: pl.DataFrame,
    verbs: dict[str, str],
    hand_info: pl.DataFrame,
    locale: NumberLocale,
) -> pl.DataFrame:
    """Events (sorted by line) -> actions with kind, street, amount, to_amount, all_in, seq.

    `hand_info` has hand_key, scale and big_blind (nominal). Rows whose amount is unreadable
    keep a null amount; the caller quarantines their hands.
    """
    kind = pl.col("verb").replace_strict(verbs, default=None, return_dtype=pl.String)
    street = (
        pl.when(pl.col("kind").is_in(POSTS) | (pl.col("kind") == "post_both"))
        .then(pl.lit(0, dtype=pl.Int8))
        .when(pl.col("kind").is_in(["collect", "cash_out"]))
        .then(pl.lit(SHOWDOWN, dtype=pl.Int8))
        .otherwise(pl.col("section").clip(0, SHOWDOWN).cast(pl.Int8))
    )
    frame = _with_amounts(
        events.with_columns(kind.alias("kind")),
        hand_info.select("hand_key", "scale"),
        locale,
    )
    frame = frame.with_columns(street.alias("street"))
    frame = _refine_posts(frame)
    frame = _split_post_both(frame, hand_info.select("hand_key", "big_blind"))
    frame = _with_commitments(frame)
    first = pl.col("hand_key") != pl.col("hand_key").shift(1)
    row = pl.int_range(pl.len(), dtype=pl.Int32)
    seq = row - pl.when(first.fill_null(True)).then(row).forward_fill()
    return frame.with_columns(seq.alias("seq"))
