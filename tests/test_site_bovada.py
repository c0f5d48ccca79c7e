"""Bovada / Ignition / Bodog: golden hands written for these tests, and the real corpus."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from site_helpers import actions_of, corpus_numbers, parse_site_samples, violations


def test_nl_raise_to_allin_uncalled_and_collect() -> None:
    tables = parse_site_samples("bovada")
    assert tables.quarantine.height == 0
    assert actions_of(tables, "1000000001") == [
        (0, "Small Blind", "post_sb", 25, None, False),
        (0, "Big Blind", "post_bb", 50, None, False),
        (0, "UTG", "fold", 0, None, False),
        (0, "Dealer", "raise", 150, 150, False),
        (0, "Small Blind", "fold", 0, None, False),
        (0, "Big Blind", "call", 100, None, False),
        (1, "Big Blind", "check", 0, None, False),
        (1, "Dealer", "bet", 200, 200, False),
        (1, "Big Blind", "raise", 600, 600, False),
        (1, "Dealer", "raise", 1650, 1850, True),
        (1, "Big Blind", "fold", 0, None, False),
        (1, "Dealer", "uncalled_return", 1250, None, False),
        (4, "Dealer", "collect", 1475, None, False),
    ]
    hand = tables.hands.filter(pl.col("hand_id") == "1000000001").row(0, named=True)
    assert (hand["structure"], hand["small_blind"], hand["big_blind"]) == ("NL", 25, 50)
    assert (hand["button_seat"], hand["total_pot"], hand["rake"]) == (1, 1525, 50)


def test_old_fixed_limit_format_streets_posts_and_lone_raise_to() -> None:
    tables = parse_site_samples("bovada")
    hand = tables.hands.filter(pl.col("hand_id") == "1000000002").row(0, named=True)
    assert (hand["structure"], hand["small_bet"], hand["big_bet"]) == ("FL", 800, 1600)
    rows = actions_of(tables, "1000000002")
    assert rows[1] == (0, "Big Blind", "post_bb", 500, None, True)  # "All-in $5" before the deal
    assert rows[2] == (0, "Dealer", "raise", 1600, 1600, False)  # "Raises $16" is a raise-to
    assert [r[0] for r in rows[4:12]] == [1, 1, 1, 2, 2, 3, 3, 3]  # "Card dealt to table"
    seats = tables.seats.filter(pl.col("hand_id") == "1000000002")
    assert seats.filter(pl.col("sitting_out"))["player"].to_list() == ["UTG"]


def test_tournament_speed_word_seat_ids_and_flagged_violation() -> None:
    tables = parse_site_samples("bovada")
    hand = tables.hands.filter(pl.col("hand_id") == "1000000003").row(0, named=True)
    assert (hand["structure"], hand["is_tournament"], hand["big_blind"]) == ("UNKNOWN", True, 600)
    seats = tables.seats.filter(pl.col("hand_id") == "1000000003").sort("seat")
    assert seats["player"].to_list() == ["UTG", "Dealer", "Small Blind", "Big Blind"]
    assert actions_of(tables, "1000000003")[13] == (2, "Big Blind", "bet", 19003, 19003, True)
    found = violations(tables).filter(pl.col("severity") == "violation")
    assert found.select("hand_id", "seq", "code").rows() == [("1000000003", 12, "ACT-FOLDED")]


def test_bovada_corpus(corpus_dir: Path) -> None:
    tables, read, flags = corpus_numbers(corpus_dir / "bovada")
    assert read == 1504
    assert tables.hands.height + tables.quarantine.height == read
    assert tables.hands.height == 1503  # 1 quarantined: a line glued onto the next header
    # The only flagged hands, each explained in docs/sites.md (corrupted exports, a header
    # level that disagrees with the posts); 2596795140 (FL completion of a >= half-bet all-in
    # to a full bet) is clean under the bovada profile.
    assert set(flags["hand_id"]) <= {"2596806815", "2607979051", "3178646516"}


def test_streets_inferred_when_the_export_prints_no_marker() -> None:
    tables = parse_site_samples("bovada")
    rows = actions_of(tables, "1000000004")
    # the big blind checks twice running: the option preflop, then first on the flop
    assert [(r[0], r[1], r[2]) for r in rows[6:9]] == [
        (0, "Big Blind", "check"),
        (1, "Big Blind", "check"),
        (1, "UTG", "bet"),
    ]
    assert [r[0] for r in rows[11:17]] == [2, 2, 2, 3, 3, 3]
    assert rows[-2:] == [
        (3, "Big Blind", "uncalled_return", 4000, None, False),
        (4, "Big Blind", "collect", 4600, None, False),
    ]
    assert violations(tables).filter(pl.col("hand_id") == "1000000004").height == 0
