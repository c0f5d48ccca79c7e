"""Public entry points: bytes, files and folders -> canonical tables plus per-file reports."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from parsers.detect import FORMATS, any_header_pattern, format_index_expr
from parsers.io import decode
from parsers.lines import read_lines, segment
from parsers.pipeline import Tables, parse_hands
from parsers.schema import conform, empty


@dataclass
class FileReport:
    path: str
    sha256: str
    size: int
    site: str | None
    encoding: str | None
    hands_read: int = 0
    hands_parsed: int = 0
    hands_quarantined: int = 0
    error: str | None = None


@dataclass
class ParsedTables:
    hands: pl.DataFrame = field(default_factory=lambda: empty("hands"))
    seats: pl.DataFrame = field(default_factory=lambda: empty("seats"))
    actions: pl.DataFrame = field(default_factory=lambda: empty("actions"))
    quarantine: pl.DataFrame = field(default_factory=lambda: empty("quarantine"))
    files: list[FileReport] = field(default_factory=list)


def _unsupported(hands: pl.DataFrame, site: str, source_file: str) -> pl.DataFrame:
    """One quarantine row per hand of a recognised format that has no parser yet."""
    reason = (
        pl.lit("line ")
        + pl.col("line_no").cast(pl.String)
        + pl.lit(f": no parser for the {site} format yet")
    )
    return conform(
        hands.select(
            pl.lit(site).alias("site"),
            pl.lit(source_file).alias("source_file"),
            "line_no",
            pl.lit(None, dtype=pl.String).alias("hand_id"),
            reason.alias("reason"),
        ),
        "quarantine",
    )


def _parse_formats(lines: pl.DataFrame, source_file: str, file_id: int) -> list[Tables]:
    """Split the file's hands by the format of their header and parse each group."""
    in_hands = lines.filter(pl.col("hand_ix") >= 0)
    header_format = pl.when(pl.col("is_header")).then(format_index_expr(pl.col("text")))
    in_hands = in_hands.with_columns(header_format.forward_fill().alias("format_ix"))
    parts: list[Tables] = []
    for index in in_hands["format_ix"].unique().sort().to_list():
        site_format = FORMATS[index]
        subset = in_hands.filter(pl.col("format_ix") == index)
        if site_format.grammar is None:
            headers = subset.filter(pl.col("is_header"))
            quarantine = _unsupported(headers, site_format.name, source_file)
            parts.append(Tables(*Tables.empty().__dict__.values()))
            parts[-1].quarantine = quarantine
        else:
            parts.append(
                parse_hands(subset, site_format.grammar, file_id=file_id, source_file=source_file)
            )
    return parts


def _main_site(lines: pl.DataFrame) -> str | None:
    headers = lines.filter(pl.col("is_header"))
    if headers.is_empty():
        return None
    first = headers.select(format_index_expr(pl.col("text")).first()).item()
    return FORMATS[first].name


def parse_bytes(data: bytes, source_file: str, file_id: int = 0) -> ParsedTables:
    """Parse one file's bytes. Never raises on bad input: problems go to the report."""
    report = FileReport(
        path=source_file,
        sha256=hashlib.sha256(data).hexdigest(),
        size=len(data),
        site=None,
        encoding=None,
    )
    if not data:
        report.error = "empty file"
        return ParsedTables(files=[report])
    decoded = decode(data)
    report.encoding = decoded.encoding
    lines = segment(read_lines(decoded.data), pl.col("text").str.contains(any_header_pattern()))
    report.site = _main_site(lines)
    if report.site is None:
        report.error = "not a hand history: no known hand header"
        return ParsedTables(files=[report])
    parts = _parse_formats(lines, source_file, file_id)
    tables = _concat(parts)
    report.hands_read = int(lines["is_header"].sum())
    report.hands_parsed = tables.hands.height
    report.hands_quarantined = tables.quarantine.height
    return ParsedTables(tables.hands, tables.seats, tables.actions, tables.quarantine, [report])


def _concat(parts: Sequence[Tables | ParsedTables]) -> Tables:
    if not parts:
        return Tables.empty()
    return Tables(
        *(
            pl.concat([getattr(p, name) for p in parts], how="vertical")
            for name in ("hands", "seats", "actions", "quarantine")
        )
    )


def concat_tables(parts: Sequence[ParsedTables]) -> ParsedTables:
    """Stack several results (hand_key stays unique when file_ids differ)."""
    tables = _concat(parts)
    files = [report for part in parts for report in part.files]
    return ParsedTables(tables.hands, tables.seats, tables.actions, tables.quarantine, files)


def parse_file(path: str | Path, file_id: int = 0) -> ParsedTables:
    """Read and parse one file; an unreadable file gives a report with `error` set."""
    shown = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        report = FileReport(shown, "", 0, None, None, error=f"unreadable: {exc.strerror}")
        return ParsedTables(files=[report])
    return parse_bytes(data, shown, file_id)


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given, folders expanded recursively (sorted); hidden files skipped."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(
                sorted(
                    p
                    for p in path.rglob("*")
                    if p.is_file() and not any(part.startswith(".") for part in p.parts)
                )
            )
        else:
            found.append(path)
    return found


def parse_paths(paths: Iterable[str | Path]) -> ParsedTables:
    """Parse files and folders; file_id is the position of the file in the expanded list."""
    return concat_tables(
        [parse_file(path, file_id) for file_id, path in enumerate(expand_paths(paths))]
    )
