"""The run's across-hands step: table sessions and their flags (RULES.md §12, audit/sessions).

Runs on the combined Parquet tables after the duplicates are dropped (the same for a full run,
a --resume run, any cut into units and either engine): hands.parquet gains session_id and
session_seq, violations.parquet gains session_id and the session rules' flags, and each file's
run.json entry counts the new flags. run.json `totals.sessions` says what was found, and
`totals.additions` how many top-up, rebuy and add-on lines were read (seats.added_kinds).
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import polars as pl

from hhaudit.run.batch import AuditSettings, FileEntry
from hhaudit.run.parts import TABLE_PARQUET
from reports.atomic import atomic_path

if TYPE_CHECKING:  # the audit's modules load when the step runs, not with the CLI
    from audit.sessions.flags import SessionAudit


def _with_session(
    frame: pl.LazyFrame, sessions: pl.DataFrame, columns: Sequence[str]
) -> pl.LazyFrame:
    present = frame.collect_schema().names()
    base = frame.drop([name for name in columns if name in present])
    keyed = sessions.lazy().select("hand_key", *columns)
    return base.join(keyed, on="hand_key", how="left", maintain_order="left")


SESSION_OF_HAND = ("session_id", "session_seq")


def _write_hands(path: Path, sessions: pl.DataFrame, dropped: Sequence[str], to: Path) -> None:
    """hands.parquet with its session columns (and without `dropped`) into `to`, streamed:
    the session columns of every hand are put in the file's row order once, then set beside
    the file's rows (a horizontal concat: no join in the stream; a streaming join of the hands
    to the sessions held ~0.8 GB at 2M hands, a rewrite through pyarrow ~0.5 GB at 400k)."""
    keys = pl.read_parquet(path, columns=["hand_key"])
    aligned = _with_session(keys.lazy(), sessions, SESSION_OF_HAND).collect().drop("hand_key")
    frame = pl.scan_parquet(path).drop(*dropped, *SESSION_OF_HAND, strict=False)
    pl.concat([frame, aligned.lazy()], how="horizontal").sink_parquet(to, **TABLE_PARQUET)


#: Columns a session flag takes from its hand (the run's columns: hhaudit/run/derived.py).
FROM_HAND = ("hand_uid", "currency", "scale", "run_id")


def _in_layout(flags: pl.DataFrame, hands: pl.LazyFrame, schema: pl.Schema) -> pl.LazyFrame:
    """The session flags in the combined violations' layout: the run's columns from their
    hand, flag ids naming the hand_uid (hhaudit/run/identity.py) like every other flag."""
    taken = [name for name in FROM_HAND if name in schema and name not in flags.columns]
    frame = flags.lazy()
    if taken:
        frame = frame.join(hands.select("hand_key", *taken), on="hand_key", how="left")
    if "hand_uid" in schema:
        rest = pl.col("flag_id").str.extract(r"(:[^:]+:[^:]+)$")
        frame = frame.with_columns(pl.concat_str(pl.col("hand_uid"), rest).alias("flag_id"))
    names = frame.collect_schema().names()
    return frame.select(
        (pl.col(name) if name in names else pl.lit(None)).cast(dtype).alias(name)
        for name, dtype in schema.items()
    )


def _adjusted(entries: Sequence[FileEntry], flags: pl.DataFrame) -> list[FileEntry]:
    """Entries with their files' new root flags (and violations) counted."""
    if flags.is_empty():
        return list(entries)
    per_file = flags.group_by("source_file").agg(
        pl.len().alias("n"), (pl.col("severity").cast(pl.String) == "violation").sum().alias("v")
    )
    counts = {row[0]: (row[1], row[2]) for row in per_file.iter_rows()}
    adjusted = []
    for entry in entries:  # a loop over files
        n, v = counts.get(entry.path, (0, 0))
        adjusted.append(
            dataclasses.replace(entry, flags=entry.flags + n, violations=entry.violations + v)
            if n
            else entry
        )
    return adjusted


def session_totals(sessions: pl.DataFrame, hands: pl.LazyFrame) -> dict[str, Any]:
    """run.json totals.sessions: sessions of two hands or more, and their hands, per site."""
    sites = hands.select("hand_key", "site").join(sessions.lazy(), on="hand_key")
    sizes = sites.group_by("site", "session_id").agg(pl.len().alias("hands"))
    multi = sizes.filter(pl.col("hands") > 1)
    per_site = (
        multi.group_by("site")
        .agg(pl.len().alias("sessions"), pl.col("hands").sum().alias("hands_in_sessions"))
        .sort("site")
        .collect()
    )
    by_site = {
        str(row["site"]): {"sessions": int(row["sessions"]), "hands": int(row["hands_in_sessions"])}
        for row in per_site.iter_rows(named=True)
    }
    return {
        "sessions": sum(site["sessions"] for site in by_site.values()),
        "hands_in_sessions": sum(site["hands"] for site in by_site.values()),
        "by_site": by_site,
    }


def addition_totals(seats: pl.LazyFrame, hands: pl.LazyFrame) -> dict[str, Any]:
    """run.json totals.additions: the top-up, rebuy and add-on lines read (seats.added_kinds,
    parsers/core/additions.py) of the audited hands, by kind and per site."""
    from parsers.schema import ADDITION_KINDS

    if "added_kinds" not in seats.collect_schema().names():
        lines = pl.DataFrame(schema={"site": pl.String, "kind": pl.String})
    else:
        lines = (
            # the few seats with an addition, filtered in the scan (not 12M rows split at 2M)
            seats.filter(pl.col("added_kinds").is_not_null())
            .select("hand_key", pl.col("added_kinds").str.split(",").alias("kind"))
            .drop_nulls("kind")
            .explode("kind")
            .join(hands.select("hand_key", "site"), on="hand_key")
            .select("site", "kind")
            .collect()
        )
    counts = lines.group_by("site", "kind").len().sort("site", "kind")
    by_site: dict[str, dict[str, int]] = {}
    for site, kind, n in counts.iter_rows():  # a loop over (site, kind) counts
        by_site.setdefault(str(site), dict.fromkeys(ADDITION_KINDS, 0))[str(kind)] = int(n)
    by_kind = {kind: sum(site[kind] for site in by_site.values()) for kind in ADDITION_KINDS}
    return {"lines": sum(by_kind.values()), "by_kind": by_kind, "by_site": by_site}


def rake_totals(
    hands: pl.LazyFrame, schedules: Mapping[str, Any], judged: Mapping[str, int]
) -> dict[str, Any]:
    """run.json totals.rake: per site of the run, whether its rake was audited (a
    schedule in force: audit/sessions/rake.py), how many hands were judged, the source."""
    sites = hands.select(pl.col("site").drop_nulls().unique().sort()).collect().to_series()
    found = {}
    for site in sites.to_list():  # a loop over the run's sites
        schedule = schedules.get(site)
        found[site] = (
            {"audited": True, "hands": int(judged.get(site, 0)), "source": schedule.source}
            if schedule is not None
            else {"audited": False, "reason": "no rake schedule for this site"}
        )
    return found


#: Hands per batch of whole tables the sessions step audits at once (memory follows the batch;
#: two batches at a time in threads gave 2.5 % of the step's wall for ~230 MB more at 400k).
BATCH_HANDS = 100_000


@dataclass
class SessionsFound:
    """What the batches found: sessions, flags, and hands judged on rake per site."""

    sessions: pl.DataFrame
    flags: pl.DataFrame
    rake_judged: dict[str, int]


def _audit_batch(out_dir: Path, settings: AuditSettings, keys: pl.Series) -> SessionAudit:
    """The session audit of one batch of whole tables (its sessions numbered from 1)."""
    from audit.sessions import audit_sessions
    from audit.sessions.facts import FACT_COLUMNS
    from audit.sessions.group import HAND_COLUMNS, SEAT_COLUMNS
    from audit.sessions.rake_checks import RAKE_HAND_COLUMNS

    mine = pl.col("hand_key").is_in(keys.implode())
    hands = pl.scan_parquet(out_dir / "hands.parquet")
    # the columns the session audit reads (grouping, per-hand facts, rake)
    wanted = {*HAND_COLUMNS, *FACT_COLUMNS, *RAKE_HAND_COLUMNS}
    read = [name for name in hands.collect_schema().names() if name in wanted]
    seats = pl.scan_parquet(out_dir / "seats.parquet")
    seat_read = [name for name in seats.collect_schema().names() if name in SEAT_COLUMNS]
    # the batch's hands and seats read once (the frames use the seats several times), only
    # the columns the rules read: each batch scans the whole files to find its tables' rows
    found = audit_sessions(
        hands.select(read).filter(mine).collect().lazy(),
        seats.select(seat_read).filter(mine).collect().lazy(),
        # the actions are read only when the hands lack the units' per-hand facts
        pl.scan_parquet(out_dir / "actions.parquet").filter(mine),
        pl.scan_parquet(out_dir / "quarantine.parquet"),
        settings.default,
        settings.per_site,
        codes=settings.selection.codes,
        schedules=settings.rake,
    )
    found.violations = own_strings(found.violations)
    return found


def own_strings(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` with strings of its own: a flag's text columns are views into the batch's hands
    (its source_file pinned the batch's whole column, ~5 MB a batch of 100k hands: ~160 MB of
    the batches' flags held to the end of the step at 2M hands; docs/scale.md)."""
    table = frame.to_arrow(compat_level=pl.CompatLevel.oldest())  # copies into plain strings
    return pl.DataFrame(pl.from_arrow(table, schema=frame.schema))


def _renumbered(
    found: Sequence[SessionAudit],
) -> tuple[list[pl.DataFrame], list[pl.DataFrame]]:
    """The batches' sessions and flags with session ids of one pass: each batch's after the
    previous batches' (batches come in table order: group.py table_batches)."""
    sessions, flags, last = [], [], 0
    for audit in found:  # a loop over batches
        shift = pl.col("session_id") + last
        sessions.append(audit.sessions.with_columns(shift))
        flags.append(audit.violations.with_columns(shift))
        last += audit.sessions.get_column("session_id").max() or 0
    return sessions, flags


def find_in_batches(out_dir: Path, settings: AuditSettings, batch_hands: int) -> SessionsFound:
    """The session audit of the run in batches of whole tables (group.py table_batches), each
    reading only its hands and seats: memory is bounded by the batch, not the run, and the
    session ids are those of one pass (_renumbered)."""
    from audit.sessions.flags import sorted_flags
    from audit.sessions.group import table_batches

    batches = table_batches(pl.scan_parquet(out_dir / "hands.parquet"), batch_hands)
    keys = [batch.get_column("hand_key") for _, batch in
            sorted(batches.partition_by("batch", as_dict=True).items())]  # fmt: skip
    found = [_audit_batch(out_dir, settings, chosen) for chosen in keys]  # a loop over batches
    sessions, flags = _renumbered(found)
    judged: collections.Counter[str] = collections.Counter()
    for audit in found:  # a loop over batches
        judged.update(audit.rake_judged)
    empty = pl.DataFrame(schema={"hand_key": pl.Int64, "session_id": pl.Int64,
                                 "session_seq": pl.Int64})  # fmt: skip
    placed = pl.concat(sessions) if sessions else empty
    return SessionsFound(placed, sorted_flags(flags), dict(judged))


def add_sessions(
    out_dir: Path,
    entries: Sequence[FileEntry],
    settings: AuditSettings,
    batch_hands: int | None = None,
) -> tuple[list[FileEntry], dict[str, Any]]:
    """Sessions and session flags into the combined tables of `out_dir` (module docstring)."""
    from audit.sessions.facts import FACT_COLUMNS
    from audit.violations import is_root

    hands_path = out_dir / "hands.parquet"
    found = find_in_batches(out_dir, settings, batch_hands or BATCH_HANDS)
    # the units' per-hand facts served the session rules: hands.parquet keeps its layout
    facts = [name for name in FACT_COLUMNS[1:] if name in pl.read_parquet_schema(hands_path)]
    # the new hands.parquet is written in a thread while the flags and totals are made from
    # the old one, which it replaces once both are done
    with atomic_path(hands_path) as tmp, ThreadPoolExecutor(1) as writer:
        written = writer.submit(_write_hands, hands_path, found.sessions, facts, tmp)
        flags, totals = _flags_and_totals(out_dir, settings, found)
        written.result()
    return _adjusted(entries, flags.filter(is_root())), totals


def _flags_and_totals(
    out_dir: Path, settings: AuditSettings, found: SessionsFound
) -> tuple[pl.DataFrame, dict[str, Any]]:
    """The session flags (with the [rules.severity] overrides), written into
    violations.parquet with every flag's session_id; run.json's session, rake and addition
    totals."""
    hands_path, violations_path = out_dir / "hands.parquet", out_dir / "violations.parquet"
    flags = settings.selection.apply(found.flags)
    totals = session_totals(found.sessions, pl.scan_parquet(hands_path))
    totals["rake"] = rake_totals(pl.scan_parquet(hands_path), settings.rake, found.rake_judged)
    seats = pl.scan_parquet(out_dir / "seats.parquet")
    totals["additions"] = addition_totals(seats, pl.scan_parquet(hands_path))
    earlier = _with_session(pl.scan_parquet(violations_path), found.sessions, ("session_id",))
    new = _in_layout(flags, pl.scan_parquet(hands_path), earlier.collect_schema())
    combined = pl.concat([earlier, new]).sort("hand_key", maintain_order=True).collect()
    with atomic_path(violations_path) as tmp:
        combined.write_parquet(tmp, **TABLE_PARQUET)
    return flags, totals
