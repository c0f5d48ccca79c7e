"""Settlement rows the document formats share (iPoker `win`/`bet`, PHH `winnings`): each
street's uncalled return and each winner's collect as action rows, merged in hand order."""

from __future__ import annotations

import polars as pl

from parsers.core.settlement import COMMITTING, uncalled_by_street
from parsers.games import SHOWDOWN

ACTION_COLUMNS = (
    "hand_key",
    "seq",
    "street",
    "player",
    "seat",
    "kind",
    "amount",
    "to_amount",
    "is_all_in",
    "line_no",
)


def street_returns(actions: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, street, player, expected, after_seq, line_no): each street's uncalled part
    (parsers/core/settlement.py `uncalled_by_street`), after the street's last action."""
    betting = pl.col("street") < SHOWDOWN  # a betting round's rows, not the settlement's
    committing = actions.filter(pl.col("kind").is_in(COMMITTING) & betting)
    keys = ["hand_key", "street"]
    last = (
        actions.filter(betting)
        .group_by(keys)
        .agg(pl.col("seq").max().alias("after_seq"), pl.col("line_no").max().alias("line_no"))
    )
    return (
        uncalled_by_street(committing)
        .join(last, on=keys, how="left")
        .select(*keys, "player", pl.col("returned").alias("expected"), "after_seq", "line_no")
    )


def _settlement_rows(
    rows: pl.DataFrame, seq: pl.Expr, street: pl.Expr, kind: str, sub: int
) -> pl.DataFrame:
    """Action rows (plus `_sub`, the order among rows of one seq) of one settlement `kind` from
    (hand_key, player, seat, amount, line_no) rows."""
    return rows.select(
        "hand_key",
        seq.alias("seq"),
        street.cast(pl.Int8).alias("street"),
        "player",
        "seat",
        pl.lit(kind).alias("kind"),
        "amount",
        pl.lit(None, dtype=pl.Int64).alias("to_amount"),
        pl.lit(False).alias("is_all_in"),
        "line_no",
        pl.lit(sub, dtype=pl.Int8).alias("_sub"),
    )


def return_rows(returned: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Action rows (plus `_sub`) for the paid returns of `returned` (street_returns' columns
    and `amount`), placed after their street's last action."""
    rows = returned.filter(pl.col("amount") > 0).join(seats, on=["hand_key", "player"], how="left")
    return _settlement_rows(rows, pl.col("after_seq"), pl.col("street"), "uncalled_return", 1)


def collect_rows(won: pl.DataFrame) -> pl.DataFrame:
    """Action rows (plus `_sub`) for (hand_key, player, seat, amount, line_no), amount > 0,
    after every other action of the hand."""
    last = pl.lit(1 << 30, dtype=pl.Int32)
    return _settlement_rows(won.filter(pl.col("amount") > 0), last, pl.lit(SHOWDOWN), "collect", 2)


def merge_settlement(actions: pl.DataFrame, extra: list[pl.DataFrame]) -> pl.DataFrame:
    """`actions` (ACTION_COLUMNS) and the settlement rows, renumbered in hand order."""
    body = actions.select(*ACTION_COLUMNS).with_columns(pl.lit(0, dtype=pl.Int8).alias("_sub"))
    frames = [body, *(frame.cast(body.schema) for frame in extra)]
    merged = pl.concat(frames).sort("hand_key", "seq", "_sub", "seat")
    seq = pl.int_range(pl.len(), dtype=pl.Int32).over("hand_key")
    return merged.with_columns(seq.alias("seq")).drop("_sub")
