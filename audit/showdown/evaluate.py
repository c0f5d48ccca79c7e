"""Best hand of every row of a frame of candidate hands (hole cards + board cards), vectorized.

Each row is one (showdown hand, player, board) with a list column of hole-card ids and one of
board-card ids (`audit.showdown.cards`; lists of card text are converted). The rows are grouped by
their (hole count, board count) pattern (a handful); for each pattern a small index array lists the
five-card combinations the game allows (any five of hole + board for hold'em and short deck;
exactly two hole and three board cards for Omaha and Courchevel), numpy gathers every combination
of every row at once, `audit.showdown.five` values them, and the best per row is the arg-max
(high) or arg-min (low). No Python loop runs per hand or per combination: only over the patterns
and over combination blocks of rows that bound the memory.

A row gets null results when its cards cannot be judged: a null or invalid card, a card not in
the game's deck, the same card twice in the row, no hole cards (a null or empty list), or a count
the game cannot make a hand of (fewer than five cards; Omaha: fewer than two hole or three board).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations, product

import numpy as np
import polars as pl

from audit.showdown.cards import CARD_DTYPE, DECK_SIZE, SHORT_DECK_LOWEST_ID, card_ids_expr
from audit.showdown.five import (
    HAND_CLASSES,
    NO_LOW,
    display_order,
    high_values,
    low_values,
    strength_table,
)
from parsers.schema import ColumnType

ANY_FIVE = "any_five"
TWO_HOLE_THREE_BOARD = "two_hole_three_board"
#: game -> how its five cards are chosen.
HIGH_GAMES = {
    "holdem": ANY_FIVE,
    "short_deck": ANY_FIVE,
    "omaha": TWO_HOLE_THREE_BOARD,
    "courchevel": TWO_HOLE_THREE_BOARD,
}
LOW_GAMES = {"holdem": ANY_FIVE, "omaha": TWO_HOLE_THREE_BOARD, "courchevel": TWO_HOLE_THREE_BOARD}
#: Largest card counts judged: 9 cards for any-five, 6 hole and 5 board for Omaha.
MAX_ANY_FIVE_CARDS = 9
MAX_OMAHA_HOLE, MAX_OMAHA_BOARD = 6, 5
#: Combinations valued at once (bounds the memory: about 100 bytes each).
BLOCK_COMBINATIONS = 1 << 20
HAND_CLASS_DTYPE = pl.Enum(HAND_CLASSES)
_CLASS_NAMES = pl.Series(HAND_CLASSES, dtype=HAND_CLASS_DTYPE)
#: (M, 5) card ids -> (values, classes) of the M five-card hands.
FiveCardValue = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


def evaluate_high(
    frame: pl.DataFrame,
    game: str = "holdem",
    *,
    hole: str = "hole",
    board: str = "board",
    short_deck_trips_beat_straight: bool = True,
) -> pl.DataFrame:
    """`frame` plus `high_value` (Int64, larger = better; equal = tie), `high_class` (Enum of
    HAND_CLASSES) and `high_five` (the best five card ids, in showing order)."""
    rule = _rule(HIGH_GAMES, game)
    short_deck = game == "short_deck"
    strength = strength_table(
        short_deck=short_deck, trips_beat_straight=short_deck_trips_beat_straight
    )

    def value(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return high_values(cards, strength, short_deck=short_deck)

    hole_cards, board_cards = _card_matrices(frame, hole, board)
    best = _best(hole_cards, board_cards, rule, value, short_deck=short_deck, low=False)
    valid, values, classes, five = best
    return frame.with_columns(
        _masked("high_value", values, valid, pl.Int64),
        _null_unless(_CLASS_NAMES.gather(classes).alias("high_class"), valid),
        _masked_five("high_five", five, valid),
    )


def evaluate_low(
    frame: pl.DataFrame, game: str = "omaha", *, hole: str = "hole", board: str = "board"
) -> pl.DataFrame:
    """`frame` plus `low_value` (Int64, eight or better, SMALLER = better, null when the row has
    no qualifying low) and `low_five` (its five card ids, highest first)."""
    rule = _rule(LOW_GAMES, game)

    def value(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return low_values(cards), np.zeros(len(cards), dtype=np.int8)

    hole_cards, board_cards = _card_matrices(frame, hole, board)
    valid, values, _, five = _best(hole_cards, board_cards, rule, value, short_deck=False, low=True)
    valid &= values != NO_LOW
    return frame.with_columns(
        _masked("low_value", values, valid, pl.Int64), _masked_five("low_five", five, valid)
    )


def _rule(games: dict[str, str], game: str) -> str:
    if game not in games:
        raise ValueError(f"unknown game {game!r}; expected one of {sorted(games)}")
    return games[game]


class CardMatrix:
    """One list column as an (N, width) Int16 matrix, -1 past each row's length or for a null
    (or out-of-range) card, and the lengths (0 for a null list)."""

    def __init__(self, frame: pl.DataFrame, column: str) -> None:
        cards = pl.col(column)
        if frame.schema[column] == pl.List(pl.String):
            cards = card_ids_expr(cards)
        lengths = frame.select(cards.list.len().fill_null(0)).to_series()
        self.lengths = lengths.to_numpy().astype(np.int64)
        longest = int(self.lengths.max(initial=0))
        width = min(longest, MAX_ANY_FIVE_CARDS)  # longer rows are not judged
        positions = [
            cards.list.get(k, null_on_oob=True)
            .cast(pl.Int16, strict=False)
            .fill_null(-1)
            .alias(f"c{k}")
            for k in range(width)
        ]
        self.cards = (
            frame.select(positions).to_numpy().astype(np.int16)
            if width
            else np.empty((frame.height, 0), dtype=np.int16)
        )


def _card_matrices(frame: pl.DataFrame, hole: str, board: str) -> tuple[CardMatrix, CardMatrix]:
    return CardMatrix(frame, hole), CardMatrix(frame, board)


@cache
def combination_index(rule: str, hole_count: int, board_count: int) -> np.ndarray:
    """(K, 5) positions into [hole cards..., board cards...] of the five-card hands the rule
    allows; K = 0 when the counts make no hand."""
    if rule == ANY_FIVE:
        chosen = list(combinations(range(hole_count + board_count), 5))
    else:
        holes = combinations(range(hole_count), 2)
        boards = combinations(range(hole_count, hole_count + board_count), 3)
        chosen = [h + b for h, b in product(holes, list(boards))]
    return np.array(chosen, dtype=np.int64).reshape(-1, 5)


def _judged_counts(rule: str, hole_counts: np.ndarray, board_counts: np.ndarray) -> np.ndarray:
    if rule == ANY_FIVE:  # playing the board is a hand, but only of a player who shows cards
        total = hole_counts + board_counts
        return (hole_counts >= 1) & (total >= 5) & (total <= MAX_ANY_FIVE_CARDS)
    hole_ok = (hole_counts >= 2) & (hole_counts <= MAX_OMAHA_HOLE)
    return hole_ok & (board_counts >= 3) & (board_counts <= MAX_OMAHA_BOARD)


def _row_cards_valid(cards: np.ndarray, *, short_deck: bool) -> np.ndarray:
    """Per row of an (R, n) pattern matrix: every card in the deck, no card twice."""
    lowest = SHORT_DECK_LOWEST_ID if short_deck else 0
    in_deck = ((cards >= lowest) & (cards < DECK_SIZE)).all(axis=1)
    ordered = np.sort(cards, axis=1)
    return in_deck & ~(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)


def _patterns(
    hole: CardMatrix, board: CardMatrix, rule: str
) -> Iterator[tuple[int, int, np.ndarray]]:
    """(hole count, board count, row numbers) of every card-count pattern the rule judges."""
    judged = _judged_counts(rule, hole.lengths, board.lengths)
    pattern = hole.lengths * 64 + board.lengths
    for key in np.unique(pattern[judged]):
        yield int(key // 64), int(key % 64), np.flatnonzero(judged & (pattern == key))


def _blocks(rows: np.ndarray, combination_count: int) -> Iterator[np.ndarray]:
    step = max(1, BLOCK_COMBINATIONS // max(combination_count, 1))
    for start in range(0, len(rows), step):
        yield rows[start : start + step]


def _best(
    hole: CardMatrix,
    board: CardMatrix,
    rule: str,
    value: FiveCardValue,
    *,
    short_deck: bool,
    low: bool,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(valid, value, class, best five) per row: the best combination by `value`."""
    rows = len(hole.lengths)
    valid = np.zeros(rows, dtype=bool)
    values = np.zeros(rows, dtype=np.int64)
    classes = np.zeros(rows, dtype=np.int8)
    five = np.zeros((rows, 5), dtype=np.uint8)
    for hole_count, board_count, pattern_rows in _patterns(hole, board, rule):
        index = combination_index(rule, hole_count, board_count)
        for block in _blocks(pattern_rows, len(index)):
            cards = np.concatenate(
                [hole.cards[block, :hole_count], board.cards[block, :board_count]], axis=1
            )
            ok = _row_cards_valid(cards, short_deck=short_deck)
            block = block[ok]
            valid[block] = True
            values[block], classes[block], five[block] = _best_combination(
                cards[ok].astype(np.uint8), index, value, short_deck=short_deck, low=low
            )
    return valid, values, classes, five


def _best_combination(
    cards: np.ndarray, index: np.ndarray, value: FiveCardValue, *, short_deck: bool, low: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(value, class, five cards in showing order) of the best of the `index` combinations of
    each row of an (R, n) card matrix."""
    hands = cards[:, index]  # (R, K, 5): every combination of every row
    combo_values, combo_classes = value(hands.reshape(-1, 5))
    combo_values = combo_values.reshape(len(cards), len(index))
    pick = combo_values.argmin(axis=1) if low else combo_values.argmax(axis=1)
    at = np.arange(len(cards))
    best_cards = hands[at, pick]
    order = display_order(best_cards, low=low, short_deck=short_deck)
    best_class = combo_classes.reshape(len(cards), len(index))[at, pick]
    return combo_values[at, pick], best_class, np.take_along_axis(best_cards, order, axis=1)


def _masked(name: str, values: np.ndarray, valid: np.ndarray, dtype: ColumnType) -> pl.Series:
    """The values as a Series of `dtype`, null where the row was not judged."""
    return _null_unless(pl.Series(name, values, dtype=dtype), valid)


def _masked_five(name: str, five: np.ndarray, valid: np.ndarray) -> pl.Series:
    cards = pl.Series(name, five, dtype=pl.Array(CARD_DTYPE, 5)).cast(pl.List(CARD_DTYPE))
    return _null_unless(cards, valid)


def _null_unless(series: pl.Series, valid: np.ndarray) -> pl.Series:
    frame = pl.DataFrame([series, pl.Series("valid", valid, dtype=pl.Boolean)])
    return frame.select(pl.when("valid").then(series.name)).to_series()
