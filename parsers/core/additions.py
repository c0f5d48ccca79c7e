"""Chips added to a stack from outside the hand: top-ups, rebuys, add-ons (parsers/schema.py
ADDITION_KINDS), read into the seats table (`added`, `added_before`, `added_line`,
`added_kinds`), never into the actions: they move no chip of the hand's pots.

A site declares the lines in its grammar: actor lines through `Grammar.addition_verbs` (verb as
written -> kind: Bovada "UTG+3 : Rebuyin 1500"), whole lines through `named_lines` whose kind
is one of ADDITION_KINDS (PokerStars "Hero re-buys and receives 3000 chips for $10.00"). The
amount is the chips the stack receives, in the hand's smallest unit.

When: a line printed before the hand's first post or action is already in the seat line's
stack (`added_before`: Bovada prints a tournament's opening rebuys before the deal, and the
seat list shows the doubled stacks); a later line is not (`added`): the chips are the player's
from the next hand on (PokerStars prints a rebuy after the collects, Bovada a "Table deposit"
after the hand result, and the next hand's seat line holds them).
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from parsers.core.grammar import Grammar
from parsers.schema import ADDITION_KINDS

COLUMNS = ("added", "added_before", "added_line", "added_kinds")
ADDITION_SCHEMA = {
    "hand_key": pl.Int64,
    "line_no": pl.Int32,
    "player": pl.String,
    "kind": pl.String,
    "amount_s": pl.String,
}


def _kind(verbs: Mapping[str, str]) -> pl.Expr:
    names = {**{kind: kind for kind in ADDITION_KINDS}, **verbs}
    return pl.col("verb").replace_strict(names, default=None, return_dtype=pl.String)


def split_additions(events: pl.DataFrame, grammar: Grammar) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(events, additions): the events without the addition lines, and those lines
    (hand_key, line_no, player, kind, amount_s)."""
    kinds = events.select(_kind(grammar.addition_verbs).alias("_addition")).to_series()
    if kinds.null_count() == kinds.len():  # most batches: no such line, no copy of the events
        return events, pl.DataFrame(schema=ADDITION_SCHEMA)
    marked = events.with_columns(kinds)
    is_addition = pl.col("_addition").is_not_null()
    additions = marked.filter(is_addition).select(
        "hand_key", "line_no", "player", pl.col("_addition").alias("kind"), "amount_s"
    )
    return marked.filter(~is_addition).drop("_addition"), additions


def _empty_columns() -> list[pl.Expr]:
    return [
        pl.lit(None, dtype=pl.Int64).alias("added"),
        pl.lit(None, dtype=pl.Int64).alias("added_before"),
        pl.lit(None, dtype=pl.Int32).alias("added_line"),
        pl.lit(None, dtype=pl.String).alias("added_kinds"),
    ]


def with_additions(
    seats: pl.DataFrame,
    additions: pl.DataFrame,
    actions: pl.DataFrame,
    hand_info: pl.DataFrame,
    grammar: Grammar,
) -> pl.DataFrame:
    """`seats` with COLUMNS from `additions` (split_additions), by (hand_key, player).

    `actions` tell where each hand's first post or action is; `hand_info` has hand_key,
    scale and alt_locale for the amounts. An addition whose amount is unreadable adds nothing
    (`added_kinds` still names it)."""
    seats = seats.drop([name for name in COLUMNS if name in seats.columns])
    if additions.is_empty():
        return seats.with_columns(_empty_columns())
    first = actions.group_by("hand_key").agg(pl.col("line_no").min().alias("_first_action"))
    amount = grammar.amount(pl.col("amount_s"), pl.col("scale"))
    read = (
        additions.join(hand_info, on="hand_key", how="left")
        .join(first, on="hand_key", how="left")
        .with_columns(
            amount.alias("_amount"),
            (pl.col("line_no") < pl.col("_first_action")).fill_null(False).alias("_before"),
        )
        .sort("hand_key", "line_no")
    )
    chips = pl.col("_amount")
    per_seat = read.group_by("hand_key", "player").agg(
        chips.filter(~pl.col("_before")).sum().alias("added"),
        chips.filter(pl.col("_before")).sum().alias("added_before"),
        pl.col("line_no").min().cast(pl.Int32).alias("added_line"),
        pl.col("kind").str.join(",").alias("added_kinds"),
        (~pl.col("_before")).any().alias("_after_any"),
        pl.col("_before").any().alias("_before_any"),
    )
    per_seat = per_seat.with_columns(
        pl.when(pl.col("_after_any")).then(pl.col("added")).alias("added"),
        pl.when(pl.col("_before_any")).then(pl.col("added_before")).alias("added_before"),
    ).drop("_after_any", "_before_any")
    return seats.join(per_seat, on=["hand_key", "player"], how="left", maintain_order="left")
