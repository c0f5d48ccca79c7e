"""The run's across-hands step: table sessions and their flags (RULES.md §12, audit/sessions).

Runs on the combined Parquet tables after the duplicates are dropped (the same for a full run,
a --resume run, any cut into units and either engine): hands.parquet gains session_id and
session_seq, violations.parquet gains session_id and the session rules' flags, and each file's
run.json entry counts the new flags. run.json `totals.sessions` says what was found (`pools`:
the fast-fold pool pairs judged and left unjudged, audit/sessions/pools.py), and
`totals.additions` how many top-up, rebuy and add-on lines were read (seats.added_kinds).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import polars as pl

from hhaudit.run.batch import FileEntry
from hhaudit.run.parts import TABLE_PARQUET
from hhaudit.run.settings import AuditSettings
from reports.atomic import atomic_path

if TYPE_CHECKING:  # the audit's modules load when the step runs, not with the CLI
    from audit.entry import AcrossAudit


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


def find_in_table_groups(
    out_dir: Path, settings: AuditSettings, group_hands: int | None = None
) -> AcrossAudit:
    """The across-hands step of the audit (audit.entry.audit_across) on the run's combined
    tables in `out_dir`: each table group reads only its rows of the Parquet files;
    the actions are read only for hands without the units' per-hand facts."""
    from audit.entry import TABLE_GROUP_HANDS, audit_across

    def scan(name: str) -> pl.LazyFrame:
        return pl.scan_parquet(out_dir / f"{name}.parquet")

    return audit_across(
        scan("hands"),
        scan("seats"),
        scan("quarantine"),
        settings.config(),
        actions=scan("actions"),
        group_hands=group_hands or TABLE_GROUP_HANDS,
    )


def add_sessions(
    out_dir: Path,
    entries: Sequence[FileEntry],
    settings: AuditSettings,
    group_hands: int | None = None,
) -> tuple[list[FileEntry], dict[str, Any]]:
    """Sessions and session flags into the combined tables of `out_dir` (module docstring)."""
    from audit.sessions.facts import FACT_COLUMNS
    from audit.violations import is_root

    hands_path = out_dir / "hands.parquet"
    found = find_in_table_groups(out_dir, settings, group_hands)
    # the units' per-hand facts served the session rules: hands.parquet keeps its layout
    facts = [name for name in FACT_COLUMNS[1:] if name in pl.read_parquet_schema(hands_path)]
    # the flags and totals are made from the old hands.parquet, then the new one is written
    # and replaces it: one after the other, not in a thread beside them, whose working sets
    # added up to the run's peak (2M hands: the driver alone at 1,048 MB; docs/scale.md)
    flags, totals = _flags_and_totals(out_dir, settings, found)
    with atomic_path(hands_path) as tmp:
        _write_hands(hands_path, found.sessions, facts, tmp)
    return _adjusted(entries, flags.filter(is_root())), totals


def _flags_and_totals(
    out_dir: Path, settings: AuditSettings, found: AcrossAudit
) -> tuple[pl.DataFrame, dict[str, Any]]:
    """The session flags (the audit applied the [rules.severity] overrides), written into
    violations.parquet with every flag's session_id (as audit.entry.all_flags puts them
    together); run.json's session (with the pools'), rake and addition totals."""
    from audit.sessions.pools import pool_totals

    hands_path, violations_path = out_dir / "hands.parquet", out_dir / "violations.parquet"
    flags = found.flags
    totals = session_totals(found.sessions, pl.scan_parquet(hands_path))
    totals["pools"] = pool_totals(found.pools)  # fast-fold pool pairs judged and not
    totals["rake"] = rake_totals(pl.scan_parquet(hands_path), settings.rake, found.rake_judged)
    seats = pl.scan_parquet(out_dir / "seats.parquet")
    totals["additions"] = addition_totals(seats, pl.scan_parquet(hands_path))
    earlier = _with_session(pl.scan_parquet(violations_path), found.sessions, ("session_id",))
    new = _in_layout(flags, pl.scan_parquet(hands_path), earlier.collect_schema())
    combined = pl.concat([earlier, new]).sort("hand_key", maintain_order=True).collect()
    with atomic_path(violations_path) as tmp:
        combined.write_parquet(tmp, **TABLE_PARQUET)
    return flags, totals
