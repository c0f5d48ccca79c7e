"""Badugi values, vectorized with numpy over an (M, 4) card-id array (RULES.md §13.4).

A badugi hand is the largest set of the four cards with no two of one rank and no two of one
suit: four such cards (a badugi) beat any three, three beat any two, two beat one. Among sets of
one size the lowest highest card wins, then the next (aces low): 8-4-3-A beats 8-5-2-A.

Value (SMALLER is better): `(4 - size) << 16 | ranks`, the ranks of the set in four 4-bit fields,
highest first, ace = 1, 0 past the set's size. In hex it reads as the hand, the first digit the
cards short of a badugi: `0x04321` (4-3-2-A) is the best badugi, `0x08431` the badugi 8-4-3-A,
`0x19510` the three-card 9-5-A, `0x2D100` the two-card K-A.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from audit.showdown.values.ranked import ACE, ACE_LOW

CARDS = 4
SIZE_SHIFT = 16
#: Every non-empty subset of the four positions, largest first.
SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    subset for size in range(CARDS, 0, -1) for subset in combinations(range(CARDS), size)
)


def _ranks_and_suits(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(4, M) ranks (ace 1) and suits of an (M, 4) card-id array."""
    by_position = np.ascontiguousarray(cards.T).astype(np.int16)
    ranks = (by_position >> 2) + 2
    return np.where(ranks == ACE, ACE_LOW, ranks), by_position & 3


def _subset_values(ranks: np.ndarray, suits: np.ndarray, subset: tuple[int, ...]) -> np.ndarray:
    """Value of one subset of every row; a large sentinel where two of its cards share a rank
    or a suit."""
    rows = ranks.shape[1]
    rainbow = np.ones(rows, dtype=bool)
    for first, second in combinations(subset, 2):
        rainbow &= (ranks[first] != ranks[second]) & (suits[first] != suits[second])
    chosen = np.zeros((rows, CARDS), dtype=np.int64)
    chosen[:, : len(subset)] = ranks[list(subset)].T
    chosen = -np.sort(-chosen, axis=1)  # highest first, the zeros of absent cards last
    packed = (chosen[:, 0] << 12) | (chosen[:, 1] << 8) | (chosen[:, 2] << 4) | chosen[:, 3]
    value = ((CARDS - len(subset)) << SIZE_SHIFT) | packed
    return np.where(rainbow, value, np.iinfo(np.int64).max)


def badugi_values(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(value, size, best set's cards in showing order) of each row of an (M, 4) array of valid,
    distinct card ids; the best-set array is (M, 4), its first `size` entries used."""
    ranks, suits = _ranks_and_suits(cards)
    values = np.stack([_subset_values(ranks, suits, subset) for subset in SUBSETS], axis=1)
    pick = values.argmin(axis=1)  # one card is always a hand: every row has a value
    at = np.arange(len(cards))
    members = np.zeros((len(SUBSETS), CARDS), dtype=bool)
    for index, subset in enumerate(SUBSETS):
        members[index, list(subset)] = True
    chosen = members[pick]  # (M, 4) which positions the best set uses
    # showing order: chosen cards by rank (ace low) descending, then position; absent last
    keys = np.where(chosen, ranks.T.astype(np.int64) * 8 + (7 - np.arange(CARDS)), -1)
    order = np.argsort(-keys, axis=1, kind="stable")
    size = chosen.sum(axis=1).astype(np.int8)
    return values[at, pick], size, np.take_along_axis(cards, order, axis=1)
