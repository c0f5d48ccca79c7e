"""Helpers for the per-site tests: parse a folder, audit it, compact views of the tables."""

from __future__ import annotations

from pathlib import Path

import polars as pl

import audit
from parsers import ParsedTables, parse_paths

SITES = Path(__file__).parent / "sites"


def parse_site_samples(site: str) -> ParsedTables:
    return parse_paths([SITES / site])


def actions_of(tables: ParsedTables, hand_id: str) -> list[tuple]:
    """(street, player, kind, amount, to_amount, is_all_in) of one hand, in order."""
    frame = tables.actions.filter(pl.col("hand_id") == hand_id).sort("seq")
    columns = ["street", "player", "kind", "amount", "to_amount", "is_all_in"]
    return list(frame.select(columns).iter_rows())


def violations(tables: ParsedTables) -> pl.DataFrame:
    return audit.check(tables.hands, tables.seats, tables.actions).violations


def corpus_numbers(folder: Path) -> tuple[ParsedTables, int, pl.DataFrame]:
    """(tables, hands read, violation-severity flags) for one corpus folder."""
    tables = parse_paths([folder])
    read = sum(report.hands_read for report in tables.files)
    flags = violations(tables).filter(pl.col("severity") == "violation")
    return tables, read, flags
