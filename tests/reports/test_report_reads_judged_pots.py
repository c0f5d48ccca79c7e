"""The report's pot breakdown is the audit's judgement, read from the run's pots.parquet and
payouts.parquet (audit/judged.py), not a second judgement of the hand (#27)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import polars as pl
from click.testing import CliRunner
from conftest import SAMPLE_DATA

from audit.tables import AuditedTables
from hhaudit.cli import main
from hhaudit.run.runner import run_tables
from reports.showdown_view import pot_breakdowns


def _tables(out: Path) -> AuditedTables[pl.LazyFrame]:
    return run_tables(out)


def test_the_breakdown_shows_the_stored_pots(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(SAMPLE_DATA), "--out", str(out), "-q"])
    assert result.exit_code == 1, result.output  # sample_data holds violations
    keys = pl.read_parquet(out / "pots.parquet").get_column("hand_key").unique()
    assert keys.len() == 1  # the wrong-winner hand
    before = pot_breakdowns(_tables(out), keys)
    assert before is not None
    owed = before.collect().get_column("payouts").explode().struct.field("owed").to_list()
    # a stored judgement said otherwise: the breakdown shows it (nothing is judged again)
    payouts = pl.read_parquet(out / "payouts.parquet")
    changed = pl.when(pl.col("owed") > 0).then(pl.col("owed") + 100).otherwise("owed")
    payouts.with_columns(owed=changed).write_parquet(out / "payouts.parquet")
    after = pot_breakdowns(_tables(out), keys)
    assert after is not None
    shown = after.collect().get_column("payouts").explode().struct.field("owed").to_list()
    assert owed == ["34.00", "0.00"] and shown == ["35.00", "0.00"]
    # a folder written before the pots were kept has no breakdown (and no error)
    assert pot_breakdowns(replace(_tables(out), pots=None, payouts=None), keys) is None
