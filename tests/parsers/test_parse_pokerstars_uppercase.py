"""Old PokerTracker exports of PokerStars hands are all upper case: same tables as the original."""

from __future__ import annotations

from parse_samples import BASIC_HAND, actions_of, parse_text


def test_upper_case_export_parses_like_the_original():
    original = parse_text(BASIC_HAND)
    upper = parse_text(BASIC_HAND.upper())
    assert upper.quarantine.is_empty(), upper.quarantine["reason"].to_list()
    assert [row[1:] for row in actions_of(upper)] == [row[1:] for row in actions_of(original)]
    assert [row[0] for row in actions_of(upper)] == [row[0].upper() for row in actions_of(original)]
    same = original.hands.drop("table_name").equals(upper.hands.drop("table_name"))
    assert same and upper.hands["table_name"].item() == "SKAT III"
    assert upper.seats["stack"].to_list() == original.seats["stack"].to_list()


def test_mixed_case_file_is_left_alone():
    text = BASIC_HAND.replace("Player_L: calls", "Player_L: CALLS")
    tables = parse_text(text)
    assert tables.hands.is_empty()
    assert "unrecognised line 'Player_L: CALLS $0.10'" in tables.quarantine["reason"].item()
