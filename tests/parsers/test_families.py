"""The shared steps of the games without a board (parsers/core/families.py, hole_faces.py), on
frames built here; each site's use of them is tested on its own sample files (tests/sites)."""

from __future__ import annotations

import polars as pl

from parsers.core.families import (
    card_rounds,
    family_hands,
    on_first_round,
    with_completions,
    without_button,
)
from parsers.core.hole_faces import with_hole_rounds
from parsers.games import FOURTH, PREDRAW, PREFLOP, SEVENTH, SHOWDOWN, THIRD


def test_stud_deals_two_down_one_up_then_one_a_street_and_the_last_down() -> None:
    stud = card_rounds().filter(pl.col("game") == "stud").sort("card")
    assert stud.select("street", "face").rows() == [
        (THIRD, "down"),
        (THIRD, "down"),
        (THIRD, "up"),
        (FOURTH, "up"),
        (FOURTH + 1, "up"),
        (FOURTH + 2, "up"),
        (SEVENTH, "down"),
    ]
    draw = card_rounds().filter(pl.col("game") == "triple_draw_27")
    assert set(draw["street"]) == {PREDRAW} and set(draw["face"]) == {"down"}


def test_board_games_are_no_family_hands() -> None:
    header = pl.DataFrame({"hand_key": [1, 2, 3], "game": ["holdem", "razz", "badugi"]})
    assert family_hands(header).select("hand_key", "family", "first").rows() == [
        (2, "stud", THIRD),
        (3, "draw", PREDRAW),
    ]
    assert family_hands(header.head(1)).is_empty()


def _actions(kinds: list[str], streets: list[int]) -> pl.DataFrame:
    return pl.DataFrame(
        {"hand_key": [7] * len(kinds), "kind": kinds, "street": streets},
        schema_overrides={"street": pl.Int8},
    )


def test_posts_move_to_the_first_round_and_the_first_wager_completes() -> None:
    families = family_hands(pl.DataFrame({"hand_key": [7], "game": ["stud"]}))
    frame = _actions(
        ["post_ante", "bring_in", "call", "raise", "raise", "bet", "collect"],
        [PREFLOP, PREFLOP, THIRD, THIRD, THIRD, FOURTH, SHOWDOWN],
    )
    frame = with_completions(on_first_round(frame, families), families)
    assert frame.select("kind", "street").rows() == [
        ("post_ante", THIRD),
        ("bring_in", THIRD),
        ("call", THIRD),
        ("complete", THIRD),  # the first raise over the bring-in
        ("raise", THIRD),
        ("bet", FOURTH),  # a later round's bet stays a bet
        ("collect", SHOWDOWN),
    ]


def test_stud_has_no_button_nor_blinds_but_a_board_game_keeps_them() -> None:
    header = pl.DataFrame({"hand_key": [1, 2], "game": ["holdem", "stud"]})
    hands = pl.DataFrame(
        {"hand_key": [1, 2], "button_seat": [3, 1], "small_blind": [5, 5], "big_blind": [10, 10]}
    )
    cleared = without_button(hands, family_hands(header))
    assert cleared.drop("hand_key").rows() == [(3, 5, 10), (None, None, None)]


def test_a_round_s_listed_cards_are_its_last_ones() -> None:
    """ "Dealt to Bob [Qd]" on 3rd street lists one of its three cards: the up one; the hero's
    three are all listed; a 7th-street card is down."""
    rows = pl.DataFrame(
        {
            "hand_key": [1, 1, 1, 1, 1],
            "line_no": [5, 6, 6, 6, 9],
            "player": ["Bob", "Hero", "Hero", "Hero", "Hero"],
            "source": ["dealt"] * 5,
            "street": [THIRD, THIRD, THIRD, THIRD, SEVENTH],
            "position": [0, 0, 1, 2, 0],
            "card": ["Qd", "As", "2s", "Qs", "Jc"],
        },
        schema_overrides={"street": pl.Int8, "position": pl.Int8},
    )
    games = pl.DataFrame({"hand_key": [1], "game": ["stud"]})
    read = with_hole_rounds(rows, games).sort("line_no", "position")
    assert read.select("card", "street", "face").rows() == [
        ("Qd", THIRD, "up"),
        ("As", THIRD, "down"),
        ("2s", THIRD, "down"),
        ("Qs", THIRD, "up"),
        ("Jc", SEVENTH, "down"),
    ]
