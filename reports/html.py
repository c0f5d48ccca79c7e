"""report.html: one self-contained page (inline CSS, JS and SVG charts; no network at all).

Rendered by Jinja2 with autoescaping on: player, table and file names are hostile input. The
page shows complete totals, and a bounded sample of flagged hands (see `HtmlLimits`), saying so.
Everything is listed worst first (violations, warnings, info); rules are grouped by category and
explained from the rule registry (reports/rule_notes.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import jinja2
import polars as pl

from audit.tables import AuditedTables
from audit.violations import SEVERITIES
from parsers.core.quarantine_reasons import NOT_READABLE_CODES
from reports.allowed import ALLOWED_LEGEND
from reports.atomic import write_text_atomic
from reports.charts import stacked_bars_svg
from reports.replay import flagged_hand_details
from reports.rule_notes import rule_notes
from reports.sample import HtmlLimits, hand_sample, shown_counts
from reports.summary import (
    category_counts,
    code_counts,
    counts_by,
    flags_in_context,
    top_counts,
    worst_first,
)

TEMPLATES = Path(__file__).with_name("templates")
MAX_CHART_BARS = 15
MAX_DAY_BARS = 120
HOURS = [f"{hour:02d}" for hour in range(24)]


_DICT_ATTRIBUTES = frozenset(dir(dict))


class _Environment(jinja2.Environment):
    """Jinja2 with `row.field` on a plain dict looked up as the item first: Jinja2 tries the
    attribute first, which for a dict exists only among dict's own (`items`, `get`, ...), so
    every other name raised and caught an AttributeError (~40 % of rendering a 400k run's
    page). The same value in every case: dict's own names still resolve as before."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def _environment() -> jinja2.Environment:
    return _Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,  # every variable is escaped, whatever the file extension
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _series(counts: pl.DataFrame) -> dict[str, list[int]]:
    return {severity: counts.get_column(severity).to_list() for severity in SEVERITIES}


def _chart(counts: pl.DataFrame, title: str, name: str, horizontal: bool = True) -> str | None:
    if counts.is_empty():
        return None
    labels = [str(label) for label in counts.get_column("key").to_list()]
    return stacked_bars_svg(labels, _series(counts), title, horizontal, name)


def _by_hour(flags: pl.LazyFrame) -> pl.DataFrame:
    """Root causes per UTC hour of the day, all 24 hours (hands without a time left out)."""
    counted = counts_by(flags.filter(pl.col("hour").is_not_null()), "hour").with_columns(
        pl.col("key").cast(pl.Int64)
    )
    every = pl.LazyFrame({"key": list(range(24))}, schema={"key": pl.Int64})
    joined = every.join(counted, on="key", how="left", maintain_order="left").fill_null(0)
    return joined.with_columns(pl.col("key").cast(pl.String).str.zfill(2)).collect()


def rule_bars(flags: pl.LazyFrame) -> pl.LazyFrame:
    """Per code, and per severity where a code raised more than one ("STACK-CARRY (info)":
    the hundreds of top-ups it notes are a bar of their own, after every violation, not the
    bar of its one violation): violations first, then warnings, then info, most first."""
    several = pl.col("severity").n_unique().over("code") > 1
    label = pl.when(several).then(
        pl.format("{} ({})", pl.col("code"), pl.col("severity").cast(pl.String))
    )
    keyed = flags.with_columns(label.otherwise(pl.col("code")).alias("_bar"))
    counted = counts_by(keyed, "_bar")
    return counted.sort(*worst_first(), "consequences", "key", descending=[True] * 4 + [False])


def build_charts(flags: pl.LazyFrame) -> dict[str, str | None]:
    """Flags by rule, by site and stakes, by day and by hour of the day, stacked by severity:
    each chart's SVG (reports/charts.py; None: no flags to draw)."""
    site_stakes = flags.with_columns(
        (pl.col("site").fill_null("unknown") + pl.lit(" · ") + pl.col("stakes")).alias("market")
    )
    by_market = counts_by(site_stakes, "market").sort(
        *worst_first(), "key", descending=[True, True, True, False]
    )
    days = counts_by(flags, "day").sort("key").collect()
    day_title = "Flags by day (UTC)"
    if days.height > MAX_DAY_BARS:
        day_title += f", last {MAX_DAY_BARS} of {days.height} days"
    by_rule = rule_bars(flags).collect()
    rule_title = "Flags by rule"
    if by_rule.height > MAX_CHART_BARS * 2:
        rule_title += f" (top {MAX_CHART_BARS * 2} of {by_rule.height})"
    return {
        "by_rule": _chart(by_rule.head(MAX_CHART_BARS * 2), rule_title, "rule"),
        "by_market": _chart(
            by_market.head(MAX_CHART_BARS).collect(),
            f"Flags by site and stakes (top {MAX_CHART_BARS})",
            "market",
        ),
        "by_day": _chart(days.tail(MAX_DAY_BARS), day_title, "day", horizontal=False),
        "by_hour": _chart(_by_hour(flags), "Flags by hour of the day (UTC)", "hour", False),
    }


#: The columns of the flags in context the charts and the top tables and players count.
COUNTED: tuple[str, ...] = ("hand_key", "code", "severity", "caused_by", "site", "stakes", "day",
                            "hour", "table_name", "player")  # fmt: skip


def counted_flags(violations: pl.LazyFrame, hands: pl.LazyFrame) -> pl.LazyFrame:
    """The flags in their hands' context, read once with the columns six counts read (each
    count joined the violations to the hands again: ~0.1 s at 400k hands)."""
    return flags_in_context(violations, hands).select(COUNTED).collect().lazy()


def _code_sections(violations: pl.LazyFrame, shown: pl.Series) -> list[dict[str, Any]]:
    """The per-rule rows, grouped by category (declared order), violations first in each; per
    row the flags the shown hands list (`shown`: their hand keys)."""
    counts = (
        code_counts(violations)
        .join(shown_counts(violations, shown).collect(), on=["code", "severity"], how="left")
        .with_columns(pl.col("shown").fill_null(0))
    )
    sections = []
    for category in category_counts(violations).to_dicts():  # a handful of categories
        rows = counts.filter(pl.col("category") == category["key"])
        if rows.height:
            sections.append({**category, "codes": rows.to_dicts()})
    return sections


def _quarantine(quarantine: pl.LazyFrame, limit: int) -> tuple[list[dict[str, Any]], int]:
    total = quarantine.select(pl.len()).collect().item()
    return quarantine.head(limit).collect().to_dicts(), total


def _quarantine_codes(quarantine: pl.LazyFrame) -> list[dict[str, Any]]:
    """Quarantine rows per reason code, most first (an older table without codes: none)."""
    if "reason_code" not in quarantine.collect_schema().names():
        return []
    counts = quarantine.group_by("reason_code").agg(pl.len().alias("rows"))
    return counts.sort(["rows", "reason_code"], descending=[True, False]).collect().to_dicts()


FILE_OUTCOMES: tuple[str, ...] = ("error", "flagged", "quarantined", "clean")
_HAND_COUNTS: tuple[str, ...] = ("hands_read", "hands_audited", "hands_quarantined", "flags")


def _outcome() -> pl.Expr:
    """A file's outcome: error, flagged (a flag, quarantined hands or not), quarantined, clean."""
    return (
        pl.when(pl.col("error"))
        .then(pl.lit("error"))
        .when(pl.col("flags") > 0)
        .then(pl.lit("flagged"))
        .when(pl.col("hands_quarantined") > 0)
        .then(pl.lit("quarantined"))
        .otherwise(pl.lit("clean"))
    )


def file_summary(files: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Input files per site: how many, how many per outcome (FILE_OUTCOMES), hands and flags
    summed; what the page shows before the full list (one row a site)."""
    if not files:
        return []
    frame = pl.DataFrame(
        {
            "site": [entry.get("site") or "unknown" for entry in files],
            "error": [bool(entry.get("error")) for entry in files],
            **{name: [int(entry.get(name) or 0) for entry in files] for name in _HAND_COUNTS},
        }
    ).with_columns(_outcome().alias("outcome"))
    per_outcome = [(pl.col("outcome") == name).sum().alias(name) for name in FILE_OUTCOMES]
    summed = frame.group_by("site").agg(
        pl.len().alias("files"), *per_outcome, pl.col(*_HAND_COUNTS).sum()
    )
    return summed.sort(["flags", "files", "site"], descending=[True, True, False]).to_dicts()


def _totals(totals: Mapping[str, Any]) -> dict[str, Any]:
    """run.json totals, with the counts a record from before root causes lacks."""
    defaults = {"consequences": 0, "flags_total": totals.get("flags", 0), "likely_conventions": []}
    return {**defaults, **totals}


#: Quarantine reason codes of hands left out by design, not for a fault: later copies,
#: cancelled hands, games and formats hhaudit does not audit, files that hold no hand history.
#: The page counts them in grey, apart from the hands that could not be read (in red).
NOT_AUDITED_BY_DESIGN: tuple[str, ...] = (*NOT_READABLE_CODES, "not_a_hand_history")


def quarantine_split(totals: Mapping[str, Any]) -> dict[str, Any]:
    """The top of the page's quarantine figures from run.json's `quarantine_by_code`: entries
    that could not be read (every code not NOT_AUDITED_BY_DESIGN, a new one too) and, per code,
    those left out by design. A record without the codes counts every quarantined hand as
    unreadable."""
    by_code = totals.get("quarantine_by_code")
    if by_code is None:
        return {"unreadable": totals.get("hands_quarantined", 0), "by_design": []}
    designed = [(code, n) for code, n in by_code.items() if code in NOT_AUDITED_BY_DESIGN and n]
    unreadable = sum(n for code, n in by_code.items() if code not in NOT_AUDITED_BY_DESIGN)
    return {"unreadable": unreadable, "by_design": designed}


def rake_by_site(totals: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """Per site of the run, whether its rake was audited (run.json totals.rake: `audited`, and
    `hands` and `source` or the `reason`); None for a record from before rake was audited."""
    found = totals.get("rake")
    if found is None:
        return None
    blank = {"audited": False, "hands": None, "source": None, "reason": None}
    return [{**blank, "site": site, **entry} for site, entry in sorted(found.items())]


def pools_by_site(totals: Mapping[str, Any]) -> dict[str, Any] | None:
    """run.json totals.sessions.pools (audit/sessions/pools.py): the fast-fold pool pairs
    judged and left unjudged, per site, and why; None when the run has no pool hand (or is
    from before pools were read)."""
    found = (totals.get("sessions") or {}).get("pools")
    if not found or not (found.get("hands") or found.get("pairs")):
        return None
    rows = [{"site": site, **counts} for site, counts in sorted(found["by_site"].items())]
    return {**found, "rows": rows}


def _codes_on_page(sections: list[dict[str, Any]], hands: list[dict[str, Any]]) -> list[str]:
    codes = [row["code"] for section in sections for row in section["codes"]]
    extra = {code for hand in hands for code in hand.get("codes") or []} - set(codes)
    return [*codes, *sorted(extra)]


def report_context(
    tables: AuditedTables[pl.LazyFrame],
    run: Mapping[str, Any],
    limits: HtmlLimits,
) -> dict[str, Any]:
    """Everything the template shows, computed with Polars and bounded in size."""
    hands, violations = tables.hands, tables.violations
    flags = counted_flags(violations, hands)
    quarantine_rows, quarantine_total = _quarantine(tables.quarantine, limits.quarantine_rows)
    sample = hand_sample(violations, limits)
    files = list(run.get("files", []))
    sections = _code_sections(violations, sample.keys)
    shown_hands = flagged_hand_details(tables, sample.keys, run)
    return {
        "run": run,
        "totals": _totals(run["totals"]),
        "files": files[: limits.file_rows],
        "files_total": len(files),
        "file_summary": file_summary(files),
        "file_outcomes": FILE_OUTCOMES,
        "sections": sections,
        "codes": [row for section in sections for row in section["codes"]],
        "rules": rule_notes(_codes_on_page(sections, shown_hands)),
        "categories": category_counts(violations).to_dicts(),
        "rake_sites": rake_by_site(run["totals"]),
        "quarantined": quarantine_split(run["totals"]),
        "pools": pools_by_site(run["totals"]),
        "top_tables": top_counts(flags, "table_name", limits.top).to_dicts(),
        "top_players": top_counts(flags, "player", limits.top).to_dicts(),
        "hands": shown_hands,
        "has_cards": tables.cards is not None,
        "shown_flags": sum(hand["flags"] for hand in shown_hands),
        "sample": sample,
        "quarantine": quarantine_rows,
        "quarantine_total": quarantine_total,
        "quarantine_codes": _quarantine_codes(tables.quarantine),
        "limits": limits,
        "severities": SEVERITIES,
        "allowed_legend": ALLOWED_LEGEND,
        "charts": build_charts(flags),
    }


def render_report(
    tables: AuditedTables[pl.LazyFrame],
    run: Mapping[str, Any],
    limits: HtmlLimits | None = None,
) -> str:
    template = _environment().get_template("report.html")
    return template.render(**report_context(tables, run, limits or HtmlLimits()))


def write_report(
    destination: Path,
    tables: AuditedTables[pl.LazyFrame],
    run: Mapping[str, Any],
    limits: HtmlLimits | None = None,
) -> None:
    write_text_atomic(destination, render_report(tables, run, limits))
