"""PokerStars stud, razz, draw and the mixed rotations: games/stud-draw-mixed.txt, written for
these tests in the format's shapes: stud's "*** 3rd STREET ***" .. "*** RIVER ***" (7th
street), "brings in for", the completion written as a raise, the hero's cards listed again
before each new card ("Dealt to Hero [4c 7d Ah] [5h]"), a showdown listing the cards as dealt;
the draw games' "*** DEALING HANDS ***", the triple draw's "*** FIRST DRAW ***" .. "*** THIRD
DRAW ***", 5 card draw's draw printed without a marker, "discards 1 card [2s]", "stands pat
on [...]"; a rotation's header naming the hand's game in parentheses ("8-Game (Triple Draw 2-7
Lowball Limit, ...)", "HORSE (Razz Limit)")."""

from __future__ import annotations

import polars as pl
from site_helpers import (
    SEVEN_CARD_STUD_DEAL,
    actions_of,
    card_rows,
    hand_row,
    parse_site_file,
)

from parsers.games import (
    FIFTH,
    FIRST_DRAW,
    FOURTH,
    PREDRAW,
    SECOND_DRAW,
    SEVENTH,
    SHOWDOWN,
    SIXTH,
    THIRD,
    THIRD_DRAW,
)

#: In a folder of its own: the site's other tests audit every sample beside them.
FILE = "games/stud-draw-mixed.txt"
STUD, RAZZ, DRAW5, TRIPLE, HOLDEM = (f"20000000000{n}" for n in range(1, 6))


def _cards(tables, hand_id: str, source: str) -> list[tuple]:
    return card_rows(tables, ("player", "street", "face", "card"), hand_id=hand_id, source=source)


def _draws(tables, hand_id: str) -> list[tuple]:
    rows = tables.actions.filter(pl.col("hand_id") == hand_id).sort("seq")
    return (
        rows.filter(pl.col("kind").is_in(["discard", "stand_pat"]))
        .select("street", "player", "kind", "amount", "n_cards")
        .rows()
    )


def test_every_hand_is_read_with_its_own_game() -> None:
    tables = parse_site_file("pokerstars", FILE)
    assert tables.quarantine.is_empty()
    games = tables.hands.sort("hand_id").select("game", "is_hilo", "mixed", "boards").rows()
    assert games == [
        ("stud", True, None, 1),
        ("razz", False, "HORSE", 1),  # "HORSE (Razz Limit)"
        ("five_card_draw", False, None, 1),
        ("triple_draw_27", False, "8-Game", 1),  # "*** SECOND DRAW ***" is no second board
        ("holdem", False, "8-Game", 1),  # the rotation's hold'em hand
    ]


def test_stud_antes_bring_in_and_completion_on_the_game_rounds() -> None:
    tables = parse_site_file("pokerstars", FILE)
    assert actions_of(tables, STUD) == [
        (THIRD, "Hero", "post_ante", 1, None, False),
        (THIRD, "Bob", "post_ante", 1, None, False),
        (THIRD, "Cara", "post_ante", 1, None, False),
        (THIRD, "Cara", "bring_in", 2, None, False),  # "brings in for $0.02"
        (THIRD, "Hero", "complete", 4, 4, False),  # "raises $0.02 to $0.04"
        (THIRD, "Bob", "call", 4, None, False),
        (THIRD, "Cara", "call", 2, None, False),  # the bring-in counts in her commitment
        (FOURTH, "Bob", "bet", 4, 4, False),
        (FOURTH, "Cara", "fold", 0, None, False),
        (FOURTH, "Hero", "call", 4, None, False),
        (FIFTH, "Bob", "bet", 8, 8, False),
        (FIFTH, "Hero", "raise", 16, 16, False),
        (FIFTH, "Bob", "call", 8, None, False),
        (SIXTH, "Bob", "check", 0, None, False),
        (SIXTH, "Hero", "check", 0, None, False),
        (SEVENTH, "Bob", "bet", 8, 8, False),  # "*** RIVER ***" is 7th street
        (SEVENTH, "Hero", "call", 8, None, False),
        (SHOWDOWN, "Hero", "collect", 68, None, False),
    ]
    hand = hand_row(tables, STUD)
    assert (hand["small_bet"], hand["big_bet"], hand["ante"]) == (4, 8, 1)
    assert hand["button_seat"] is None  # no button in stud


def test_stud_cards_by_round_down_and_up() -> None:
    tables = parse_site_file("pokerstars", FILE)
    dealt = _cards(tables, STUD, "dealt")
    assert dealt[:5] == [
        ("Hero", THIRD, "down", "4c"),
        ("Hero", THIRD, "down", "7d"),
        ("Hero", THIRD, "up", "Ah"),
        ("Bob", THIRD, "up", "Kd"),  # the others' up card alone
        ("Cara", THIRD, "up", "2s"),
    ]
    # each later line lists the cards held, then the new one: only the new one is a row
    assert [row for row in dealt if row[0] == "Hero"][3:] == [
        ("Hero", FOURTH, "up", "5h"),
        ("Hero", FIFTH, "up", "3d"),
        ("Hero", SIXTH, "up", "Jc"),
        ("Hero", SEVENTH, "down", "2h"),
    ]
    assert [row for row in dealt if row[0] == "Bob"] == [
        ("Bob", THIRD, "up", "Kd"),
        ("Bob", FOURTH, "up", "Kc"),
        ("Bob", FIFTH, "up", "8s"),
        ("Bob", SIXTH, "up", "6d"),
    ]
    # the showdown lists the seven cards as dealt: two down, four up, one down
    shown = [row for row in _cards(tables, STUD, "shown") if row[0] == "Bob"][:7]
    assert [(street, face) for _, street, face, _ in shown] == SEVEN_CARD_STUD_DEAL


def test_a_rotation_razz_hand_completed_by_a_raise() -> None:
    tables = parse_site_file("pokerstars", FILE)
    assert [row[:4] for row in actions_of(tables, RAZZ)][3:] == [
        (THIRD, "Ann", "bring_in", 5),
        (THIRD, "Dan", "complete", 10),
        (THIRD, "Hero", "fold", 0),
        (THIRD, "Ann", "fold", 0),
        (THIRD, "Dan", "uncalled_return", 5),
        (SHOWDOWN, "Dan", "collect", 16),
    ]


def test_five_card_draw_opens_the_round_after_the_draw_without_a_marker() -> None:
    tables = parse_site_file("pokerstars", FILE)
    streets = [(row[0], row[1], row[2]) for row in actions_of(tables, DRAW5)]
    assert streets == [
        (PREDRAW, "Bob", "post_sb"),  # the blinds on the pre-draw round
        (PREDRAW, "Cara", "post_bb"),
        (PREDRAW, "Hero", "raise"),
        (PREDRAW, "Bob", "fold"),
        (PREDRAW, "Cara", "call"),
        (FIRST_DRAW, "Cara", "stand_pat"),  # the first draw line opens the round
        (FIRST_DRAW, "Hero", "discard"),
        (FIRST_DRAW, "Cara", "bet"),
        (FIRST_DRAW, "Hero", "call"),
        (SHOWDOWN, "Cara", "collect"),
    ]
    assert _draws(tables, DRAW5) == [
        (FIRST_DRAW, "Cara", "stand_pat", 0, 0),
        (FIRST_DRAW, "Hero", "discard", 0, 1),  # no chips; one card
    ]
    assert _cards(tables, DRAW5, "discarded") == [("Hero", FIRST_DRAW, "down", "2s")]
    dealt = _cards(tables, DRAW5, "dealt")
    assert [row[1:3] for row in dealt[:5]] == [(PREDRAW, "down")] * 5
    assert dealt[5:] == [("Hero", FIRST_DRAW, "down", "Ks")]  # the drawn card alone
    assert hand_row(tables, DRAW5)["button_seat"] == 1  # a blind game keeps its button


def test_triple_draw_rounds_counts_and_cards() -> None:
    tables = parse_site_file("pokerstars", FILE)
    assert _draws(tables, TRIPLE) == [
        (FIRST_DRAW, "Bob", "discard", 0, 2),
        (FIRST_DRAW, "Hero", "discard", 0, 1),
        (SECOND_DRAW, "Bob", "discard", 0, 1),
        (SECOND_DRAW, "Hero", "stand_pat", 0, 0),  # "stands pat on [2h 3d 9c 8s 7c]"
        (THIRD_DRAW, "Bob", "stand_pat", 0, 0),
        (THIRD_DRAW, "Hero", "stand_pat", 0, 0),
    ]
    bets = [row[:4] for row in actions_of(tables, TRIPLE) if row[2] in ("bet", "call")]
    assert bets == [
        (PREDRAW, "Hero", "call", 10),
        (FIRST_DRAW, "Hero", "bet", 20),
        (FIRST_DRAW, "Bob", "call", 20),
        (SECOND_DRAW, "Bob", "bet", 40),
        (SECOND_DRAW, "Hero", "call", 40),
    ]
    assert _cards(tables, TRIPLE, "discarded") == [("Hero", FIRST_DRAW, "down", "Kd")]
    assert _cards(tables, TRIPLE, "dealt")[5:] == [("Hero", FIRST_DRAW, "down", "7c")]


def test_the_rotation_hold_em_hand_reads_as_hold_em() -> None:
    tables = parse_site_file("pokerstars", FILE)
    assert _cards(tables, HOLDEM, "dealt") == [
        ("Hero", None, None, "Ah"),
        ("Hero", None, None, "Kd"),
    ]
    assert hand_row(tables, HOLDEM)["button_seat"] == 4
