"""`hhaudit check DIR`: audit the canonical tables written by `hhaudit parse`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from hhaudit.cli.exit_policy import (
    EXIT_CLEAN,
    EXIT_ERROR,
    EXIT_FAILED,
    EXIT_TABLE,
    effective_fail_on,
    fail_on_options,
    fail_reason,
    failed,
)
from hhaudit.cli.json_output import output_format_option
from hhaudit.cli.selection import audit_settings, selection_options
from reports.atomic import atomic_path

TABLES = ("hands", "seats", "actions")  # required; cards and quarantine are read when present
OPTIONAL = ("cards", "quarantine")


def _read_tables(directory: Path) -> dict:
    """DIRECTORY's tables as the audit reads them: hands, seats and actions (required), cards
    and quarantine (an empty table where the file is absent: the cards rules then judge
    nothing, and no hand is known to be missing from a session)."""
    import polars as pl

    from parsers.schema import empty

    missing = [name for name in TABLES if not (directory / f"{name}.parquet").is_file()]
    if missing:
        listed = ", ".join(f"{name}.parquet" for name in missing)
        click.echo(f"hhaudit: {directory} has no {listed} (see `hhaudit parse`)", err=True)
        sys.exit(EXIT_ERROR)
    tables = {}
    for name in (*TABLES, *OPTIONAL):
        path = directory / f"{name}.parquet"
        tables[name] = _canonical(pl.read_parquet(path)) if path.is_file() else empty(name)
    tables["quarantine"] = _with_columns_of(tables["quarantine"], "quarantine")
    return _without_copies(tables)


def _with_columns_of(frame, table: str):
    """`frame` with every canonical column of `table` (null where it has none: a quarantine
    row without a line lies between no two hands)."""
    import polars as pl

    from parsers.schema import POLARS_SCHEMAS

    missing = {name: dtype for name, dtype in POLARS_SCHEMAS[table].items()
               if name not in frame.columns}  # fmt: skip
    return frame.with_columns(pl.lit(None, dtype).alias(name) for name, dtype in missing.items())


def _canonical(frame):
    """The written tables name the street (the Street Enum, docs/tables.md); the checker reads
    its id (parsers/games.py). By name, so an Enum of an older release reads right too. An
    integer street is the id, or, where no id is above 4, a table of a release before the ids
    of parsers/games.py, whose 4 was the settlement (SHOWDOWN now)."""
    import polars as pl

    from parsers.games import SHOWDOWN, STREETS

    dtype = frame.schema.get("street")
    if dtype is None:
        return frame
    if dtype.is_integer():
        street = pl.col("street").cast(pl.Int8)
        if (frame.get_column("street").max() or 0) > 4:
            return frame.with_columns(street)
        settlement = pl.when(street == 4).then(pl.lit(SHOWDOWN, pl.Int8)).otherwise(street)
        return frame.with_columns(settlement.alias("street"))
    number = {name: index for index, name in enumerate(STREETS)}
    street = pl.col("street").cast(pl.String).replace_strict(number, return_dtype=pl.Int8)
    return frame.with_columns(street)


def _without_copies(tables: dict) -> dict:
    """The tables without the later copies of a hand, as `hhaudit run` audits them
    (hhaudit/run/duplicates.py: a copy's flags would count twice, and its session repeat a
    hand). A copy is no missing hand to the session rules, so no quarantine row is added."""
    import polars as pl

    from hhaudit.run.duplicates import find_duplicates, has_repeats

    hands = tables["hands"].lazy()
    if not has_repeats(hands):
        return tables
    copies = find_duplicates(hands, tables["actions"].lazy()).get_column("hand_key")
    kept = ~pl.col("hand_key").is_in(copies.implode())
    return {name: frame.filter(kept) if name != "quarantine" else frame
            for name, frame in tables.items()}  # fmt: skip


def _quarantine_by_code(directory: Path) -> dict[str, int]:
    """Quarantined hands per reason_code from DIRECTORY/quarantine.parquet (`hhaudit parse`)."""
    import polars as pl

    path = directory / "quarantine.parquet"
    if not path.is_file():
        return {}
    quarantine = pl.read_parquet(path)
    if "reason_code" not in quarantine.columns:
        return {}
    counts = quarantine.group_by("reason_code").len()
    return {str(code): int(n) for code, n in counts.iter_rows()}


def _root_counts(violations) -> dict[str, int]:
    import polars as pl

    roots = violations.filter(pl.col("caused_by").is_null())
    return dict(roots.group_by(pl.col("severity").cast(pl.String)).len().iter_rows())


def exit_status(violations, quarantine_by_code: dict[str, int], fail_on: str) -> int:
    """Root-cause flags per severity (as `hhaudit run`) and unreadable hands against fail_on."""
    counts = _root_counts(violations)
    return EXIT_FAILED if failed(counts, quarantine_by_code, fail_on) else EXIT_CLEAN


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


@click.command("check", epilog=EXIT_TABLE)
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write violations.parquet and violations.csv (default: DIRECTORY).",
)
@click.option(
    "--config",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="TOML options file: [default], [site.<name>] and [rules] tables (docs/options.md).",
)
@selection_options
@fail_on_options
@output_format_option
def check(
    directory: Path,
    out: Path | None,
    config: Path | None,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str,
    exit_zero: bool,
    output_format: str,
) -> None:
    """Audit the .parquet tables in DIRECTORY (hands, seats, actions; cards, quarantine).

    Finds what `hhaudit run` finds on the same hands: every rule, the cards and showdown
    rules on cards.parquet, the session rules across the hands of each table.

    \b
    Examples:
      hhaudit parse logs/ --out out/tables && hhaudit check out/tables
      hhaudit check out/tables --config site.toml --select RAISE-MIN,REOPEN
      hhaudit check out/tables --ignore log,FOLD-NO-BET --fail-on warning
      hhaudit check out/tables --output-format json | jq -r 'select(.type == "flag") | .code'

    With --fail-on quarantine, DIRECTORY/quarantine.parquet (from `hhaudit parse`) counts too.
    """
    from audit.entry import all_flags, audit_across, audit_hands
    from parsers.tables import HandTables

    fail_on = effective_fail_on(fail_on, exit_zero)
    settings = audit_settings(config, select, ignore, lambda text: click.echo(text, err=True))
    tables = _read_tables(directory)
    hands, chosen = tables["hands"], settings.config()
    # the audit's two steps, as `hhaudit run` runs them (audit/entry.py): each hand, then
    # across hands on the audited hands and seats
    canonical = HandTables(hands, tables["seats"], tables["actions"], tables["quarantine"],
                           tables["cards"])  # fmt: skip
    audited = audit_hands(canonical, chosen)
    quarantine = tables["quarantine"].lazy()
    across = audit_across(audited.hands.lazy(), audited.seats.lazy(), quarantine, chosen)
    violations = all_flags(audited.violations, across)
    target = out or directory
    target.mkdir(parents=True, exist_ok=True)
    with atomic_path(target / "violations.parquet") as tmp:
        violations.write_parquet(tmp)
    from reports.csv import violations_csv_frame, write_csv  # as `run` writes it

    write_csv(violations_csv_frame(violations.lazy(), hands.lazy()), target / "violations.csv")
    for line in _summary(violations):
        click.echo(line, err=True)
    quarantined = _quarantine_by_code(directory)
    status = exit_status(violations, quarantined, fail_on)
    for reason in filter(None, [fail_reason(_root_counts(violations), quarantined, fail_on)]):
        click.echo(f"hhaudit: {reason}", err=True)
    if output_format == "json":
        from hhaudit.cli.json_output import write_check_json

        write_check_json(violations, hands, quarantined, fail_on, status, target)
    sys.exit(status)
