"""Values of up to five cards by rank groups, vectorized with numpy over (M, 5) card-id arrays.

A position without a card holds `MISSING` (-1): a row of fewer than five cards (a stud hand the
log shows short) is valued on the cards it has. A missing card has rank 0: it joins no group,
sorts after every card and packs as a 0 nibble, and no straight or flush is made of fewer than
five cards.

Values are `class << 20 | tiebreak`, `class` the number in `five.HAND_CLASSES` (high card 0 ..
straight flush 8) and `tiebreak` five 4-bit ranks, most significant first, sorted by (group size,
rank) descending: in hex the value reads as the hand (0x1DD932 is K-K-9-3-2).

* `high_values(cards, wheel=True)`: standard high (stud, 5 card draw): larger is better; the
  wheel is the five-high straight (its tiebreak `50000`), exactly as `five.high_values`.
* `high_values(cards, wheel=False)`: deuce-to-seven: the same classes and ranks without the wheel
  (A-5-4-3-2 is ace high, `0x0E5432`); SMALLER is better.
* `ace_five_values(cards)`: ace-to-five (razz): the ace ranks 1, straights and flushes do not
  count (class high card, pair, two pair, trips, full house, quads only); SMALLER is better:
  `0x054321` (5-4-3-2-A) is the best hand.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from audit.showdown.five import (
    CLASS_OF_DISTINCT,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    TIEBREAK_BITS,
    TRIPS,
    TWO_PAIR,
    sort_descending,
)

MISSING = -1
ACE, ACE_LOW = 14, 1
CARDS = 5


def _class_by_counts() -> np.ndarray:
    """(size of the first group * 5 + size of the fourth card's group) -> class, the groups
    sorted by (size, rank) descending; a missing fourth card has size 0 (four cards or fewer)."""
    table = np.full(25, HIGH_CARD, dtype=np.int16)
    table[4 * 5 + 4] = QUADS  # 4-4-4-4-1
    table[4 * 5 + 0] = QUADS  # four cards of one rank
    table[3 * 5 + 2] = FULL_HOUSE
    table[3 * 5 + 1] = TRIPS  # 3-3-3-1-1, or 3-3-3-1 of four cards
    table[3 * 5 + 0] = TRIPS  # three cards of one rank
    table[2 * 5 + 2] = TWO_PAIR  # 2-2-2-2-1, or 2-2-2-2 of four cards
    table[2 * 5 + 1] = PAIR
    table[2 * 5 + 0] = PAIR  # two cards, or a pair and a kicker
    return table


CLASS_BY_COUNTS = _class_by_counts()


def rank_columns(cards: np.ndarray, *, ace_low: bool) -> list[np.ndarray]:
    """Five Int16 rank columns of an (M, 5) card-id array: 2..14 (the ace 1 when `ace_low`),
    0 where the card is missing."""
    by_position = np.ascontiguousarray(cards.T).astype(np.int16)
    ranks = []
    for column in by_position:
        rank = np.where(column >= 0, (column >> 2) + 2, 0).astype(np.int16)
        ranks.append(np.where(rank == ACE, ACE_LOW, rank) if ace_low else rank)
    return ranks


def _group_sizes(ranks: list[np.ndarray]) -> list[np.ndarray]:
    """How many of the five cards share each card's rank (0 for a missing card)."""
    counts = [(rank > 0).astype(np.int16) for rank in ranks]
    for first, second in combinations(range(CARDS), 2):
        same = (ranks[first] == ranks[second]) & (ranks[first] > 0)
        counts[first] += same
        counts[second] += same
    return counts


def _unsorted_keys(ranks: list[np.ndarray]) -> list[np.ndarray]:
    return [size * 16 + rank for size, rank in zip(_group_sizes(ranks), ranks, strict=True)]


def group_keys(ranks: list[np.ndarray]) -> list[np.ndarray]:
    """Per card `group size * 16 + rank` (0 for a missing card), sorted descending."""
    return sort_descending(_unsorted_keys(ranks))


def pack(ranks: list[np.ndarray]) -> np.ndarray:
    """Rank columns -> one Int64, four bits each, the first most significant."""
    packed = ranks[0].astype(np.int64)
    for rank in ranks[1:]:
        packed = (packed << 4) | rank
    return packed


def _class_of_groups(keys: list[np.ndarray]) -> np.ndarray:
    return CLASS_BY_COUNTS[(keys[0] >> 4) * 5 + (keys[3] >> 4)]


def _is_flush(cards: np.ndarray) -> np.ndarray:
    suits = np.ascontiguousarray(cards.T) & 3
    return (suits[1:] == suits[0]).all(axis=0) & (cards >= 0).all(axis=1)


def _is_wheel(keys: list[np.ndarray]) -> np.ndarray:
    """Five distinct ranks A, 5, .., 2 (ace high in the keys): A-5-4-3-2."""
    ordered = [key & 15 for key in keys]
    return (keys[0] >> 4 == 1) & (ordered[0] == ACE) & (ordered[1] == 5) & (ordered[4] == 2)


def high_values(cards: np.ndarray, *, wheel: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """(value, class) of each row of an (M, 5) array of card ids (MISSING allowed)."""
    keys = group_keys(rank_columns(cards, ace_low=False))
    ordered = [key & 15 for key in keys]
    complete_and_distinct = (keys[0] >> 4 == 1) & (ordered[4] > 0)
    is_wheel = _is_wheel(keys) if wheel else np.zeros(len(cards), dtype=bool)
    straight = is_wheel | (complete_and_distinct & (ordered[0] - ordered[4] == 4))
    made = straight.astype(np.int16) + 2 * _is_flush(cards)
    distinct = keys[0] >> 4 == 1
    hand_class = np.where(distinct, CLASS_OF_DISTINCT[made], _class_of_groups(keys))
    straight_top = np.where(is_wheel, ordered[1], ordered[0]).astype(np.int64) << 16
    tiebreak = np.where(straight, straight_top, pack(ordered))
    return (hand_class.astype(np.int64) << TIEBREAK_BITS) | tiebreak, hand_class.astype(np.int8)


def ace_five_values(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(value, class) of each row for ace-to-five low (MISSING allowed; smaller is better)."""
    keys = group_keys(rank_columns(cards, ace_low=True))
    hand_class = np.where(keys[0] >> 4 == 1, HIGH_CARD, _class_of_groups(keys))
    tiebreak = pack([key & 15 for key in keys])
    return (hand_class.astype(np.int64) << TIEBREAK_BITS) | tiebreak, hand_class.astype(np.int8)


def display_order(cards: np.ndarray, *, ace_low: bool, wheel: bool = False) -> np.ndarray:
    """Row-wise permutation of five cards for showing them: groups first, high to low (KKK22;
    an ace-to-five low from its highest card, 8-6-4-2-A), the wheel from its five (5-4-3-2-A
    when `wheel`), missing cards last; equal keys keep their order."""
    ranks = rank_columns(cards, ace_low=ace_low)
    if wheel:
        is_wheel = _is_wheel(group_keys(ranks))
        ranks = [np.where(is_wheel & (rank == ACE), ACE_LOW, rank) for rank in ranks]
    tagged = sort_descending([key * 8 + (7 - k) for k, key in enumerate(_unsorted_keys(ranks))])
    return np.stack([7 - (key & 7) for key in tagged], axis=1)
