"""Chips moved by PHH actions: street levels, calls capped at the caller's stack, all-ins.

Input rows (sorted by hand_key, seq): hand_key, seq, street, idx (player), kind (post kinds,
"f", "cc", "cbr"), `target` (cbr: the street total; posts: the chips posted), and per player
`stack` (starting) and `ante_paid`. A player's street level is his live commitment on the street:
posts and `cbr X` set it, `cc` raises it to the street's highest level or to all he has. What
he has depends on the earlier streets, so the levels are computed one street at a time (four
vectorised passes, no per-action loop).
"""

from __future__ import annotations

import polars as pl

from parsers.games import BOARD_STREETS

LIVE_POSTS = ("post_sb", "post_bb", "post_straddle", "post_live")


def _street_levels(rows: pl.DataFrame, prior: pl.DataFrame) -> pl.DataFrame:
    """Levels on one street given each player's chips put in before it."""
    rows = rows.join(prior, on=["hand_key", "idx"], how="left", maintain_order="left")
    cap = pl.col("stack") - pl.col("prior").fill_null(0)
    kind = pl.col("kind")
    level = (
        pl.when(kind.is_in(LIVE_POSTS) | (kind == "cbr"))
        .then(pl.col("target"))
        .when(kind == "cc")
        .then(pl.min_horizontal("max_before", cap))
        .otherwise(None)
    )
    return rows.with_columns(cap.alias("cap"), level.alias("level")).drop("prior")


def with_chips(rows: pl.DataFrame) -> pl.DataFrame:
    """Add amount, to_amount, final kind (call/check/bet/raise/fold, posts) and is_all_in."""
    kind = pl.col("kind")
    fixed = pl.when(kind.is_in(LIVE_POSTS) | (kind == "cbr")).then(pl.col("target"))
    highest = fixed.fill_null(0).cum_max().shift(1).over(["hand_key", "street"], order_by="seq")
    rows = rows.with_columns(highest.fill_null(0).alias("max_before"))
    prior = rows.group_by("hand_key", "idx").agg(pl.col("ante_paid").first().alias("prior"))
    parts: list[pl.DataFrame] = []
    for street in BOARD_STREETS:
        part = _street_levels(rows.filter(pl.col("street") == street), prior)
        parts.append(part)
        final = part.group_by("hand_key", "idx").agg(pl.col("level").max().alias("spent"))
        prior = (
            prior.join(final, on=["hand_key", "idx"], how="full", coalesce=True)
            .with_columns(
                (pl.col("prior").fill_null(0) + pl.col("spent").fill_null(0)).alias("prior")
            )
            .drop("spent")
        )
    frame = pl.concat(parts).sort("hand_key", "seq")
    group = ["hand_key", "street", "idx"]
    before = pl.col("level").forward_fill().shift(1).over(group, order_by="seq").fill_null(0)
    frame = frame.with_columns(before.alias("level_before"))
    moved = pl.col("level") - pl.col("level_before")
    amount = (
        pl.when(kind == "post_ante")
        .then(pl.col("target"))
        .when(kind.is_in(["f", "implied"]))
        .then(pl.lit(0, dtype=pl.Int64))
        .otherwise(moved)
    )
    final_kind = (
        pl.when((kind == "cc") & (moved > 0))
        .then(pl.lit("call"))
        .when(kind == "cc")
        .then(pl.lit("check"))
        .when((kind == "cbr") & (pl.col("max_before") == 0))
        .then(pl.lit("bet"))
        .when(kind == "cbr")
        .then(pl.lit("raise"))
        .when(kind == "f")
        .then(pl.lit("fold"))
        .when((kind == "implied") & (pl.col("max_before") <= pl.col("level_before")))
        .then(pl.lit("check"))
        .when(kind == "implied")
        .then(pl.lit("fold"))
        .otherwise(kind)
    )
    ante_all_in = (kind == "post_ante") & (pl.col("target") == pl.col("stack"))
    all_in = (kind != "post_ante") & (moved > 0) & (pl.col("level") == pl.col("cap"))
    return frame.with_columns(
        amount.alias("amount"),
        pl.when(kind == "cbr").then(pl.col("target")).otherwise(None).alias("to_amount"),
        final_kind.alias("kind"),
        (ante_all_in | all_in).fill_null(False).alias("is_all_in"),
    )
