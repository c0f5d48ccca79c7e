"""One shard of a run, engine-neutral: one input file in, one small ShardResult out.

`audit_shard` parses one source and checks its hands; it touches no shared state, so a local
loop (`run_batch`) or a Dask `client.map` can call it. Every hand read is either audited or
quarantined: `hands_read == hands_audited + hands_quarantined` holds for each shard.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import polars as pl

from hhaudit.inputs import InputSource, RefusedInput
from parsers import schema

TABLE_NAMES: tuple[str, ...] = ("hands", "seats", "actions", "violations", "quarantine")


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
    flags: int = 0
    violations: int = 0  # violation-severity flags
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FileEntry:
        return cls(**{name: data[name] for name in cls.__dataclass_fields__ if name in data})


@dataclass
class ShardResult:
    """The canonical tables and accounting of one input file."""

    entry: FileEntry
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)


@dataclass(frozen=True)
class AuditSettings:
    """Options in force: a default and per-site overrides (from --config)."""

    default: Any = None  # audit.Options; None means audit's own defaults
    per_site: Mapping[str, Any] = field(default_factory=dict)

    def for_site(self, site: str | None) -> Any:
        return self.per_site.get((site or "").lower(), self.default)

    def to_dict(self) -> dict[str, Any]:
        return {
            "default": _options_dict(self.default),
            "sites": {site: _options_dict(opts) for site, opts in sorted(self.per_site.items())},
        }

    def fingerprint(self) -> str:
        """A digest of the options, so --resume never reuses shards audited differently."""
        return hashlib.sha256(repr(self.to_dict()).encode()).hexdigest()[:16]


def _options_dict(options: Any) -> dict[str, Any]:
    if options is None:
        from audit import Options

        options = Options()
    return options.to_dict()


def sha256_of(source: InputSource) -> str:
    """The content digest of a source, streamed from disk for files."""
    digest = hashlib.sha256()
    if source.data is not None:
        digest.update(source.data)
    else:
        assert source.path is not None
        with open(source.path, "rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
    return digest.hexdigest()


def quarantine_rows(
    source_file: str, reason: str, line_no: int | None = None, site: str | None = None
) -> pl.DataFrame:
    """A one-row quarantine frame (a refused input, a crashed parser or audit)."""
    row = {"site": site, "source_file": source_file, "line_no": line_no, "hand_id": None}
    return pl.DataFrame([{**row, "reason": reason}], schema=schema.POLARS_SCHEMAS["quarantine"])


def empty_tables() -> dict[str, pl.DataFrame]:
    from audit.violations import empty_violations

    tables = {name: schema.empty(name) for name in ("hands", "seats", "actions", "quarantine")}
    tables["violations"] = empty_violations()
    return tables


def refused_shard(refused: RefusedInput) -> ShardResult:
    """A refused archive or member: no hands, one quarantine row, an error on the entry."""
    entry = FileEntry(path=refused.name, sha256="", size=0, error=refused.reason)
    tables = empty_tables()
    tables["quarantine"] = quarantine_rows(refused.name, refused.reason)
    return ShardResult(entry=entry, tables=tables)


def _parse(source: InputSource, file_id: int) -> Any:
    from parsers import parse_bytes, parse_file

    if source.data is not None:
        return parse_bytes(source.data, source.name, file_id)
    return parse_file(source.path, file_id)


def _check_by_site(
    parsed: Any, settings: AuditSettings, check: Callable[..., Any]
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Audit the parsed hands with each site's options; returns (actions, violations)."""
    hands, seats, actions = parsed.hands, parsed.seats, parsed.actions
    sites = hands.get_column("site").unique(maintain_order=True).to_list()
    if len(sites) <= 1:
        result = check(hands, seats, actions, settings.for_site(sites[0] if sites else None))
        return result.actions, result.violations
    audited, flagged = [], []
    for site in sites:  # a handful of sites at most, never a loop over hands
        keys = hands.filter(pl.col("site") == site).get_column("hand_key")
        result = check(
            hands.filter(pl.col("hand_key").is_in(keys.implode())),
            seats.filter(pl.col("hand_key").is_in(keys.implode())),
            actions.filter(pl.col("hand_key").is_in(keys.implode())),
            settings.for_site(site),
        )
        audited.append(result.actions)
        flagged.append(result.violations)
    return pl.concat(audited, how="diagonal_relaxed"), pl.concat(flagged, how="diagonal_relaxed")


def _sorted_violations(violations: pl.DataFrame) -> pl.DataFrame:
    """A stable order: by hand, then action, then code (hand-level flags after the actions)."""
    return violations.sort(["hand_key", "seq", "code", "message"], nulls_last=True)


def audit_shard(
    source: InputSource,
    file_id: int,
    settings: AuditSettings,
    sha256: str | None = None,
) -> ShardResult:
    """Parse and audit one input file. Never raises for bad input: failures are quarantined."""
    from audit import check

    digest = sha256 or sha256_of(source)
    base = FileEntry(path=source.name, sha256=digest, size=source.size)
    try:
        parsed = _parse(source, file_id)
    except Exception as exc:  # a parser crash quarantines the file, it never ends the run
        return _failed_shard(base, f"parser failed: {type(exc).__name__}: {exc}")
    report = parsed.files[0] if parsed.files else None
    tables = {
        "hands": parsed.hands,
        "seats": parsed.seats,
        "quarantine": parsed.quarantine,
    }
    try:
        tables["actions"], violations = _check_by_site(parsed, settings, check)
        tables["violations"] = _sorted_violations(violations)
    except Exception as exc:  # an audit crash quarantines the file's hands with the reason
        return _audit_failed_shard(base, parsed, report, f"{type(exc).__name__}: {exc}")
    return ShardResult(entry=_entry_from(base, report, tables), tables=tables)


def _entry_from(base: FileEntry, report: Any, tables: dict[str, pl.DataFrame]) -> FileEntry:
    severity = tables["violations"].get_column("severity").cast(pl.String)
    audited = tables["hands"].height
    quarantined = report.hands_quarantined if report else tables["quarantine"].height
    return FileEntry(
        path=base.path,
        sha256=base.sha256,
        size=base.size,
        site=getattr(report, "site", None),
        encoding=getattr(report, "encoding", None),
        hands_read=audited + quarantined,
        hands_audited=audited,
        hands_quarantined=quarantined,
        flags=tables["violations"].height,
        violations=int((severity == "violation").sum()),
        error=getattr(report, "error", None),
    )


def _failed_shard(base: FileEntry, reason: str) -> ShardResult:
    tables = empty_tables()
    tables["quarantine"] = quarantine_rows(base.path, reason)
    entry = FileEntry(**{**base.to_dict(), "error": reason})
    return ShardResult(entry=entry, tables=tables)


def _audit_failed_shard(base: FileEntry, parsed: Any, report: Any, error: str) -> ShardResult:
    """The audit crashed: every parsed hand joins the quarantine, nothing counts as audited."""
    tables = empty_tables()
    crashed = parsed.hands.select(
        "site",
        "source_file",
        "line_no",
        "hand_id",
        pl.lit(f"audit failed on this file: {error}").alias("reason"),
    )
    tables["quarantine"] = pl.concat([parsed.quarantine, crashed], how="vertical_relaxed")
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
    return ShardResult(entry=entry, tables=tables)
