"""CSV outputs: violations.csv, quarantine.csv and summary.csv, safe to open in a spreadsheet.

Every text cell that came from the input is neutralized against formula injection
(`reports.columns.neutralize_formula`); amounts are decimals in the hand's own unit; times are
ISO 8601 UTC ("2026-12-01T12:17:44Z"). docs/tables.md gives every column's type.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from reports.atomic import atomic_path
from reports.columns import (
    decimal_amount,
    neutralize_text_columns,
    severity_rank,
    stakes_label,
)

AMOUNT_COLUMNS: tuple[str, ...] = ("amount_to", "to_call", "min_to", "max_to")
VIOLATION_CSV_COLUMNS: tuple[str, ...] = (
    "flag_id",
    "hand_uid",
    "site",
    "source_file",
    "line_no",
    "hand_id",
    "started_at",
    "table_name",
    "game",
    "stakes",
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
    "run_id",
)
QUARANTINE_CSV_COLUMNS: tuple[str, ...] = (
    "site",
    "source_file",
    "line_no",
    "hand_id",
    "hand_uid",
    "reason",
    "reason_code",
    "run_id",
)
ISO_UTC = "%Y-%m-%dT%H:%M:%SZ"


def _with_missing(frame: pl.LazyFrame, columns: tuple[str, ...]) -> pl.LazyFrame:
    """`columns` of `frame`, null (text) where a table from an older layout lacks one."""
    present = frame.collect_schema().names()
    return frame.select(
        pl.col(name) if name in present else pl.lit(None, dtype=pl.String).alias(name)
        for name in columns
    )


def _hand_context(hands: pl.LazyFrame, violations: pl.LazyFrame) -> pl.LazyFrame:
    """Per flagged hand: when, where and what was played, and the units the flags lack (the
    hands are cut to the flagged ones first: labels for every hand of the run were most of the
    CSV's time, as in reports.summary.flags_in_context)."""
    units = [name for name in ("scale", "currency") if name not in violations.collect_schema()]
    flagged = hands.join(violations.select("hand_key"), on="hand_key", how="semi")
    return flagged.select(
        "hand_key",
        *units,
        pl.col("started_at").dt.strftime(ISO_UTC).alias("started_at"),
        "table_name",
        "game",
        stakes_label().alias("stakes"),
    )


def triage_order(flags: pl.LazyFrame) -> pl.LazyFrame:
    """Flags in the order a person works through them: severity (violations first), category
    (in the registry's order, audit/rules/_base.py CATEGORIES; others after, by name), then
    file and line; within a line the action (hand-level flags last), the code and the flag id,
    so the same flags always come out in the same order."""
    from audit.rules._base import CATEGORIES

    declared = pl.col("category").replace_strict(
        {name: index for index, name in enumerate(CATEGORIES)},
        default=len(CATEGORIES),
        return_dtype=pl.Int8,
    )
    keys = [severity_rank(), declared, "category", "source_file", "line_no", "seq", "code"]
    keys.append("flag_id")
    return flags.sort(keys, nulls_last=True, maintain_order=True)


def violations_csv_frame(violations: pl.LazyFrame, hands: pl.LazyFrame) -> pl.LazyFrame:
    """One row per flag with its hand's time, table, game and stakes, amounts as decimals
    (scale), text neutralized, in triage order (`triage_order`)."""
    context = _hand_context(hands, violations)
    joined = violations.join(context, on="hand_key", how="left", maintain_order="left")
    decimals = joined.with_columns(decimal_amount(name).alias(name) for name in AMOUNT_COLUMNS)
    typed = decimals.with_columns(pl.col("severity", "street").cast(pl.String))
    return neutralize_text_columns(_with_missing(triage_order(typed), VIOLATION_CSV_COLUMNS))


def quarantine_csv_frame(quarantine: pl.LazyFrame) -> pl.LazyFrame:
    return neutralize_text_columns(_with_missing(quarantine, QUARANTINE_CSV_COLUMNS))


def write_csv(frame: pl.LazyFrame | pl.DataFrame, destination: Path) -> None:
    """Stream a frame to CSV under a temporary name, renamed when complete."""
    with atomic_path(destination) as tmp:
        if isinstance(frame, pl.DataFrame):
            frame.write_csv(tmp)
        else:
            frame.sink_csv(tmp)
