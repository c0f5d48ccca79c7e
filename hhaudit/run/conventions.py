"""Likely export conventions: one accounting code on a large share of one file's hands.

A real fault is rare; the same accounting flag on a fifth of a file's hands is far more likely a
convention of the export (what its pot means, whether it prints uncalled bets) that hhaudit
does not model yet than that many faults. The run says so next to the counts (run.json: each
file's `conventions` and `totals.likely_conventions`; the report), and keeps every flag.

Threshold: at least MIN_HANDS hands and at least MIN_SHARE of the file's audited hands carry the
code (a hand counts once per code, whether the flag is a root cause or follows from one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl

from hhaudit.run.batch import FileEntry

MIN_HANDS = 5
MIN_SHARE = 0.20


def note(code: str, hands: int, audited: int) -> str:
    return (
        f"{code} on {hands} of {audited} hands of this file: more likely a convention of the "
        f"export than {hands} faults"
    )


def likely_conventions(
    entries: Sequence[FileEntry], violations: pl.LazyFrame
) -> list[dict[str, Any]]:
    """[{file, code, hands, audited, share, note}] for every (file, accounting code) above the
    threshold, in file order then by hands (most first)."""
    audited = pl.LazyFrame(
        {
            "source_file": [entry.path for entry in entries],
            "audited": [entry.hands_audited for entry in entries],
            "_order": list(range(len(entries))),
        },
        schema={"source_file": pl.String, "audited": pl.Int64, "_order": pl.Int64},
    )
    counted = (
        violations.filter(pl.col("category") == "accounting")
        .group_by("source_file", "code")
        .agg(pl.col("hand_key").n_unique().cast(pl.Int64).alias("hands"))
        .join(audited, on="source_file", how="inner")
        .filter((pl.col("hands") >= MIN_HANDS) & (pl.col("hands") >= MIN_SHARE * pl.col("audited")))
        .sort(["_order", "hands", "code"], descending=[False, True, False])
        .collect()
    )
    return [
        {
            "file": row["source_file"],
            "code": row["code"],
            "hands": row["hands"],
            "audited": row["audited"],
            "share": round(row["hands"] / row["audited"], 4),
            "note": note(row["code"], row["hands"], row["audited"]),
        }
        for row in counted.iter_rows(named=True)
    ]
