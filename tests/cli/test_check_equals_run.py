"""One audit for every command (issue #27): `hhaudit parse` then `hhaudit check` on its tables
finds every flag `hhaudit run` finds on the same files (audit/entry.py: both run the per-hand
step and then the across-hands step), on sample_data and on real table sessions.

A flag is compared by where it is (file, line, hand id, action), its code, severity and
message, and whether it is a root cause; each side's flags as a multiset. Each case also holds
a flag that the check of before this issue did not find (a showdown flag: check read no cards;
a session flag: check ran no across-hands rule), so the test fails on that check.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from conftest import SAMPLE_DATA

from hhaudit.cli import main

FLAG_KEY = ("source_file", "line_no", "hand_id", "seq", "player", "code", "severity", "message")

#: A PokerStars micro-stakes cash session with top-ups (85 hands of one table).
CASH_SESSION = (
    "pokerstars/pokerregion+poker/tests/handhistory/data/PokerStars/"
    "HH20200421 Lilio III - $0,01-$0,02 - USD No Limit Hold'em.txt"
)
#: A PokerStars tournament table session (tests/audit/test_session_mutations.py).
TOURNAMENT_SESSION = (
    "pokerstars/DominikFischer86+pokertracker/db/handhistories/demo/"
    "HH20220115 T3339171319 No Limit Hold'em $3.92 + $0.48.txt"
)


def _invoke(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output


def _flags(folder: Path) -> pl.DataFrame:
    """The flags of an output folder as (FLAG_KEY, root) rows with their count."""
    flags = pl.read_parquet(folder / "violations.parquet")
    keyed = flags.select(
        *(pl.col(name).cast(pl.String) for name in FLAG_KEY),
        pl.col("caused_by").is_null().alias("root"),
    )
    return keyed.group_by(keyed.columns).len().sort(keyed.columns, nulls_last=True)


def _both(inputs: Path, tmp_path: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(the run's flags, the flags of parse then check) on `inputs`."""
    run, tables = tmp_path / "run", tmp_path / "tables"
    _invoke(["run", str(inputs), "--out", str(run), "-q", "--exit-zero"])
    _invoke(["parse", str(inputs), "--out", str(tables)])
    _invoke(["check", str(tables), "--exit-zero"])
    return _flags(run), _flags(tables)


def _codes(flags: pl.DataFrame) -> set[str]:
    return set(flags.get_column("code"))


def test_sample_data(tmp_path: Path) -> None:
    ran, checked = _both(SAMPLE_DATA, tmp_path)
    assert "SHOWDOWN-WINNER" in _codes(ran)  # sample_data's wrong-winner hand, from its cards
    assert checked.equals(ran)


def _copy(corpus_dir: Path, source: str, folder: Path) -> Path:
    folder.mkdir()
    return Path(shutil.copy(corpus_dir / source, folder / "session.txt"))


@pytest.mark.corpus
def test_a_real_cash_session_with_top_ups(corpus_dir: Path, tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    _copy(corpus_dir, CASH_SESSION, inputs)
    ran, checked = _both(inputs, tmp_path)
    assert "STACK-CARRY" in _codes(ran)  # the top-ups the log does not print (info)
    assert checked.equals(ran)


@pytest.mark.corpus
def test_a_real_tournament_session_with_a_stack_carry(corpus_dir: Path, tmp_path: Path) -> None:
    """The session with one player's start lowered (a chip lost between hands): the run's
    STACK-CARRY is check's too."""
    inputs = tmp_path / "in"
    log = _copy(corpus_dir, TOURNAMENT_SESSION, inputs)
    text = log.read_bytes()
    second = text.index(b"PokerStars Hand #233166262690")
    end = text.index(b"PokerStars Hand #", second + 1)
    hand = text[second:end]
    assert hand.count(b"HO4. (8114 in chips") == 1
    log.write_bytes(text[:second] + hand.replace(b"HO4. (8114", b"HO4. (8113") + text[end:])
    ran, checked = _both(inputs, tmp_path)
    carried = ran.filter(pl.col("code") == "STACK-CARRY", pl.col("severity") == "violation")
    assert carried.get_column("player").to_list() == ["HO4."]
    assert checked.equals(ran)
