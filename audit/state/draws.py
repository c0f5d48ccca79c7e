"""The cards a player received in a draw (RULES.md §13 W-2), read from the cards table, for
DRAW-COUNT: `drawn_cards` on every draw row (discard, stand_pat) whose player's cards of that
round the log lists, null elsewhere.

A draw's new cards are the cards table's rows of the player whose `street` is the draw's
round and that he did not hold before (a log that lists the kept cards again in that round, as
`Dealt to Hero [3d Tc 7c] [5c Qs]` does, lists them at their own street or again at this one:
either way they are not counted). The log lists them for the hero only; for everyone else the
round has no row and `drawn_cards` is null (nothing to judge). Computed only for a slice that
holds a draw row (`drawn_cards` is a null column otherwise).
"""

from __future__ import annotations

import polars as pl

#: Card sources that are cards the player held (not thrown away, not the board).
HELD = ("dealt", "shown", "mucked")


def drawn_cards(actions: pl.DataFrame, cards: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, street, drawn_cards): per draw row's (hand, seat, round) with card rows
    of that round, the cards received that the player did not hold in an earlier round."""
    draws = actions.filter(pl.col("kind").is_in(("discard", "stand_pat")))
    keys = draws.select("hand_key", "seat", "street").unique()
    held = cards.filter(
        pl.col("source").is_in(HELD) & pl.col("seat").is_not_null() & pl.col("card").is_not_null()
    ).join(keys.select("hand_key", "seat").unique(), on=["hand_key", "seat"], how="semi")
    # a card's round is known from the rows that name one (a showdown's shown cards name none)
    held = held.filter(pl.col("street").is_not_null()).select("hand_key", "seat", "card", "street")
    first = held.group_by("hand_key", "seat", "card").agg(_first=pl.col("street").min())
    listed = held.join(keys, on=["hand_key", "seat", "street"], how="inner")
    listed = listed.join(first, on=["hand_key", "seat", "card"], how="left")
    return listed.group_by("hand_key", "seat", "street").agg(
        drawn_cards=(pl.col("_first") == pl.col("street")).sum().cast(pl.Int16)
    )


def with_drawn_cards(
    frame: pl.DataFrame, actions: pl.DataFrame, cards: pl.DataFrame | None
) -> pl.DataFrame:
    """The prepared frame plus `drawn_cards` (see the module docstring)."""
    if cards is None or cards.height == 0 or not frame.get_column("is_draw").any():
        return frame.with_columns(drawn_cards=pl.lit(None, pl.Int16))
    drawn = drawn_cards(actions, cards)
    drawn = drawn.with_columns(pl.col("street").cast(pl.Int8), pl.col("seat").cast(pl.Int16))
    frame = frame.join(drawn, on=["hand_key", "seat", "street"], how="left", maintain_order="left")
    return frame.with_columns(pl.when(pl.col("is_draw")).then(pl.col("drawn_cards")))
