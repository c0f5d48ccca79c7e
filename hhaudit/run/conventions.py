"""Likely export conventions: one accounting code on a large share of one file's hands.

A real fault is rare; the same accounting flag on a fifth of a file's hands is far more likely a
convention of the export (what its pot means, whether it prints uncalled bets) that hhaudit
does not model yet than that many faults. The run says so next to the counts (run.json: each
file's `conventions` and `totals.likely_conventions`; the report), and keeps every flag.

Threshold: at least MIN_HANDS hands and at least MIN_SHARE of the file's audited hands carry the
code (a hand counts once per code, whether the flag is a root cause or follows from one).

Odd chips: a site places the odd chips of its split pots its own way, and most sites' rule is
not configured (option `odd_chip_configured`). Every POT-SPLIT on the odd chips alone of such a
site (a warning, audit/showdown/sentences.py) is counted per file, with how many of them the
other `odd_chip` rule explains: the site's rule measured from its splits, whatever their number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import polars as pl

from audit.showdown.sentences import ODD_CHIP_UNCONFIGURED
from hhaudit.run.batch import FileEntry

MIN_HANDS = 5
MIN_SHARE = 0.20


def note(code: str, hands: int, audited: int) -> str:
    return (
        f"{code} on {hands} of {audited} hands of this file: more likely a convention of the "
        f"export than {hands} faults"
    )


def odd_chip_note(hands: int, explained: int, other: str | None) -> str:
    """The note of a file whose splits place odd chips by a site rule not configured."""
    fits = f"; in {explained} of them they are where odd_chip = {other} puts them"
    faults = "a fault" if hands == 1 else f"{hands} faults"
    return (
        f"POT-SPLIT on the odd chips alone in {hands} split pot(s) of this file"
        f"{fits if explained else ''}: the site's odd-chip rule is not configured, and this is "
        f"more likely its own rule than {faults} (set odd_chip for the site once known)"
    )


def _audited(entries: Sequence[FileEntry]) -> pl.LazyFrame:
    return pl.LazyFrame(
        {
            "source_file": [entry.path for entry in entries],
            "audited": [entry.hands_audited for entry in entries],
            "_order": list(range(len(entries))),
        },
        schema={"source_file": pl.String, "audited": pl.Int64, "_order": pl.Int64},
    )


def _entry(row: dict[str, Any], note_text: str) -> dict[str, Any]:
    return {
        "file": row["source_file"],
        "code": row["code"],
        "hands": row["hands"],
        "audited": row["audited"],
        "share": round(row["hands"] / row["audited"], 4) if row["audited"] else 0.0,
        "note": note_text,
    }


def _odd_chip_rows(violations: pl.LazyFrame, audited: pl.LazyFrame) -> pl.DataFrame:
    """Per file: the POT-SPLIT flags on the odd chips alone of a site whose rule is not
    configured, and how many the other rule explains (ODD_CHIP_UNCONFIGURED, the "(but where
    <rule> puts them)" of the sentence)."""
    message = pl.col("message")
    other = message.str.extract(r"\(but where (\w+) puts them\)")
    return (
        violations.filter(
            (pl.col("code") == "POT-SPLIT")
            & message.str.contains(ODD_CHIP_UNCONFIGURED, literal=True)
        )
        .group_by("source_file", "code")
        .agg(
            pl.col("hand_key").n_unique().cast(pl.Int64).alias("hands"),
            other.is_not_null().sum().cast(pl.Int64).alias("explained"),
            other.drop_nulls().first().alias("other"),
        )
        .join(audited, on="source_file", how="inner")
        .collect()
    )


def likely_conventions(
    entries: Sequence[FileEntry], violations: pl.LazyFrame
) -> list[dict[str, Any]]:
    """[{file, code, hands, audited, share, note}] for every (file, accounting code) above the
    threshold and every file with odd chips placed by an unconfigured site rule, in file order
    then by hands (most first)."""
    audited = _audited(entries)
    counted = (
        violations.filter(pl.col("category") == "accounting")
        .group_by("source_file", "code")
        .agg(pl.col("hand_key").n_unique().cast(pl.Int64).alias("hands"))
        .join(audited, on="source_file", how="inner")
        .filter((pl.col("hands") >= MIN_HANDS) & (pl.col("hands") >= MIN_SHARE * pl.col("audited")))
        .collect()
    )
    has_messages = "message" in violations.collect_schema().names()
    odd = _odd_chip_rows(violations, audited) if has_messages else pl.DataFrame()
    found = [
        (row, note(row["code"], row["hands"], row["audited"]))
        for row in counted.iter_rows(named=True)
    ]
    found += [
        (row, odd_chip_note(row["hands"], row["explained"], row["other"]))
        for row in odd.iter_rows(named=True)
    ]  # a loop over the (few) notes
    found.sort(key=lambda item: (item[0]["_order"], -item[0]["hands"], item[0]["code"]))
    return [_entry(row, text) for row, text in found]
