"""Bovada / Ignition / Bodog: golden hands written for these tests, and the real corpus."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from site_helpers import (
    SITES,
    actions_of,
    corpus_headers,
    corpus_numbers,
    hand_row,
    parse_site_samples,
    violations,
)

from parsers import parse_paths
from parsers.core.pipeline import AFTER_SUMMARY
from parsers.games import SHOWDOWN


def test_nl_raise_to_allin_uncalled_and_collect() -> None:
    tables = parse_site_samples("bovada")
    # the only quarantined sample is the damaged one (test_second_hand_without_header_...)
    assert tables.quarantine["hand_id"].to_list() == ["1000000007"]
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
        (SHOWDOWN, "Dealer", "collect", 1475, None, False),
    ]
    hand = hand_row(tables, "1000000001")
    assert (hand["structure"], hand["small_blind"], hand["big_blind"]) == ("NL", 25, 50)
    assert (hand["button_seat"], hand["total_pot"], hand["rake"]) == (1, 1525, 50)


def test_old_fixed_limit_format_streets_posts_and_lone_raise_to() -> None:
    tables = parse_site_samples("bovada")
    hand = hand_row(tables, "1000000002")
    assert (hand["structure"], hand["small_bet"], hand["big_bet"]) == ("FL", 800, 1600)
    rows = actions_of(tables, "1000000002")
    assert rows[1] == (0, "Big Blind", "post_bb", 500, None, True)  # "All-in $5" before the deal
    assert rows[2] == (0, "Dealer", "raise", 1600, 1600, False)  # "Raises $16" is a raise-to
    assert [r[0] for r in rows[4:12]] == [1, 1, 1, 2, 2, 3, 3, 3]  # "Card dealt to table"
    seats = tables.seats.filter(pl.col("hand_id") == "1000000002")
    assert seats.filter(pl.col("sitting_out"))["player"].to_list() == ["UTG"]


def test_tournament_speed_word_seat_ids_and_flagged_violation() -> None:
    tables = parse_site_samples("bovada")
    hand = hand_row(tables, "1000000003")
    assert (hand["structure"], hand["is_tournament"], hand["big_blind"]) == ("UNKNOWN", True, 600)
    seats = tables.seats.filter(pl.col("hand_id") == "1000000003").sort("seat")
    assert seats["player"].to_list() == ["UTG", "Dealer", "Small Blind", "Big Blind"]
    assert actions_of(tables, "1000000003")[13] == (2, "Big Blind", "bet", 19003, 19003, True)
    found = violations(tables).filter(
        (pl.col("severity") == "violation") & (pl.col("hand_id") == "1000000003")
    )
    assert found.select("hand_id", "seq", "code").rows() == [("1000000003", 12, "ACT-FOLDED")]


def test_bovada_corpus_every_header_is_read_and_accounted_for(corpus_dir: Path) -> None:
    """Every header of the corpus is a hand read, audited or quarantined with its line (what
    is quarantined and flagged is held by tests/corpus/real_corpus/bovada.py)."""
    tables, read, _flags = corpus_numbers(corpus_dir / "bovada")
    assert read == corpus_headers(corpus_dir / "bovada") > 0  # counted apart from the parser
    assert tables.hands.height + tables.quarantine.height == read
    assert tables.quarantine["reason"].str.contains(r"^line \d+: ").all()


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
        (SHOWDOWN, "Big Blind", "collect", 4600, None, False),
    ]
    assert violations(tables).filter(pl.col("hand_id") == "1000000004").height == 0


def _sample(name: str):
    return parse_paths([SITES / "bovada" / name])


def test_allin_after_own_ante_is_the_blind_and_allin_raise_opening_is_a_bet() -> None:
    tables = _sample("tournament-allin-blind-after-ante.txt")
    assert tables.quarantine.height == 0
    # "Small Blind : Ante chip 400" then "Small Blind : All-in 892": his ante, then his blind
    assert actions_of(tables, "1000000005")[1] == (0, "Small Blind", "post_ante", 400, None, False)
    assert actions_of(tables, "1000000005")[4] == (0, "Small Blind", "post_sb", 892, None, True)
    # "All-in(raise) $7 to $7" with nothing bet on the flop (below the $10 big blind): a bet
    assert actions_of(tables, "1000000006")[5] == (1, "Big Blind", "bet", 700, 700, True)
    assert violations(tables).filter(pl.col("severity") != "info").height == 0


def test_uncontested_part_of_an_ante_comes_back() -> None:
    """Heads-up, the big blind all-in with his 166 ante against a 240 ante: the 74 nobody can
    match is returned (the log says so); a log that keeps it in the pot is flagged.
    Prize and bounty lines move no chips and are skipped."""
    tables = _sample("tournament-heads-up-allin-ante.txt")
    assert tables.quarantine.height == 0
    assert actions_of(tables, "1000000008")[2] == (0, "Dealer", "uncalled_return", 74, None, False)
    found = violations(tables).filter(pl.col("severity") != "info")
    assert sorted(found.select("hand_id", "code").rows()) == [
        ("1000000009", "POT-TOTAL"),
        ("1000000009", "UNCALLED-RETURN"),
    ]
    assert "74 expected" in found.filter(pl.col("code") == "UNCALLED-RETURN")["message"][0]


def test_second_hand_without_header_quarantines_the_hand_at_its_deal() -> None:
    """A cut export: the first hand's summary runs into the seat lines of a hand whose header
    is missing; its "*** HOLE CARDS ***" after the summary names the break."""
    tables = _sample("damaged-concatenated-partial.txt")
    assert tables.hands.height == 0
    assert tables.quarantine["reason"].to_list() == [f"line 27: {AFTER_SUMMARY}"]


def test_seat_notices_ranking_and_prizes_are_skipped_and_counted() -> None:
    """ "Seat re-join", "Sit out", "Ranking 88", "Prize Cash [$1.50]", "BOUNTY PRIZE [$5]" and
    "Table leave user": six lines counted, the hand audited without a flag."""
    tables = parse_paths([SITES / "bovada" / "notices-prizes-no-chips.txt"])
    assert tables.quarantine.is_empty()
    assert [(f.hands_parsed, f.lines_skipped) for f in tables.files] == [(1, 6)]
    assert violations(tables).filter(pl.col("severity") != "info").is_empty()
