"""Shared pipeline, stage 2 begins here: the seat lines before the deal, and the clean-up of a
player's name that the seat lines and the action lines share (parsers/core/events.py)."""

from __future__ import annotations

import polars as pl

from parsers.core.grammar import Grammar
from parsers.core.lines import PRE_DEAL
from parsers.core.plain_seats import seat_groups


def extract_seats(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Seat lines before the deal: hand_key, line_no, seat, player, stack_s, sitting_out."""
    order = ["_row"] if "_row" in lines.columns else []
    pre_deal = (
        lines.lazy()
        .select("hand_key", "line_no", *order, "section", "text")
        .filter((pl.col("section") == PRE_DEAL) & pl.col("text").str.starts_with("Seat"))
        .collect()
    )
    read = seat_groups(pre_deal, grammar.seat_line, ["hand_key", "line_no", *order])
    seat = pl.col("seat").cast(pl.Int16)
    # `_row` (line rank, parsers.core.sections) orders on one integer, lets classify() drop the
    # seat lines without a join; a seat naming no player is named by the `seat_list` hook
    return (
        read.lazy()
        .filter(pl.col("seat").is_not_null())
        .sort(order or ["hand_key", "line_no"])
        .select(
            "hand_key",
            "line_no",
            *order,
            seat.alias("seat"),
            clean_name(pl.col("player"), grammar.player_cleanup),
            pl.col("stack").alias("stack_s"),
            pl.col("tail").fill_null("").str.contains(grammar.sitting_out).alias("sitting_out"),
        )
        .collect()
    )


def clean_name(name: pl.Expr, cleanup: str) -> pl.Expr:
    return name.str.replace_all(cleanup, "") if cleanup else name
