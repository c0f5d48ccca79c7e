"""Showdown conventions (issue #27 point 4), on small files written in each site's format:

* tests/sites/888poker/showdown-mucks.txt: a winner printed "mucks [..]" (888poker) is still in
  the pots he put chips in; a player who mucks and is paid nothing conceded;
* tests/sites/bovada/split-odd-chip.txt: a split whose odd chip is not left of the button, on a
  site whose odd-chip rule is not configured: POT-SPLIT is a warning, named in run.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from click.testing import CliRunner
from site_helpers import SITES, not_judged

import audit
from audit.options import SITE_PROFILES, Options, load_options, options_from_tables
from hhaudit.cli import main
from parsers import ParsedTables, parse_paths

MUCKS = SITES / "888poker" / "showdown-mucks.txt"
ODD_CHIP = SITES / "bovada" / "split-odd-chip.txt"


def _flags(tables: ParsedTables, site_tables: dict | None = None) -> list[tuple[str, str, str]]:
    default, per_site = options_from_tables({}, site_tables or {})
    found = audit.check(
        tables.hands, tables.seats, tables.actions, default, per_site, cards=tables.cards
    ).violations
    return sorted(found.select("hand_id", "code", pl.col("severity").cast(pl.String)).iter_rows())


def _parse_text(tmp_path: Path, text: str) -> ParsedTables:
    path = tmp_path / "hands.txt"
    path.write_text(text)
    return parse_paths([path])


def test_a_winner_who_mucks_is_judged_in_his_pots() -> None:
    tables = parse_paths([MUCKS])
    # ann, not all-in, "mucks [ 9c, Kd ]" and collects the side pot her nines win over cal's
    # eights; eve "mucks [ 4s, 4c ]" (two pair) and gus's pair of sevens collects: conceded
    assert not_judged(tables) == {"900000101": None, "900000102": None}
    assert _flags(tables) == []


def test_a_mucked_hand_that_is_paid_without_winning_is_a_wrong_winner(tmp_path: Path) -> None:
    text = MUCKS.read_text().replace("ann mucks [ 9c, Kd ]", "ann mucks [ 4c, 5d ]")
    assert _flags(_parse_text(tmp_path, text)) == [("900000101", "SHOWDOWN-WINNER", "violation")]


def test_an_odd_chip_placed_by_an_unconfigured_site_rule_is_a_warning() -> None:
    tables = parse_paths([ODD_CHIP])
    assert "odd_chip" not in SITE_PROFILES["bovada"]
    default = audit.check(
        tables.hands, tables.seats, tables.actions, *load_options(None), cards=tables.cards
    ).violations
    assert default.select("hand_id", "code", pl.col("severity").cast(pl.String)).rows() == [
        ("1000000201", "POT-SPLIT", "warning"),  # 1000000202 gives it left of the button
        ("1000000203", "POT-SPLIT", "warning"),
    ]
    first, third = default["message"].to_list()
    assert first.startswith("odd chips not where odd_chip = left_of_button puts them")
    assert "(nor where high_card_suit puts them)" in first
    assert "the site's odd-chip rule is not configured" in first
    assert "(but where high_card_suit puts them)" in third  # UTG's As over the Ah
    configured = _flags(tables, {"bovada": {"odd_chip": "left_of_button"}})
    assert configured == [
        ("1000000201", "POT-SPLIT", "violation"),
        ("1000000203", "POT-SPLIT", "violation"),
    ]
    by_suit = _flags(tables, {"bovada": {"odd_chip": "high_card_suit"}})
    assert [hand for hand, _, _ in by_suit] == ["1000000201", "1000000202"]


def test_a_split_not_equal_beyond_the_odd_chip_stays_a_violation(tmp_path: Path) -> None:
    text = ODD_CHIP.read_text()
    text = text.replace("Small Blind : Hand result $0.07", "Small Blind : Hand result $0.05")
    text = text.replace("UTG  [ME] : Hand result $0.08", "UTG  [ME] : Hand result $0.10")
    text = text.replace("Small Blind $0.07  with", "Small Blind $0.05  with")
    text = text.replace("UTG $0.08  with", "UTG $0.10  with")
    found = _flags(_parse_text(tmp_path, text))
    assert ("1000000201", "POT-SPLIT", "violation") in found


def test_setting_odd_chip_marks_the_rule_configured() -> None:
    assert not Options().odd_chip_configured
    assert Options().replace(odd_chip="left_of_button").odd_chip_configured
    assert (
        not Options()
        .replace(odd_chip="left_of_button", odd_chip_configured=False)
        .odd_chip_configured
    )
    _, per_site = load_options(None)
    configured = {site for site, options in per_site.items() if options.odd_chip_configured}
    assert {"pokerstars", "888poker", "ggpoker", "winamax", "wpn", "partypoker"} <= configured
    assert "bovada" not in configured


def test_run_json_names_the_odd_chip_convention(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "odd.txt").write_text(ODD_CHIP.read_text())
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(inputs), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    record = json.loads((out / "run.json").read_text())
    listed = record["totals"]["likely_conventions"]
    assert [(Path(item["file"]).name, item["code"], item["hands"]) for item in listed] == [
        ("odd.txt", "POT-SPLIT", 2)
    ]
    assert listed[0]["note"] == (
        "POT-SPLIT on the odd chips alone in 2 split pot(s) of this file; in 1 of them they are "
        "where odd_chip = high_card_suit puts them: the site's odd-chip rule is not configured, "
        "and this is more likely its own rule than 2 faults (set odd_chip for the site once "
        "known)"
    )
    assert record["files"][0]["conventions"][0]["code"] == "POT-SPLIT"
