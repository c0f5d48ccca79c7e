"""Streets of hands whose export prints no street markers (old Bovada cash exports).

A hand that shows a board but has no marker is split into betting
rounds by the rule that closes a round: after the last bet or raise (the big blind preflop),
every player still able to act has acted and matched it. Round by round (at most three
passes, each over all such hands at once): the first action that closes round r ends it and
every later action belongs to round r + 1. Chips are read as the pipeline reads them: calls,
bets and all-in lines add chips, a raise with a to-amount sets the player's commitment.

Only the street column changes; the audit then checks the rounds like any other hand, so a
wrong split shows up as ORDER / ROUND-INCOMPLETE flags rather than passing silently.
"""

from __future__ import annotations

import polars as pl

from parsers.games import PREFLOP, RIVER

VOLUNTARY = ("fold", "check", "call", "bet", "raise", "bet_or_call")
LIVE_POSTS = ("post_sb", "post_bb", "post_straddle", "post_live")
#: The rounds are counted from 0: the board games' Street ids, PREFLOP..RIVER.
MAX_ROUND = RIVER


def _with_committed(rows: pl.DataFrame) -> pl.DataFrame:
    """Add `_c`: a player's commitment in the round after each row (raise-to re-bases it)."""
    kind = pl.col("kind")
    resets = (kind == "raise") & pl.col("to_amount").is_not_null()
    rows = rows.with_columns(
        resets.cast(pl.Int32).cum_sum().over("hand_key", "player").alias("_seg")
    )
    base = pl.when(resets).then(pl.col("to_amount")).otherwise(0).fill_null(0)
    adds = (
        pl.when(kind.is_in([*LIVE_POSTS, "call", "bet", "bet_or_call"]) & ~resets)
        .then(pl.col("amount"))
        .otherwise(0)
        .fill_null(0)
    )
    keys = ["hand_key", "player", "_seg"]
    return rows.with_columns((base.max().over(keys) + adds.cum_sum().over(keys)).alias("_c"))


def _closing_lines(rows: pl.DataFrame, dealt: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, close_line): the first row closing the round in `rows` (one round each)."""
    kind = pl.col("kind")
    voluntary = kind.is_in(VOLUNTARY)
    frame = _with_committed(rows)
    frame = frame.with_columns(pl.col("_c").cum_max().over("hand_key").alias("_cb"))
    raised = (pl.col("_cb") > pl.col("_cb").shift(1).over("hand_key").fill_null(0)) & (
        kind.is_in([*LIVE_POSTS, "bet", "raise", "bet_or_call"])
    )
    frame = frame.with_columns(raised.cast(pl.Int32).cum_sum().over("hand_key").alias("_wager"))
    good = voluntary & (kind != "fold") & ~pl.col("all_in") & (pl.col("_c") == pl.col("_cb"))
    matched = good.cast(pl.Int32).cum_sum().over("hand_key", "_wager")
    frame = frame.join(dealt, on="hand_key", how="left").with_columns(matched.alias("_matched"))
    live = pl.col("_dealt") - pl.col("_folded") - pl.col("_allin")
    closing = voluntary & (pl.col("_matched") >= live)
    return frame.filter(closing).group_by("hand_key").agg(pl.col("line_no").min().alias("_close"))


def _hand_counts(frame: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Players dealt per hand; per row the folds and all-ins so far in the hand."""
    kind = pl.col("kind")
    acting = kind.is_in([*VOLUNTARY, *LIVE_POSTS])
    dealt = (
        frame.filter(acting).group_by("hand_key").agg(pl.col("player").n_unique().alias("_dealt"))
    )
    counted = frame.with_columns(
        (kind == "fold").cast(pl.Int32).cum_sum().over("hand_key").alias("_folded"),
        (acting & pl.col("all_in")).cast(pl.Int32).cum_sum().over("hand_key").alias("_allin"),
    )
    return counted, dealt


def infer_streets(frame: pl.DataFrame, infer: pl.Expr) -> pl.DataFrame:
    """Set `street` of the actions of the hands where `infer` is true (see module docstring).

    `frame` is in line order with hand_key, line_no, kind (raw kinds), player, amount,
    to_amount, all_in and street.
    """
    target = frame.filter(infer)
    if target.is_empty():
        return frame
    counted, dealt = _hand_counts(target)
    counted = counted.with_columns(pl.lit(PREFLOP, dtype=pl.Int8).alias("_round"))
    betting = pl.col("kind").is_in([*VOLUNTARY, *LIVE_POSTS])
    for round_no in range(MAX_ROUND):
        rows = counted.filter(betting & (pl.col("_round") == round_no))
        closes = _closing_lines(rows, dealt)
        later = (pl.col("line_no") > pl.col("_close")).fill_null(False)
        counted = (
            counted.join(closes, on="hand_key", how="left", maintain_order="left")
            .with_columns(
                pl.when(later & (pl.col("_round") == round_no))
                .then(pl.lit(round_no + 1, dtype=pl.Int8))
                .otherwise(pl.col("_round"))
                .alias("_round")
            )
            .drop("_close")
        )
    keeps = pl.col("kind").is_in(["collect", "cash_out"]) | ~(
        betting | (pl.col("kind") == "uncalled_return")
    )
    street = (
        pl.when(keeps)
        .then(pl.col("street"))
        .when(pl.col("kind").is_in(LIVE_POSTS) | pl.col("kind").is_in(["post_ante", "post_dead"]))
        .then(pl.lit(PREFLOP, dtype=pl.Int8))
        .when(betting)
        .then(pl.col("_round"))
    )
    acted_round = pl.when(betting).then(pl.col("_round")).forward_fill().over("hand_key")
    inferred = counted.with_columns(
        pl.coalesce(street, acted_round, pl.col("street")).cast(pl.Int8).alias("street")
    ).select(frame.columns)
    order = ["hand_key", "line_no"]
    return pl.concat([frame.filter(~infer), inferred]).sort(order, maintain_order=True)
