"""Audit a batch of files, engine-neutral: sources in, one small PartResult per file out.

`audit_batch` parses several sources in one pipeline run and checks their hands (`audit_file`
is a batch of one; hhaudit.run.chunks audits a chunk through it). It touches no shared state,
so a local loop or a Dask `client.map` can call it (hhaudit.run.units). Every hand read is
either audited or quarantined: `hands_read == hands_audited + hands_quarantined` holds for
each part. The words batch, chunk, unit and part are defined in docs/words.md.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

import polars as pl

from hhaudit.run.derived import part_columns
from hhaudit.run.identity import quarantine_uids
from hhaudit.run.reading import ReadInput, read_inputs
from hhaudit.run.settings import AuditSettings
from hhaudit.run.slices import slice_hands
from hhaudit.run.sources import NO_HANDS_ERRORS, NOT_HANDS, InputSource, RefusedInput
from hhaudit.run.timing import timed
from parsers import schema

if TYPE_CHECKING:
    from audit.entry import HandsAudit
    from parsers.api import FileReport, ParsedTables

TABLE_NAMES: tuple[str, ...] = (
    "hands",
    "seats",
    "actions",
    "cards",
    "violations",
    "quarantine",
    "pots",  # the judged pots of the hands a showdown rule flags (audit/judged.py)
    "payouts",
)
HAND_INDEX_BITS = 32  # hand_key = (file_id << 32) | index of the hand in its file


@dataclass(frozen=True)
class FileEntry:
    """One input file as run.json reports it."""

    path: str
    sha256: str
    size: int
    site: str | None = None
    encoding: str | None = None
    hands_read: int = 0
    hands_audited: int = 0
    hands_quarantined: int = 0
    flags: int = 0  # root causes (flags with no caused_by)
    violations: int = 0  # violation-severity root causes
    #: Lines skipped as moving no chips (parsers FileReport.lines_skipped, docs/parsing.md).
    lines_skipped: int = 0
    error: str | None = None
    #: Why the input was not audited at all, a code of hhaudit.run.sources (None: it was read).
    refused: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FileEntry:
        return cls(**{name: data[name] for name in cls.__dataclass_fields__ if name in data})


@dataclass
class PartResult:
    """One part before it is stored: the tables and accounting of one file (or one chunk)."""

    entry: FileEntry
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)


def quarantine_rows(
    source_file: str,
    reason: str,
    line_no: int | None = None,
    site: str | None = None,
    code: str | None = None,
) -> pl.DataFrame:
    """A one-row quarantine frame (a refused input, a crashed parser or audit); `code`: its
    reason_code, derived from the reason when None."""
    row = {"site": site, "source_file": source_file, "line_no": line_no, "hand_id": None}
    columns = {k: v for k, v in schema.POLARS_SCHEMAS["quarantine"].items() if k != "reason_code"}
    frame = pl.DataFrame([{**row, "reason": reason}], schema=columns)
    if code is not None:
        frame = frame.with_columns(reason_code=pl.lit(code, dtype=pl.String))
    frame = schema.conform(frame, "quarantine")
    return frame.with_columns(quarantine_uids(frame))


@functools.cache
def _empty_tables() -> dict[str, pl.DataFrame]:
    from audit.judged import empty_payouts, empty_pots
    from audit.sessions.ends import with_end_stacks
    from audit.sessions.facts import with_session_facts
    from audit.violations import empty_violations

    tables = {
        name: schema.empty(name) for name in ("hands", "seats", "actions", "cards", "quarantine")
    }
    tables["seats"] = with_end_stacks(tables["seats"], None)
    tables["hands"] = with_session_facts(tables["hands"], tables["actions"])
    tables["violations"] = empty_violations()
    tables["pots"], tables["payouts"] = empty_pots(), empty_payouts()
    return part_columns(tables)  # the layout of every part (hhaudit.run.derived)


def empty_tables() -> dict[str, pl.DataFrame]:
    """Empty canonical tables, one per TABLE_NAMES entry (a fresh dict each call)."""
    return dict(_empty_tables())


def refused_part(refused: RefusedInput) -> PartResult:
    """A refused input: no hands, one quarantine row with its code, an error on the entry."""
    entry = FileEntry(
        path=refused.name, sha256="", size=0, error=refused.reason, refused=refused.code
    )
    tables = empty_tables()
    tables["quarantine"] = quarantine_rows(refused.name, refused.reason, code=refused.code)
    return PartResult(entry=entry, tables=tables)


def _file_of(hand_key: pl.Expr) -> pl.Expr:
    return hand_key // (1 << HAND_INDEX_BITS)


def _parse_sources(
    sources: Sequence[InputSource], file_ids: Sequence[int], first_line: int = 1
) -> ParsedTables:
    """Parse the bytes of several sources (read by the worker: hhaudit.run.reading) in one
    pipeline run. `first_line` numbers the first line of a chunk of a big file."""
    from parsers import parse_bytes
    from parsers.api import parse_many

    # the run digests every input itself (FileEntry.sha256): the parser's report needs none
    if len(sources) == 1:
        (source,), (file_id,) = sources, file_ids
        return parse_bytes(source.data or b"", source.name, file_id, first_line, digest=False)
    items = [(s.data or b"", s.name, fid) for s, fid in zip(sources, file_ids, strict=True)]
    return parse_many(items, digest=False)


def _check(parsed: ParsedTables, settings: AuditSettings, sliced: bool) -> HandsAudit:
    """The per-hand step of the audit on parsed tables (audit.entry.audit_hands: each site gets
    its options); `sliced`: a chunk, checked in slices of whole hands (hhaudit.run.slices)."""
    from audit.entry import audit_hands

    return audit_hands(parsed, settings.config(), slice_hands=slice_hands(sliced))


def _split_by_file(
    tables: dict[str, pl.DataFrame], file_ids: Sequence[int], names: Sequence[str]
) -> list[dict[str, pl.DataFrame]]:
    """One table dict per file, split with partition_by (hand_key or source_file); one file
    (a chunk, a batch of one) keeps its tables as they are: every row is that file's (the
    quarantine's default below), and a split would only copy them."""
    if len(file_ids) == 1:
        return [dict(tables)]
    per_file: list[dict[str, pl.DataFrame]] = [{} for _ in file_ids]
    position = {fid: i for i, fid in enumerate(file_ids)}
    for table, frame in tables.items():
        if table == "quarantine":
            keyed = frame.with_columns(
                _file=pl.col("source_file").replace_strict(
                    dict(zip(names, file_ids, strict=True)),
                    default=file_ids[0],  # a row naming no file of the batch is never dropped
                    return_dtype=pl.Int64,
                )
            )
        else:
            keyed = frame.with_columns(_file=_file_of(pl.col("hand_key")))
        groups = keyed.partition_by("_file", as_dict=True, include_key=False)
        for fid, i in position.items():
            per_file[i][table] = groups.get((fid,), frame.clear())
    return per_file


def audit_batch(
    sources: Sequence[InputSource],
    file_ids: Sequence[int],
    settings: AuditSettings,
    digests: Sequence[str] | None = None,
    first_line: int = 1,
    sliced: bool = False,
) -> list[PartResult]:
    """Parse and audit several files in one go (amortizing per-call overhead), one result each.

    `sliced` (a chunk of one file, hhaudit.run.chunks): the check in slices of whole hands.
    `first_line` is passed to the parser for in-memory sources (hhaudit.run.chunks). Never raises
    for bad input. If parsing or checking the batch fails, each file is retried
    alone, so a failure quarantines only the file that causes it.
    """
    reads = read_inputs(sources, digests)  # the bytes audited, digested as read
    if any(read.refusal is not None for read in reads):
        return _with_refusals(reads, file_ids, settings, first_line, sliced)
    sources = [read.source for read in reads]
    digests = [read.sha256 for read in reads]
    bases = [
        FileEntry(path=s.name, sha256=d, size=s.size) for s, d in zip(sources, digests, strict=True)
    ]
    try:
        with timed("parse"):
            parsed = _parse_sources(sources, file_ids, first_line)
    except Exception as exc:
        if len(sources) > 1:
            return _one_by_one(sources, file_ids, settings, digests)
        return [_failed_part(bases[0], f"parser failed: {type(exc).__name__}: {exc}")]
    try:
        with timed("check"):
            audited = _check(parsed, settings, sliced)
    except Exception as exc:
        if len(sources) > 1:
            return _one_by_one(sources, file_ids, settings, digests)
        report = parsed.files[0] if parsed.files else None
        return [_audit_failed_part(bases[0], parsed, report, f"{type(exc).__name__}: {exc}")]
    tables = {
        "hands": audited.hands,
        "seats": audited.seats,
        "actions": audited.actions,
        "cards": parsed.cards,
        "violations": _sorted_violations(audited.violations),
        "quarantine": parsed.quarantine,
        "pots": audited.pots,
        "payouts": audited.payouts,
    }
    with timed("hand uids"):
        tables = part_columns(tables)  # hand_uid, stable flag ids, units (hhaudit.run.derived)
    reports = {report.path: report for report in parsed.files}
    names = [s.name for s in sources]
    per_file = _split_by_file(tables, file_ids, names)
    return [
        _part_result(base, reports.get(base.path), split)
        for base, split in zip(bases, per_file, strict=True)
    ]


def _with_refusals(
    reads: Sequence[ReadInput],
    file_ids: Sequence[int],
    settings: AuditSettings,
    first_line: int,
    sliced: bool,
) -> list[PartResult]:
    """Files that could not be read are refused, the others audited from the bytes read."""
    readable = [(r, fid) for r, fid in zip(reads, file_ids, strict=True) if r.refusal is None]
    audited = iter(
        audit_batch([r.source for r, _ in readable], [fid for _, fid in readable], settings,
                    [r.sha256 for r, _ in readable], first_line, sliced)
        if readable else []
    )  # fmt: skip
    return [refused_part(r.refusal) if r.refusal else next(audited) for r in reads]


def _part_result(
    base: FileEntry, report: FileReport | None, tables: dict[str, pl.DataFrame]
) -> PartResult:
    """A file's result; a file-level error always leaves a quarantine row saying why."""
    entry = _entry_from(base, report, tables)
    if entry.error and tables["quarantine"].is_empty():
        tables["quarantine"] = quarantine_rows(
            base.path, entry.error, site=entry.site, code=entry.refused
        )
    return PartResult(entry=entry, tables=tables)


def _one_by_one(
    sources: Sequence[InputSource],
    file_ids: Sequence[int],
    settings: AuditSettings,
    digests: Sequence[str],
) -> list[PartResult]:
    return [
        audit_batch([s], [fid], settings, [d])[0]
        for s, fid, d in zip(sources, file_ids, digests, strict=True)
    ]


def _sorted_violations(violations: pl.DataFrame) -> pl.DataFrame:
    """A stable order: by hand, then action, then code (hand-level flags after the actions)."""
    return violations.sort(["hand_key", "seq", "code", "message"], nulls_last=True)


def audit_file(
    source: InputSource,
    file_id: int,
    settings: AuditSettings,
    sha256: str | None = None,
) -> PartResult:
    """Parse and audit one input file (a batch of one)."""
    return audit_batch([source], [file_id], settings, [sha256] if sha256 else None)[0]


def _entry_from(
    base: FileEntry, report: FileReport | None, tables: dict[str, pl.DataFrame]
) -> FileEntry:
    from audit.violations import is_root

    roots = tables["violations"].filter(is_root())  # flags count root causes (audit/causes.py)
    severity = roots.get_column("severity").cast(pl.String)
    audited = tables["hands"].height
    quarantined = report.hands_quarantined if report else tables["quarantine"].height
    error = getattr(report, "error", None)
    if report is not None and report.hands_read != audited + quarantined:
        error = (
            f"accounting mismatch: the parser read {report.hands_read} hands, "
            f"{audited} reached the audit and {quarantined} were quarantined"
        )
    return FileEntry(
        path=base.path,
        sha256=base.sha256,
        size=base.size,
        site=getattr(report, "site", None),
        encoding=getattr(report, "encoding", None),
        hands_read=audited + quarantined,
        hands_audited=audited,
        hands_quarantined=quarantined,
        flags=roots.height,
        violations=int((severity == "violation").sum()),
        lines_skipped=getattr(report, "lines_skipped", 0),
        error=error,
        refused=NOT_HANDS if error and error.startswith(NO_HANDS_ERRORS) else None,
    )


def _failed_part(base: FileEntry, reason: str) -> PartResult:
    tables = empty_tables()
    tables["quarantine"] = quarantine_rows(base.path, reason)
    entry = FileEntry(**{**base.to_dict(), "error": reason})
    return PartResult(entry=entry, tables=tables)


def _audit_failed_part(
    base: FileEntry, parsed: ParsedTables, report: FileReport | None, error: str
) -> PartResult:
    """The audit crashed: every parsed hand joins the quarantine, nothing counts as audited."""
    tables = empty_tables()
    crashed = parsed.hands.select(
        "site",
        "source_file",
        "line_no",
        "hand_id",
        pl.lit(f"audit failed on this file: {error}").alias("reason"),
    )
    crashed = schema.conform(crashed, "quarantine")
    quarantine = pl.concat([parsed.quarantine, crashed], how="vertical_relaxed")
    tables["quarantine"] = quarantine.with_columns(quarantine_uids(quarantine))
    earlier = report.hands_quarantined if report else parsed.quarantine.height
    quarantined = earlier + parsed.hands.height
    entry = FileEntry(
        **{
            **base.to_dict(),
            "site": getattr(report, "site", None),
            "encoding": getattr(report, "encoding", None),
            "hands_read": quarantined,
            "hands_quarantined": quarantined,
            "error": f"audit failed: {error}",
        }
    )
    return PartResult(entry=entry, tables=tables)
