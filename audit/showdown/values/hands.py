"""The value of every (hand, player, kind) row of a frame: stud, razz and draw games (§13.4).

Each row holds one player's cards (a list column, no board) and the kind of value asked for it;
a stud hi/lo player has two rows, `high` and `eight_low`. Rows are grouped by (kind, card count)
— a handful of groups — and valued with numpy: every five-card combination of every row at once
(`ranked`), or every subset of a badugi hand (`badugi`), the best per row by arg-max or arg-min.
No Python loop runs per hand or per combination: only over kinds, counts and
combination blocks of rows.

Kinds (docs/showdown.md "Stud, razz and draw values" has the encodings):

* `high` (7 card stud, stud hi/lo's high half, 5 card stud, 5 card draw): 1..7 cards, the best
  five or the cards given when fewer; larger is better.
* `eight_low` (stud hi/lo's low half): 5..7 cards, the best eight-or-better low; null when none
  qualifies; smaller is better.
* `ace_five_low` (razz, A-5 triple draw): 1..7 cards, the best ace-to-five low (pairs count
  against, straights and flushes do not count); smaller is better.
* `deuce_seven_low` (2-7 triple and single draw): 5 cards, the hand itself (no wheel;
  straights and flushes count against); smaller is better.
* `badugi`: 4 cards, the largest set of distinct ranks and suits; smaller is better.

A row gets nulls (never an error) when it cannot be valued: a null kind, a null, invalid or
repeated card, or a card count outside the kind's range (C-3 CARD-COUNT judges the counts).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import polars as pl

from audit.showdown.cards import CARD_DTYPE, DECK_SIZE
from audit.showdown.evaluate import BLOCK_COMBINATIONS, CardMatrix
from audit.showdown.five import HAND_CLASSES, NO_LOW, low_values
from audit.showdown.values.badugi import badugi_values
from audit.showdown.values.ranked import (
    CARDS,
    MISSING,
    ace_five_values,
    display_order,
    high_values,
)

VALUE_KINDS = ("high", "eight_low", "ace_five_low", "deuce_seven_low", "badugi")
KIND_DTYPE = pl.Enum(VALUE_KINDS)
#: The classes of every kind: the high classes (high, deuce-to-seven, ace-to-five), a qualified
#: eight-or-better `low`, and a badugi hand by its number of cards.
BADUGI_CLASSES = ("one_card", "two_card", "three_card", "badugi")
LOW_CLASS = "low"
VALUE_CLASSES = (*HAND_CLASSES, LOW_CLASS, *BADUGI_CLASSES)
VALUE_CLASS_DTYPE = pl.Enum(VALUE_CLASSES)
_CLASS_NAMES = pl.Series(VALUE_CLASSES, dtype=VALUE_CLASS_DTYPE)
_LOW_CLASS_INDEX = VALUE_CLASSES.index(LOW_CLASS)
_BADUGI_CLASS_INDEX = VALUE_CLASSES.index(BADUGI_CLASSES[0]) - 1  # + the set's size

#: (R, K, 5) combinations -> (R, K) values and classes.
Valuer = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


@dataclass(frozen=True)
class Kind:
    name: str
    fewest: int
    most: int
    lower_is_better: bool
    ace_low: bool  # the ace's place when the best five are shown


KINDS = {
    "high": Kind("high", 1, 7, lower_is_better=False, ace_low=False),
    "eight_low": Kind("eight_low", 5, 7, lower_is_better=True, ace_low=True),
    "ace_five_low": Kind("ace_five_low", 1, 7, lower_is_better=True, ace_low=True),
    "deuce_seven_low": Kind("deuce_seven_low", 5, 5, lower_is_better=True, ace_low=False),
    "badugi": Kind("badugi", 4, 4, lower_is_better=True, ace_low=True),
}
assert tuple(KINDS) == VALUE_KINDS


def hand_values(frame: pl.DataFrame, *, kind: str = "kind", cards: str = "cards") -> pl.DataFrame:
    """`frame` plus, per row, the value of its `cards` (List(UInt8) card ids, or List(String)
    card text) as its `kind` (String or KIND_DTYPE, one of VALUE_KINDS):

    * `value` (Int64): the kind's encoding (docs/showdown.md); equal = tie;
    * `value_class` (VALUE_CLASS_DTYPE);
    * `best_cards` (List(UInt8)): the cards that make the value, in showing order (at most five;
      a badugi's set);
    * `score` (Int64): larger = better for every kind (`value`, or `-value` for the lows), to
      rank the hands of one kind: the best hand of a pot is its largest score.

    All four are null where the row is not valued, and for an `eight_low` row without a
    qualifying low.
    """
    codes = _kind_codes(frame, kind)
    matrix = CardMatrix(frame, cards)
    result = _Result(frame.height)
    for code, spec in enumerate(KINDS.values()):
        for count in range(spec.fewest, spec.most + 1):
            rows = np.flatnonzero((codes == code) & (matrix.lengths == count))
            for block in _blocks(rows, len(_index(count))):
                chosen = matrix.cards[block, :count]
                valid = _valid_cards(chosen)
                _value_rows(result, spec, block[valid], chosen[valid])
    return frame.with_columns(result.columns(codes))


def _kind_codes(frame: pl.DataFrame, kind: str) -> np.ndarray:
    """Each row's kind as its index in VALUE_KINDS, -1 for a null kind."""
    names = frame.get_column(kind).cast(pl.String)
    unknown = set(names.drop_nulls().unique().to_list()) - set(VALUE_KINDS)
    if unknown:
        raise ValueError(f"unknown value kind(s) {sorted(unknown)}; expected {VALUE_KINDS}")
    codes = names.replace_strict(
        {name: code for code, name in enumerate(VALUE_KINDS)}, default=-1, return_dtype=pl.Int8
    )
    return codes.to_numpy()


@cache
def _index(count: int) -> np.ndarray:
    """(K, 5) positions of the five-card hands of `count` cards; fewer than five cards are one
    hand, padded with position `count` (a MISSING column)."""
    if count >= CARDS:
        return np.array(list(combinations(range(count), CARDS)), dtype=np.int64)
    return np.array([[*range(count), *[count] * (CARDS - count)]], dtype=np.int64)


def _blocks(rows: np.ndarray, combination_count: int) -> Iterator[np.ndarray]:
    step = max(1, BLOCK_COMBINATIONS // max(combination_count, 1))
    for start in range(0, len(rows), step):
        yield rows[start : start + step]


def _valid_cards(cards: np.ndarray) -> np.ndarray:
    """Per row: every card a deck card, none twice."""
    in_deck = ((cards >= 0) & (cards < DECK_SIZE)).all(axis=1)
    ordered = np.sort(cards, axis=1)
    return in_deck & ~(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)


class _Result:
    """The per-row outputs, filled kind by kind."""

    def __init__(self, rows: int) -> None:
        self.valid = np.zeros(rows, dtype=bool)
        self.value = np.zeros(rows, dtype=np.int64)
        self.klass = np.zeros(rows, dtype=np.int8)
        self.best = np.zeros((rows, CARDS), dtype=np.uint8)
        self.best_count = np.zeros(rows, dtype=np.int8)

    def set(
        self,
        rows: np.ndarray,
        value: np.ndarray,
        klass: np.ndarray,
        best: np.ndarray,
        best_count: np.ndarray | int,
    ) -> None:
        self.valid[rows] = True
        self.value[rows], self.klass[rows], self.best_count[rows] = value, klass, best_count
        self.best[rows, : best.shape[1]] = best

    def columns(self, codes: np.ndarray) -> list[pl.Series]:
        lower = np.array([spec.lower_is_better for spec in KINDS.values()])[np.maximum(codes, 0)]
        valid = pl.Series("valid", self.valid)
        return [
            _null_unless(pl.Series("value", self.value), valid),
            _null_unless(_CLASS_NAMES.gather(self.klass).alias("value_class"), valid),
            self._best_cards(),
            _null_unless(pl.Series("score", np.where(lower, -self.value, self.value)), valid),
        ]

    def _best_cards(self) -> pl.Series:
        """The first `best_count` cards of each valid row as a list, null elsewhere (in
        Polars: a worker imports no pyarrow, docs/scale.md)."""
        frame = pl.DataFrame(
            [
                pl.Series("best_cards", self.best, dtype=pl.Array(CARD_DTYPE, CARDS)),
                pl.Series("count", self.best_count),
                pl.Series("valid", self.valid),
            ]
        )
        cards = pl.col("best_cards").arr.to_list().list.head(pl.col("count"))
        return frame.select(pl.when("valid").then(cards).alias("best_cards")).to_series()


def _null_unless(series: pl.Series, valid: pl.Series) -> pl.Series:
    frame = pl.DataFrame([series, valid])
    return frame.select(pl.when("valid").then(series.name)).to_series()


def _value_rows(result: _Result, spec: Kind, rows: np.ndarray, cards: np.ndarray) -> None:
    """Value the (R, n) cards of `rows` as `spec` into `result`."""
    if len(rows) == 0:
        return
    if spec.name == "badugi":
        value, size, best = badugi_values(cards)
        result.set(rows, value, _BADUGI_CLASS_INDEX + size, best, size)
        return
    value, klass, best = _best_five(spec, cards)
    if spec.name == "eight_low":
        qualifies = value != NO_LOW
        rows, value, best = rows[qualifies], value[qualifies], best[qualifies]
        klass = np.full(len(rows), _LOW_CLASS_INDEX, dtype=np.int8)
    result.set(rows, value, klass, best, min(cards.shape[1], CARDS))


def _valuer(spec: Kind) -> Valuer:
    if spec.name == "high":
        return high_values
    if spec.name == "deuce_seven_low":
        return lambda hands: high_values(hands, wheel=False)
    if spec.name == "ace_five_low":
        return ace_five_values
    return lambda hands: (low_values(hands), np.zeros(len(hands), dtype=np.int8))


def _best_five(spec: Kind, cards: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(value, class, best five in showing order) of each row of an (R, n) card array."""
    count = cards.shape[1]
    padded = np.concatenate([cards, np.full((len(cards), 1), MISSING, cards.dtype)], axis=1)
    index = _index(count)
    hands = padded[:, index]  # (R, K, 5): every combination of every row
    values, classes = _valuer(spec)(hands.reshape(-1, CARDS))
    values = values.reshape(len(cards), len(index))
    pick = values.argmin(axis=1) if spec.lower_is_better else values.argmax(axis=1)
    at = np.arange(len(cards))
    best = hands[at, pick]
    order = display_order(best, ace_low=spec.ace_low, wheel=spec.name == "high")
    shown = np.take_along_axis(best, order, axis=1)
    klass = classes.reshape(len(cards), len(index))[at, pick]
    return values[at, pick], klass, shown.astype(np.uint8)
