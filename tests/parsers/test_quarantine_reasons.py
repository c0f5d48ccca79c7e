"""Quarantine reason codes (parsers/core/quarantine_reasons.py): one classifier, and games hhaudit
does not audit quarantined as "unsupported game: X" whatever the site (tests/unsupported_games/)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from hhaudit.cli import main
from parsers import parse_bytes, parse_paths
from parsers.core.quarantine_reasons import REASON_CODES, reason_code, unsupported_game

HERE = Path(__file__).resolve().parents[1]  # tests/
GAMES = HERE / "unsupported_games"
SAMPLE = HERE.parent / "sample_data" / "NLHE-6max-USD-0.50-1.00.basic.txt"

#: file -> the games its hands name, in order.
EXPECTED: dict[str, list[str]] = {
    "ggpoker-stud.txt": ["7 Card Stud"],
    "wpn-stud-hilo.txt": ["7 Card Stud Hi/Lo"],
    "888poker-stud.txt": ["7 Card Stud"],
    "phh-razz.phhs": ["Razz (PHH variant 'FR')", "2-7 Triple Draw (PHH variant 'F2L3D')"],
}


#: file -> (game, is_hilo) of its hand: stud games these formats read since issue 28 (their
#: FamilyFormat, parsers/core/families.py), no longer quarantined.
READ_NOW: dict[str, tuple[str, bool]] = {
    "partypoker-stud-hilo.txt": ("stud", True),
    "bovada-razz.txt": ("razz", False),
    "ipoker-stud.xml": ("stud", False),
}


@pytest.mark.parametrize("name", sorted(READ_NOW))
def test_stud_games_of_the_formats_that_declare_them_are_read(name: str) -> None:
    tables = parse_paths([GAMES / name])
    assert tables.quarantine.is_empty()
    assert tables.hands.select("game", "is_hilo").rows() == [READ_NOW[name]]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_site_quarantines_unsupported_games_by_name(name: str) -> None:
    tables = parse_paths([GAMES / name])
    assert tables.hands.is_empty()
    named = tables.quarantine.filter(pl.col("reason").str.contains("unsupported game: "))
    games = named["reason"].str.extract(r"unsupported game: (.*)$").to_list()
    assert games == EXPECTED[name]
    assert set(tables.quarantine["reason_code"]) == {"unsupported_game"}


#: Files of games once quarantined as unsupported that their site's parser now reads (#28).
NOW_READ: dict[str, list[str]] = {
    "pokerstars-stud-draw-mixed.txt": [
        "razz",
        "razz",  # HORSE (Razz Limit)
        "triple_draw_27",
        "stud",
        "five_card_draw",
        "badugi",
        "single_draw_27",  # 8-Game (Single Draw 2-7 Lowball No Limit)
    ],
    "winamax-razz.txt": ["razz"],
}


@pytest.mark.parametrize("name", sorted(NOW_READ))
def test_the_games_a_site_now_reads_are_no_longer_quarantined(name: str) -> None:
    tables = parse_paths([GAMES / name])
    assert tables.quarantine.is_empty()
    assert tables.hands.sort("line_no")["game"].to_list() == NOW_READ[name]


def test_an_unknown_phh_variant_and_a_format_without_parser() -> None:
    phh = parse_paths([GAMES / "phh-razz.phhs"]).quarantine
    assert phh.filter(pl.col("reason").str.contains("'XYZ'"))["reason_code"].item() == (
        "unsupported_game"
    )
    fulltilt = parse_paths([GAMES / "fulltilt-razz.txt"]).quarantine
    assert fulltilt.height == 3 and set(fulltilt["reason_code"]) == {"unsupported_format"}
    assert fulltilt["reason"].str.contains("no parser for Full Tilt Poker hand").all()


def test_a_game_word_in_a_readable_hold_em_hand_changes_nothing() -> None:
    text = SAMPLE.read_text().replace("Table '", "Table 'Razz Stud Badugi ", 1)
    renamed = parse_bytes(text.encode(), "renamed.txt")
    plain = parse_paths([SAMPLE])
    assert renamed.hands.height == plain.hands.height > 0
    assert renamed.quarantine.is_empty()


@pytest.mark.parametrize(
    ("text", "game"),
    [
        ("PokerStars Hand #1: HORSE (Razz Limit, $2/$4 USD)", "Razz (HORSE)"),
        ("HORSE (Hold'em Limit, $2/$4 USD)", "HORSE"),
        ("$0.10/$0.20 USD 7 Card Stud Hi-Lo - Sunday", "7 Card Stud Hi/Lo"),
        ("Bodog Hand #2 TBL#1 7CARD Fixed Limit - 2012-05-07 03:40:07", "7 Card Stud"),
        ("Bovada Hand #3 TBL#2 7CARD HiLo Fixed Limit - 2012-09-19", "7 Card Stud Hi/Lo"),
        ("Limit 2-7 Triple Draw", "2-7 Triple Draw"),
        ("Badugi Limit ($0.10/$0.20)", "Badugi"),
        ("Hold'em No Limit ($0.50/$1)", None),
        ("Omaha Pot Limit ($0.50/$1)", None),
    ],
)
def test_unsupported_game_names(text: str, game: str | None) -> None:
    frame = pl.DataFrame({"t": [text]})
    assert frame.select(unsupported_game(pl.col("t"))).item() == game


@pytest.mark.parametrize(
    ("reason", "code"),
    [
        ("duplicate of logs/a.txt:12", "duplicate"),
        ("line 6: hand cancelled", "cancelled"),
        ("line 40: hand has no *** SUMMARY *** (truncated?)", "truncated"),
        ("line 1: unsupported game: Razz", "unsupported_game"),
        ("line 4: no parser for fulltilt hand histories yet", "unsupported_format"),
        ("line 9: unrecognised line 'Foo: does something'", "unreadable_line"),
        ("line 12: amount unreadable in 'Bob: calls $x'", "unreadable_line"),
        ("not a hand history: no known hand header", "not_a_hand_history"),
        ("possible archive bomb: ratio (declares 10 bytes)", "too_large"),
        ("7z archives are not supported", "unsupported_archive"),
        ("cannot read the gzip stream (damaged or cut short): x", "unreadable_input"),
        ("audit failed on this file: ValueError: x", "internal_error"),
        ("line 9: seat 3 stack unreadable", "damaged"),
        ("line 1: game unknown in header", "damaged"),
        (None, "damaged"),
    ],
)
def test_reason_codes(reason: str | None, code: str) -> None:
    frame = pl.DataFrame({"reason": [reason]}, schema={"reason": pl.String})
    assert frame.select(reason_code(pl.col("reason"))).item() == code
    assert code in REASON_CODES


def test_a_run_counts_the_quarantine_by_code(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for name in ("ggpoker-stud.txt", "888poker-stud.txt", "fulltilt-razz.txt"):
        (inputs / name).write_bytes((GAMES / name).read_bytes())
    (inputs / "copy.txt").write_bytes(SAMPLE.read_bytes() * 2)  # every hand twice
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(inputs), "--out", str(out), "--exit-zero", "-q"])
    assert result.exit_code == 0, result.output
    totals = json.loads((out / "run.json").read_text())["totals"]
    copies = totals["duplicates"]
    assert copies > 0
    assert totals["quarantine_by_code"] == {
        "unsupported_game": 2,
        "unsupported_format": 3,
        "duplicate": copies,
    }
    with open(out / "quarantine.csv", newline="") as handle:
        codes = [row["reason_code"] for row in csv.DictReader(handle)]
    assert codes.count("unsupported_game") == 2 and codes.count("duplicate") == copies
    assert pl.read_parquet(out / "quarantine.parquet")["reason_code"].null_count() == 0
    html = (out / "report.html").read_text()
    assert 'id="quarantine-codes"' in html and "<code>unsupported_game</code>" in html


def test_combined_quarantine_rows_without_a_code_get_one(tmp_path: Path) -> None:
    from hhaudit.run.parts import _with_reason_codes

    rows = pl.DataFrame(
        {"reason": ["line 3: hand cancelled", "duplicate of a.txt:1"], "reason_code": [None, "x"]},
        schema={"reason": pl.String, "reason_code": pl.String},
    )
    assert _with_reason_codes(rows.lazy()).collect()["reason_code"].to_list() == ["cancelled", "x"]
    bare = _with_reason_codes(rows.drop("reason_code").lazy()).collect()
    assert bare["reason_code"].to_list() == ["cancelled", "duplicate"]


def test_of_two_reasons_on_one_line_every_run_gives_the_first_listed() -> None:
    """A header naming an unsupported game over a hand without seat lines: both reasons are on
    line 1; the header's is listed first (parsers/core/pipeline.py `_hand_problems`) and must
    win in every hand and run (an unstable sort once gave either, at random)."""
    hand = (
        "PokerStars Hand #{n}: A-5 Triple Draw Limit ($0.10/$0.20 USD) - 2020/01/01 10:00:00 ET\n"
        "Table 'X' 6-max Seat #1 is the button\n*** SUMMARY ***\nTotal pot $0 | Rake $0\n\n"
    )
    text = "".join(hand.format(n=100000000000 + n) for n in range(200))
    for _ in range(3):
        quarantine = parse_bytes(text.encode(), "a5.txt").quarantine
        assert quarantine.height == 200
        assert quarantine["reason_code"].unique().to_list() == ["unsupported_game"]
