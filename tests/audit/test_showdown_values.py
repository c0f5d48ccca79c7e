"""Hand values of stud, razz and draw games (audit.showdown.values) on hand-picked hands
(RULES.md §13.4). The differential test against PokerKit is test_showdown_values_pokerkit.py."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import polars as pl
import pytest

from audit.showdown import cards_text_expr, evaluate_high, evaluate_low, parse_cards
from audit.showdown.values import KIND_DTYPE, VALUE_CLASS_DTYPE, hand_values
from audit.showdown.values import hands as hands_module


def _values(kind: str, *hands: str) -> pl.DataFrame:
    frame = pl.DataFrame(
        {"kind": [kind] * len(hands), "cards": [parse_cards(hand) for hand in hands]},
        schema={"kind": pl.String, "cards": pl.List(pl.UInt8)},
    )
    result = hand_values(frame)
    return result.with_columns(best=cards_text_expr(pl.col("best_cards")))


def _scores(kind: str, *hands: str) -> list[int]:
    return _values(kind, *hands)["score"].to_list()


def _strictly_better_first(scores: list[int]) -> bool:
    return all(better > worse for better, worse in pairwise(scores))


# --- razz: ace-to-five ------------------------------------------------------------------------


def test_razz_wheel_is_the_best_hand_and_suits_do_not_matter() -> None:
    result = _values("ace_five_low", "As2s3s4s5sKdKc", "As2d3h4c6sKdKc", "Ad2d3d4d5c")
    wheel, six_four, plain_wheel = result["value"].to_list()
    assert wheel == plain_wheel == 0x54321 and six_four == 0x64321
    assert result["value_class"].to_list() == ["high_card"] * 3  # a suited wheel: no flush
    assert result["best"].to_list()[:2] == ["5s 4s 3s 2s As", "6s 4c 3h 2d As"]


def test_razz_pairs_count_against_and_the_lower_pair_wins() -> None:
    scores = _scores(
        "ace_five_low",
        "KcQdJhTs9c",  # no pair: better than any pair
        "AcAd2h3s4c",  # pair of aces, the best pair
        "2c2d3h4s5c",
        "AcAd2h2s3c",  # two pair
        "AcAdAh2s3c",  # trips
    )
    assert _strictly_better_first(scores)


def test_razz_seven_cards_pick_the_best_five() -> None:
    result = _values("ace_five_low", "6c7c7d7s3sJdJc", "9d9s2cKsTdJh2s", "8s8d8c8h7s7d7c")
    assert result["best"].to_list() == [
        "7c 7d Jd 6c 3s",  # the pair of sevens beats the pair of jacks
        "Ks Jh Td 9d 2c",
        "7s 7d 7c 8s 8d",  # two ranks only: the full house with the lower set
    ]
    assert result["value_class"].to_list() == ["pair", "high_card", "full_house"]


# --- deuce-to-seven -----------------------------------------------------------------------


def test_deuce_seven_best_hand_wheel_straights_and_flushes() -> None:
    result = _values(
        "deuce_seven_low",
        "7c5d4h3s2c",  # the best hand
        "7c6d4h3s2c",
        "8c6d5h4s2c",
        "As2d3h4s5c",  # A-5-4-3-2: ace high, no straight
        "7s6c5d4d3d",  # a straight: worse than every high card hand
        "7d5d4d3d2d",  # a flush
        "2c2d3h4s5c",  # a pair beats the flush and the straight
    )
    assert result["value_class"].to_list() == [
        *["high_card"] * 4,
        "straight",
        "flush",
        "pair",
    ]
    scores = result["score"].to_list()
    assert scores[0] > scores[1] > scores[2] > scores[3]
    assert scores[6] < scores[3] and scores[4] < scores[6] and scores[5] < scores[6]
    assert result["value"][3] == 0x0E5432 and result["best"][3] == "As 5c 4s 3h 2d"


# --- eight or better ------------------------------------------------------------------------


def test_eight_or_better_qualification() -> None:
    result = _values(
        "eight_low",
        "7h2h4cJc5h7s8c",  # 8-7-5-4-2
        "Ad5s8dAc8cJdTh",  # A, 5, 8 only: no low
        "9c6d5h4s3cKdKc",  # a nine low does not qualify
        "AcAd2h2s3c3d4h",  # four ranks of eight or lower: no low
        "AsKs2s3s4s5sQd",  # straights and flushes ignored: the wheel
        "8c7d6h5s4cKdQc",
    )
    assert result["value"].to_list() == [0x87542, None, None, None, 0x54321, 0x87654]
    assert result["value_class"].to_list() == ["low", None, None, None, "low", "low"]
    assert result["best"][0] == "8c 7h 5h 4c 2h"


def test_stud_hi_lo_values_both_halves_of_the_same_cards() -> None:
    cards = "7c3s5hQcKc6d4d"
    high, low = _values("high", cards), _values("eight_low", cards)
    assert high["value_class"].item() == "straight" and high["best"].item() == "7c 6d 5h 4d 3s"
    assert low["value"].item() == 0x76543


# --- stud high ----------------------------------------------------------------------------


def test_stud_high_seven_cards_pick_the_best_five() -> None:
    result = _values(
        "high",
        "KhKdKs2c2d2hQs",  # two sets: kings full of deuces
        "Ah9h8h7h6c5c2h",  # the flush over the straight
        "AcKdQh2s3d4c5h",  # the wheel, with broadway cards beside it
        "AcAdKhQsJd9c8h",  # aces with the best three kickers
    )
    assert result["value_class"].to_list() == ["full_house", "flush", "straight", "pair"]
    assert result["best"].to_list() == [
        "Kh Kd Ks 2c 2d",
        "Ah 9h 8h 7h 2h",
        "5h 4c 3d 2s Ac",
        "Ac Ad Kh Qs Jd",
    ]


def test_stud_high_of_fewer_cards_is_the_value_of_the_cards_given() -> None:
    result = _values("high", "AhAd", "KhKdKs2c", "Ah", "7c7d7h", "9s9d4c4h", "AhKhQhJh")
    assert result["value_class"].to_list() == [
        "pair",
        "trips",
        "high_card",
        "trips",
        "two_pair",
        "high_card",
    ]
    assert result["value"].to_list()[:3] == [0x1EE000, 0x3DDD20, 0x0E0000]
    # a pair of aces of two cards is below one with kickers, above every pair of kings
    longer = _scores("high", "AhAd", "AhAd2c", "KhKdQcJsTh")
    assert longer[1] > longer[0] > longer[2]


def test_stud_high_equals_the_holdem_evaluator_on_five_to_seven_cards() -> None:
    rng = np.random.default_rng(28)
    rows = [list(rng.permutation(52)[: rng.integers(5, 8)]) for _ in range(3000)]
    frame = pl.DataFrame(
        {"kind": "high", "cards": rows, "board": [[]] * len(rows)},
        schema={"kind": pl.String, "cards": pl.List(pl.UInt8), "board": pl.List(pl.UInt8)},
    )
    ours = hand_values(frame)
    holdem = evaluate_high(frame, "holdem", hole="cards")
    assert ours["value"].equals(holdem["high_value"], check_names=False)
    assert ours["value_class"].cast(pl.String).equals(holdem["high_class"].cast(pl.String))
    assert ours["best_cards"].equals(holdem["high_five"], check_names=False)
    low = hand_values(frame.with_columns(kind=pl.lit("eight_low")))
    assert low["value"].equals(evaluate_low(frame, "holdem", hole="cards")["low_value"])


# --- badugi -------------------------------------------------------------------------------


def test_badugi_count_beats_rank_and_the_highest_card_decides() -> None:
    result = _values(
        "badugi",
        "Ac2d3h4s",  # the best badugi
        "Ac3d4h8s",  # 8-4-3-A
        "Ac2d5h8s",  # 8-5-2-A: loses to 8-4-3-A, compared from the top down
        "KcQdJhTs",  # any badugi beats any three-card hand
        "Ac2d3h3s",  # three cards: A-2-3 (a pair of threes)
        "Ac2c3h4s",  # three cards: two clubs
        "KcKdKhKs",  # one card
    )
    assert result["value_class"].to_list() == [
        *["badugi"] * 4,
        "three_card",
        "three_card",
        "one_card",
    ]
    assert _strictly_better_first(result["score"].to_list()[:5])
    assert result["value"].to_list()[:3] == [0x04321, 0x08431, 0x08521]
    assert result["best"][1] == "8s 4h 3d Ac" and result["best"][4] in ("3h 2d Ac", "3s 2d Ac")
    assert result["best"][5] == "4s 3h Ac"  # of the two clubs the ace plays: 4-3-A beats 4-3-2


# --- rows that cannot be valued, and the frame ------------------------------------------------


def test_unvalued_rows_are_null_and_the_others_are_kept() -> None:
    frame = pl.DataFrame(
        {
            "kind": ["high", "high", None, "deuce_seven_low", "badugi", "eight_low", "high"],
            "cards": [
                [51, 51, 0, 1, 2],
                [60, 1, 2],
                [0, 1],
                [0, 5, 10, 15],
                [0, 5, 10],
                [0, 4],
                [],
            ],
            "seat": [1, 2, 3, 4, 5, 6, 7],
        },
        schema={"kind": KIND_DTYPE, "cards": pl.List(pl.UInt8), "seat": pl.Int8},
    )
    result = hand_values(frame)
    assert (
        result.select("value", "value_class", "best_cards", "score").null_count().row(0) == (7,) * 4
    )
    assert result["seat"].to_list() == list(range(1, 8))
    assert result.schema["value_class"] == VALUE_CLASS_DTYPE


def test_card_text_is_read_and_an_unknown_kind_is_an_error() -> None:
    frame = pl.DataFrame({"kind": ["razz"], "cards": [["As", "2d"]]})
    with pytest.raises(ValueError, match="unknown value kind"):
        hand_values(frame)
    text = hand_values(frame.with_columns(kind=pl.lit("ace_five_low")))
    assert text["value"].item() == 0x21000


def test_empty_frame_keeps_the_schema() -> None:
    empty = pl.DataFrame(schema={"kind": pl.String, "cards": pl.List(pl.UInt8)})
    result = hand_values(empty)
    assert result.height == 0
    assert result.schema["value"] == pl.Int64 and result.schema["best_cards"] == pl.List(pl.UInt8)


def test_results_do_not_depend_on_the_combination_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(280)
    kinds = ["high", "eight_low", "ace_five_low", "deuce_seven_low", "badugi"]
    sizes = {"deuce_seven_low": 5, "badugi": 4}
    rows = [(kind, list(rng.permutation(52)[: sizes.get(kind, 7)])) for kind in kinds * 40]
    frame = pl.DataFrame(
        {"kind": [k for k, _ in rows], "cards": [c for _, c in rows]},
        schema={"kind": pl.String, "cards": pl.List(pl.UInt8)},
    )
    whole = hand_values(frame)
    monkeypatch.setattr(hands_module, "BLOCK_COMBINATIONS", 50)
    assert hand_values(frame).equals(whole)
