"""iPoker stud: stud/stud-hilo-cash-and-tournament.xml and stud/stud-tournament.xml, written for
these tests in the XML's shapes: antes in round 0, 3rd street in round 2 .. 7th in round 6, the
bring-in code 16, the completion as the round's first bet (code 5, also by the low card opening
for the full bet), each player's cards street by street with "X X" for hidden down cards;
stud/five-card-stud.xml: 5 Card Stud, 2nd street in round 2 .. 5th ("River") in round 5."""

from __future__ import annotations

import polars as pl
from site_helpers import actions_of, card_rows, hand_row, parse_site_file
from site_helpers import not_judged as showdown_judged

import audit
from audit.options import load_options
from parsers.games import FIFTH, FOURTH, SECOND, SEVENTH, SHOWDOWN, SIXTH, THIRD

#: In a folder of their own: the site's other tests audit every sample beside them.
CASH, TOURNAMENT = "stud/stud-hilo-cash-and-tournament.xml", "stud/stud-tournament.xml"
FIVE = "stud/five-card-stud.xml"


def _cards(tables, player: str) -> list[tuple]:
    columns = ("source", "street", "face", "card")
    return card_rows(tables, columns, ("street", "position"), player=player)


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


def _audit(tables) -> pl.DataFrame:
    default, per_site = load_options(None)
    result = audit.check(
        tables.hands, tables.seats, tables.actions, default, per_site, cards=tables.cards
    )
    return result.violations


def test_five_card_stud_rounds_bring_in_and_completion() -> None:
    tables = parse_site_file("ipoker", FIVE)
    assert tables.quarantine.is_empty()
    rows = actions_of(tables, "7000000050")
    assert rows[3:7] == [
        (SECOND, "Ann", "bring_in", 5, None, False),  # code 16 on 2nd street
        (SECOND, "Bob", "complete", 10, 10, False),  # code 5 over the bring-in
        (SECOND, "Hero", "call", 10, None, False),
        (SECOND, "Ann", "call", 5, None, False),
    ]
    assert [row[:3] for row in rows[7:]] == [
        (THIRD, "Hero", "bet"),  # a 3rd-street bet is no completion
        (THIRD, "Ann", "fold"),
        (THIRD, "Bob", "call"),
        (FOURTH, "Bob", "bet"),
        (FOURTH, "Hero", "call"),
        (FIFTH, "Bob", "check"),  # "River" is 5 card stud's 5th street
        (FIFTH, "Hero", "check"),
        (SHOWDOWN, "Bob", "collect"),
    ]
    hand = hand_row(tables, "7000000050")
    assert (hand["game"], hand["structure"], hand["small_bet"], hand["big_bet"]) == (
        "five_card_stud",
        "FL",
        10,
        20,
    )
    assert (hand["button_seat"], hand["total_pot"]) == (None, 96)


def test_five_card_stud_cards_one_down_then_up_cards() -> None:
    tables = parse_site_file("ipoker", FIVE)
    one = tables.cards.filter(pl.col("hand_id") == "7000000050").sort("street", "position")

    def cards(player: str) -> list[tuple]:
        mine = one.filter(pl.col("player") == player)
        return mine.select("source", "street", "face", "card").rows()

    assert cards("Hero") == [
        ("dealt", SECOND, "down", "Kh"),
        ("dealt", SECOND, "up", "5d"),
        ("dealt", THIRD, "up", "5c"),
        ("dealt", FOURTH, "up", "9d"),
        ("dealt", FIFTH, "up", "9c"),
    ]
    # "X S2": Ann's down card unseen, her up cards seen as dealt
    assert cards("Ann") == [("dealt", SECOND, "up", "2s"), ("dealt", THIRD, "up", "9h")]
    # "DJ DQ": Bob showed his down card, so every card of his is shown
    assert cards("Bob")[:2] == [("shown", SECOND, "down", "Jd"), ("shown", SECOND, "up", "Qd")]


def test_five_card_stud_audit_first_actor_from_the_up_cards() -> None:
    """7000000050 is legal (the pair of fives opens 3rd street, the queens 4th and 5th, the
    big bet on 4th street); 7000000051's Hero checks before the pair of deuces: ORDER."""
    tables = parse_site_file("ipoker", FIVE)
    found = _audit(tables).filter(pl.col("severity") == "violation")
    assert found.select("hand_id", "code", "street", "player").rows() == [
        ("7000000051", "ORDER", "third", "Hero")
    ]
    judged = showdown_judged(tables)
    assert judged == {"7000000050": None}  # Bob's queens and threes paid: judged, no flag
