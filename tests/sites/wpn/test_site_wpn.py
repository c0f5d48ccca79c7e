"""WPN / ACR: golden files (tests/sites/wpn) and the real corpus (../shared, else skipped)."""

from __future__ import annotations

import polars as pl
import pytest
from conftest import CORPUS, require_shared
from site_helpers import (
    SITES,
    action_rows,
    card_view,
    corpus_accounting,
    corpus_headers,
    hand_row,
    not_judged,
    parse_site_file,
    parse_site_samples,
    showdown_flags,
    violation_codes,
)

import audit
from parsers.api import parse_bytes
from parsers.games import SHOWDOWN

SD = str(SHOWDOWN)  # the settlement's street id, as action_rows writes it

S = None


@pytest.fixture(scope="module")
def old():
    # UTF-16 with a BOM and lone CR line ends, like the real old exports
    return parse_site_file("wpn", "legal_old_format.txt")


@pytest.fixture(scope="module")
def new():
    return parse_site_file("wpn", "legal_new_format.txt")


def test_old_hands(old) -> None:
    hands = old.hands.sort("hand_id")
    assert hands["hand_id"].to_list() == ["500000001", "500000002"]
    assert hands["structure"].to_list() == ["UNKNOWN", "UNKNOWN"]  # never stated
    assert hands["currency"].to_list() == ["USD", "USD"]
    # "2/4" with posts 1 and 2: the stated stakes were fixed-limit bets
    assert hands["small_blind"].to_list() == [100, 100]
    assert hands["big_blind"].to_list() == [200, 200]
    # "Pot: 100. Rake 2" is net of the rake
    assert hands["total_pot"].to_list() == [10200, 800]
    assert hands["rake"].to_list() == [200, 15]
    seats = old.seats.filter(pl.col("hand_id") == "500000002").sort("seat")
    assert seats["sitting_out"].to_list() == [False, False, True]


def test_old_raise_added_and_allin_resolved(old) -> None:
    assert action_rows(old, "500000001") == [
        ("0", "Bravo Two", "post_sb", "100", S, "false"),
        ("0", "Charlie", "post_bb", "200", S, "false"),
        ("0", "Alpha", "raise", "600", "600", "false"),  # "raises (6)": chips added
        ("0", "Bravo Two", "raise", "4900", "5000", "true"),  # "allin (49)" above the bet
        ("0", "Charlie", "fold", "0", S, "false"),
        ("0", "Alpha", "call", "4400", S, "false"),
        (SD, "Bravo Two", "collect", "10000", S, "false"),  # summary "Collects: 100."
    ]
    assert action_rows(old, "500000002")[2:] == [
        ("0", "Bravo Two", "raise", "300", "400", "false"),
        ("0", "Alpha", "call", "200", S, "false"),
        ("1", "Alpha", "check", "0", S, "false"),
        ("1", "Bravo Two", "bet", "200", "200", "false"),
        ("1", "Alpha", "fold", "0", S, "false"),
        ("1", "Bravo Two", "uncalled_return", "200", S, "false"),
        (SD, "Bravo Two", "collect", "785", S, "false"),
    ]


def test_new_walk_collect_from_summary_and_implied_return(new) -> None:
    assert action_rows(new, "70000001")[2:] == [
        ("0", "Player1", "fold", "0", S, "false"),
        ("0", "Player2", "fold", "0", S, "false"),
        ("0", "Player3", "uncalled_return", "50", S, "false"),
        (SD, "Player3", "collect", "100", S, "false"),
    ]
    walk = hand_row(new, "70000001")
    assert (walk["total_pot"], walk["rake"]) == (100, 0)


def test_new_dead_post_and_body_collect(new) -> None:
    rows = action_rows(new, "70000002")
    assert rows[2:4] == [
        ("0", "Player1", "post_live", "100", S, "false"),
        ("0", "Player1", "post_dead", "50", S, "false"),
    ]
    # the summary's "won $11.00" is not counted again: the body has the collect
    assert [r for r in rows if r[2] == "collect"] == [
        (SD, "Player2", "collect", "1100", S, "false")
    ]
    hand = hand_row(new, "70000002")
    assert (hand["structure"], hand["game"], hand["total_pot"], hand["rake"]) == (
        "PL",
        "omaha4",
        1150,
        50,
    )


def test_legal_files_have_no_violation(old, new) -> None:
    assert violation_codes(old) == []
    assert violation_codes(new) == []


def test_violation_file_is_flagged() -> None:
    tables = parse_site_file("wpn", "violation_check_facing_bet.txt")
    assert violation_codes(tables) == [("500000003", "CHECK-FACING-BET")]


def test_real_corpus_hands_all_accounted() -> None:
    """Every hand read is parsed or quarantined (the quarantines and flags themselves are held
    by tests/corpus/real_corpus/wpn.py)."""
    root = require_shared(CORPUS / "wpn")
    tables, read, accounted = corpus_accounting(root)
    assert read == corpus_headers(root) > 0  # counted apart from the parser
    assert accounted == read
    # the capped table: "Player Player4 caps (253.88)" brings him to 300, the hand's cap
    capped = tables.hands.filter(pl.col("hand_id") == "406051551")
    assert capped["cap"].to_list() == [30000]


def test_nameless_player_is_audited_with_an_unknown_stack() -> None:
    """ "Player  has big blind (2)": a player printed without a name and without a seat line
    is read (seat -1, stack unknown) and says so in one info flag; the summary line of a
    player without a seat ("Player ghost77 ... Bets: 0. Collects: 0.") moves no chips."""
    tables = parse_site_file("wpn", "old-nameless-player.txt")
    seats = tables.seats.sort("seat")
    assert seats.select("seat", "player", "stack").rows()[0] == (-1, "", None)
    assert action_rows(tables, "500000021")[1] == ("0", "", "post_bb", "200", None, "false")
    assert violation_codes(tables) == []
    assert violation_codes(tables, "info") == [("500000021", "STACK-UNKNOWN")]
    assert [report.lines_skipped for report in tables.files] == [1]


def test_new_format_caps_line_gives_the_hand_cap() -> None:
    """ "Heron caps $0.55" on a "(Cap)" table adds 0.55 over the flop bet of 0.11: Heron's
    0.05 + 0.55 is the hand's cap, and reaching it is not an unmarked all-in."""
    tables = parse_site_file("wpn", "new-caps-line.txt")
    assert tables.quarantine.is_empty()
    assert tables.hands["cap"].to_list() == [60]
    assert action_rows(tables, "500000022")[7] == ("1", "Heron", "raise", "55", "55", "false")
    assert violation_codes(tables) == [] and violation_codes(tables, "warning") == []


def test_data_mined_header_and_summary_lines() -> None:
    """The 2018 export: "(Hold'em) 8-max" ends the header, "doesn't show cards" and "Wins: 0"
    without the final period end the summary lines; the collect is read from them."""
    tables = parse_site_file("wpn", "old-data-mined.txt")
    assert tables.quarantine.is_empty()
    assert tables.hands["hand_id"].to_list() == ["500000023"]
    assert action_rows(tables, "500000023")[-1] == (
        SD,
        "444555666",
        "collect",
        "6000",  # old headers give no currency: amounts in hundredths
        None,
        "false",
    )
    assert violation_codes(tables) == []


def test_unknown_structure_runs_only_structure_free_rules() -> None:
    """Old headers never state the limit: a raise of 1 over a big blind of 2 breaks RAISE-MIN
    in no limit, but with structure UNKNOWN only the structure-free rules run (CALL-AMOUNT,
    a call short of the bet and not all-in, is still flagged)."""
    deal = "".join(f"Player {name} received a card.\n" * 2 for name in ("A", "B", "C"))
    text = (
        "Game started at: 2015/6/1 12:0:0\nGame ID: 500000009 1/2 T (Hold'em)\n"
        "Seat 3 is the button\nSeat 1: A (100).\nSeat 2: B (100).\nSeat 3: C (100).\n"
        "Player A has small blind (1)\nPlayer B has big blind (2)\n"
        + deal
        + "Player C raises (3)\nPlayer A calls (1)\nPlayer B calls (1)\n"
        "*** FLOP ***: [2c 7d Js]\nPlayer A checks\nPlayer B checks\nPlayer C checks\n"
        "------ Summary ------\nPot: 8. Rake 0\n"
        "*Player C shows: High card [Ah Kd]. Bets: 3. Collects: 8. Wins: 5.\n"
        "Game ended at: 2015/6/1 12:1:0\n"
    )
    tables = parse_bytes(text.encode(), "inline.txt")
    assert tables.hands["structure"].to_list() == ["UNKNOWN"]
    codes = {code for _, code in violation_codes(tables)}
    assert "CALL-AMOUNT" in codes
    assert "RAISE-MIN" not in codes
    # the same hand said to be no limit: RAISE-MIN runs and flags the raise to 3
    as_nl = tables.hands.with_columns(pl.lit("NL").alias("structure"))
    found = audit.check(as_nl, tables.seats, tables.actions).violations
    assert "RAISE-MIN" in found["code"].to_list()


def test_caps_line_gives_the_hand_cap() -> None:
    """ "Player B caps (38)" on a CAP table: B's total (2 + 38 = 40) is the hand's cap, so the
    streets left unplayed after both players reach it are not an incomplete round."""
    deal = "".join(f"Player {name} received a card.\n" * 2 for name in ("A", "B"))
    text = (
        "Game started at: 2015/6/1 12:0:0\nGame ID: 500000010 1/2 T - CAP - 6-Max (Hold'em)\n"
        "Seat 1 is the button\nSeat 1: A (100).\nSeat 2: B (100).\n"
        "Player A has small blind (1)\nPlayer B has big blind (2)\n"
        + deal
        + "Player A raises (5)\nPlayer B caps (38)\nPlayer A calls (34)\n"
        "*** FLOP ***: [2c 7d Js]\n*** TURN ***: [2c 7d Js] [3h]\n"
        "*** RIVER ***: [2c 7d Js 3h] [9s]\n------ Summary ------\nPot: 80. Rake 0\n"
        "*Player A shows: High card [Ah Kd]. Bets: 40. Collects: 80. Wins: 40.\n"
        "Player B shows: High card [Qh Jd]. Bets: 40. Collects: 0. Loses: 40.\n"
        "Game ended at: 2015/6/1 12:1:0\n"
    )
    tables = parse_bytes(text.encode(), "inline.txt")
    assert tables.hands["cap"].to_list() == [4000]
    assert violation_codes(tables) == []
    # without the cap the same hand looks unfinished (both players still have chips)
    uncapped = tables.hands.with_columns(pl.lit(None, dtype=pl.Int64).alias("cap"))
    found = audit.check(uncapped, tables.seats, tables.actions).violations
    assert "ROUND-INCOMPLETE" in found["code"].to_list()


def test_nameless_player_summary_collect_is_read() -> None:
    """The nameless player's summary line "*Player  shows: ... Bets: 6. Collects: 13. Wins: 7."
    moves chips: it is read as his collect, never skipped."""
    text = (SITES / "wpn" / "old-nameless-player.txt").read_text()
    text = text.replace(
        "Player  folds\nUncalled bet (4) returned to Cedar\nPlayer Cedar mucks cards\n",
        "Player  calls (4)\n*** FLOP ***: [2c 7d Js]\nPlayer  checks\nPlayer Cedar checks\n"
        "*** TURN ***: [2c 7d Js] [3h]\nPlayer  checks\nPlayer Cedar checks\n"
        "*** RIVER ***: [2c 7d Js 3h] [9s]\nPlayer  checks\nPlayer Cedar checks\n",
    )
    text = text.replace("Pot: 5. Rake 0", "Pot: 13. Rake 0").replace(
        "*Player Cedar mucks (does not show cards). Bets: 2. Collects: 5. Wins: 3.",
        "Player Cedar shows: High card [Ah Kd]. Bets: 6. Collects: 0. Loses: 6.\n"
        "*Player  shows: One pair of 7s [7h 7s]. Bets: 6. Collects: 13. Wins: 7.",
    )
    tables = parse_bytes(text.encode(), "nameless-wins.txt")
    assert tables.quarantine.is_empty()
    assert action_rows(tables, "500000021")[-1] == (SD, "", "collect", "1300", None, "false")
    assert violation_codes(tables) == []


def test_old_format_card_lines() -> None:
    """old-showdown-cards.txt: "received card: [10d]" dealt, "shows: <name> [..]" shown,
    "mucks (does not show: [..])" mucked, "mucks cards" conceded, the summary's "Board:"."""
    tables = parse_site_file("wpn", "old-showdown-cards.txt")
    rows = card_view(tables, "500000101")
    assert rows[:4] == [
        ("Hero", "dealt", None, 0, "Td", "10d"),
        ("Hero", "dealt", None, 0, "3s", "3s"),
        ("Hero", "conceded", None, 0, None, None),  # "Player Hero mucks cards"
        ("Bob Two", "conceded", None, 0, None, None),
    ]
    assert [r[4] for r in rows if r[1] == "board"] == ["Qh", "Jc", "Qs", "7d", "4s"]
    assert [r[2] for r in rows if r[1] == "board"] == [1, 1, 1, 2, 3]
    assert ("Hero", "mucked", None, 1, "3s", "3s") in rows
    assert ("Ann", "shown", None, 0, "7c", "7c") in rows
    labels = tables.cards.filter(pl.col("player") == "Ann")["label"].unique().to_list()
    assert labels == ["Two pairs. Qs and 7s"]


def test_old_format_showdowns_are_judged() -> None:
    tables = parse_site_file("wpn", "old-showdown-cards.txt")
    assert not_judged(tables) == {"500000101": None, "500000102": None}
    assert showdown_flags(tables) == [("500000102", "SHOWDOWN-WINNER")]  # a pair paid over two


def test_legal_samples_pay_the_best_hands() -> None:
    assert showdown_flags(parse_site_samples("wpn")) == [("500000102", "SHOWDOWN-WINNER")]


def test_timeouts_and_connection_notices_are_skipped_and_counted() -> None:
    tables = parse_site_file("wpn", "notices_no_chips.txt")
    assert tables.quarantine.is_empty()
    assert [(f.hands_parsed, f.lines_skipped) for f in tables.files] == [(1, 3)]
    assert violation_codes(tables) == []
