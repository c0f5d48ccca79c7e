"""Bovada stud (7CARD, 7CARD HiLo; cash and tournaments): stud/stud-cash-and-tournament.txt,
written for these tests in the site's shapes: seats named "Seat+N", every player's cards dealt
in the open, "Bring_in chip $0.50" (cash) or "Big blind/Bring in 30" (tournaments), the
completion written as a raise ("Raises $2 to $2", "Raises 60") or as the bring-in player's bet,
"Double bets", and tournament hands that print no street marker after "*** HOLE CARDS ***"."""

from __future__ import annotations

import polars as pl
from site_helpers import SITES, actions_of, card_rows, hand_row, parse_site_file

from parsers import parse_bytes
from parsers.games import FIFTH, FOURTH, SEVENTH, SHOWDOWN, SIXTH, THIRD

#: In a folder of its own: the site's other tests audit every sample beside them.
FILE = "stud/stud-cash-and-tournament.txt"


def _cards(tables, hand_id: str, player: str) -> list[tuple]:
    return card_rows(tables, ("source", "street", "face", "card"), hand_id=hand_id, player=player)


def test_cash_bring_in_completion_raise_to_and_markers() -> None:
    tables = parse_site_file("bovada", FILE)
    assert tables.quarantine.is_empty()
    rows = actions_of(tables, "1310000001")
    assert rows[:9] == [
        (THIRD, "Seat+3", "post_ante", 25, None, False),
        (THIRD, "Seat+1", "post_ante", 25, None, False),
        (THIRD, "Seat+5", "post_ante", 25, None, False),
        (THIRD, "Seat+3", "bring_in", 50, None, False),  # "Bring_in chip $0.50"
        (THIRD, "Seat+5", "complete", 200, 200, False),  # "Raises $2 to $2"
        (THIRD, "Seat+1", "call", 200, None, False),
        (THIRD, "Seat+3", "raise", 350, 400, False),  # "Raises $3.50 to $4"
        (THIRD, "Seat+5", "call", 200, None, False),
        (THIRD, "Seat+1", "fold", 0, None, False),
    ]
    assert [r[0] for r in rows[9:]] == [FOURTH] * 2 + [FIFTH] * 3 + [SIXTH] * 2 + [SEVENTH] * 3 + [
        SHOWDOWN
    ]
    hand = hand_row(tables, "1310000001")
    assert (hand["game"], hand["is_hilo"], hand["structure"], hand["ante"]) == (
        "stud",
        True,
        "FL",
        25,
    )
    # the header states no stakes: bets, bring-in and blinds unknown; stud has no button
    assert [hand[c] for c in ("small_bet", "big_bet", "bring_in", "big_blind", "button_seat")] == [
        None
    ] * 5
    seats = tables.seats.filter(pl.col("hand_id") == "1310000001").sort("seat")
    assert seats.select("seat", "player", "stack").rows() == [
        (1, "Seat+1", 5000),
        (3, "Seat+3", 4000),  # "Seat+3 [ME]: $40 in chips"
        (5, "Seat+5", 3000),
    ]


def test_every_players_cards_by_street_and_face() -> None:
    tables = parse_site_file("bovada", FILE)
    assert _cards(tables, "1310000001", "Seat+5") == [
        ("dealt", THIRD, "down", "5h"),
        ("dealt", THIRD, "down", "Qc"),
        ("dealt", THIRD, "up", "Qs"),
        ("dealt", FOURTH, "up", "3c"),
        ("dealt", FIFTH, "up", "4d"),
        ("dealt", SIXTH, "up", "8d"),
        ("dealt", SEVENTH, "down", "Th"),
    ]


def test_tournament_without_markers_reads_the_rounds_from_the_deal_lines() -> None:
    """After "*** HOLE CARDS ***" nothing marks a street: each player's deal line opens the
    round of its card; two streets dealt in a row to players all-in are two rounds."""
    tables = parse_site_file("bovada", FILE)
    assert actions_of(tables, "1310000002")[3:] == [
        (THIRD, "Seat+4", "bring_in", 30, None, False),  # "Big blind/Bring in 30" in stud
        (THIRD, "Seat+1", "complete", 60, 60, False),  # "Raises 60"
        (THIRD, "Seat+2", "call", 60, None, False),
        (THIRD, "Seat+4", "call", 30, None, False),
        (FOURTH, "Seat+2", "check", 0, None, False),
        (FOURTH, "Seat+4", "check", 0, None, False),
        (FOURTH, "Seat+1", "bet", 120, 120, False),  # "Double bets 120"
        (FOURTH, "Seat+2", "fold", 0, None, False),
        (FOURTH, "Seat+4", "call", 120, None, False),
        (FIFTH, "Seat+4", "check", 0, None, False),
        (FIFTH, "Seat+1", "bet", 22, 22, True),  # "All-in(raise) 22" opening the round
        (FIFTH, "Seat+4", "call", 22, None, False),
        (SHOWDOWN, "Seat+4", "collect", 500, None, False),
    ]
    streets = [r[1] for r in _cards(tables, "1310000002", "Seat+1")]
    assert streets == [THIRD, THIRD, THIRD, FOURTH, FIFTH, SIXTH, SEVENTH]
    hand = hand_row(tables, "1310000002")
    assert (hand["is_tournament"], hand["small_bet"], hand["total_pot"]) == (True, None, 500)


def test_the_bring_in_player_opening_for_the_full_bet_completes() -> None:
    tables = parse_site_file("bovada", FILE)
    assert actions_of(tables, "1310000003")[3:5] == [
        (THIRD, "Seat+4", "complete", 200, 200, False),  # "Bets 200": no bring-in before it
        (THIRD, "Seat+7", "raise", 400, 400, False),
    ]


def test_an_unread_line_of_a_stud_hand_quarantines_it_naming_the_line() -> None:
    text = (SITES / "bovada" / FILE).read_text()
    assert "Seat+3 [ME] : Calls $4" in text
    text = text.replace("Seat+3 [ME] : Calls $4", "Seat+3 [ME] : Frobs $4")
    tables = parse_bytes(text.encode(), "damaged.txt")
    assert tables.quarantine.select("hand_id", "reason").rows() == [
        ("1310000001", "line 28: unrecognised line 'Seat+3 [ME] : Frobs $4'")
    ]
    assert tables.hands["hand_id"].to_list() == ["1310000002", "1310000003"]
