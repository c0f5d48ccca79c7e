"""`hhaudit check DIR`: audit the canonical tables written by `hhaudit parse`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from reports.atomic import atomic_path

EXIT_CLEAN = 0  # no violation-severity flag
EXIT_FLAGGED = 1  # at least one violation-severity flag
EXIT_ERROR = 2  # missing tables, bad configuration, I/O error

TABLES = ("hands", "seats", "actions")


def _read_tables(directory: Path):
    import polars as pl

    missing = [name for name in TABLES if not (directory / f"{name}.parquet").is_file()]
    if missing:
        listed = ", ".join(f"{name}.parquet" for name in missing)
        click.echo(f"hhaudit: {directory} has no {listed} (see `hhaudit parse`)", err=True)
        sys.exit(EXIT_ERROR)
    return [pl.read_parquet(directory / f"{name}.parquet") for name in TABLES]


def _summary(violations) -> list[str]:
    import polars as pl

    roots = violations.filter(pl.col("caused_by").is_null())  # root causes (audit/causes.py)
    counts = roots.group_by("severity", "code").len().sort("severity", "len", "code")
    lines = [f"{row[2]:>8}  {row[0]:<9}  {row[1]}" for row in counts.iter_rows()]
    hands = roots.filter(pl.col("severity") == "violation")["hand_key"].n_unique()
    linked = violations.height - roots.height
    return [
        *lines,
        f"hhaudit: {roots.height} root-cause flags ({linked} more follow from them), "
        f"{hands} hands with violations",
    ]


@click.command("check")
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write violations.parquet and violations.csv (default: DIRECTORY).",
)
@click.option(
    "--config",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="TOML options file: a [default] table and [site.<name>] tables (docs/options.md).",
)
@click.option("--select", help="Comma-separated rule codes to evaluate (default: all).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when violations are found.")
def check(
    directory: Path, out: Path | None, config: Path | None, select: str | None, exit_zero: bool
) -> None:
    """Audit the hands/seats/actions .parquet tables in DIRECTORY.

    \b
    Examples:
      hhaudit parse logs/ --out out/tables && hhaudit check out/tables
      hhaudit check out/tables --config site.toml --select RAISE-MIN,REOPEN
    Exit status: 0 clean, 1 violations found, 2 usage/configuration/I-O error.
    """
    from audit import RULES, load_options
    from audit import check as audit_check

    try:
        default, per_site = load_options(config)
    except (ValueError, TypeError, OSError) as exc:
        click.echo(f"hhaudit: bad configuration {config}: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    codes = [c.strip().upper() for c in select.split(",")] if select else None
    unknown = [c for c in codes or [] if c not in RULES]
    if unknown:
        click.echo(f"hhaudit: unknown rule code(s) {unknown}; see `hhaudit rules`", err=True)
        sys.exit(EXIT_ERROR)
    hands, seats, actions = _read_tables(directory)
    result = audit_check(hands, seats, actions, default, per_site, rules=codes)
    target = out or directory
    target.mkdir(parents=True, exist_ok=True)
    with atomic_path(target / "violations.parquet") as tmp:
        result.violations.write_parquet(tmp)
    with atomic_path(target / "violations.csv") as tmp:
        result.violations.write_csv(tmp)
    for line in _summary(result.violations):
        click.echo(line, err=True)
    roots = result.violations.filter(result.violations["caused_by"].is_null())
    flagged = (roots["severity"] == "violation").any()  # root causes, as `hhaudit run`
    sys.exit(EXIT_FLAGGED if flagged and not exit_zero else EXIT_CLEAN)
