"""Differential test of audit.showdown.values against PokerKit 0.7.7's evaluators (the oracle).

Per kind, PokerKit's hand type: `high` StandardHighHand, `eight_low` EightOrBetterLowHand,
`ace_five_low` RegularLowHand, `deuce_seven_low` StandardLowHand, `badugi` BadugiHand.

* **Every five-card class** (each rank multiset, suited and not) and every badugi rank set:
  our order of all of them must be PokerKit's, ties included (exhaustive; for deuce-to-seven the
  value depends on nothing else, so this is every 2-7 hand).
* **Random deals** (3 players from one deck; stud kinds 5, 6 or 7 cards a player): each row's
  hand is PokerKit's `from_game_or_none`. Over all rows of a run at once, the ranking by our
  `score` must be PokerKit's ranking (its `Entry` index: larger is stronger for a high hand,
  smaller for a low one; checked again with its `<` and `==` on neighbours), ties exactly where
  PokerKit ties; the class must be PokerKit's label (a badugi's size its card count), a null
  exactly where PokerKit has no hand, and our best cards, valued alone by PokerKit, must equal
  its best hand.

`make test` runs 2,000 deals per kind, `make fuzz` (`-m slow`) 100,000 and every four-card
badugi hand.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, islice, pairwise

import numpy as np
import polars as pl
import pytest
from pokerkit import (
    BadugiHand,
    EightOrBetterLowHand,
    Hand,
    RegularLowHand,
    StandardHighHand,
    StandardLowHand,
)

from audit.showdown.cards import card_id, card_text
from audit.showdown.values import hand_values

PLAYERS = 3
ORACLE: dict[str, type[Hand]] = {
    "high": StandardHighHand,
    "eight_low": EightOrBetterLowHand,
    "ace_five_low": RegularLowHand,
    "deuce_seven_low": StandardLowHand,
    "badugi": BadugiHand,
}
#: Cards a player holds in a random deal, and how often each count is drawn.
COUNTS = {
    "high": ((5, 6, 7), (0.15, 0.15, 0.7)),
    "eight_low": ((5, 6, 7), (0.15, 0.15, 0.7)),
    "ace_five_low": ((5, 6, 7), (0.15, 0.15, 0.7)),
    "deuce_seven_low": ((5,), (1.0,)),
    "badugi": ((4,), (1.0,)),
}
LABEL_CLASS = {
    "High card": "high_card",
    "One pair": "pair",
    "Two pair": "two_pair",
    "Three of a kind": "trips",
    "Straight": "straight",
    "Flush": "flush",
    "Full house": "full_house",
    "Four of a kind": "quads",
    "Straight flush": "straight_flush",
}
BADUGI_CLASS = {1: "one_card", 2: "two_card", 3: "three_card", 4: "badugi"}


def _text(cards: list[int]) -> str:
    return "".join(card_text(card) for card in cards)


def _frame(kind: str, hands: list[list[int]]) -> pl.DataFrame:
    return pl.DataFrame(
        {"kind": [kind] * len(hands), "cards": hands},
        schema={"kind": pl.String, "cards": pl.List(pl.UInt8)},
    )


def _deal(kind: str, deals: int, seed: int) -> list[list[int]]:
    """PLAYERS rows per deal, each player's cards from one shuffled deck."""
    rng = np.random.default_rng(seed)
    counts, weights = COUNTS[kind]
    most = max(counts)
    decks = np.argsort(rng.random((deals, 52)), axis=1)[:, : PLAYERS * most]
    held = rng.choice(counts, size=deals * PLAYERS, p=weights)
    rows = decks.reshape(deals * PLAYERS, most).tolist()
    return [row[:count] for row, count in zip(rows, held.tolist(), strict=True)]


def _oracle_class(kind: str, hand: Hand) -> str:
    if kind == "badugi":
        return BADUGI_CLASS[len(hand.cards)]
    if kind == "eight_low":
        return "low"
    return LABEL_CLASS[hand.entry.label.value]


def _strength(hand: Hand | None) -> int | None:
    """PokerKit's order as one integer, larger = stronger (its `Entry` index; negated for a low
    hand, whose smaller index is the better hand: `Hand.__lt__`)."""
    if hand is None:
        return None
    return -hand.entry.index if hand.low else hand.entry.index


def _dense_ranks(values: np.ndarray) -> np.ndarray:
    return np.unique(values, return_inverse=True)[1]


def assert_same_ranking(rows: list[list[int]], ours: list[int | None], hands: list[Hand | None]):
    """Our scores and PokerKit's hands rank the rows alike, ties included; nulls = no hand."""
    assert [score is None for score in ours] == [hand is None for hand in hands]
    judged = [k for k, score in enumerate(ours) if score is not None]
    score = np.array([ours[k] for k in judged], dtype=np.int64)
    theirs = np.array([_strength(hands[k]) for k in judged], dtype=np.int64)
    order = np.argsort(score, kind="stable")
    wrong = np.flatnonzero(_dense_ranks(score)[order] != _dense_ranks(theirs)[order])
    if len(wrong):
        at = order[max(wrong[0] - 1, 0) : wrong[0] + 1]
        shown = [(_text(rows[judged[k]]), int(score[k]), str(hands[judged[k]])) for k in at]
        pytest.fail(f"{len(wrong)} rows ranked differently; first, with its neighbour: {shown}")
    for first, second in islice(pairwise(order), 2000):
        low, high = hands[judged[first]], hands[judged[second]]
        assert (low == high) if score[first] == score[second] else (low < high)


def check_deals(kind: str, deals: int, seed: int) -> None:
    rows = _deal(kind, deals, seed)
    result = hand_values(_frame(kind, rows))
    hands = [ORACLE[kind].from_game_or_none(_text(row)) for row in rows]
    assert_same_ranking(rows, result["score"].to_list(), hands)
    classes = result["value_class"].cast(pl.String).to_list()
    assert classes == [None if h is None else _oracle_class(kind, h) for h in hands]
    for best, hand in zip(result["best_cards"].to_list(), hands, strict=True):
        if hand is not None:  # our best cards make PokerKit's best hand
            assert ORACLE[kind](_text(best)) == hand, (_text(best), hand)


# --- every class ---------------------------------------------------------------------------


def _five_card_classes() -> list[list[int]]:
    """One hand per five-card class: each rank multiset (no rank five times), and the suited
    version of each five distinct ranks."""
    hands = []
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(ranks.count(rank) for rank in ranks) > 4:
            continue
        cards = [card_id(rank, ranks[:at].count(rank)) for at, rank in enumerate(ranks)]
        if len(set(ranks)) == 5:
            hands.append(cards)  # all clubs
            cards = [cards[0] + 1, *cards[1:]]  # one diamond: no flush
        hands.append(cards)
    return hands


def _badugi_rank_sets() -> list[list[int]]:
    """Every set of one to four distinct ranks, as a rainbow (one card of each suit)."""
    return [
        [card_id(rank, suit) for suit, rank in enumerate(ranks)]
        for size in range(1, 5)
        for ranks in combinations(range(2, 15), size)
    ]


@pytest.mark.parametrize("kind", ["high", "eight_low", "ace_five_low", "deuce_seven_low"])
def test_every_five_card_class_in_pokerkit_order(kind: str) -> None:
    rows = _five_card_classes()
    result = hand_values(_frame(kind, rows))
    hands = [ORACLE[kind].from_game_or_none(_text(row)) for row in rows]
    assert_same_ranking(rows, result["score"].to_list(), hands)
    distinct = {score for score in result["score"].to_list() if score is not None}
    assert len(distinct) == {"high": 7462, "eight_low": 56}.get(kind, len(distinct))


def test_every_badugi_rank_set_in_pokerkit_order() -> None:
    rows = _badugi_rank_sets()
    four = [row + _spoilers(row) for row in rows]  # badugi values four cards
    result = hand_values(_frame("badugi", four))
    hands = [BadugiHand(_text(row)) for row in rows]
    assert_same_ranking(four, result["score"].to_list(), hands)
    assert result["best_cards"].list.len().to_list() == [len(row) for row in rows]


def _spoilers(row: list[int]) -> list[int]:
    """Cards that fill a rank set to four without joining its best set: the set's lowest card's
    rank in another suit (a pair) — never better than what the set already has."""
    lowest = min(row, key=lambda card: (card // 4 + 2) % 14)
    used = set(row)
    spare = [card for card in range(52) if card // 4 == lowest // 4 and card not in used]
    return spare[: 4 - len(row)]


# --- random deals ----------------------------------------------------------------------------

SAMPLE_DEALS = 2_000
SLOW_DEALS = 100_000


@pytest.mark.parametrize("kind", sorted(ORACLE))
def test_random_deals_match_pokerkit(kind: str) -> None:
    check_deals(kind, SAMPLE_DEALS, seed=28)


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(ORACLE))
def test_random_deals_match_pokerkit_large(kind: str) -> None:
    check_deals(kind, SLOW_DEALS, seed=2800)


@pytest.mark.slow
def test_every_badugi_hand_matches_pokerkit() -> None:
    rows = [list(cards) for cards in combinations(range(52), 4)]
    result = hand_values(_frame("badugi", rows))
    hands = [BadugiHand.from_game(_text(row)) for row in rows]
    assert_same_ranking(rows, result["score"].to_list(), hands)
