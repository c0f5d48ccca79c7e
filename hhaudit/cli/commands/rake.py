"""`hhaudit rake-schedule SITE`: the rake schedule in force for a site (RULES.md §12)."""

from __future__ import annotations

import json
from pathlib import Path

import click


def _money(amount: int) -> str:
    return f"{amount} (minor units)"


def _lines(schedule) -> list[str]:
    record = schedule.to_dict()
    lines = [
        f"rake schedule of {record['site']}",
        f"  source: {record['source']}",
        f"  in force: {record['valid_from'] or 'any date'} to {record['valid_until'] or 'any date'}"
        + (f", {record['currency']} hands only" if record["currency"] else ""),
        f"  rate: {record['rate_percent']:g}% of the pot, rounded {record['rounding']} "
        f"to {record['increment']}",
        f"  no flop, no drop: {'yes' if record['no_flop_no_drop'] else 'no'}",
    ]
    for cap in record["caps"]:
        where = f" ({', '.join(cap['structures'])})" if cap["structures"] else ""
        lines.append(
            f"  cap {_money(cap['cap'])} at big blind {cap['big_blind']}, "
            f"{cap['players']} players dealt in{where}"
        )
    return lines


@click.command("rake-schedule")
@click.argument("site")
@click.option(
    "--config",
    "config_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="TOML options file whose [site.<SITE>.rake] table holds the schedule.",
)
@click.option("--format", "output_format", type=click.Choice(("text", "json")), default="text")
def rake_schedule(site: str, config_path: Path | None, output_format: str) -> None:
    """Print the rake schedule in force for SITE (from --config; none ships with hhaudit).

    A site without a schedule gets no rake flag (RAKE-CAP, RAKE-NFND, RAKE-RATE) and run.json
    totals.rake says its rake was not audited."""
    from hhaudit.cli.config import read_config

    schedule = read_config(config_path).rake.get(site.lower())
    if output_format == "json":
        click.echo(json.dumps(schedule.to_dict() if schedule else None, indent=2))
        return
    if schedule is None:
        click.echo(
            f"no rake schedule for {site}: its rake is not audited (add a "
            f"[site.{site.lower()}.rake] table to a --config file: docs/options.md)"
        )
        return
    click.echo("\n".join(_lines(schedule)))
