"""`HandTables`: the canonical tables of a set of whole hands, as one typed structure.

The parsers give them (parsers.api ParsedTables), the audit reads them (audit.entry
audit_hands) and adds its own tables to them (audit/tables.py AuditedTables), and the reports
read the whole set (reports.write_reports). Each field is one table of parsers/schema.py
(docs/tables.md): eager `pl.DataFrame`s from a parse, lazy `pl.LazyFrame` scans of the
Parquet files in a run's output folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

import polars as pl

#: The kind of frame a set of tables holds: eager or lazy, the same for every table of the set.
Frame = TypeVar("Frame", pl.DataFrame, pl.LazyFrame)


@dataclass(frozen=True)
class HandTables(Generic[Frame]):
    """hands, seats and actions (parsers/schema.py HANDS, SEATS, ACTIONS), the quarantine
    (QUARANTINE: the hands that were not parsed, each with file, line and reason) and the
    cards shown (CARDS; None: not known, and the cards and showdown rules judge nothing)."""

    hands: Frame
    seats: Frame
    actions: Frame
    quarantine: Frame
    cards: Frame | None = None


__all__ = ["Frame", "HandTables"]
