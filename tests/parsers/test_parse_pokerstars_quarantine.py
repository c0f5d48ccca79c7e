"""Bad hands are quarantined with a reason naming the line; the rest of the file parses."""

from __future__ import annotations

import polars as pl
import pytest
from parse_samples import BASIC_HAND, parse_text

from parsers import parse_bytes


def _three_hands(middle: str) -> str:
    second = BASIC_HAND.replace("#1001", "#1002")
    third = BASIC_HAND.replace("#1001", "#1003")
    return BASIC_HAND + "\n\n" + middle(second) + "\n\n" + third


def _check_accounting(tables) -> None:
    (report,) = tables.files
    assert report.hands_read == report.hands_parsed + report.hands_quarantined
    assert report.hands_parsed == tables.hands.height
    assert report.hands_quarantined == tables.quarantine.height


def _line_of(text: str, needle: str) -> int:
    """1-based number of the first line containing `needle` in the second hand."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "#1002" in line)
    return next(i for i in range(start, len(lines)) if needle in lines[i]) + 1


@pytest.mark.parametrize(
    ("corrupt", "needle", "reason"),
    [
        (  # a seated player's line with an amount that the grammar cannot read
            lambda h: h.replace("H6U5r: folds", "H6U5r: shoves $5"),
            "shoves",
            "unrecognised line 'H6U5r: shoves $5'",
        ),
        (
            lambda h: h.split("*** SUMMARY ***")[0],
            "Uncalled bet",
            "hand has no *** SUMMARY *** (truncated?)",
        ),
        (
            lambda h: h.replace("($25 in chips)", "($2x5 in chips)"),
            "2x5",
            "seat 2 stack unreadable in 'Seat 2: H6U5r ($2x5 in chips)'",
        ),
        (
            lambda h: h.replace("calls $0.10", "calls $0.1.0"),
            "$0.1.0",
            "amount unreadable in 'Player_L: calls $0.1.0'",
        ),
        (
            lambda h: h.replace("Dealt to LovID [Ah Kd]", "Hand cancelled"),
            "Hand cancelled",
            "hand cancelled",
        ),
        (
            lambda h: h.replace("Hold'em No Limit ($0.05/$0.10 USD)", "Hold'em No Limit"),
            "#1002",
            "stakes unreadable in header",
        ),
    ],
)
def test_bad_hand_is_quarantined_and_neighbours_parse(corrupt, needle, reason):
    text = _three_hands(corrupt)
    tables = parse_text(text)
    _check_accounting(tables)
    assert tables.hands["hand_id"].to_list() == ["1001", "1003"]
    # a truncated hand is reported at its last line (the one after "collected")
    truncated = needle == "Uncalled bet"
    line = _line_of(text, "collected") + 1 if truncated else _line_of(text, needle)
    assert tables.quarantine.select("hand_id", "reason", "site").rows() == [
        ("1002", f"line {line}: {reason}", "pokerstars")
    ]
    assert "1002" not in tables.seats["hand_id"].to_list()
    assert "1002" not in tables.actions["hand_id"].to_list()


@pytest.mark.parametrize(
    "line",
    ["Foo: does something", "LovID has won a ticket to the Sunday Million", "Jackpot: $12,345"],
)
def test_lines_moving_no_chips_are_skipped_and_counted(line):
    """No seated name with a verb or an amount: the line moves no chips, the hand is read."""
    text = _three_hands(
        lambda h: h.replace("Dealt to LovID [Ah Kd]", f"Dealt to LovID [Ah Kd]\n{line}")
    )
    tables = parse_text(text)
    _check_accounting(tables)
    assert tables.hands["hand_id"].to_list() == ["1001", "1002", "1003"]
    assert [report.lines_skipped for report in tables.files] == [1]


def test_hand_key_encodes_file_id_and_hand_index():
    tables = parse_bytes(_three_hands(lambda h: h).encode(), "x.txt", file_id=7)
    assert tables.hands["hand_key"].to_list() == [(7 << 32) | i for i in range(3)]
    hand_lines = len(BASIC_HAND.splitlines()) + 2  # two blank lines between hands
    assert tables.hands["line_no"].to_list() == [1, 1 + hand_lines, 1 + 2 * hand_lines]
    assert set(tables.actions["hand_key"]) == set(tables.hands["hand_key"])


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (b"", "empty file"),
        (bytes(range(256)) * 20, "not a hand history: no known hand header"),
        (b"hello\nworld\n", "not a hand history: no known hand header"),
    ],
)
def test_files_that_are_not_hand_histories(data, error):
    tables = parse_bytes(data, "junk.bin")
    (report,) = tables.files
    assert (report.error, report.hands_read, report.site) == (error, 0, None)
    assert report.size == len(data) and len(report.sha256) == 64
    assert tables.hands.is_empty() and tables.quarantine.is_empty()


def test_known_format_without_parser_is_counted_and_quarantined():
    text = "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.01€/0.02€)\nfoo\n\n"
    tables = parse_text(text * 2)
    (report,) = tables.files
    if report.hands_parsed:
        pytest.skip("a Winamax parser is registered now")
    assert (report.site, report.hands_read, report.hands_quarantined) == ("winamax", 2, 2)
    assert tables.quarantine["line_no"].to_list() == [1, 4]
    assert tables.quarantine["reason"].str.starts_with("line ").all()


def test_preamble_and_archive_separators_are_ignored():
    text = "*********** # 1 **************\n" + "\n".join(
        " " + line for line in BASIC_HAND.splitlines()
    )
    tables = parse_text(text)
    assert tables.quarantine.is_empty()
    assert tables.hands["line_no"].to_list() == [2]
    assert tables.actions.filter(pl.col("kind") == "collect")["line_no"].item() == 31
