"""iPoker stud: stud/stud-hilo-cash-and-tournament.xml and stud/stud-tournament.xml, written for
these tests in the XML's shapes: antes in round 0, 3rd street in round 2 .. 7th in round 6, the
bring-in code 16, the completion as the round's first bet (code 5, also by the low card opening
for the full bet), each player's cards street by street with "X X" for hidden down cards."""

from __future__ import annotations

import polars as pl
from site_helpers import SITES, actions_of, hand_row, parse_site_file

from parsers import parse_bytes
from parsers.games import FIFTH, FOURTH, SEVENTH, SHOWDOWN, SIXTH, THIRD

#: In a folder of their own: the site's other tests audit every sample beside them.
CASH, TOURNAMENT = "stud/stud-hilo-cash-and-tournament.xml", "stud/stud-tournament.xml"


def _cards(tables, player: str) -> list[tuple]:
    cards = tables.cards.filter(pl.col("player") == player)
    return cards.sort("street", "position").select("source", "street", "face", "card").rows()


def test_rounds_bring_in_code_and_completion() -> None:
    tables = parse_site_file("ipoker", CASH)
    assert tables.quarantine.is_empty()
    rows = actions_of(tables, "7000000040")
    assert rows[:8] == [
        (THIRD, "Hero", "post_ante", 2, None, False),  # round 0: the antes, on 3rd street
        (THIRD, "Ann", "post_ante", 2, None, False),
        (THIRD, "Bob", "post_ante", 2, None, False),
        (THIRD, "Ann", "bring_in", 5, None, False),  # code 16
        (THIRD, "Bob", "complete", 10, 10, False),  # code 5 over the bring-in
        (THIRD, "Hero", "raise", 20, 20, False),  # code 23: raise to $0.20
        (THIRD, "Ann", "fold", 0, None, False),
        (THIRD, "Bob", "call", 10, None, False),
    ]
    streets = [row[0] for row in rows[8:]]
    assert streets == [FOURTH] * 2 + [FIFTH] * 3 + [SIXTH] * 2 + [SEVENTH] * 3 + [SHOWDOWN] * 2
    hand = hand_row(tables, "7000000040")
    assert (hand["game"], hand["is_hilo"], hand["structure"]) == ("stud", True, "FL")
    # "L $0.10/$0.20": the small and the big bet; stud has no blinds and no button
    assert (hand["small_bet"], hand["big_bet"], hand["ante"]) == (10, 20, 2)
    assert (hand["small_blind"], hand["big_blind"], hand["button_seat"]) == (None, None, None)
    assert hand["total_pot"] == 151


def test_cards_by_street_hidden_down_cards_and_shown_hands() -> None:
    tables = parse_site_file("ipoker", CASH)
    hero = _cards(tables, "Hero")
    assert [row[:3] for row in hero] == [
        ("dealt", THIRD, "down"),
        ("dealt", THIRD, "down"),
        ("dealt", THIRD, "up"),
        ("dealt", FOURTH, "up"),
        ("dealt", FIFTH, "up"),
        ("dealt", SIXTH, "up"),
        ("dealt", SEVENTH, "down"),
    ]
    # "X X H2": Ann's down cards unseen, her up card seen as dealt
    assert _cards(tables, "Ann") == [("dealt", THIRD, "up", "2h")]
    # Bob's down cards are known: he showed his hand
    assert _cards(tables, "Bob") == [
        ("shown", THIRD, "down", "9c"),
        ("shown", THIRD, "down", "9d"),
        ("shown", THIRD, "up", "Ks"),
        ("shown", FOURTH, "up", "Kd"),
        ("shown", FIFTH, "up", "7s"),
        ("shown", SIXTH, "up", "2c"),
        ("shown", SEVENTH, "down", "5h"),
    ]


def test_tournament_low_card_opening_for_the_full_bet_completes() -> None:
    tables = parse_site_file("ipoker", TOURNAMENT)
    assert tables.quarantine.is_empty()
    assert actions_of(tables, "7000000041")[3:] == [
        (THIRD, "Dan", "complete", 60, 60, False),  # code 5, no bring-in before it
        (THIRD, "Eve", "fold", 0, None, False),
        (THIRD, "Hero", "fold", 0, None, False),
        (THIRD, "Dan", "uncalled_return", 60, None, False),  # win 90 = antes 30 + his 60
        (SHOWDOWN, "Dan", "collect", 30, None, False),
    ]
    hand = hand_row(tables, "7000000041")
    # "7 Card Stud L" states no stakes: the bets are unknown
    assert (hand["is_tournament"], hand["small_bet"], hand["big_bet"]) == (True, None, None)


def test_five_card_stud_stays_an_unsupported_game() -> None:
    text = (SITES / "ipoker" / TOURNAMENT).read_text()
    text = text.replace("<gametype>7 Card Stud L</gametype>", "<gametype>5 Card Stud L</gametype>")
    tables = parse_bytes(text.encode(), "five-card-stud.xml")
    assert tables.hands.is_empty()
    assert tables.quarantine["reason"].str.ends_with("unsupported game: 5 Card Stud").to_list() == [
        True
    ]
