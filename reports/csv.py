"""CSV outputs: violations.csv, quarantine.csv and summary.csv, safe to open in a spreadsheet.

Every text cell that came from the input is neutralized against formula injection
(`reports.columns.neutralize_formula`); amounts are decimals in the hand's own unit.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from reports.atomic import atomic_path
from reports.columns import decimal_amount, neutralize_text_columns

AMOUNT_COLUMNS: tuple[str, ...] = ("amount_to", "to_call", "min_to", "max_to")
VIOLATION_CSV_COLUMNS: tuple[str, ...] = (
    "flag_id",
    "site",
    "source_file",
    "line_no",
    "hand_id",
    "street",
    "seq",
    "player",
    "action",
    "amount_to",
    "to_call",
    "min_to",
    "max_to",
    "currency",
    "code",
    "category",
    "severity",
    "message",
    "caused_by",
)
QUARANTINE_CSV_COLUMNS: tuple[str, ...] = (
    "source_file",
    "line_no",
    "hand_id",
    "reason",
    "reason_code",
)


def violations_csv_frame(violations: pl.LazyFrame, hands: pl.LazyFrame) -> pl.LazyFrame:
    """One row per flag, amounts as decimals (hands.scale), text neutralized, stable order."""
    units = hands.select("hand_key", "scale", "currency")
    joined = violations.join(units, on="hand_key", how="left", maintain_order="left")
    decimals = joined.with_columns(decimal_amount(name).alias(name) for name in AMOUNT_COLUMNS)
    typed = decimals.with_columns(pl.col("severity").cast(pl.String))
    return neutralize_text_columns(typed.select(VIOLATION_CSV_COLUMNS))


def quarantine_csv_frame(quarantine: pl.LazyFrame) -> pl.LazyFrame:
    return neutralize_text_columns(quarantine.select(QUARANTINE_CSV_COLUMNS))


def write_csv(frame: pl.LazyFrame | pl.DataFrame, destination: Path) -> None:
    """Stream a frame to CSV under a temporary name, renamed when complete."""
    with atomic_path(destination) as tmp:
        if isinstance(frame, pl.DataFrame):
            frame.write_csv(tmp)
        else:
            frame.sink_csv(tmp)
