"""`hhaudit parse PATH... --out DIR`: dump the canonical tables and a run.json of counts."""

from __future__ import annotations

import json
from pathlib import Path

import click

from parsers import ParsedTables, parse_paths
from parsers.schema import TABLES, written
from reports.atomic import atomic_path

TABLE_NAMES = tuple(TABLES)  # hands, seats, actions, cards, quarantine


def run_summary(tables: ParsedTables) -> dict[str, object]:
    """Counts for run.json: totals, then one entry per input file."""
    files = tables.files
    return {
        "files": len(files),
        "hands_read": sum(f.hands_read for f in files),
        "hands_parsed": sum(f.hands_parsed for f in files),
        "hands_quarantined": sum(f.hands_quarantined for f in files),
        "inputs": [
            {
                "path": f.path,
                "sha256": f.sha256,
                "size": f.size,
                "site": f.site,
                "encoding": f.encoding,
                "hands": f.hands_read,
                "parsed": f.hands_parsed,
                "quarantined": f.hands_quarantined,
                "error": f.error,
            }
            for f in files
        ],
    }


def write_outputs(tables: ParsedTables, out: Path) -> None:
    """Write the canonical tables as Parquet and run.json, each atomically."""
    for name in TABLE_NAMES:
        with atomic_path(out / f"{name}.parquet") as tmp:
            written(getattr(tables, name)).write_parquet(tmp)
    with atomic_path(out / "run.json") as tmp:
        tmp.write_text(json.dumps(run_summary(tables), indent=2) + "\n", encoding="utf-8")


@click.command("parse")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--out",
    "out",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Directory for hands/seats/actions/cards/quarantine .parquet and run.json.",
)
def parse(paths: tuple[Path, ...], out: Path) -> None:
    """Parse hand-history files and folders (recursive) into the canonical tables.

    \b
    Example:
      hhaudit parse ~/HandHistory --out out/tables
    """
    tables = parse_paths(paths)
    write_outputs(tables, out)
    summary = run_summary(tables)
    errors = sum(1 for f in tables.files if f.error)
    click.echo(
        f"{summary['files']} files ({errors} not parsed), {summary['hands_read']} hands read: "
        f"{summary['hands_parsed']} parsed, {summary['hands_quarantined']} quarantined "
        f"-> {out}",
        err=True,
    )
    for report in tables.files:
        if report.error:
            click.echo(f"{report.path}: {report.error}", err=True)


__all__ = ["parse", "run_summary", "write_outputs"]
