"""Helpers for the per-site tests: parse a folder, audit it, compact views of the tables."""

from __future__ import annotations

from pathlib import Path

import polars as pl

import audit
from parsers import ParsedTables, parse_paths

SITES = Path(__file__).resolve().parent / "sites"


def is_sample(path: Path) -> bool:
    """A sample hand-history file of tests/sites/<site>/, not the site's test module or its
    bytecode (tests/sites/<site>/test_site_<site>.py sits beside its samples)."""
    return path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts


def sample_files(site: str) -> list[Path]:
    """The sample files of tests/sites/<site>/, sorted."""
    return sorted(p for p in (SITES / site).iterdir() if is_sample(p))


def parse_site_samples(site: str) -> ParsedTables:
    return parse_paths(sample_files(site))


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
