"""888poker / Pacific / Cassava: golden hands written for these tests, and the real corpus."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from site_helpers import actions_of, corpus_numbers, parse_site_samples, violations


def test_raise_amount_added_is_normalised_to_raise_to() -> None:
    """888 never prints "all-in": is_all_in is null (not recorded), so ALLIN-FLAG stays silent."""
    tables = parse_site_samples("888poker")
    assert tables.quarantine.height == 0
    rows = actions_of(tables, "900000001")
    assert rows[2:4] == [
        (0, "dave", "post_bb", 10, None, None),  # "posts dead blind [$0.05 + $0.10]"
        (0, "dave", "post_dead", 5, None, None),
    ]
    assert rows[5] == (0, "alice", "raise", 40, 40, None)  # "raises [$0.40]" added to 0
    assert rows[11] == (1, "alice", "raise", 300, 300, None)  # "raises [$3]" facing 1
    assert rows[14:] == [
        (1, "alice", "uncalled_return", 200, None, None),  # never printed by 888
        (4, "alice", "collect", 330, None, None),
    ]
    seats = tables.seats.filter(pl.col("hand_id") == "900000001")
    assert seats["player"].to_list() == ["alice", "bob smith", "carol", "dave"]
    assert seats["stack"].to_list() == [1000, 550, 1200, 120025]


def test_localized_amounts_and_pot_limit_violation() -> None:
    tables = parse_site_samples("888poker")
    hand = tables.hands.filter(pl.col("hand_id") == "900000002").row(0, named=True)
    assert (hand["structure"], hand["small_blind"], hand["big_blind"]) == ("PL", 2500, 5000)
    rows = actions_of(tables, "900000002")
    assert rows[2:5] == [
        (0, "Player0", "raise", 12500, 15000, None),  # "raises [125 $]" after the SB
        (0, "Hero", "raise", 40000, 45000, None),
        (0, "Player0", "call", 30000, None, None),
    ]
    seats = tables.seats.filter(pl.col("hand_id") == "900000002")
    assert seats["stack"].to_list() == [500000, 649750]  # "5 000 $", "6 497,50 $"
    found = violations(tables).filter(pl.col("severity") == "violation")
    assert found.select("hand_id", "seq", "code").rows() == [
        ("900000002", 6, "PL-MAX"),  # bet 1 000 into a pot of 900
        ("900000002", 8, "PL-MAX"),  # bet 4 500 into a pot of 2 900
    ]
    assert violations(tables).filter(pl.col("hand_id") == "900000001").height == 0


def test_888_corpus(corpus_dir: Path) -> None:
    tables, read, flags = corpus_numbers(corpus_dir / "888poker")
    assert read == 234  # 233 888poker hands + 1 PartyPoker hand stored in the 888 folder
    assert tables.hands.height + tables.quarantine.height == read
    assert tables.hands.height == 232  # quarantined: a BLAST header without blinds, a cut hand
    # One open finding: 888poker.ca-on hand 6551093 posts a $0.10 SB at "$0.12/$0.25" blinds.
    assert set(flags["hand_id"]) <= {"6551093"}
