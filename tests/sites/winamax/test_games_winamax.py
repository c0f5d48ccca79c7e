"""Winamax stud and draw: games/stud-draw.txt, written for these tests in the format's shapes:
the antes under "*** ANTE/BLINDS ***", stud's "*** 3rd STREET ***" .. "*** 7th STREET ***"
(8-Game tables) or "*** THIRD ***" .. (play money), "brings in 10€" / "bring-in 0.02", the
completion written "raises 25€ to 25€", the hidden cards as X ("Dealt to Player0 [X X 2h]
[Kh]"), a showdown listing the seven cards as dealt; the draw games' "*** FIRST-BET ***",
"*** FIRST-DRAW ***", ... markers, "discard 2 cards", "discard 0 card", "stands pat [...]"."""

from __future__ import annotations

import polars as pl
from site_helpers import actions_of, hand_row, parse_site_file

from parsers.games import (
    FIFTH,
    FIRST_DRAW,
    FOURTH,
    PREDRAW,
    SECOND_DRAW,
    SEVENTH,
    SIXTH,
    THIRD,
)

#: In a folder of its own: the site's other tests audit every sample beside them.
FILE = "games/stud-draw.txt"
STUD, PLAY_STUD, TRIPLE = "9000001-1-1600000000", "9000002-1-1600000100", "9000003-1-1600000200"


def _cards(tables, hand_id: str, source: str) -> list[tuple]:
    cards = tables.cards.filter((pl.col("hand_id") == hand_id) & (pl.col("source") == source))
    return cards.sort("line_no", "position").select("player", "street", "face", "card").rows()


def test_every_hand_is_read_with_its_game() -> None:
    tables = parse_site_file("winamax", FILE)
    assert tables.quarantine.is_empty()
    rows = tables.hands.sort("hand_id").select("game", "structure", "boards", "button_seat")
    assert rows.rows() == [
        ("stud", "FL", 1, None),  # no button line in stud
        ("stud", "FL", 1, None),  # "*** THIRD ***" is 3rd street, not a third board
        ("triple_draw_27", "FL", 1, 4),
    ]
    hand = hand_row(tables, STUD)
    assert (hand["ante"], hand["small_bet"], hand["big_bet"]) == (500, 2500, 5000)


def test_stud_bring_in_completion_and_rounds() -> None:
    tables = parse_site_file("winamax", FILE)
    assert [row[:5] for row in actions_of(tables, STUD)][:9] == [
        (THIRD, "Hero", "post_ante", 500, None),  # under "*** ANTE/BLINDS ***"
        (THIRD, "Player0", "post_ante", 500, None),
        (THIRD, "Player0", "bring_in", 1000, None),  # "brings in 10€"
        (THIRD, "Hero", "complete", 2500, 2500),  # "raises 25€ to 25€"
        (THIRD, "Player0", "call", 1500, None),
        (FOURTH, "Player0", "check", 0, None),
        (FOURTH, "Hero", "check", 0, None),
        (FIFTH, "Player0", "bet", 5000, 5000),
        (FIFTH, "Hero", "call", 5000, None),
    ]
    streets = {row[0] for row in actions_of(tables, STUD)}
    assert {SIXTH, SEVENTH} <= streets
    play = [row[:4] for row in actions_of(tables, PLAY_STUD)]
    assert play[2:4] == [
        (THIRD, "Player2", "bring_in", 2),  # "bring-in 0.02"
        (THIRD, "Player1", "complete", 5),
    ]


def test_stud_cards_hidden_ones_counted_down() -> None:
    tables = parse_site_file("winamax", FILE)
    dealt = [row for row in _cards(tables, STUD, "dealt") if row[3] is not None]
    opponent = [row for row in dealt if row[0] == "Player0"]
    assert opponent == [
        ("Player0", THIRD, "up", "2h"),  # "[X X 2h]": the two X are his down cards
        ("Player0", FOURTH, "up", "Kh"),
        ("Player0", FIFTH, "up", "Kd"),
        ("Player0", SIXTH, "up", "Qc"),
    ]
    hero = [row[1:] for row in dealt if row[0] == "Hero"]
    assert hero == [
        (THIRD, "down", "4h"),
        (THIRD, "down", "Ac"),
        (THIRD, "up", "Qd"),
        (FOURTH, "up", "3h"),
        (FIFTH, "up", "Qh"),
        (SIXTH, "up", "5h"),
        (SEVENTH, "down", "Th"),
    ]
    shown = [row for row in _cards(tables, STUD, "shown") if row[0] == "Player0"][:7]
    assert [(row[1], row[2], row[3]) for row in shown][:3] == [
        (THIRD, "down", "8c"),
        (THIRD, "down", "Td"),
        (THIRD, "up", "2h"),
    ]
    assert shown[6][1:] == (SEVENTH, "down", "Jc")


def test_triple_draw_rounds_and_counts() -> None:
    tables = parse_site_file("winamax", FILE)
    rows = tables.actions.filter(pl.col("hand_id") == TRIPLE).sort("seq")
    draws = rows.filter(pl.col("kind").is_in(["discard", "stand_pat"]))
    assert draws.select("street", "player", "kind", "n_cards").rows() == [
        (FIRST_DRAW, "Hero", "discard", 1),
        (FIRST_DRAW, "Player0", "discard", 2),
        (SECOND_DRAW, "Hero", "stand_pat", 0),  # "stands pat [2h 4d 8c 7c 3s]"
        (SECOND_DRAW, "Player0", "stand_pat", 0),  # "discard 0 card"
    ]
    assert [row[:4] for row in actions_of(tables, TRIPLE)][:4] == [
        (PREDRAW, "Player0", "post_sb", 1250),
        (PREDRAW, "Hero", "post_bb", 2500),
        (PREDRAW, "Player0", "call", 1250),  # under "*** FIRST-BET ***"
        (PREDRAW, "Hero", "check", 0),
    ]
    bets = rows.filter(pl.col("kind") == "bet").select("street", "amount").rows()
    assert bets == [(FIRST_DRAW, 2500), (SECOND_DRAW, 5000)]  # "SECOND-BET", "THIRD-BET"


def test_a_raise_by_a_negative_amount_is_quarantined_with_its_line() -> None:
    # "raises -6.10€ to 18.90€" over a 25€ completion: 18.90€ is the chips he added (all his
    # stack after the ante and the 10€ bring-in), not his total; no rule tells which lines
    # print their total, so the hand is unreadable rather than misread
    tables = parse_site_file("winamax", "games/negative-raise.txt")
    assert tables.hands.is_empty()
    reason = tables.quarantine["reason"].item()
    assert "raise by a negative amount 'raises -6.10€ to 18.90€'" in reason
