"""report.html: one self-contained page (inline CSS, JS and SVG charts; no network at all).

Rendered by Jinja2 with autoescaping on: player, table and file names are hostile input. The
page shows complete totals, and a bounded sample of flagged hands (see `HtmlLimits`), saying so.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jinja2
import polars as pl

from audit.violations import SEVERITIES
from reports.atomic import write_text_atomic
from reports.charts import stacked_bars_svg
from reports.replay import HtmlLimits, flagged_hand_details, sample_flags
from reports.summary import category_counts, code_counts, counts_by, flags_in_context, top_counts

TEMPLATES = Path(__file__).with_name("templates")
MAX_CHART_BARS = 15
MAX_DAY_BARS = 120
WIDE_DAY_CHART = 20  # more days than this: the day chart spans the page


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # every variable is escaped, whatever the file extension
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _series(counts: pl.DataFrame) -> dict[str, list[int]]:
    return {severity: counts.get_column(severity).to_list() for severity in SEVERITIES}


def _chart(counts: pl.DataFrame, title: str, horizontal: bool = True) -> str | None:
    if counts.is_empty():
        return None
    labels = [str(label) for label in counts.get_column("key").to_list()]
    return stacked_bars_svg(labels, _series(counts), title, horizontal=horizontal)


def build_charts(flags: pl.LazyFrame) -> dict[str, Any]:
    """The three charts: flags by rule, by site and stakes, by day."""
    by_rule = counts_by(flags, "code").sort(["flags", "key"], descending=[True, False])
    site_stakes = flags.with_columns(
        (pl.col("site").fill_null("unknown") + pl.lit(" · ") + pl.col("stakes")).alias("market")
    )
    by_market = counts_by(site_stakes, "market").sort(["flags", "key"], descending=[True, False])
    days = counts_by(flags, "day").sort("key").collect()
    day_title = "Flags by day (UTC)"
    if days.height > MAX_DAY_BARS:
        day_title += f", last {MAX_DAY_BARS} of {days.height} days"
    return {
        "by_rule": _chart(by_rule.collect(), "Flags by rule"),
        "by_market": _chart(
            by_market.head(MAX_CHART_BARS).collect(),
            f"Flags by site and stakes (top {MAX_CHART_BARS})",
        ),
        "by_day": _chart(days.tail(MAX_DAY_BARS), day_title, horizontal=False),
        "by_day_wide": days.height > WIDE_DAY_CHART,
    }


def _code_rows(violations: pl.LazyFrame, per_code: int) -> list[dict[str, Any]]:
    counts = code_counts(violations)
    return counts.with_columns(
        pl.min_horizontal(pl.col("flags") + pl.col("consequences"), pl.lit(per_code)).alias("shown")
    ).to_dicts()


def _quarantine(quarantine: pl.LazyFrame, limit: int) -> tuple[list[dict[str, Any]], int]:
    total = quarantine.select(pl.len()).collect().item()
    return quarantine.head(limit).collect().to_dicts(), total


def _quarantine_codes(quarantine: pl.LazyFrame) -> list[dict[str, Any]]:
    """Quarantine rows per reason code, most first (an older table without codes: none)."""
    if "reason_code" not in quarantine.collect_schema().names():
        return []
    counts = quarantine.group_by("reason_code").agg(pl.len().alias("rows"))
    return counts.sort(["rows", "reason_code"], descending=[True, False]).collect().to_dicts()


def _totals(totals: Mapping[str, Any]) -> dict[str, Any]:
    """run.json totals, with the counts a record from before root causes lacks."""
    defaults = {"consequences": 0, "flags_total": totals.get("flags", 0), "likely_conventions": []}
    return {**defaults, **totals}


def report_context(
    tables: Mapping[str, pl.LazyFrame], run: Mapping[str, Any], limits: HtmlLimits
) -> dict[str, Any]:
    """Everything the template shows, computed with Polars and bounded in size."""
    hands, violations = tables["hands"], tables["violations"]
    flags = flags_in_context(violations, hands)
    quarantine_rows, quarantine_total = _quarantine(tables["quarantine"], limits.quarantine_rows)
    shown_flags = sample_flags(violations, limits.per_code).select(pl.len()).collect().item()
    files = list(run.get("files", []))
    return {
        "run": run,
        "totals": _totals(run["totals"]),
        "files": files[: limits.file_rows],
        "files_total": len(files),
        "codes": _code_rows(violations, limits.per_code),
        "categories": category_counts(violations).to_dicts(),
        "charts": build_charts(flags),
        "top_tables": top_counts(flags, "table_name", limits.top).to_dicts(),
        "top_players": top_counts(flags, "player", limits.top).to_dicts(),
        "hands": flagged_hand_details(hands, tables["actions"], violations, limits),
        "shown_flags": shown_flags,
        "quarantine": quarantine_rows,
        "quarantine_total": quarantine_total,
        "quarantine_codes": _quarantine_codes(tables["quarantine"]),
        "limits": limits,
        "severities": SEVERITIES,
    }


def render_report(
    tables: Mapping[str, pl.LazyFrame], run: Mapping[str, Any], limits: HtmlLimits | None = None
) -> str:
    context = report_context(tables, run, limits or HtmlLimits())
    return _environment().get_template("report.html").render(**context)


def write_report(
    destination: Path,
    tables: Mapping[str, pl.LazyFrame],
    run: Mapping[str, Any],
    limits: HtmlLimits | None = None,
) -> None:
    write_text_atomic(destination, render_report(tables, run, limits))
