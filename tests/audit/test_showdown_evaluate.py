"""The vectorized hand evaluator (audit.showdown) on hand-picked hands (RULES.md §11).

The differential test against PokerKit is tests/test_showdown_pokerkit.py.
"""

from __future__ import annotations

from itertools import product

import numpy as np
import polars as pl
import pytest

from audit.showdown import cards_text_expr, evaluate, evaluate_high, evaluate_low, parse_cards
from audit.showdown.cards import card_id, card_id_expr, card_text, split_cards_expr
from audit.showdown.five import SORT_NETWORK


def _frame(hands: list[tuple[str, str]]) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "hole": [parse_cards(hole) for hole, _ in hands],
            "board": [parse_cards(board) for _, board in hands],
        },
        schema={"hole": pl.List(pl.UInt8), "board": pl.List(pl.UInt8)},
    )


def _high(game: str, *hands: tuple[str, str], **options: bool) -> pl.DataFrame:
    result = evaluate_high(_frame(list(hands)), game, **options)
    return result.with_columns(cards_text_expr(pl.col("high_five")).alias("five"))


def _low(game: str, *hands: tuple[str, str]) -> pl.DataFrame:
    result = evaluate_low(_frame(list(hands)), game)
    return result.with_columns(cards_text_expr(pl.col("low_five")).alias("five"))


def _holdem_order(*hands: tuple[str, str]) -> list[int]:
    return _high("holdem", *hands)["high_value"].to_list()


# --- card codes ---------------------------------------------------------------------------


def test_card_ids_round_trip_and_invalid_text_is_null() -> None:
    texts = ["2c", "As", "Td", "9h", "1s", "Ax", "A", "As ", None, "10s", "as"]
    ids = pl.select(card_id_expr(pl.Series(texts))).to_series().to_list()
    assert ids == [0, 51, 33, 30, None, None, None, None, None, None, None]
    assert card_id(14, 3) == 51 and card_text(33) == "Td"
    split = pl.select(split_cards_expr(pl.lit("As  Kd Xx"))).item().to_list()
    assert split == [51, 45, None]


def test_sorting_network_sorts_every_zero_one_input() -> None:
    for bits in product((0, 1), repeat=5):
        out = list(bits)
        for first, second in SORT_NETWORK:
            out[first], out[second] = max(out[first], out[second]), min(out[first], out[second])
        assert out == sorted(bits, reverse=True)


# --- high hands: hold'em ------------------------------------------------------------------


def test_classes_and_best_five() -> None:
    result = _high(
        "holdem",
        ("Ah2d", "3c4s5h9dKc"),  # wheel
        ("Ah2h", "3h4h5hKdKc"),  # steel wheel
        ("AhKd", "QcJsTh2d3c"),  # broadway
        ("KhKd", "Ks2c2dQh9s"),  # full house
        ("7h7d", "7s7c2dQh9s"),  # quads
        ("Ah9h", "Kh2h5h8c8d"),  # flush beats the pair on board
    )
    assert result["high_class"].to_list() == [
        "straight",
        "straight_flush",
        "straight",
        "full_house",
        "quads",
        "flush",
    ]
    assert result["five"].to_list() == [
        "5h 4s 3c 2d Ah",
        "5h 4h 3h 2h Ah",
        "Ah Kd Qc Js Th",
        "Kh Kd Ks 2c 2d",
        "7h 7d 7s 7c Qh",
        "Ah Kh 9h 5h 2h",
    ]


def test_wheel_is_the_lowest_straight() -> None:
    wheel, six_high, broadway = _holdem_order(
        ("Ah2d", "3c4s5hJdKc"), ("6h2d", "3c4s5hJdKc"), ("AhKd", "QcJsTh2d3c")
    )
    assert wheel < six_high < broadway


def test_steel_wheel_beats_quads_but_not_six_high_straight_flush() -> None:
    steel, quads, six_high = _holdem_order(
        ("Ah2h", "3h4h5hKdKc"), ("AsAd", "AcAh5c9d2s"), ("6h2h", "3h4h5hKdKc")
    )
    assert quads < steel < six_high


def test_flush_compares_from_the_top_card() -> None:
    ace_high, king_high, ace_high_lower_kicker = _holdem_order(
        ("Ah3h", "Kh9h5h2c2d"), ("Kh3h", "Qh9h5h2c2d"), ("Ah3h", "Qh9h5h2c2d")
    )
    assert ace_high > ace_high_lower_kicker > king_high


def test_kickers_decide_and_tie_when_the_five_cards_match() -> None:
    board = "AhKd8c5s2h"
    ak_q, ak_j, same_five, board_plays_a, board_plays_b = _holdem_order(
        ("AcQs", board), ("AsJc", board), ("AdQc", board), ("3c4d", "AhKdQcJs9h"),
        ("2c3d", "AhKdQcJs9h"),
    )  # fmt: skip
    assert ak_q > ak_j
    assert ak_q == same_five
    assert board_plays_a == board_plays_b


def test_two_pair_kicker_and_third_pair_ignored() -> None:
    board = "KhKd7c7s2h"
    ace_kicker, queen_kicker, third_pair_fours = _holdem_order(
        ("Ac3d", board), ("Qc3d", board), ("4c4d", board)
    )
    assert ace_kicker > queen_kicker > third_pair_fours  # KK774: the fours play as a kicker
    higher_third_pair, jack_kicker = _holdem_order(("TcTd", "KhKd4c4s2h"), ("Js3d", "KhKd4c4s2h"))
    assert higher_third_pair > jack_kicker  # KKTT4 beats KK44J


def test_full_house_over_full_house() -> None:
    kings_full, queens_full, kings_full_of_fours = _holdem_order(
        ("KhKd", "Ks2c2dQh9s"), ("QdQc", "Qs2c2dKh9s"), ("KhKd", "Ks4c4dQh2s")
    )
    assert kings_full > queens_full
    assert kings_full_of_fours > kings_full
    trips_on_board = _high("holdem", ("AhAd", "KsKcKd2h3s"), ("QhQd", "KsKcKd2h3s"))
    assert trips_on_board["five"].to_list() == ["Ks Kc Kd Ah Ad", "Ks Kc Kd Qh Qd"]


# --- Omaha -----------------------------------------------------------------------------------


def test_omaha_four_hearts_in_hand_two_on_board_is_no_flush() -> None:
    result = _high("omaha", ("AhKhQhJh", "2h3h8c9dTs"))
    assert result["high_class"].item() == "straight"  # Q-J + 8-9-T
    two_hearts_in_hand = _high("omaha", ("AhKh8c7d", "2h3h5hQsTs"))
    assert two_hearts_in_hand["five"].item() == "Ah Kh 5h 3h 2h"


def test_omaha_board_straight_does_not_count() -> None:
    result = _high("omaha", ("AcAdKsKh", "5h6c7d8s9h"), ("2c3d4s4h", "5h6c7d8s9h"))
    assert result["high_class"].to_list() == ["pair", "straight"]
    assert result["five"].to_list() == ["Ac Ad 9h 8s 7d", "7d 6c 5h 4s 3d"]


def test_omaha_five_and_six_hole_cards_and_courchevel() -> None:
    for game, hole in (
        ("omaha", "2c7d9sJhQh"),
        ("courchevel", "2c7d9sJhQh"),
        ("omaha", "2c7d9sJhQh3c"),
    ):
        result = _high(game, (hole, "Ah Kh Th 4c 4d"))  # fmt: skip
        assert result["high_class"].item() == "straight_flush"
        assert result["five"].item() == "Ah Kh Qh Jh Th"


def test_omaha_needs_two_hole_and_three_board_cards() -> None:
    result = _high("omaha", ("AsKs", "QsJsTs"), ("As", "KsQsJsTs"), ("AsKsQs", "JsTs"))
    assert result["high_class"].to_list() == ["straight_flush", None, None]


# --- short deck ------------------------------------------------------------------------------


def test_short_deck_flush_beats_full_house() -> None:
    flush, full_house = _high("short_deck", ("AhTh", "Kh9h6hKcKd"), ("KsTc", "Kh9h6hKcTd"))[
        "high_value"
    ]
    assert flush > full_house
    standard = _holdem_order(("AhTh", "Kh9h6hKcJd"), ("KsTc", "Kh9h6hKcTd"))
    assert standard[0] < standard[1]


def test_short_deck_a6789_is_the_lowest_straight() -> None:
    result = _high("short_deck", ("Ah6d", "7c8s9hKdKc"), ("Th6d", "7c8s9hKdQc"))
    assert result["high_class"].to_list() == ["straight", "straight"]
    assert result["five"][0] == "9h 8s 7c 6d Ah"
    assert result["high_value"][0] < result["high_value"][1]


def test_short_deck_trips_against_straight_follows_the_option() -> None:
    hands = (("8h8d", "8c9sTsJhQd"), ("AhKd", "QcJsTh7d7c"))  # trips (also a straight) / broadway
    default = _high("short_deck", *hands)
    assert default["high_class"].to_list() == ["trips", "straight"]
    assert default["high_value"][0] > default["high_value"][1]
    straight_wins = _high("short_deck", *hands, short_deck_trips_beat_straight=False)
    assert straight_wins["high_class"].to_list() == ["straight", "straight"]
    assert straight_wins["high_value"][0] < straight_wins["high_value"][1]


def test_short_deck_rejects_cards_below_six() -> None:
    result = _high("short_deck", ("Ah2d", "7c8s9hKdKc"))
    assert result["high_value"].item() is None


# --- lows -----------------------------------------------------------------------------------


def test_lows_order_and_best_low() -> None:
    result = _low(
        "holdem",
        ("As2d", "3c4h5sKdQc"),  # the wheel is the best low
        ("8c7d", "6h4s3cKdQc"),
        ("8c7d", "5h4s3cKdQc"),
        ("AsAd", "2c3h4s5dKc"),  # a pair in hand does not spoil the board's low
    )
    assert result["five"].to_list() == [
        "5s 4h 3c 2d As",
        "8c 7d 6h 4s 3c",
        "8c 7d 5h 4s 3c",
        "5d 4s 3h 2c As",
    ]
    wheel, eight_seven_six, eight_seven_five, _ = result["low_value"]
    assert wheel < eight_seven_five < eight_seven_six


def test_no_low_with_a_pair_heavy_board() -> None:
    result = _low("omaha", ("As2d3c4h", "5s5d6c6hKd"), ("As2d3c4h", "5s5d6c7hKd"))
    assert result["low_value"][0] is None and result["low_five"][0] is None
    assert result["five"][1] == "7h 6c 5s 2d As"
    holdem = _low("holdem", ("As9d", "2c2d3c3hKd"))
    assert holdem["low_value"].item() is None


def test_omaha_low_needs_two_hole_cards() -> None:
    result = _low("omaha", ("AsKdKcQh", "2c3h4s5d8c"), ("As2dKcQh", "3c4h9s9dKc"))
    assert result["low_value"].to_list() == [None, None]
    holdem = _low("holdem", ("AsKd", "2c3h4s5d8c"))
    assert holdem["five"].item() == "5d 4s 3h 2c As"
    two_used = _low("omaha", ("As2dKcQh", "3c4h8s9dKs"))
    assert two_used["five"].item() == "8s 4h 3c 2d As"


# --- rows that cannot be judged ---------------------------------------------------------------


def test_unjudgeable_rows_are_null_and_the_others_are_kept() -> None:
    frame = pl.DataFrame(
        {
            "hand": [1, 2, 3, 4, 5],
            "hole": [["As", "Kd"], ["As", "As"], ["As", None], None, ["Ah", "Kh"]],
            "board": [["2c", "3d", "7h", "9s", "Jc"]] * 4 + [["Ah", "3d", "7h"]],
        }
    )
    result = evaluate_high(frame)
    assert result["hand"].to_list() == [1, 2, 3, 4, 5]
    assert result["high_class"].to_list() == ["high_card", None, None, None, None]


def test_empty_frame_and_overlong_rows() -> None:
    empty = evaluate_low(_frame([]), "omaha")
    assert empty.height == 0 and empty.schema["low_value"] == pl.Int64
    too_many = _high("holdem", ("AsKd" + "2c3c4c5c6c7c8c", "9d9h9sTd2d"), ("AsKd", "9d9h9sTd2d"))
    assert too_many["high_class"].to_list() == [None, "trips"]


def test_results_do_not_depend_on_the_combination_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(15)
    deals = np.argsort(rng.random((3_000, 52)), axis=1)[:, :9].astype(np.uint8)
    frame = pl.DataFrame({"hole": deals[:, :4], "board": deals[:, 4:]})
    frame = frame.select(pl.all().cast(pl.List(pl.UInt8)))
    whole = evaluate_high(frame, "omaha")
    monkeypatch.setattr(evaluate, "BLOCK_COMBINATIONS", 1_000)  # 16 rows of 60 combinations
    in_blocks = evaluate_high(frame, "omaha")
    assert whole.equals(in_blocks)
    assert whole["high_value"].null_count() == 0
    assert whole["high_class"].n_unique() == 9  # every class occurs


@pytest.mark.parametrize("game", ["stud", "razz"])
def test_unknown_game_is_an_error(game: str) -> None:
    with pytest.raises(ValueError, match="unknown game"):
        evaluate_high(_frame([("AsKd", "2c3d4h")]), game)
