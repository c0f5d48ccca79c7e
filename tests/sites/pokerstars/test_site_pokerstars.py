"""PokerStars' regional sites and currencies, and the lines its clients add that move no chips,
on hands written for these tests (regional-currencies-notices.txt)."""

from __future__ import annotations

import polars as pl
from site_helpers import hand_row, parse_site_file, violations

SAMPLE = "regional-currencies-notices.txt"


def _stacks(tables, hand_id: str) -> list[int]:
    return tables.seats.filter(pl.col("hand_id") == hand_id)["stack"].to_list()


def test_regional_sites_and_currencies_read_as_pokerstars() -> None:
    tables = parse_site_file("pokerstars", SAMPLE)
    read = {
        row["hand_id"]: (row["site"], row["currency"], row["small_blind"], row["big_blind"])
        for row in tables.hands.iter_rows(named=True)
    }
    assert read == {
        "980000000001": ("pokerstars", "EUR", 1, 2),  # PokerStars.fr, "(€0.01/€0.02 EUR)"
        "980000000002": ("pokerstars", "INR", 500, 1000),  # "(₹5/₹10 INR)"
        "980000000003": ("pokerstars", "INR", 500, 1000),  # "(Rs.5/Rs.10 INR)"
        "980000000004": ("pokerstars", "CNY", 100, 200),  # "(¥1/¥2 CNY)"
        "980000000005": ("pokerstars", "play", 2500, 5000),  # "(2,500/5,000)", play money
        "980000000006": ("pokerstars", "chips", 1000, 2000),  # "Level XV (1,000/2,000)"
    }
    assert _stacks(tables, "980000000001") == [200, 123456]  # "€1,234.56"
    assert _stacks(tables, "980000000002") == [100000, 250050]  # "₹2,500.50"
    assert _stacks(tables, "980000000005") == [1250000, 980000]
    assert hand_row(tables, "980000000006")["ante"] == 250
    assert violations(tables).filter(pl.col("severity") != "info").is_empty()


def test_notices_chat_places_bounties_and_entries_are_skipped_and_counted() -> None:
    """ "has timed out", "is connected", chat, a progressive bounty, a place, a satellite entry
    and reward points: seven lines of hand 980000000006, none quarantines it."""
    tables = parse_site_file("pokerstars", SAMPLE)
    assert tables.quarantine.is_empty()
    assert [(f.hands_parsed, f.lines_skipped) for f in tables.files] == [(6, 7)]
