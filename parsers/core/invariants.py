"""Last guard of the parsers: a hand whose canonical rows break an invariant is quarantined.

Every site parser should already quarantine a hand it cannot read. This check, run on the
tables of every format, makes sure that a hand the audit cannot trust never reaches it (a seat
without its number, an action without a street, kind or seat, e.g. from a damaged XML
attribute; an amount too large for the checker, which would fail the audit of every hand of
the file): such a hand leaves the hands/seats/actions tables and becomes one quarantine row
naming its header line. One pass of vectorized filters; nothing here loops over hands.
"""

from __future__ import annotations

import polars as pl

from parsers.core.pipeline import Tables
from parsers.schema import conform

#: Columns the audit relies on that may never be null.
REQUIRED: dict[str, tuple[str, ...]] = {
    "seats": ("seat", "player"),
    "actions": ("seq", "street", "kind", "seat"),
}
#: Amounts the checker can hold (audit.windows.VALUE_BITS; a test keeps the two equal): a hand
#: with a larger stack or bet is quarantined here rather than failing its whole file's audit.
AMOUNT_BITS = 40
AMOUNTS: dict[str, tuple[str, ...]] = {"seats": ("stack",), "actions": ("amount", "to_amount")}


def _broken_keys(tables: Tables) -> pl.DataFrame:
    """hand_key and the first offending table/column of every hand breaking an invariant.

    One lazy plan for every test (a dozen small eager passes cost more than their work)."""
    found = []
    for table, columns in REQUIRED.items():
        frame = getattr(tables, table).lazy()
        for column in columns:
            bad = frame.filter(pl.col(column).is_null()).select("hand_key")
            bad = bad.unique(maintain_order=True)
            found.append(
                bad.with_columns(pl.lit(f"{table[:-1]} without its {column}").alias("what"))
            )
    for table, columns in AMOUNTS.items():
        frame = getattr(tables, table).lazy()
        for column in columns:
            huge = frame.filter(pl.col(column).abs() >= 1 << AMOUNT_BITS).select("hand_key")
            what = pl.lit(f"{column} of 2**{AMOUNT_BITS} or more").alias("what")
            found.append(huge.unique(maintain_order=True).with_columns(what))
    return pl.concat(found).unique("hand_key", keep="first", maintain_order=True).collect()


def quarantine_broken(tables: Tables) -> Tables:
    """Move hands with null required values from the tables into the quarantine."""
    broken = _broken_keys(tables)
    if broken.is_empty():
        return tables
    hands = tables.hands.join(broken, on="hand_key", how="inner")
    reason = (
        pl.lit("line ")
        + pl.col("line_no").cast(pl.String)
        + pl.lit(": unreadable hand (")
        + pl.col("what")
        + pl.lit(")")
    )
    rows = hands.select("site", "source_file", "line_no", "hand_id", reason.alias("reason"))
    gone = broken.select("hand_key")
    return Tables(
        hands=tables.hands.join(gone, on="hand_key", how="anti"),
        seats=tables.seats.join(gone, on="hand_key", how="anti"),
        actions=tables.actions.join(gone, on="hand_key", how="anti"),
        quarantine=pl.concat([tables.quarantine, conform(rows, "quarantine")], how="vertical"),
        skipped=tables.skipped,
        cards=tables.cards.join(gone, on="hand_key", how="anti"),
    )
