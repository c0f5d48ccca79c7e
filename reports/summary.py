"""Aggregates for summary.csv, run.json and the HTML overview (Polars group_by, all lazy).

Flags are counted as root causes (`caused_by` null, audit/causes.py): `flags` and the severity
columns count roots, `consequences` the flags that follow from one of them.
"""

from __future__ import annotations

import polars as pl

from audit.violations import SEVERITIES, is_root
from reports.columns import day_label, neutralize_text_columns, stakes_label, start_day

DIMENSIONS: tuple[str, ...] = ("category", "code", "site", "stakes", "day")


def _labels() -> dict[str, pl.Expr]:
    """The labels flags and hands are grouped by, from a hands frame's columns."""
    return {
        "site": pl.col("site").fill_null("unknown"),
        "stakes": stakes_label(),
        "day": day_label(),
        "table_name": pl.col("table_name").fill_null(""),
        "hour": pl.col("started_at").dt.hour(),  # UTC hour of the day, null without a time
    }


def hand_context(hands: pl.LazyFrame) -> pl.LazyFrame:
    """One row per hand with the labels flags are grouped by."""
    return hands.select("hand_key", *[expr.alias(name) for name, expr in _labels().items()])


def flags_in_context(violations: pl.LazyFrame, hands: pl.LazyFrame) -> pl.LazyFrame:
    """Violations with their hand's stakes, day and table (site is on both: keep the flag's).

    Labels are built for flagged hands only (a semi join first): building stakes and day labels
    for every hand of a big run, in each query of the reports, was most of their time.
    """
    flagged = hands.join(violations.select("hand_key"), on="hand_key", how="semi")
    context = hand_context(flagged).drop("site")
    return violations.join(context, on="hand_key", how="left", maintain_order="left")


def _severity_counts() -> list[pl.Expr]:
    severity = pl.col("severity").cast(pl.String)
    return [((severity == sev) & is_root()).sum().alias(sev) for sev in SEVERITIES]


def counts_by(flags: pl.LazyFrame, key: str) -> pl.LazyFrame:
    """Root-cause flags, their consequences and flagged hands per value of `key`, the roots
    split by severity."""
    return flags.group_by(pl.col(key).alias("key")).agg(
        pl.col("hand_key").n_unique().alias("hands_flagged"),
        is_root().sum().alias("flags"),
        *_severity_counts(),
        (~is_root()).sum().alias("consequences"),
    )


#: Per label: the hands columns it is built from (hands_by counts hands per their values).
LABEL_SOURCES: dict[str, tuple[str, ...]] = {
    "site": ("site",),
    "stakes": ("structure", "small_blind", "big_blind", "scale", "currency", "is_tournament"),
    "table_name": ("table_name",),
}


def hands_by(hands: pl.LazyFrame, key: str) -> pl.LazyFrame:
    """Hands per label of `key`, counted per distinct source values first (a few stakes, days)
    so each label is built once per group, not once per hand."""
    if key == "day":
        sources = [start_day().alias("_date")]
        label = day_label(pl.col("_date"))
    else:
        sources = [pl.col(name) for name in LABEL_SOURCES[key]]
        label = _labels()[key]
    counted = hands.group_by(sources).agg(pl.len().alias("hands"))
    count_type = counted.collect_schema()["hands"]  # pl.len()'s, as a count of rows gives
    return counted.group_by(label.alias("key")).agg(pl.col("hands").sum().cast(count_type))


def summary_table(violations: pl.LazyFrame, hands: pl.LazyFrame) -> pl.DataFrame:
    """summary.csv: for each dimension (category, code, site, stakes, day) and value, hands,
    root-cause flags by severity and their consequences; in each dimension the rows with the
    most violations first, then warnings, then info (`worst_first`)."""
    flags = flags_in_context(violations, hands)
    parts = []
    for dimension in DIMENSIONS:  # four group_bys, not a loop over data
        counted = counts_by(flags, dimension)
        if dimension in ("category", "code"):
            counted = counted.with_columns(pl.lit(None, dtype=pl.UInt32).alias("hands"))
        else:
            counted = hands_by(hands, dimension).join(counted, on="key", how="full", coalesce=True)
        parts.append(counted.with_columns(pl.lit(dimension).alias("dimension")))
    columns = ["dimension", "key", "hands", "hands_flagged", "flags", *SEVERITIES, "consequences"]
    table = pl.concat([p.select(columns) for p in parts], how="vertical_relaxed").collect()
    counts = ["hands_flagged", "flags", *SEVERITIES, "consequences"]
    table = table.with_columns(pl.col(counts).fill_null(0))
    order = pl.col("dimension").replace_strict(
        {d: i for i, d in enumerate(DIMENSIONS)}, return_dtype=pl.Int8
    )
    table = table.sort(
        order, *worst_first(), pl.col("key"), descending=[False, True, True, True, False]
    )
    return neutralize_text_columns(table.lazy()).collect()


def worst_first() -> list[pl.Expr]:
    """Sort keys (each descending) that put violations first: most root-cause violations, then
    warnings, then info, so a code or site with one violation and a thousand info flags (the
    top-ups STACK-CARRY notes) comes after one with two violations, and before one with none."""
    return [pl.col(severity) for severity in SEVERITIES]


def _severity_order() -> pl.Expr:
    ranks = {name: index for index, name in enumerate(SEVERITIES)}
    return pl.col("severity").replace_strict(ranks, default=len(SEVERITIES), return_dtype=pl.Int8)


def code_counts(violations: pl.LazyFrame) -> pl.DataFrame:
    """Per code (with its category and severity): root-cause flags, consequences and hands;
    violations first, then warnings, then info, most root causes first within each."""
    counted = violations.group_by(
        "code", pl.col("category").fill_null("uncategorized"), pl.col("severity").cast(pl.String)
    ).agg(
        is_root().sum().alias("flags"),
        (~is_root()).sum().alias("consequences"),
        pl.col("hand_key").n_unique().alias("hands_flagged"),
    )
    return counted.sort(
        _severity_order(), "flags", "consequences", "code", descending=[False, True, True, False]
    ).collect()


def category_counts(violations: pl.LazyFrame) -> pl.DataFrame:
    """Root-cause flags per category: every declared category (zero or not) in the order they
    are declared, then any other the table holds (a newer rule set), then "uncategorized"."""
    from audit.rules._base import CATEGORIES

    named = violations.with_columns(pl.col("category").fill_null("uncategorized"))
    counted = counts_by(named, "category")
    seen = counted.select("key").collect().get_column("key").sort().to_list()
    others = [key for key in seen if key not in (*CATEGORIES, "uncategorized")]
    order = [*CATEGORIES, *others, *(["uncategorized"] if "uncategorized" in seen else [])]
    every = pl.LazyFrame({"key": order}, schema={"key": pl.String})
    joined = every.join(counted, on="key", how="left", maintain_order="left")
    return joined.with_columns(pl.exclude("key").fill_null(0)).collect()


def top_counts(flags: pl.LazyFrame, key: str, limit: int = 10) -> pl.DataFrame:
    """The `limit` values of `key` with the most violations (root causes), then most flags
    (tables, players)."""
    return (
        counts_by(flags.filter(pl.col(key).is_not_null() & (pl.col(key) != "")), key)
        .sort(["violation", "flags", "key"], descending=[True, True, False])
        .head(limit)
        .collect()
    )
