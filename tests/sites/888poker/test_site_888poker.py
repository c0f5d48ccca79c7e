"""888poker / Pacific / Cassava: golden hands written for these tests, and the real corpus."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from site_helpers import (
    actions_of,
    corpus_numbers,
    hand_row,
    parse_site_file,
    parse_site_samples,
    violations,
)

from parsers.games import SHOWDOWN


def test_raise_amount_added_is_normalised_to_raise_to() -> None:
    """888 never prints "all-in": is_all_in is null (not recorded), so ALLIN-FLAG stays silent."""
    tables = parse_site_samples("888poker")
    assert tables.quarantine["hand_id"].to_list() == ["930000004"]  # the BLAST all-in phase
    rows = actions_of(tables, "900000001")
    assert rows[2:4] == [
        (0, "dave", "post_bb", 10, None, None),  # "posts dead blind [$0.05 + $0.10]"
        (0, "dave", "post_dead", 5, None, None),
    ]
    assert rows[5] == (0, "alice", "raise", 40, 40, None)  # "raises [$0.40]" added to 0
    assert rows[11] == (1, "alice", "raise", 300, 300, None)  # "raises [$3]" facing 1
    assert rows[14:] == [
        (1, "alice", "uncalled_return", 200, None, None),  # never printed by 888
        (SHOWDOWN, "alice", "collect", 330, None, None),
    ]
    seats = tables.seats.filter(pl.col("hand_id") == "900000001")
    assert seats["player"].to_list() == ["alice", "bob smith", "carol", "dave"]
    assert seats["stack"].to_list() == [1000, 550, 1200, 120025]


def test_localized_amounts_and_pot_limit_violation() -> None:
    tables = parse_site_samples("888poker")
    hand = hand_row(tables, "900000002")
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


def _stacks(tables, hand_id: str) -> list[int]:
    return tables.seats.filter(pl.col("hand_id") == hand_id)["stack"].to_list()


def test_german_client_no_break_space_amounts_and_word_suits() -> None:
    """ "0,01\u00a0$" (a no-break space before the currency), "[ 3Karo, KKreuz ]" suits."""
    tables = parse_site_samples("888poker")
    hand = hand_row(tables, "910000001")
    assert (hand["currency"], hand["small_blind"], hand["big_blind"]) == ("USD", 1, 2)
    assert _stacks(tables, "910000001") == [200, 150, 310, 77]
    rows = actions_of(tables, "910000001")
    assert rows[2] == (0, "dieter", "post_live", 2, None, None)  # posts out of position
    assert rows[8:10] == [(1, "clara", "bet", 5, 5, None), (1, "dieter", "fold", 0, None, None)]
    assert rows[-1] == (SHOWDOWN, "clara", "collect", 40, None, None)
    # "1.234,56 $" dot thousands, "1\u202f400\u00a0$" narrow no-break thousands
    assert _stacks(tables, "910000003") == [123456, 140000]
    hand = hand_row(tables, "910000003")
    assert (hand["small_blind"], hand["big_blind"]) == (200, 400)
    found = violations(tables).filter(pl.col("hand_id").str.starts_with("91"))
    assert found.filter(pl.col("severity") != "info").height == 0


def test_german_client_all_in_with_a_showdown() -> None:
    tables = parse_site_samples("888poker")
    rows = actions_of(tables, "910000002")
    assert rows[4:] == [
        (0, "anna", "raise", 20, 22, None),  # "raises [0,20 $]": added to her 0,02 blind
        (0, "bernd", "call", 16, None, None),
        (1, "anna", "bet", 158, 158, None),  # all-in
        (1, "bernd", "call", 127, None, None),  # all-in for less
        (1, "anna", "uncalled_return", 31, None, None),
        (SHOWDOWN, "anna", "collect", 289, None, None),  # "3,20 $" less the 0,31 returned
    ]


def test_collect_without_the_uncalled_raise_is_kept() -> None:
    """888 collects the pot without the uncalled part of a raise all fold to ("raises [0,06 $]"
    over 0,01/0,02 blinds, "collected [ 0,05 $ ]"): the return is added, the collect kept; a
    collect that holds the return (900000001, 910000002 above) gives it up."""
    tables = parse_site_samples("888poker")
    assert actions_of(tables, "910000004")[-2:] == [
        (0, "clara", "uncalled_return", 4, None, None),
        (SHOWDOWN, "clara", "collect", 5, None, None),
    ]


def test_dutch_client_currency_before_with_decimal_comma() -> None:
    """ "( $ 3.243 )", "( $ 552,72 )": the continental format with the currency first."""
    tables = parse_site_samples("888poker")
    assert _stacks(tables, "920000001") == [324300, 55272, 80000]
    assert ("jan", "call", 4550) in [(r[1], r[2], r[3]) for r in actions_of(tables, "920000001")]
    assert violations(tables).filter(pl.col("hand_id") == "920000001").height == 0


def test_network_skins_and_blinds_the_header_does_not_state() -> None:
    tables = parse_site_samples("888poker")
    assert hand_row(tables, "930000001")["big_blind"] == 400  # LuckyAcePoker.com
    # Snap Poker "$0.12/$0.25": half the odd-cent big blind cut to the cent; the SB posts $0.10
    snap = hand_row(tables, "930000002")
    assert (snap["small_blind"], snap["big_blind"]) == (10, 25)
    # tournament "$200/$0": the big blind's player had only his ante; the level is 200/400
    assert hand_row(tables, "930000003")["big_blind"] == 400
    flagged = violations(tables).filter(pl.col("hand_id").str.starts_with("93"))
    assert flagged.filter(pl.col("severity") != "info").height == 0
    blast = tables.quarantine.filter(pl.col("hand_id") == "930000004")["reason"].item()
    assert "unsupported game: BLAST all-in phase" in blast


def test_a_client_switching_locale_inside_a_file_and_a_hand_loses_no_hand() -> None:
    """The German client's "0,01\u00a0$/0,02\u00a0$" stakes over "calls [$0.08]" in the same
    hand, and a next hand whose seats say "( $2.58 )": each amount in its own form."""
    tables = parse_site_file("888poker", "locale-switch-skins-currencies.txt")
    assert tables.quarantine.is_empty()
    rows = actions_of(tables, "940000001")
    assert rows[2] == (0, "paul", "raise", 10, 10, None)  # "raises [0,10\u00a0$]"
    assert rows[4] == (0, "kurt", "call", 8, None, None)  # "calls [$0.08]"
    assert rows[5:8] == [
        (1, "kurt", "bet", 11, 11, None),  # "[$0.11]"
        (1, "paul", "raise", 27, 27, None),  # "[$0.27]" added to nothing: raise to 0.27
        (1, "kurt", "call", 16, None, None),
    ]
    assert _stacks(tables, "940000002") == [258, 276, 47]
    hand = hand_row(tables, "940000002")
    assert (hand["currency"], hand["small_blind"], hand["big_blind"]) == ("USD", 1, 2)
    assert violations(tables).filter(pl.col("severity") != "info").is_empty()


def test_network_skins_currencies_and_play_money() -> None:
    tables = parse_site_file("888poker", "locale-switch-skins-currencies.txt")
    read = {
        row["hand_id"]: (row["site"], row["currency"], row["small_blind"], row["big_blind"])
        for row in tables.hands.iter_rows(named=True)
    }
    assert read["940000003"] == ("888poker", "USD", 100000, 200000)  # WSOP.com, "$1,000/$2,000"
    assert read["940000004"] == ("888poker", "EUR", 2, 5)  # 888poker.it "0,02 €/0,05 €"
    assert read["940000005"] == ("888poker", "SEK", 50, 100)  # "0,50 kr/1 kr"
    assert read["940000006"] == ("888poker", "play", 500, 1000)  # "(Play Money)"
    assert read["940000007"] == ("888poker", "chips", 100, 200)
    assert _stacks(tables, "940000003") == [25000000, 18050050, 40200000]
    assert _stacks(tables, "940000005") == [10000, 125050]  # "1 250,50 kr"


def test_lines_that_move_no_chips_are_skipped_and_counted() -> None:
    """Connection notices, the time bank, a tournament place, a bounty and a ticket."""
    tables = parse_site_file("888poker", "locale-switch-skins-currencies.txt")
    assert [(f.hands_parsed, f.hands_quarantined, f.lines_skipped) for f in tables.files] == [
        (7, 0, 6)
    ]


def test_888_corpus(corpus_dir: Path) -> None:
    """Every hand of the 888 corpus is audited or quarantined, and none is flagged a violation
    (counts and the quarantined hands: tests/corpus/real_corpus/p888.py)."""
    tables, read, flags = corpus_numbers(corpus_dir / "888poker")
    assert tables.hands.height + tables.quarantine.height == read
    assert tables.hands.height >= 1700
    assert flags.height == 0
