"""Across-hands conventions of real logs (issue 27, item 6 and the corpus' session flags), on
hands written for these tests in the sites' formats (tests/audit/session_logs/)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from click.testing import CliRunner

from hhaudit.cli import main

LOGS = Path(__file__).parent / "session_logs"


def _flags(log: Path, out: Path) -> pl.DataFrame:
    result = CliRunner().invoke(main, ["run", str(log), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    flags = pl.read_parquet(out / "violations.parquet")
    return flags.filter(pl.col("severity") != "info")


def test_heads_up_with_a_dead_button_is_legal(tmp_path: Path) -> None:
    """888poker: judas leaves the small blind's seat 6 after hand 474000001; in hand 474000002
    the button is dead on seat 6 and b2b, the big blind before, posts the small blind (888poker
    hands 474339152 and 631367802 of the corpus)."""
    assert _flags(LOGS / "888poker-heads-up-dead-button.txt", tmp_path / "out").is_empty()


def test_going_heads_up_the_sites_place_the_button_their_way(tmp_path: Path) -> None:
    """PokerStars: viktor leaves the big blind's seat after hand 400000000001; in hand
    400000000002 the button stays on rokko, who posts the small blind, and rolf, the small blind
    before, posts the big blind (PokerStars hand 179821252480 of the corpus); then the blinds
    alternate."""
    assert _flags(LOGS / "pokerstars-going-heads-up.txt", tmp_path / "out").is_empty()


def _less_one_cent_for_bert(text: str) -> str:
    start = text.index("#Game No : 551000029")
    hand = text[start:].replace("Seat 3: bert77 ( $2 )", "Seat 3: bert77 ( $1.99 )", 1)
    return text[:start] + hand


def test_a_cent_lost_between_hands_is_caught_while_others_top_up(tmp_path: Path) -> None:
    """888poker tops players up silently to their buy-in: carlos, who lost his $0.01 small
    blind in hand 551000014, starts hand 551000029 with $2 again (info). As written nothing
    else moves; with bert77's start one cent short in hand 551000029 (he ended hand 551000014
    with $2) STACK-CARRY flags him, though carlos's stack changed in the same pair."""
    original = LOGS / "888poker-auto-top-ups.txt"
    assert _flags(original, tmp_path / "original").is_empty()
    mutated = tmp_path / "mutated.txt"
    mutated.write_text(_less_one_cent_for_bert(original.read_text()))
    flags = _flags(mutated, tmp_path / "mutated")
    assert flags.select("hand_id", "code", "severity", "player").rows() == [
        ("551000029", "STACK-CARRY", "violation", "bert77")
    ]
    assert "0.01 missing" in flags.get_column("message")[0]
