"""Look (hand_key, player) pairs up in the seat list by one integer key.

A join on (hand_key, player) encodes both columns into one binary row key per row before
hashing, which costs about twice a join on one 64-bit integer. `pair_rows` joins on a hash of
the pair instead and then proves the result is the exact one: every row that found a seat row
has the same hand_key and player as that row, and no row found two (a hash collision or a
player seated twice). When the proof fails it returns None and the caller does the exact join,
so results never depend on the hash.
"""

from __future__ import annotations

import polars as pl

PAIR = ("hand_key", "player")


def pair_key() -> pl.Expr:
    """One 64-bit hash of (hand_key, player): equal pairs give equal keys (not conversely)."""
    return (pl.col("hand_key").hash(11) ^ pl.col("player").hash(13)).alias("_pair_key")


def pair_rows(frame: pl.DataFrame, table: pl.DataFrame) -> pl.Series | None:
    """For each row of `frame`, the row number in `table` with the same (hand_key, player),
    null where there is none; None when some row may have several (join exactly then)."""
    right = table.select(pair_key(), pl.int_range(pl.len(), dtype=pl.UInt32).alias("_at"))
    found = frame.select(pair_key()).join(right, on="_pair_key", how="left", maintain_order="left")
    if found.height != frame.height:  # a row found two: collision or a repeated pair
        return None
    rows = found.get_column("_at")
    same = pl.lit(True)
    for column in PAIR:
        same = same & (pl.col(column) == table.get_column(column).gather(rows))
    exact = frame.select(same.fill_null(False)).to_series()
    if (rows.is_not_null() & ~exact).any():  # a hash collision: the key is not the pair
        return None
    return rows
