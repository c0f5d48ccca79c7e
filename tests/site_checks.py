"""Helpers for the Winamax, GGPoker and WPN site tests (golden files and corpus numbers)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from site_helpers import SITES

import audit
from parsers.api import ParsedTables, parse_paths


def parse_site_file(site: str, name: str) -> ParsedTables:
    return parse_paths([SITES / site / name])


def action_rows(tables: ParsedTables, hand_id: str) -> list[tuple]:
    """(street, player, kind, amount, to_amount, is_all_in) of one hand, in seq order."""
    frame = tables.actions.filter(pl.col("hand_id") == hand_id).sort("seq")
    cols = ["street", "player", "kind", "amount", "to_amount", "is_all_in"]
    return list(zip(*(frame[c].cast(pl.String).to_list() for c in cols), strict=True))


def violation_codes(tables: ParsedTables, severity: str = "violation") -> list[tuple[str, str]]:
    found = audit.check(tables.hands, tables.seats, tables.actions).violations
    found = found.filter(pl.col("severity") == severity)
    return sorted(zip(found["hand_id"].to_list(), found["code"].to_list(), strict=True))


def corpus_numbers(paths: list[Path]) -> tuple[ParsedTables, int, int]:
    """Tables, hands read (from the file reports), and parsed + quarantined."""
    tables = parse_paths(paths)
    read = sum(report.hands_read for report in tables.files)
    return tables, read, tables.hands.height + tables.quarantine["hand_id"].n_unique()
