"""Mutations of a real table session (RULES.md §12): consecutive hands of one PokerStars
tournament table from the corpus, each changed the way an engine bug would change it, audited by
`hhaudit run`: each mutation is flagged by its code on the hand it breaks, the original log has
no session flag above info.

Hands 233166232687 and 233166262690 of table '3339171319 114' (2022/01/15): in the second,
HO4. starts with 8114 (8129 - ante 15 in the first), the big blind moves from seat 5 to seat 6
(tvoiboy666), and the start times are 21:25:49 and 21:26:37.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from hhaudit.cli import main

pytestmark = pytest.mark.corpus

SOURCE = (
    "pokerstars/DominikFischer86+pokertracker/db/handhistories/demo/"
    "HH20220115 T3339171319 No Limit Hold'em $3.92 + $0.48.txt"
)
FIRST, SECOND = "233166232687", "233166262690"


def _audit(text: bytes, tmp_path: Path) -> pl.DataFrame:
    log = tmp_path / "session.txt"
    log.write_bytes(text)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(log), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    flags = pl.read_parquet(out / "violations.parquet")
    return flags.filter(pl.col("category") == "session", pl.col("severity") != "info")


def _second_hand(text: bytes) -> tuple[int, int]:
    """Byte range of the second hand (from its header to the next header)."""
    start = text.index(f"PokerStars Hand #{SECOND}".encode())
    end = text.index(b"PokerStars Hand #", start + 1)
    return start, end


def _replace_in_second(text: bytes, old: bytes, new: bytes) -> bytes:
    start, end = _second_hand(text)
    hand = text[start:end]
    assert hand.count(old) == 1, old
    return text[:start] + hand.replace(old, new) + text[end:]


@pytest.fixture(scope="module")
def original(corpus_dir: Path) -> bytes:
    return (corpus_dir / SOURCE).read_bytes()


def test_the_original_session_is_clean(original: bytes, tmp_path: Path) -> None:
    assert _audit(original, tmp_path).is_empty()


def test_a_lowered_starting_stack_is_a_stack_carry(original: bytes, tmp_path: Path) -> None:
    mutated = _replace_in_second(original, b"HO4. (8114 in chips", b"HO4. (8100 in chips")
    flags = _audit(mutated, tmp_path)
    rows = flags.select("hand_id", "code", "player", "severity").rows()
    assert rows == [(SECOND, "STACK-CARRY", "HO4.", "violation")]
    assert "8100" in flags.get_column("message")[0] and "8114" in flags.get_column("message")[0]


def test_a_big_blind_in_the_wrong_seat_is_a_blind_rotation(original: bytes, tmp_path: Path) -> None:
    mutated = _replace_in_second(
        original, b"tvoiboy666: posts big blind 120", b"MCI88: posts big blind 120"
    )
    flags = _audit(mutated, tmp_path)
    assert (SECOND, "BLIND-ROTATION") in flags.select("hand_id", "code").rows()
    assert set(flags.get_column("code")) == {"BLIND-ROTATION"}


def test_swapped_start_times_are_a_hand_sequence(original: bytes, tmp_path: Path) -> None:
    first_time = b"21:25:49 CET [2022/01/15 15:25:49 ET]"
    second_time = b"21:26:37 CET [2022/01/15 15:26:37 ET]"
    swapped = original.replace(first_time, b"@@").replace(second_time, first_time)
    swapped = swapped.replace(b"@@", second_time)
    flags = _audit(swapped, tmp_path)
    assert flags.select("hand_id", "code").rows() == [(FIRST, "HAND-SEQUENCE")]


#: A rebuy session of the corpus: in hand 12637587856 Hero busts, "Hero re-buys and receives 3000
#: chips for $10.00" (line 202), and starts hand 12637593243 with 3000.
REBUYS = "pokerstars/fpdb-3/tour/NLHE-USD-MTT-5r-200710.txt"
BUST, AFTER = "12637587856", "12637593243"


def _hero_carry(text: bytes, tmp_path: Path) -> pl.DataFrame:
    log = tmp_path / "rebuys.txt"
    log.write_bytes(text)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(log), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    flags = pl.read_parquet(out / "violations.parquet")
    return flags.filter(
        pl.col("code") == "STACK-CARRY", pl.col("hand_id") == AFTER, pl.col("player") == "Hero"
    ).select("severity", "message")


def _in_hand(text: bytes, hand_id: str, old: bytes, new: bytes) -> bytes:
    start = text.index(f"PokerStars Game #{hand_id}".encode())
    end = text.index(b"PokerStars Game #", start + 1)
    hand = text[start:end]
    assert hand.count(old) == 1, old
    return text[:start] + hand.replace(old, new) + text[end:]


@pytest.fixture(scope="module")
def rebuys(corpus_dir: Path) -> bytes:
    return (corpus_dir / REBUYS).read_bytes()


def test_a_rebuy_read_explains_the_next_start(rebuys: bytes, tmp_path: Path) -> None:
    assert _hero_carry(rebuys, tmp_path).is_empty()


def test_without_its_rebuy_line_the_increase_is_a_stack_carry(
    rebuys: bytes, tmp_path: Path
) -> None:
    """PokerStars prints every tournament rebuy (its profile's tournament_additions_printed):
    a rebuy's chips with the line removed are chips the log does not explain."""
    line = b"Hero re-buys and receives 3000 chips for $10.00\n"
    mutated = _in_hand(rebuys, BUST, line, b"")
    found = _hero_carry(mutated, tmp_path)
    assert found["severity"].to_list() == ["violation"]
    assert (
        "3000 more, and this site prints a line for every rebuy and add-on" in found["message"][0]
    )


def test_a_start_below_the_rebuy_is_a_stack_carry(rebuys: bytes, tmp_path: Path) -> None:
    mutated = _in_hand(
        rebuys, AFTER, b"Seat 5: Hero (3000 in chips)", b"Seat 5: Hero (2500 in chips)"
    )
    found = _hero_carry(mutated, tmp_path)
    assert found["severity"].to_list() == ["violation"]
    assert (
        "received 3000 by the rebuy read at line 202 of hand 12637587856: 500 missing"
        in (found["message"][0])
    )
