"""Values of five-card hands, vectorized with numpy over an (M, 5) array of card ids.

High value (larger = better): `strength << 20 | tiebreak`. `strength` is the class's place in the
game's order (0..8; standard: the class itself; short deck puts the flush above the full house and,
with `trips_beat_straight`, trips above the straight). `tiebreak` is five 4-bit ranks, most
significant first, in the order the hand is compared: the ranks sorted by (count, rank), both
descending (KKK22 -> K K K 2 2, KK447 -> K K 4 4 7); a straight keeps only its top card (the
wheel's top is the five, short deck's A-6-7-8-9 tops at the nine). In hex the value reads as the
hand, strength first: 0x1DD932 is K-K-9-3-2, 0x6DDD22 kings full of deuces, 0x8E0000 the royal
flush (standard order).

Low value (eight or better; smaller = better): five 4-bit ranks, ace = 1, highest first, so
0x54321 (A-2-3-4-5) is the best and 0x87654 the worst qualifying low; `NO_LOW` marks five cards that
do not qualify (a pair, or a card above the eight). Suits never matter to the low.
"""

from __future__ import annotations

from itertools import combinations, pairwise

import numpy as np

HAND_CLASSES = (
    "high_card",
    "pair",
    "two_pair",
    "trips",
    "straight",
    "flush",
    "full_house",
    "quads",
    "straight_flush",
)
(
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    TRIPS,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    QUADS,
    STRAIGHT_FLUSH,
) = range(len(HAND_CLASSES))
TIEBREAK_BITS = 20
NO_LOW = 1 << 40
ACE = 14

#: Compare-exchanges of an optimal five-element sorting network (0-1 principle checked in tests).
SORT_NETWORK = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))

_STANDARD_ORDER = tuple(range(len(HAND_CLASSES)))


def strength_table(*, short_deck: bool, trips_beat_straight: bool = True) -> np.ndarray:
    """Class -> strength (its place in the game's ranking), as an Int64 lookup array."""
    order = list(_STANDARD_ORDER)
    if short_deck:
        order.remove(FLUSH)
        order.insert(order.index(FULL_HOUSE) + 1, FLUSH)
        if trips_beat_straight:
            order.remove(TRIPS)
            order.insert(order.index(STRAIGHT) + 1, TRIPS)
    strength = np.empty(len(order), dtype=np.int64)
    strength[order] = np.arange(len(order))
    return strength


def sort_descending(columns: list[np.ndarray]) -> list[np.ndarray]:
    """Five equal-length arrays sorted element-wise so that columns[0] >= ... >= columns[4]."""
    out = list(columns)
    for first, second in SORT_NETWORK:
        high = np.maximum(out[first], out[second])
        out[second] = np.minimum(out[first], out[second])
        out[first] = high
    return out


def _pack(ranks: list[np.ndarray]) -> np.ndarray:
    """Five rank columns -> one Int64, four bits each, the first most significant."""
    packed = ranks[0].astype(np.int64)
    for rank in ranks[1:]:
        packed = (packed << 4) | rank
    return packed


def _rank_columns(cards: np.ndarray) -> list[np.ndarray]:
    """The five ranks (2..14) as Int16 columns (contiguous: faster than strided (M, 5) slices)."""
    by_position = np.ascontiguousarray(cards.T)
    return [(by_position[k] >> 2).astype(np.int16) + 2 for k in range(5)]


def _count_columns(ranks: list[np.ndarray]) -> list[np.ndarray]:
    """How many of the five cards share each card's rank (each pair compared once)."""
    counts = [np.ones_like(rank) for rank in ranks]
    for first, second in combinations(range(5), 2):
        same = ranks[first] == ranks[second]
        counts[first] += same
        counts[second] += same
    return counts


def _is_flush(cards: np.ndarray) -> np.ndarray:
    suits = np.ascontiguousarray(cards.T) & 3
    return (
        (suits[0] == suits[1])
        & (suits[0] == suits[2])
        & (suits[0] == suits[3])
        & (suits[0] == suits[4])
    )


def _class_by_counts() -> np.ndarray:
    """(count of the first group * 5 + count of the fourth card's group) -> class, for hands
    with a pair or more (the counts sorted by (count, rank) descending)."""
    table = np.full(25, HIGH_CARD, dtype=np.int16)
    table[4 * 5 + 4] = QUADS
    table[3 * 5 + 2] = FULL_HOUSE
    table[3 * 5 + 1] = TRIPS
    table[2 * 5 + 2] = TWO_PAIR
    table[2 * 5 + 1] = PAIR
    return table


CLASS_BY_COUNTS = _class_by_counts()


def _is_wheel(ordered: list[np.ndarray], distinct: np.ndarray, short_deck: bool) -> np.ndarray:
    """The straight the ace ends low: A-5-4-3-2, or A-9-8-7-6 in short deck (ranks descending)."""
    low_top = 9 if short_deck else 5
    return distinct & (ordered[0] == ACE) & (ordered[1] == low_top) & (ordered[4] == low_top - 3)


#: (straight + 2 * flush) -> class, for five distinct ranks.
CLASS_OF_DISTINCT = np.array([HIGH_CARD, STRAIGHT, FLUSH, STRAIGHT_FLUSH], dtype=np.int16)


def high_values(
    cards: np.ndarray, strength: np.ndarray, *, short_deck: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """(value, class) of each row of an (M, 5) array of valid card ids (see the module doc)."""
    ranks = _rank_columns(cards)
    keys = sort_descending(
        [count * 16 + rank for count, rank in zip(_count_columns(ranks), ranks, strict=True)]
    )
    ordered = [key & 15 for key in keys]
    first_count, fourth_count = keys[0] >> 4, keys[3] >> 4
    distinct = first_count == 1
    wheel = _is_wheel(ordered, distinct, short_deck)
    straight = wheel | (distinct & (ordered[0] - ordered[4] == 4))
    made = straight.astype(np.int16) + 2 * _is_flush(cards)
    hand_class = np.where(
        distinct, CLASS_OF_DISTINCT[made], CLASS_BY_COUNTS[first_count * 5 + fourth_count]
    )
    straight_top = np.where(wheel, ordered[1], ordered[0]).astype(np.int64) << 16
    tiebreak = np.where(straight, straight_top, _pack(ordered))
    return (strength[hand_class] << TIEBREAK_BITS) | tiebreak, hand_class.astype(np.int8)


def low_values(cards: np.ndarray) -> np.ndarray:
    """Eight-or-better low value of each row of an (M, 5) array of card ids; NO_LOW if none."""
    ranks = [np.where(rank == ACE, 1, rank) for rank in _rank_columns(cards)]
    ordered = sort_descending(ranks)
    qualifies = ordered[0] <= 8
    for higher, lower in pairwise(ordered):
        qualifies &= higher > lower
    return np.where(qualifies, _pack(ordered), NO_LOW)


def display_order(cards: np.ndarray, *, low: bool, short_deck: bool = False) -> np.ndarray:
    """Row-wise permutation of five cards for showing them: groups first, high to low (KKK22),
    a straight from its top (5-4-3-2-A), a low from its highest card (8-6-4-2-A); equal keys
    keep their order."""
    ranks = _rank_columns(cards)
    if low:
        keys = [np.where(rank == ACE, 1, rank) for rank in ranks]
    else:
        counts = _count_columns(ranks)
        ordered = sort_descending(ranks)
        wheel = _is_wheel(ordered, np.asarray(sum(counts) == 5), short_deck)
        keys = [
            count * 16 + np.where(wheel & (rank == ACE), 1, rank)
            for count, rank in zip(counts, ranks, strict=True)
        ]
    tagged = sort_descending([key * 8 + (7 - k) for k, key in enumerate(keys)])
    return np.stack([7 - (key & 7) for key in tagged], axis=1)
