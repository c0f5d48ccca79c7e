"""Top-up, rebuy and add-on lines read into the seats table (parsers/core/additions.py), on
small files written for these tests: tests/sites/pokerstars/tournament-rebuy-addon.txt and
tests/sites/bovada/tournament-rebuy-addon-deposit.txt."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from click.testing import CliRunner
from site_helpers import parse_site_file, violations

from hhaudit.cli import main

ADDED = ("player", "stack", "added", "added_before", "added_line", "added_kinds")


def _added(tables, hand_id: str) -> list[tuple]:
    seats = tables.seats.filter(pl.col("hand_id") == hand_id).sort("seat")
    return seats.select(ADDED).rows()


def test_pokerstars_rebuy_and_add_on_lines_are_read_for_the_next_hand() -> None:
    tables = parse_site_file("pokerstars", "tournament-rebuy-addon.txt")
    assert tables.quarantine.is_empty()
    assert _added(tables, "990000000101") == [
        ("alpha", 1500, 1500, None, 19, "rebuy"),
        ("bravo", 1500, None, None, None, None),
        ("charlie", 1500, 3000, None, 20, "add_on"),
    ]
    assert all(row[2] is None for row in _added(tables, "990000000102"))
    # never actions: nothing in the hand's pots moves
    assert tables.actions.filter(pl.col("line_no").is_in([19, 20])).is_empty()
    assert violations(tables).filter(pl.col("severity") != "info").is_empty()


def test_bovada_rebuys_add_ons_and_table_deposits() -> None:
    tables = parse_site_file("bovada", "tournament-rebuy-addon-deposit.txt")
    assert tables.quarantine.is_empty()
    # the Dealer's rebuy before the deal is in his 3,000; the later lines are for the next hand
    assert _added(tables, "1000000011") == [
        ("UTG", 1500, 1500, None, 25, "rebuy"),
        ("Dealer", 3000, 6000, 1500, 6, "rebuy,add_on"),
        ("Small Blind", 1500, 3000, None, 27, "rebuy"),  # "Double rebuys 3000"
        ("Big Blind", 3000, None, None, None, None),
    ]
    # "Table deposit $5" names no seat (a player sitting down): not read
    assert _added(tables, "1000000012") == [
        ("Dealer", 2000, None, None, None, None),
        ("Small Blind", 1550, 475, None, 51, "top_up"),
        ("Big Blind", 3000, None, None, None, None),
    ]
    assert violations(tables).filter(pl.col("severity") != "info").is_empty()


def test_a_run_counts_the_lines_read_and_the_rebuy_carries(tmp_path: Path) -> None:
    sample = Path(__file__).parents[1] / "sites" / "pokerstars" / "tournament-rebuy-addon.txt"
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(sample), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    totals = json.loads((out / "run.json").read_text())["totals"]
    kinds = {"top_up": 0, "rebuy": 1, "add_on": 1}
    assert totals["additions"] == {"lines": 2, "by_kind": kinds, "by_site": {"pokerstars": kinds}}
    assert totals["sessions"]["hands_in_sessions"] == 2
    assert pl.read_parquet(out / "violations.parquet").is_empty()  # alpha and charlie carry
