"""PartyPoker stud (7 Card Stud, Hi-Lo, tournaments): stud/stud-hilo-and-tournament-stud.txt,
written for these tests in the classic export's shapes ("** Dealing **" for 3rd street, "bring-ins",
"completes", "double bets", "raises [N]" adding N chips, the hero's cards street by street, a
showdown listing the seven cards as dealt)."""

from __future__ import annotations

import polars as pl
from site_helpers import actions_of, card_rows, hand_row, parse_site_file

from parsers.games import FIFTH, FOURTH, SEVENTH, SHOWDOWN, SIXTH, THIRD

#: In a folder of its own: the site's other tests audit every sample beside them.
FILE = "stud/stud-hilo-and-tournament-stud.txt"


def _cards(tables, hand_id: str, source: str) -> list[tuple]:
    return card_rows(tables, ("player", "street", "face", "card"), hand_id=hand_id, source=source)


def test_bring_in_completion_and_raises_added_on_the_game_rounds() -> None:
    tables = parse_site_file("partypoker", FILE)
    assert tables.quarantine.is_empty()
    assert actions_of(tables, "7400000001") == [
        (THIRD, "Bob", "post_ante", 10, None, None),  # antes on 3rd street, never marked all-in
        (THIRD, "Hero", "post_ante", 10, None, None),
        (THIRD, "Cara", "post_ante", 10, None, None),
        (THIRD, "Bob", "bring_in", 25, None, None),  # "bring-ins [$0.25 USD]"
        (THIRD, "Cara", "complete", 100, 100, False),  # "completes [$1 USD]"
        (THIRD, "Hero", "raise", 200, 200, False),  # "raises [$2 USD]": 2 added to 0
        (THIRD, "Bob", "fold", 0, None, False),
        (THIRD, "Cara", "call", 100, None, False),
        (FOURTH, "Hero", "bet", 100, 100, False),
        (FOURTH, "Cara", "call", 100, None, False),
        (FIFTH, "Hero", "bet", 200, 200, False),
        (FIFTH, "Cara", "raise", 400, 400, False),
        (FIFTH, "Hero", "call", 200, None, False),
        (SIXTH, "Cara", "check", 0, None, False),
        (SIXTH, "Hero", "check", 0, None, False),
        (SEVENTH, "Cara", "check", 0, None, False),
        (SEVENTH, "Hero", "bet", 200, 200, False),
        (SEVENTH, "Cara", "fold", 0, None, False),
        (SEVENTH, "Hero", "uncalled_return", 200, None, False),  # implied: never printed
        (SHOWDOWN, "Hero", "collect", 1455, None, False),  # "wins $16.55" less the return
    ]
    hand = hand_row(tables, "7400000001")
    assert (hand["game"], hand["is_hilo"], hand["structure"]) == ("stud", True, "FL")
    assert (hand["small_bet"], hand["big_bet"], hand["ante"]) == (100, 200, 10)
    assert hand["button_seat"] is None  # "Seat 0 is the button": stud has none
    assert (hand["small_blind"], hand["big_blind"]) == (None, None)  # nor blinds
    assert hand["bring_in"] is None and hand["mixed"] is None


def test_hero_cards_by_street_down_and_up() -> None:
    tables = parse_site_file("partypoker", FILE)
    assert _cards(tables, "7400000001", "dealt") == [
        ("Hero", THIRD, "down", "4h"),
        ("Hero", THIRD, "down", "5c"),
        ("Hero", THIRD, "up", "2d"),
        ("Hero", FOURTH, "up", "8s"),
        ("Hero", FIFTH, "up", "Kd"),
        ("Hero", SIXTH, "up", "3s"),
        ("Hero", SEVENTH, "down", "Ac"),
    ]


def test_tournament_stakes_antes_level_double_bet_and_shown_cards_as_dealt() -> None:
    tables = parse_site_file("partypoker", FILE)
    hand = hand_row(tables, "7400000002")
    assert (hand["game"], hand["is_hilo"], hand["is_tournament"]) == ("stud", False, True)
    # "Stakes-Antes(60/120-10)": the bets; the ante is the posts'
    assert (hand["small_bet"], hand["big_bet"], hand["ante"], hand["button_seat"]) == (
        60,
        120,
        10,
        None,
    )
    rows = actions_of(tables, "7400000002")
    assert [r[:5] for r in rows[3:11]] == [
        (THIRD, "Hero", "bring_in", 20, None),
        (THIRD, "Dan", "call", 20, None),  # nobody completes: the bring-in closes 3rd street
        (THIRD, "Eve", "call", 20, None),
        (FOURTH, "Hero", "bet", 120, 120),  # "double bets [120]": the big bet, a pair showing
        (FOURTH, "Dan", "call", 120, None),
        (FOURTH, "Eve", "raise", 240, 240),
        (FOURTH, "Hero", "call", 120, None),
        (FOURTH, "Dan", "fold", 0, None),
    ]
    assert rows[-1] == (SHOWDOWN, "Eve", "collect", 930, None, False)
    shown = _cards(tables, "7400000002", "shown")
    assert shown[:7] == [
        ("Eve", THIRD, "down", "7s"),
        ("Eve", THIRD, "down", "8h"),
        ("Eve", THIRD, "up", "7c"),
        ("Eve", FOURTH, "up", "5d"),
        ("Eve", FIFTH, "up", "6h"),
        ("Eve", SIXTH, "up", "4d"),
        ("Eve", SEVENTH, "down", "Ad"),
    ]
    assert [(r[1], r[2]) for r in shown[7:]] == [(r[1], r[2]) for r in shown[:7]]  # the hero's


def test_no_blinds_are_added_to_a_stud_hand() -> None:
    """Old tournament hands that print no blind post get silent blinds
    (parsers/sites/partypoker/silent_blinds.py): never a stud hand, which has none."""
    tables = parse_site_file("partypoker", FILE)
    kinds = tables.actions["kind"].cast(pl.String).unique().to_list()
    assert not {"post_sb", "post_bb"} & set(kinds)
