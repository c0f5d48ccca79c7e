"""WPN stud, both formats: stud/old-stud-hilo.txt (2014-2017, "Game started at:", written for
these tests in its shapes: no marker before the deal's betting, "*** Third street ***" opening
what is 4th street, one card a line, "received a card." hiding one, "bring in (0.40)", the
showdown listing the seven cards as dealt) and stud/new-stud.txt ("7Stud(Fixed Limit)",
"*** 3rd STREET ***" .. "*** 7th STREET ***", "brings in", the hero's deal lines repeating the
cards of the streets before)."""

from __future__ import annotations

from site_helpers import (
    SEVEN_CARD_STUD_DEAL,
    actions_of,
    card_rows,
    hand_row,
    parse_site_file,
)

from parsers.games import FIFTH, FOURTH, SEVENTH, SHOWDOWN, SIXTH, THIRD

#: In a folder of their own: the site's other tests audit every sample beside them.
OLD, NEW = "stud/old-stud-hilo.txt", "stud/new-stud.txt"


def _cards(tables, player: str, source: str) -> list[tuple]:
    return card_rows(tables, ("street", "face", "card"), player=player, source=source)


def test_old_format_rounds_start_one_street_later_than_their_names() -> None:
    tables = parse_site_file("wpn", OLD)
    assert tables.quarantine.is_empty()
    rows = actions_of(tables, "810000001")
    assert rows[3:7] == [
        (THIRD, "Anna", "bring_in", 40, None, False),  # "bring in (0.40)"
        (THIRD, "Bert", "complete", 100, 100, False),  # "bets (1)" over the bring-in
        (THIRD, "Hero", "call", 100, None, False),
        (THIRD, "Anna", "fold", 0, None, False),
    ]
    streets = [row[0] for row in rows[7:]]  # "*** Third street ***" is 4th street ...
    assert streets == [FOURTH] * 2 + [FIFTH] * 2 + [SIXTH] * 2 + [SEVENTH] * 3 + [SHOWDOWN] * 2
    hand = hand_row(tables, "810000001")
    # no limit in the header: stud is fixed limit there, "1/2" the bets (no blinds)
    assert (hand["game"], hand["is_hilo"], hand["structure"]) == ("stud", True, "FL")
    assert (hand["small_bet"], hand["big_bet"], hand["ante"]) == (100, 200, 15)
    assert (hand["small_blind"], hand["big_blind"], hand["button_seat"]) == (None, None, None)


def test_old_format_cards_one_a_line_and_the_showdown_in_deal_order() -> None:
    tables = parse_site_file("wpn", OLD)
    # "received a card." is a hidden card: Anna's two down cards, then her up card
    assert _cards(tables, "Anna", "dealt") == [(THIRD, "up", "2s")]
    assert _cards(tables, "Bert", "shown") == [
        (THIRD, "down", "Kh"),
        (THIRD, "down", "7d"),
        (THIRD, "up", "Kc"),
        (FOURTH, "up", "Kd"),
        (FIFTH, "up", "7c"),
        (SIXTH, "up", "2h"),
        (SEVENTH, "down", "9s"),
    ]
    assert [row[:2] for row in _cards(tables, "Hero", "dealt")] == SEVEN_CARD_STUD_DEAL


def test_new_format_completion_as_a_raise_and_the_repeated_deal_lines() -> None:
    tables = parse_site_file("wpn", NEW)
    assert tables.quarantine.is_empty()
    assert actions_of(tables, "90000001")[3:8] == [
        (THIRD, "Anna", "bring_in", 2, None, False),  # "brings in $0.02"
        (THIRD, "Bert", "complete", 4, 4, False),  # "raises $0.04 to $0.04"
        (THIRD, "Hero", "raise", 8, 8, False),
        (THIRD, "Anna", "fold", 0, None, False),
        (THIRD, "Bert", "call", 4, None, False),
    ]
    # "Dealt to Hero [Js Jd 9c 4h] [9h]": only the last bracket is dealt on that street
    assert _cards(tables, "Hero", "dealt") == [
        (THIRD, "down", "Js"),
        (THIRD, "down", "Jd"),
        (THIRD, "up", "9c"),
        (FOURTH, "up", "4h"),
        (FIFTH, "up", "9h"),
        (SIXTH, "up", "2c"),
        (SEVENTH, "down", "Jh"),
    ]
    assert _cards(tables, "Bert", "dealt") == [
        (THIRD, "up", "Ts"),  # "Dealt to Bert [Ts]": his up card, the down ones unseen
        (FOURTH, "up", "Th"),
        (FIFTH, "up", "3c"),
        (SIXTH, "up", "5s"),
    ]
    hand = hand_row(tables, "90000001")
    assert (hand["small_bet"], hand["big_bet"], hand["ante"], hand["big_blind"]) == (4, 8, 1, None)
