"""Report writers: Parquet tables, CSV files (formula-safe), summary and the HTML report.

`write_reports(out_dir, tables, run)` writes every file but the Parquet tables and run.json,
from lazy scans of the combined tables; each file is written atomically.

The writers (and reports.html: Jinja2, ~0.3 s of imports) are imported when the report is
written, so importing this package, or its atomic writing (reports.atomic, which the run and the
CLI use), is cheap; `hhaudit run` imports reports.html in the background meanwhile
(`HTML_MODULE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import polars as pl

    from audit.tables import AuditedTables
    from reports.replay import HtmlLimits

__all__ = ["write_reports"]

HTML_MODULE = "reports.html"
REPORT_FILES: tuple[str, ...] = ("violations.csv", "summary.csv", "quarantine.csv", "report.html")


def write_reports(
    out_dir: Path,
    tables: AuditedTables[pl.LazyFrame],
    run: Mapping[str, Any],
    limits: HtmlLimits | None = None,
) -> dict[str, Path]:
    """Write violations.csv, summary.csv, quarantine.csv and report.html into `out_dir`."""
    from reports.csv import quarantine_csv_frame, violations_csv_frame, write_csv
    from reports.html import write_report
    from reports.summary import summary_table

    paths = {name: out_dir / name for name in REPORT_FILES}
    write_csv(violations_csv_frame(tables.violations, tables.hands), paths["violations.csv"])
    write_csv(summary_table(tables.violations, tables.hands), paths["summary.csv"])
    write_csv(quarantine_csv_frame(tables.quarantine), paths["quarantine.csv"])
    write_report(paths["report.html"], tables, run, limits)
    return paths
