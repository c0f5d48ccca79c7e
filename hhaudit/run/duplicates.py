"""The same hand twice in one run: audited once, later copies quarantined as duplicates.

A hand is identified by (site, hand_id) and its betting: a fingerprint of its actions (street,
player, kind, amounts, in order). Two exports of one hand (e.g. from two players' seats) have the
same betting; a hand id reused by a *different* hand (a site bug, or test exports that recycle
ids) is not a copy: both are audited, and run.json `totals.hand_id_reused` counts them.
The first copy in run order (files in input order,
hands in file order) stays audited; every later copy, in the same file or another, leaves the
hands/seats/actions/violations tables and becomes a quarantine row whose reason names the first
copy: `duplicate of <file>:<line>`. The copy is still counted in its file's `hands_read` and now
in `hands_quarantined`, so `hands_read == hands_audited + hands_quarantined` keeps holding and
`hands_read` still equals the hand headers in the inputs. run.json `totals.duplicates` says how
many of the quarantined hands are duplicates.

Works on the combined Parquet files of a run (after `combine_parts`), so it is the same for a
full run and a `--resume` run; files are rewritten (atomically) only when duplicates exist.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

import polars as pl

from hhaudit.run.batch import FileEntry
from hhaudit.run.parts import TABLE_PARQUET
from reports.atomic import atomic_path

KEYED_TABLES = ("hands", "seats", "actions", "cards", "violations", "pots", "payouts")
DUPLICATE_PREFIX = "duplicate of "


IDENTITY = ("site", "hand_id")
BETTING = "_betting"  # the fingerprint column: same value = same betting
BETTING_COLUMNS = ("seq", "street", "player", "kind", "amount", "to_amount")
QUARANTINE_FROM_HANDS = ("site", "source_file", "line_no", "hand_id")


def _identified() -> pl.Expr:
    """Hands with an id (a hand without one cannot be a copy)."""
    return pl.col("hand_id").is_not_null() & (pl.col("hand_id") != "")


def has_repeats(hands: pl.LazyFrame) -> bool:
    """Whether any (site, hand_id) occurs twice: one hashing pass, ~20x cheaper than the
    ordered windows of find_duplicates, which most runs (no repeats) can then skip."""
    rows, unique = (
        hands.filter(_identified())
        .select(pl.len(), pl.struct(IDENTITY).n_unique())
        .collect()
        .row(0)
    )
    return rows > unique


def betting_fingerprints(actions: pl.LazyFrame) -> pl.LazyFrame:
    """hand_key → a 64-bit fingerprint of the hand's actions (order included through `seq`).

    Hashes are summed (wrapping), so the row order of the table does not matter."""
    row_hash = pl.struct(BETTING_COLUMNS).hash(seed=0)
    return actions.group_by("hand_key").agg(row_hash.sum().alias(BETTING))


def _with_betting(hands: pl.LazyFrame, actions: pl.LazyFrame | None) -> pl.LazyFrame:
    if actions is None:
        return hands.with_columns(pl.lit(0, dtype=pl.UInt64).alias(BETTING))
    fingerprints = betting_fingerprints(actions.select("hand_key", *BETTING_COLUMNS))
    joined = hands.join(fingerprints, on="hand_key", how="left", maintain_order="left")
    return joined.with_columns(pl.col(BETTING).fill_null(0))


def find_duplicates(hands: pl.LazyFrame, actions: pl.LazyFrame | None = None) -> pl.DataFrame:
    """Later copies of a hand: hand_key, site, source_file, line_no, hand_id, reason.

    With `actions`, a later hand is a copy only when its betting matches an earlier hand of the
    same (site, hand_id); without, the id alone decides."""
    identity = [*IDENTITY, BETTING]
    keep = [*QUARANTINE_FROM_HANDS, *(["hand_uid"] if "hand_uid" in hands.collect_schema() else [])]
    selected = hands.select("hand_key", *keep)
    ordered = _with_betting(selected.filter(_identified()), actions)
    first = pl.col("source_file").first().over(identity, order_by="hand_key")
    first_line = pl.col("line_no").first().over(identity, order_by="hand_key")
    later = pl.int_range(pl.len()).over(identity, order_by="hand_key") > 0
    reason = pl.concat_str(
        pl.lit(DUPLICATE_PREFIX), first, pl.lit(":"), first_line.cast(pl.String), ignore_nulls=True
    )
    return (
        ordered.with_columns(reason.alias("reason"), later.alias("_later"))
        .filter(pl.col("_later"))
        .drop("_later", BETTING)
        .sort("hand_key")
        .collect()
    )


def _rewrite(path: Path, frame: pl.LazyFrame) -> None:
    with atomic_path(path) as tmp:
        frame.sink_parquet(tmp, **TABLE_PARQUET)


def _quarantine_rows(duplicates: pl.DataFrame, schema: pl.Schema, run_id: str) -> pl.DataFrame:
    """The copies as quarantine rows, with the first copy's hand_uid (the same hand)."""
    from parsers.schema import with_derived

    columns = [*QUARANTINE_FROM_HANDS, "reason", "hand_uid"]
    present = [name for name in columns if name in duplicates.columns]
    rows = with_derived(duplicates.select(present), "quarantine")
    rows = rows.with_columns(run_id=pl.lit(run_id))
    return rows.select(
        (pl.col(name) if name in rows.columns else pl.lit(None)).cast(dtype).alias(name)
        for name, dtype in schema.items()
    )


def _adjusted(
    entries: Sequence[FileEntry], duplicates: pl.DataFrame, violations: pl.LazyFrame
) -> list[FileEntry]:
    """Entries with each file's duplicates moved from audited to quarantined, flags removed."""
    keys = duplicates.select("hand_key", "source_file")
    flags = (
        violations.filter(pl.col("caused_by").is_null())  # entries count root causes
        .select("hand_key", pl.col("severity").cast(pl.String))
        .join(keys.lazy(), on="hand_key")
        .group_by("source_file")
        .agg(pl.len().alias("flags"), (pl.col("severity") == "violation").sum().alias("viol"))
        .collect()
    )
    hands = dict(duplicates.group_by("source_file").len().iter_rows())
    flag_of = {row[0]: (row[1], row[2]) for row in flags.iter_rows()}
    adjusted = []
    for entry in entries:  # a loop over files
        copies = hands.get(entry.path, 0)
        if not copies:
            adjusted.append(entry)
            continue
        dropped_flags, dropped_violations = flag_of.get(entry.path, (0, 0))
        adjusted.append(
            dataclasses.replace(
                entry,
                hands_audited=entry.hands_audited - copies,
                hands_quarantined=entry.hands_quarantined + copies,
                flags=entry.flags - dropped_flags,
                violations=entry.violations - dropped_violations,
            )
        )
    return adjusted


def drop_duplicates(
    out_dir: Path, entries: Sequence[FileEntry], run_id: str = ""
) -> tuple[list[FileEntry], int]:
    """Quarantine later copies in the combined tables of `out_dir`; return (entries, count)."""
    hands = pl.scan_parquet(out_dir / "hands.parquet")
    if not has_repeats(hands):
        return list(entries), 0
    duplicates = find_duplicates(hands, pl.scan_parquet(out_dir / "actions.parquet"))
    if duplicates.is_empty():
        return list(entries), 0
    violations = pl.scan_parquet(out_dir / "violations.parquet")
    adjusted = _adjusted(entries, duplicates, violations)
    # a filter keeps the combined order (an anti join gave the rows in any order: actions and
    # cards of the real corpus differed from one run to the next)
    kept = ~pl.col("hand_key").is_in(duplicates.get_column("hand_key").implode())
    for table in KEYED_TABLES:
        path = out_dir / f"{table}.parquet"
        _rewrite(path, pl.scan_parquet(path).filter(kept))
    _append_quarantine(out_dir / "quarantine.parquet", duplicates, entries, run_id)
    return adjusted, duplicates.height


def _append_quarantine(
    path: Path, duplicates: pl.DataFrame, entries: Sequence[FileEntry], run_id: str
) -> None:
    """Duplicate rows merged into the quarantine, in file order then line order."""
    existing = pl.read_parquet(path)
    merged = pl.concat([existing, _quarantine_rows(duplicates, existing.schema, run_id)])
    position = {entry.path: index for index, entry in enumerate(entries)}
    order = pl.col("source_file").replace_strict(position, default=len(position))
    merged = merged.sort(order, pl.col("line_no"), nulls_last=False, maintain_order=True)
    with atomic_path(path) as tmp:
        merged.write_parquet(tmp, **TABLE_PARQUET)


def reused_hand_ids(out_dir: Path) -> int:
    """Audited hands that share their (site, hand_id) with another audited hand: after
    `drop_duplicates` these are different hands under one id (totals.hand_id_reused)."""
    hands = pl.scan_parquet(out_dir / "hands.parquet").filter(_identified())
    if not has_repeats(hands):
        return 0
    shared = pl.len().over(list(IDENTITY)) > 1
    return int(hands.select(shared.sum()).collect().item())


def settle_duplicates(
    out_dir: Path, entries: Sequence[FileEntry], run_id: str = ""
) -> tuple[list[FileEntry], int, int]:
    """`drop_duplicates` then `reused_hand_ids`: (entries, duplicates, reused ids). A run
    without any repeated (site, hand_id), the common case, is found so by one scan of the
    hands, not two (the table is then left as it is, so the second would find none again)."""
    if not has_repeats(pl.scan_parquet(out_dir / "hands.parquet")):
        return list(entries), 0, 0
    adjusted, duplicates = drop_duplicates(out_dir, entries, run_id)
    return adjusted, duplicates, reused_hand_ids(out_dir)
