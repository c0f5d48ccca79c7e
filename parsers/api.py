"""Public entry points: bytes, files and folders -> canonical tables plus per-file reports.

Files are decoded one by one (a loop over files), their lines stacked into one frame with a
`file_id` column, and each format's hands of the whole batch go through the pipeline once:
the per-file cost of many small files stays low. Batches are bounded (BATCH_BYTES) to keep
memory in check.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from parsers.core.card_lines import read_card_lines
from parsers.core.invariants import quarantine_broken
from parsers.core.io import decode
from parsers.core.keys import file_of_key
from parsers.core.lines import read_lines, segment
from parsers.core.pipeline import SKIPPED_SCHEMA, Tables, parse_hands
from parsers.core.prefilter import any_matches
from parsers.detect import (
    FORMATS,
    SiteFormat,
    any_header_pattern,
    prepare_file_lines,
    unreadable_formats,
)
from parsers.schema import conform, empty
from parsers.tables import HandTables

BATCH_BYTES = 64 * 1024 * 1024
NOT_A_HAND_HISTORY = "not a hand history: no known hand header"


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
    #: Body lines skipped as moving no chips (announcements, table messages; docs/parsing.md).
    lines_skipped: int = 0
    error: str | None = None


@dataclass(frozen=True)
class ParsedTables(HandTables[pl.DataFrame]):
    """The canonical tables of a parse (every one of them known: empty when there is none),
    each input's report and the lines skipped per file (parsers/core/pipeline.py)."""

    hands: pl.DataFrame = field(default_factory=lambda: empty("hands"))
    seats: pl.DataFrame = field(default_factory=lambda: empty("seats"))
    actions: pl.DataFrame = field(default_factory=lambda: empty("actions"))
    quarantine: pl.DataFrame = field(default_factory=lambda: empty("quarantine"))
    cards: pl.DataFrame = field(default_factory=lambda: empty("cards"))
    files: list[FileReport] = field(default_factory=list)
    skipped: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=SKIPPED_SCHEMA))


@dataclass
class _Source:
    """One input: its report and, when readable, its decoded lines."""

    report: FileReport
    file_id: int
    lines: pl.DataFrame | None = None
    #: FORMATS indices no header line of the file can be (detect.unreadable_formats)
    unreadable: frozenset[int] = frozenset()


def _unsupported(headers: pl.DataFrame, site: SiteFormat, sources: pl.DataFrame) -> Tables:
    """One quarantine row per hand of a recognised format that has no parser yet."""
    named = pl.lit(f": no parser for {site.title}")
    reason = pl.lit("line ") + pl.col("line_no").cast(pl.String) + named
    quarantine = headers.join(sources, on="file_id", how="left").select(
        pl.lit(site.name).alias("site"),
        "source_file",
        "line_no",
        pl.lit(None, dtype=pl.String).alias("hand_id"),
        (reason + pl.lit(" hand histories yet")).alias("reason"),
    )
    tables = Tables.empty()
    tables.quarantine = conform(quarantine, "quarantine")
    return tables


def _document_lines(lines: pl.DataFrame, in_hands: pl.DataFrame, index: int) -> pl.DataFrame:
    """Whole files holding hands of a document format, minus the hands of other formats in
    them (a PokerStars hand before an iPoker XML must not become one of its games)."""
    in_file = pl.col("file_id").is_in(
        in_hands.filter(pl.col("format_ix") == index)["file_id"].unique().implode()
    )
    foreign = in_hands.filter(in_file & (pl.col("format_ix") != index))
    files = lines.filter(in_file)
    if foreign.is_empty():
        return files
    return files.join(foreign.select("file_id", "line_no"), on=["file_id", "line_no"], how="anti")


def _format_indices(headers: pl.Series) -> pl.Series:
    """Index in FORMATS of the first format each header line matches, else null (Int16).

    Each format's regex runs only on the headers no earlier format took: a batch of one
    site costs one regex pass over its headers, not one per known format.
    """
    found = pl.repeat(None, headers.len(), dtype=pl.Int16, eager=True)
    left = pl.int_range(headers.len(), dtype=pl.UInt32, eager=True)
    for index, site_format in enumerate(FORMATS):
        if not left.len():
            break
        hit = headers.gather(left).str.contains(site_format.header)
        found = found.scatter(left.filter(hit), index)
        left = left.filter(~hit)
    return found


def _parse_lines(lines: pl.DataFrame, sources: pl.DataFrame, formats: pl.Series) -> Tables:
    """Split the hands by the format of their header and parse each group.

    `formats`: the format index of every header line of `lines`, in line order.
    """
    in_hands = lines.filter(pl.col("hand_ix") >= 0)
    found = formats.unique().sort().to_list()  # per header, not per line
    if len(found) > 1 or any(FORMATS[index].document is not None for index in found):
        # The format regexes ran on the header lines only; every line takes its hand's
        # format (read by the per-format filter below and by _document_lines only).
        hand_number = pl.col("is_header").cum_sum() - 1  # in_hands starts at a header line
        in_hands = in_hands.with_columns(pl.lit(formats).gather(hand_number).alias("format_ix"))
    parts: list[Tables] = []
    for index in found:
        site_format = FORMATS[index]
        # one format (the usual batch): every line is in it, no copy of the lines
        subset = in_hands if len(found) == 1 else in_hands.filter(pl.col("format_ix") == index)
        if site_format.document is not None:
            parts.append(site_format.document(_document_lines(lines, in_hands, index), sources))
        elif site_format.grammar is None:
            headers = subset.filter(pl.col("is_header"))
            parts.append(_unsupported(headers, site_format, sources))
        else:
            tables = parse_hands(subset, site_format.grammar, sources)
            tables.cards = read_card_lines(
                subset, site_format.cards, tables.hands, tables.seats, tables.split
            )
            tables.split = None  # the lines it holds are not needed any more
            parts.append(tables)
    return _concat(parts)


def _load(
    data: bytes, path: str, file_id: int, first_line: int = 1, digest: bool = True
) -> _Source:
    sha256 = hashlib.sha256(data).hexdigest() if digest else ""
    report = FileReport(path, sha256, len(data), None, None)
    source = _Source(report, file_id)
    if not data:
        report.error = "empty file"
        return source
    decoded = decode(data)
    report.encoding = decoded.encoding
    read = read_lines(decoded.data, file_id, first_line)
    source.lines = prepare_file_lines(read)
    if source.lines is read:  # the bytes are those of the lines (no hook rewrote them)
        source.unreadable = unreadable_formats(decoded.data)
    return source


def _is_header(stacked: pl.DataFrame, loaded: list[_Source]) -> pl.Series:
    """Whether each line is the header of some format; the formats no file of the batch can
    hold a header of (`_Source.unreadable`) are left out of the search."""
    unreadable = frozenset.intersection(*(s.unreadable for s in loaded))
    formats = [f for index, f in enumerate(FORMATS) if index not in unreadable]
    return any_matches(stacked, [f.header for f in formats], any_header_pattern(formats))


def _count(frame: pl.DataFrame, name: str) -> dict[int, int]:
    counts = frame.group_by("file_id").agg(pl.len().alias(name))
    return dict(zip(counts["file_id"].to_list(), counts[name].to_list(), strict=True))


def _parse_batch(batch: list[_Source]) -> ParsedTables:
    """Parse several loaded files at once and fill their reports."""
    frames = [s.lines for s in batch if s.lines is not None and s.lines.height]
    reports = [s.report for s in batch]
    if not frames:
        for source in batch:
            source.report.error = source.report.error or NOT_A_HAND_HISTORY
        return ParsedTables(files=reports)
    stacked = pl.concat(frames)
    lines = segment(stacked, _is_header(stacked, [s for s in batch if s.lines is not None]))
    sources = pl.DataFrame(
        {"file_id": [s.file_id for s in batch], "source_file": [s.report.path for s in batch]},
        schema={"file_id": pl.Int32, "source_file": pl.String},
    )
    headers = lines.filter(pl.col("is_header"))
    formats = _format_indices(headers["text"])
    tables = quarantine_broken(_parse_lines(lines, sources, formats))  # no null seat/kind
    first_format = (
        headers.select("file_id", formats.alias("format_ix"))
        .group_by("file_id")
        .agg(pl.col("format_ix").first())
    )
    site_of = dict(zip(first_format["file_id"], first_format["format_ix"], strict=True))
    read = _count(headers, "n")
    with_file = file_of_key()
    parsed = _count(tables.hands.with_columns(with_file.alias("file_id")), "n")
    quarantined = _count(tables.quarantine.join(sources, on="source_file").select("file_id"), "n")
    skipped_of = tables.skipped
    skipped = dict(
        zip(skipped_of["file_id"].to_list(), skipped_of["lines_skipped"].to_list(), strict=True)
    )
    for source in batch:
        report, file_id = source.report, source.file_id
        if file_id not in site_of:
            report.error = report.error or NOT_A_HAND_HISTORY
            continue
        report.site = FORMATS[site_of[file_id]].name
        report.hands_read = read.get(file_id, 0)
        report.hands_parsed = parsed.get(file_id, 0)
        report.hands_quarantined = quarantined.get(file_id, 0)
        report.lines_skipped = skipped.get(file_id, 0)
    return ParsedTables(
        tables.hands,
        tables.seats,
        tables.actions,
        tables.quarantine,
        tables.cards,
        files=reports,
        skipped=tables.skipped,
    )


def _concat(parts: Sequence[Tables | ParsedTables]) -> Tables:
    if not parts:
        return Tables.empty()
    return Tables(
        *(
            pl.concat([getattr(p, name) for p in parts], how="vertical")
            for name in ("hands", "seats", "actions", "quarantine", "skipped", "cards")
        )
    )


def concat_tables(parts: Sequence[ParsedTables]) -> ParsedTables:
    """Stack several results (hand_key stays unique when file_ids differ)."""
    tables = _concat(parts)
    files = [report for part in parts for report in part.files]
    return ParsedTables(
        tables.hands,
        tables.seats,
        tables.actions,
        tables.quarantine,
        tables.cards,
        files=files,
        skipped=tables.skipped,
    )


def parse_bytes(
    data: bytes, source_file: str, file_id: int = 0, first_line: int = 1, digest: bool = True
) -> ParsedTables:
    """Parse one file's bytes. Never raises on bad input: problems go to the report.

    `first_line` is the line number of the first line (1 for a whole file; a chunk of a big
    file cut at a hand header passes its own, so line numbers and reasons name the file's lines).
    `digest=False` leaves the report's `sha256` empty, for a caller that digests its inputs
    itself (hhaudit run: hashing an 8 MB chunk again cost ~2 % of its parse).
    """
    return _parse_batch([_load(data, source_file, file_id, first_line, digest)])


def _in_batches(sources: Iterable[_Source]) -> ParsedTables:
    """Parse loaded files in batches of about BATCH_BYTES (read as they come: a batch is
    parsed before the next files are read)."""
    results: list[ParsedTables] = []
    batch: list[_Source] = []
    batch_bytes = 0
    for source in sources:
        batch.append(source)
        batch_bytes += source.report.size
        if batch_bytes >= BATCH_BYTES:
            results.append(_parse_batch(batch))
            batch, batch_bytes = [], 0
    if batch or not results:
        results.append(_parse_batch(batch))
    return concat_tables(results)


def parse_many(items: Iterable[tuple[bytes, str, int]], digest: bool = True) -> ParsedTables:
    """Parse several in-memory files (data, source_file, file_id) in batched pipeline runs:
    much cheaper than one parse_bytes per small file (archive members, uploads).
    `digest=False`: the reports' sha256 stay empty (the caller digests the bytes itself)."""
    loaded = (_load(data, name, file_id, digest=digest) for data, name, file_id in items)
    return _in_batches(loaded)


def _read(path: Path, file_id: int) -> _Source:
    try:
        data = path.read_bytes()
    except OSError as exc:
        report = FileReport(str(path), "", 0, None, None, error=f"unreadable: {exc.strerror}")
        return _Source(report, file_id)
    return _load(data, str(path), file_id)


def parse_file(path: str | Path, file_id: int = 0) -> ParsedTables:
    """Read and parse one file; an unreadable file gives a report with `error` set."""
    return _parse_batch([_read(Path(path), file_id)])


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given, folders expanded recursively (sorted); hidden files skipped."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(
                sorted(
                    p
                    for p in path.rglob("*")
                    if p.is_file()
                    and not any(part.startswith(".") for part in p.relative_to(path).parts)
                )
            )
        else:
            found.append(path)
    return found


def parse_paths(paths: Iterable[str | Path]) -> ParsedTables:
    """Parse files and folders; file_id is the position of the file in the expanded list."""
    return _in_batches(_read(path, file_id) for file_id, path in enumerate(expand_paths(paths)))
