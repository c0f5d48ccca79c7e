"""GGPoker: golden files (tests/sites/ggpoker) and the real corpus (../shared, else skipped)."""

from __future__ import annotations

import csv

import polars as pl
import pytest
from conftest import CORPUS, require_shared
from site_helpers import action_rows, corpus_accounting, parse_site_file, violation_codes

from parsers.games import SHOWDOWN
from parsers.sites.ggpoker.header import read_gg_header

SD = str(SHOWDOWN)  # the settlement's street id, as action_rows writes it

S = None


@pytest.fixture(scope="module")
def legal():
    return parse_site_file("ggpoker", "legal_straddle_rit_cashout.txt")


def test_hands(legal) -> None:
    hands = legal.hands.sort("hand_id")
    assert hands["hand_id"].to_list() == ["HD900002", "RC900001"]
    assert hands["game"].to_list() == ["holdem", "omaha4"]
    assert hands["structure"].to_list() == ["NL", "PL"]
    assert hands["boards"].to_list() == [2, 1]
    assert hands["straddles"].to_list() == [0, 2]
    # rake = rake + jackpot + bingo + fortune (all the site took)
    assert hands["total_pot"].to_list() == [10100, 1900]
    assert hands["rake"].to_list() == [450, 50]


def test_straddle_amounts_are_totals(legal) -> None:
    assert action_rows(legal, "RC900001")[:5] == [
        ("0", "d4e5f6", "post_sb", "100", S, S),  # GG never marks a forced post all-in
        ("0", "Hero", "post_bb", "200", S, S),
        ("0", "7g8h9i", "post_straddle", "400", S, "false"),
        ("0", "7g8h9i", "post_straddle", "400", S, "false"),
        ("0", "a1b2c3", "raise", "2400", "2400", "false"),
    ]
    assert action_rows(legal, "RC900001")[-2:] == [
        ("0", "a1b2c3", "uncalled_return", "1600", S, "false"),
        (SD, "a1b2c3", "collect", "1850", S, "false"),
    ]


def test_run_twice_cashout_and_insurance(legal) -> None:
    assert action_rows(legal, "HD900002")[2:] == [
        ("0", "Hero", "raise", "300", "300", "false"),
        ("0", "y2", "raise", "4950", "5000", "true"),
        ("0", "x1", "fold", "0", S, "false"),
        ("0", "Hero", "call", "4700", S, "false"),
        (SD, "Hero", "cash_out", "-2000", S, "false"),  # Pays Cashout Risk ($20)
        (SD, "y2", "cash_out", "-200", S, "false"),  # insurance premium ($2)
        (SD, "Hero", "collect", "4825", S, "false"),
        (SD, "y2", "collect", "4825", S, "false"),
    ]


def test_legal_file_has_no_violation(legal) -> None:
    assert violation_codes(legal) == []


def test_violation_file_is_flagged() -> None:
    tables = parse_site_file("ggpoker", "violation_check_facing_bet.txt")
    hand = tables.hands.row(0, named=True)
    assert (hand["is_tournament"], hand["currency"], hand["ante"]) == (True, "chips", 25)
    assert violation_codes(tables) == [("TM900003", "CHECK-FACING-BET")]


def test_headers() -> None:
    texts = [
        "Poker Hand #SD1: ShortDeck No Limit ($0.02) - 2021/03/02 18:21:18",
        "Poker Hand #OM2: PLO-5 ($25/$50) - 2021/04/11 03:57:00",
        "Poker Hand #TM3: Tournament #2, Omaholic Bounty $8.40 Omaha (NL postflop)"
        " - Level18(1,250/2,500) - 2021/04/15 11:12:42",
    ]
    frame = pl.DataFrame({"hand_key": [0, 1, 2], "line_no": [1, 1, 1], "text": texts})
    out = read_gg_header(frame)
    assert out["game"].to_list() == ["shortdeck", "omaha5", "omaha4"]
    assert out["structure"].to_list() == ["NL", "PL", "UNKNOWN"]
    assert out["big_blind"].to_list() == [2, 5000, 2500]
    assert out["small_blind"].to_list() == [0, 2500, 1250]
    assert out["header_problem"].to_list() == [None, None, None]


def test_real_corpus() -> None:
    """What still holds of the corpus (tests/corpus/real_corpus/ggpoker.py holds the flags): every
    hand MANIFEST.csv counts is read and accounted for, and the cash drop is site money."""
    root = require_shared(CORPUS / "ggpoker")
    with open(CORPUS / "MANIFEST.csv", encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["path"].startswith("ggpoker/")]
    tables, read, accounted = corpus_accounting(root)
    assert read == sum(int(row["hands"]) for row in rows)
    assert accounted == read
    assert tables.quarantine.height == 0
    # RC58843003: "Cash Drop to Pot : total $0.2" is site_added, counted in the pot limit (the
    # preflop raise to $0.41 is the pot with it)
    drop = tables.hands.filter(pl.col("hand_id") == "RC58843003")
    assert drop.select("site_added", "total_pot").row(0) == (20, 261)
    assert ("RC58843003", "PL-MAX") not in violation_codes(tables)


def test_bet_and_muck_folds_is_the_muck() -> None:
    """ "Bet & Muck folds" after the Bet & Muck bet was called moves no chips (it was read as a
    fold after the round closed: ACT-CLOSED)."""
    tables = parse_site_file("ggpoker", "bet_and_muck_called.txt")
    assert action_rows(tables, "HD910010")[-3:] == [
        ("3", "b2", "bet", "10", "10", "false"),
        ("3", "c3", "call", "10", S, "false"),
        (SD, "c3", "collect", "29", S, "false"),
    ]
    assert violation_codes(tables, "warning") == []
    assert violation_codes(tables) == []


def test_level_with_thousands_and_notices_skipped_and_counted() -> None:
    """ "Level15(1,250/2,500)", "(60,000 in chips)", a progressive bounty line and a place: the
    stakes read through the separators, the notices counted, nothing flagged."""
    tables = parse_site_file("ggpoker", "notices_thousands_level.txt")
    assert tables.quarantine.is_empty()
    hand = tables.hands.row(0, named=True)
    assert (hand["small_blind"], hand["big_blind"], hand["ante"]) == (1250, 2500, 300)
    assert [(f.hands_parsed, f.lines_skipped) for f in tables.files] == [(1, 4)]
    assert violation_codes(tables) == []
