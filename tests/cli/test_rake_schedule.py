"""`[site.<name>.rake]` in the options file and `hhaudit rake-schedule SITE` (RULES.md §12)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hhaudit.cli import main

SCHEDULE = """
[site.pokerstars.rake]
source = "a test schedule, 2026-12-01"
currency = "USD"
valid_from = 2012-01-01
rate = "5%"
increment = 1
rounding = "half_even"
caps = [ { big_blind = 2, players = "2", cap = 30 }, { big_blind = 2, players = "3+", cap = 50 } ]
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hhaudit.toml"
    path.write_text(text, "utf-8")
    return path


def test_the_schedule_in_force_is_printed(tmp_path: Path) -> None:
    config = _write(tmp_path, SCHEDULE)
    result = CliRunner().invoke(main, ["rake-schedule", "PokerStars", "--config", str(config)])
    assert result.exit_code == 0, result.output
    assert "a test schedule, 2026-12-01" in result.output
    assert "rate: 5% of the pot, rounded half_even to 1" in result.output
    assert "cap 50 (minor units) at big blind 2, 3+ players dealt in" in result.output
    as_json = CliRunner().invoke(
        main, ["rake-schedule", "pokerstars", "--config", str(config), "--format", "json"]
    )
    record = json.loads(as_json.output)
    assert record["valid_from"] == "2012-01-01" and record["caps"][0]["players"] == "2"


def test_a_site_without_a_schedule_is_not_audited(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["rake-schedule", "ggpoker"])
    assert result.exit_code == 0
    assert "no rake schedule for ggpoker: its rake is not audited" in result.output


def test_a_wrong_schedule_is_a_config_error_naming_the_line(tmp_path: Path) -> None:
    config = _write(tmp_path, SCHEDULE.replace('rounding = "half_even"', 'rounding = "sideways"'))
    result = CliRunner().invoke(main, ["rake-schedule", "pokerstars", "--config", str(config)])
    assert result.exit_code == 2
    assert f"{config}:2" in result.output and "rounding" in result.output


def test_a_schedule_needs_its_source(tmp_path: Path) -> None:
    config = _write(tmp_path, SCHEDULE.replace('source = "a test schedule, 2026-12-01"\n', ""))
    result = CliRunner().invoke(main, ["rake-schedule", "pokerstars", "--config", str(config)])
    assert result.exit_code == 2 and "source" in result.output
