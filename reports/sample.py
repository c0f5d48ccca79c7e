"""Which flagged hands report.html replays: every hand with a violation, a sample of the rest.

A violation is what a person triages, so no per-rule cap ever leaves one out: every hand with a
violation-severity flag is shown (up to `HtmlLimits.violation_hands`, a bound on the page's size
that a real run does not reach; the page says so when it does). Warnings and info are capped per
rule and severity (`per_code` flags each), then `max_hands` hands in all: a rule that notes
hundreds of top-ups (STACK-CARRY's info) shows twenty of them and never crowds out its own
violation. Chosen with filters, group_by/head and unique, no loop over flags.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from reports.columns import severity_rank


@dataclass(frozen=True)
class HtmlLimits:
    """How much detail the report shows; totals are always complete."""

    per_code: int = 20  # warning and info flags shown per rule and severity
    max_hands: int = 300  # hands shown for warnings and info (violations: violation_hands)
    violation_hands: int = 500  # every hand with a violation, up to this many (page size)
    quarantine_rows: int = 300
    file_rows: int = 300
    top: int = 10


def is_violation() -> pl.Expr:
    return pl.col("severity").cast(pl.String) == "violation"


def capped_flags(violations: pl.LazyFrame, per_code: int) -> pl.LazyFrame:
    """The first `per_code` warning and info flags of each rule and severity, in table order."""
    others = violations.filter(~is_violation())
    return others.group_by("code", "severity", maintain_order=True).head(per_code)


@dataclass(frozen=True)
class HandSample:
    """The hands the page shows (violation hands first, in table order) and what it leaves out."""

    keys: pl.Series  # hand_key of every shown hand, in the order the sample took them
    violation_hands: int  # hands with a violation flag in the run
    violation_hands_shown: int

    @property
    def every_violation(self) -> bool:
        return self.violation_hands_shown == self.violation_hands


def hand_sample(violations: pl.LazyFrame, limits: HtmlLimits) -> HandSample:
    """Every hand with a violation (up to `limits.violation_hands`), then the hands of the capped
    warnings and info not among them, those with a warning first (up to `limits.max_hands`)."""
    flagged = violations.filter(is_violation()).select("hand_key")
    unique = flagged.unique(maintain_order=True).collect().get_column("hand_key")
    with_violation = unique.head(limits.violation_hands)
    sample = capped_flags(violations, limits.per_code).select("hand_key", "severity")
    ordered = sample.with_columns(severity_rank().alias("rank")).sort("rank", maintain_order=True)
    others = ordered.select("hand_key").unique(maintain_order=True).collect().get_column("hand_key")
    others = others.filter(~others.is_in(unique.implode())).head(limits.max_hands)
    return HandSample(pl.concat([with_violation, others]), unique.len(), with_violation.len())


def shown_counts(violations: pl.LazyFrame, keys: pl.Series) -> pl.LazyFrame:
    """Per rule and severity, the flags (root causes and consequences) in the shown hands: a
    shown hand lists every flag it has."""
    shown = violations.filter(pl.col("hand_key").is_in(keys.implode()))
    return shown.group_by("code", pl.col("severity").cast(pl.String)).agg(pl.len().alias("shown"))
