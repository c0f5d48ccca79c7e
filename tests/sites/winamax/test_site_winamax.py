"""Winamax: golden files (tests/sites/winamax) and the real corpus (../shared, else skipped)."""

from __future__ import annotations

import csv

import polars as pl
import pytest
from conftest import CORPUS, require_shared
from site_helpers import action_rows, corpus_accounting, parse_site_file, violation_codes

from parsers.games import SHOWDOWN

SD = str(SHOWDOWN)  # the settlement's street id, as action_rows writes it

S = None


@pytest.fixture(scope="module")
def legal():
    return parse_site_file("winamax", "legal_dead_sb_allin.txt")


def test_header_columns(legal) -> None:
    hands = legal.hands.sort("hand_id")
    assert hands["site"].to_list() == ["winamax", "winamax"]
    assert hands["game"].to_list() == ["holdem", "omaha4"]
    assert hands["structure"].to_list() == ["NL", "PL"]
    assert hands["currency"].to_list() == ["EUR", "EUR"]
    assert hands["big_blind"].to_list() == [200, 200]
    # Winamax's pot is net of rake and holds the implicit uncalled bets: normalised
    assert hands["total_pot"].to_list() == [10200, 700]
    assert hands["rake"].to_list() == [100, 0]


def test_idle_seat_sits_out(legal) -> None:
    seats = legal.seats.filter(pl.col("hand_id") == "100-1-1700000000").sort("seat")
    assert seats["player"].to_list()[-1] == "Idle Eve"
    assert seats["sitting_out"].to_list() == [False, False, False, False, True]


def test_actions_dead_sb_raise_to_allin_implicit_return(legal) -> None:
    assert action_rows(legal, "100-1-1700000000") == [
        ("0", "Bob Smith", "post_sb", "100", S, "false"),
        ("0", "Carol", "post_bb", "200", S, "false"),
        ("0", "Dave", "post_dead", "100", S, "false"),
        ("0", "Dave", "raise", "600", "600", "false"),
        ("0", "Alice", "raise", "1800", "1800", "false"),
        ("0", "Bob Smith", "fold", "0", S, "false"),
        ("0", "Carol", "fold", "0", S, "false"),
        ("0", "Dave", "call", "1200", S, "false"),
        ("1", "Dave", "bet", "2000", "2000", "false"),
        ("1", "Alice", "raise", "6000", "6000", "false"),
        ("1", "Dave", "call", "1100", S, "true"),
        ("1", "Alice", "uncalled_return", "2900", S, "false"),
        (SD, "Dave", "collect", "10100", S, "false"),
        (SD, "Alice", "collect", "0", S, "false"),
    ]


def test_out_of_position_sb_holding_both_blinds(legal) -> None:
    rows = action_rows(legal, "100-2-1700000060")
    assert rows[2:4] == [
        ("0", "Bob Smith", "post_live", "200", S, "false"),
        ("0", "Bob Smith", "post_dead", "100", S, "false"),
    ]
    assert rows[-2:] == [
        ("0", "Alice", "uncalled_return", "600", S, "false"),
        (SD, "Alice", "collect", "700", S, "false"),
    ]


def test_legal_file_has_no_violation(legal) -> None:
    assert violation_codes(legal) == []


def test_violation_file_is_flagged() -> None:
    tables = parse_site_file("winamax", "violation_raise_min.txt")
    hand = tables.hands.row(0, named=True)
    # Winamax amounts are read in hundredths (tournament chips can have cents)
    assert (hand["is_tournament"], hand["scale"], hand["ante"], hand["big_blind"]) == (
        True,
        100,
        2500,
        30000,
    )
    assert hand["total_pot"] is None  # "Total pot 1.03k" is abbreviated: not read
    assert violation_codes(tables) == [("200-2-1700000100", "RAISE-MIN")]


def test_raise_among_the_blinds_is_quarantined() -> None:
    tables = parse_site_file("winamax", "quarantine_raise_before_blinds.txt")
    assert tables.hands.height == 0
    assert tables.quarantine["reason"].to_list() == [
        "line 7: betting action before the blinds are posted: raises"
    ]


def test_raise_among_the_posts_then_small_blind_is_a_dead_and_live_post() -> None:
    """fpdb "ante.raise" export shape: "Dan raises 1€ to 3€" then "Dan posts small blind 1€"
    among the blinds = 4€ in, 2€ of it live (Dan checks the 2€ big blind; the pot adds up)."""
    tables = parse_site_file("winamax", "legal_raise_among_posts.txt")
    assert tables.quarantine.height == 0
    assert action_rows(tables, "300-5-1700000400")[:6] == [
        ("0", "Dan", "post_live", "200", S, "false"),
        ("0", "Dan", "post_dead", "100", S, "false"),
        ("0", "Dan", "post_dead", "100", S, "false"),
        ("0", "Cat", "post_bb", "200", S, "false"),
        ("0", "Dan", "check", "0", S, "false"),
        ("0", "Ann", "call", "200", S, "false"),
    ]
    # 12€ reported = 8€ in the pot + Dan's uncalled 4€ (Winamax never prints the return)
    assert tables.hands["total_pot"].to_list() == [800]
    assert violation_codes(tables) == []


def _manifest_hands(site: str) -> int:
    with open(CORPUS / "MANIFEST.csv", encoding="utf-8") as handle:
        return sum(int(row["hands"]) for row in csv.DictReader(handle) if row["site"] == site)


def test_real_corpus_every_header_is_read_and_accounted_for() -> None:
    """Every Winamax header of the corpus is a hand read, and each is audited or quarantined
    (what is quarantined and flagged is held by tests/corpus/real_corpus/winamax.py)."""
    root = require_shared(CORPUS / "winamax")
    tables, read, accounted = corpus_accounting(root)
    assert read == _manifest_hands("winamax")
    assert accounted == read
    # the "ante.raise" hands 6417287-* parse (raise among the posts = dead + live post)
    ante_raise = tables.hands.filter(pl.col("hand_id").str.starts_with("6417287-"))
    assert ante_raise.height > 0
    assert not tables.quarantine["hand_id"].str.starts_with("6417287-").any()


def test_hilo_collect_without_space_before_the_half() -> None:
    """2016 Hi/Lo exports write "collected 4.80€ from pot(HI)": read like "pot (HI)"."""
    tables = parse_site_file("winamax", "legal_hilo_split_unspaced.txt")
    assert tables.quarantine.height == 0
    assert action_rows(tables, "500-7-1700000500")[-2:] == [
        (SD, "Bob", "collect", "480", S, "false"),
        (SD, "Bob", "collect", "480", S, "false"),
    ]
    assert tables.hands["total_pot"].to_list() == [1000]  # 9.60 collected + 0.40 rake
    assert violation_codes(tables) == violation_codes(tables, "warning") == []


def test_implied_return_taken_from_the_last_collects_first() -> None:
    """Ann's uncalled 40 (95 against Cat's all-in 55) is inside her collects: the last one
    (10) is used up first, the rest (30) comes out of the main pot line."""
    tables = parse_site_file("winamax", "legal_side_pots.txt")
    assert action_rows(tables, "400-4-1700000300")[-3:] == [
        ("0", "Ann", "uncalled_return", "4000", S, "false"),
        (SD, "Ann", "collect", "16000", S, "false"),
        (SD, "Ann", "collect", "0", S, "false"),
    ]
    assert tables.hands["total_pot"].to_list() == [16000]
    assert violation_codes(tables) == []


def test_notices_places_and_bounties_are_skipped_and_counted() -> None:
    """A knockout tournament hand with "is disconnected", "is connected", a place and a bounty
    line: the hand is audited (chips in hundredths), the four lines counted."""
    tables = parse_site_file("winamax", "notices_no_chips.txt")
    assert tables.quarantine.is_empty()
    assert [(f.hands_parsed, f.lines_skipped) for f in tables.files] == [(1, 4)]
    assert violation_codes(tables) == []
