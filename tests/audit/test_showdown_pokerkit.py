"""Differential test of audit.showdown against PokerKit's evaluators (the oracle; pinned 0.7.7).

Three oracles, from the most direct to the fastest:
* every five-card hand class (each rank multiset, suited and not) valued by PokerKit's lookup:
  our order of all of them must be PokerKit's, ties included, and the same ones must be no hand
  (exhaustive);
* random deals per game family, each player's hand from PokerKit's `from_game`: the order of every
  pair of hands in a deal (better / tie / worse), the hand class, the null lows must agree;
* many more random deals against a table oracle: PokerKit's value of every five-card class (the
  table above), looked up for every combination the test enumerates itself (itertools: any five,
  or two hole + three board) and maximized with numpy. It costs microseconds a hand where
  `from_game` costs milliseconds, which makes the 100,000-deal `slow` run (make fuzz) practical.

PokerKit ranks a short-deck straight above trips; our default (`short_deck_trips_beat_straight`)
ranks trips higher, so `from_game` checks the option off and the table oracle, re-ranking
PokerKit's classes by our table of strengths, checks both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations, combinations_with_replacement, product

import numpy as np
import polars as pl
import pytest
from pokerkit import (
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    ShortDeckHoldemHand,
    StandardHighHand,
)

from audit.showdown import evaluate_high, evaluate_low
from audit.showdown.cards import SHORT_DECK_LOWEST_ID, card_id, card_text
from audit.showdown.five import HAND_CLASSES, strength_table

PLAYERS = 3
LABEL_CLASS = dict(
    zip(
        [
            "High card",
            "One pair",
            "Two pair",
            "Three of a kind",
            "Straight",
            "Flush",
            "Full house",
            "Four of a kind",
            "Straight flush",
        ],
        HAND_CLASSES,
        strict=True,
    )
)


@dataclass(frozen=True)
class Family:
    game: str
    hole: int
    pokerkit: type[Hand]
    low: bool = False
    short_deck: bool = False
    omaha: bool = False
    trips_beat_straight: bool = False  # PokerKit's own short-deck order

    def evaluate(self, frame: pl.DataFrame) -> pl.DataFrame:
        if self.low:
            return evaluate_low(frame, self.game)
        return evaluate_high(
            frame, self.game, short_deck_trips_beat_straight=self.trips_beat_straight
        )


FAMILIES = {
    "holdem": Family("holdem", 2, StandardHighHand),
    "short_deck": Family("short_deck", 2, ShortDeckHoldemHand, short_deck=True),
    "omaha4": Family("omaha", 4, OmahaHoldemHand, omaha=True),
    "omaha5": Family("omaha", 5, OmahaHoldemHand, omaha=True),
    "courchevel": Family("courchevel", 5, OmahaHoldemHand, omaha=True),
    "omaha6": Family("omaha", 6, OmahaHoldemHand, omaha=True),
    "omaha_low": Family("omaha", 4, OmahaEightOrBetterLowHand, low=True, omaha=True),
    "holdem_low": Family("holdem", 2, EightOrBetterLowHand, low=True),
}
SHORT_DECK_TRIPS = Family(
    "short_deck", 2, ShortDeckHoldemHand, short_deck=True, trips_beat_straight=True
)


# --- deals ------------------------------------------------------------------------------------


def _deals(family: Family, deals: int, seed: int) -> np.ndarray:
    """(deals, 5 + PLAYERS * hole) card ids: the board, then each player's hole cards."""
    rng = np.random.default_rng(seed)
    lowest = SHORT_DECK_LOWEST_ID if family.short_deck else 0
    shuffled = np.argsort(rng.random((deals, 52 - lowest)), axis=1) + lowest
    return shuffled[:, : 5 + PLAYERS * family.hole]


def _frame(family: Family, cards: np.ndarray) -> pl.DataFrame:
    boards = np.repeat(cards[:, :5], PLAYERS, axis=0).astype(np.uint8)
    holes = cards[:, 5:].reshape(-1, family.hole).astype(np.uint8)
    frame = pl.DataFrame({"hole": holes, "board": boards})
    return frame.select(pl.all().cast(pl.List(pl.UInt8)))


def _text(cards: Iterable[int]) -> str:
    return "".join(card_text(int(card)) for card in cards)


# --- oracles: a sortable strength per hand (None: no hand; higher = better) -------------------


def _from_game(family: Family, hole: np.ndarray, board: np.ndarray) -> tuple[Hand | None, str]:
    hand = family.pokerkit.from_game_or_none(_text(hole), _text(board))
    return hand, (LABEL_CLASS[hand.entry.label.value] if hand and not family.low else "")


def _five_card_classes(ranks: range) -> list[tuple[int, ...]]:
    """One hand per five-card class: each rank multiset (no rank five times), plus the
    suited version of each five distinct ranks."""
    hands = []
    for multiset in combinations_with_replacement(ranks, 5):
        if max(multiset.count(rank) for rank in multiset) > 4:
            continue
        seen: dict[int, int] = {}
        cards = []
        for rank in multiset:
            cards.append(card_id(rank, seen.get(rank, 0)))
            seen[rank] = seen.get(rank, 0) + 1
        if len(seen) == 5:
            hands.append(tuple(cards))  # all clubs: the flush
            cards[0] += 1  # one diamond: not a flush
        hands.append(tuple(cards))
    return hands


def _class_key(ranks: np.ndarray, suited: np.ndarray) -> np.ndarray:
    """(M, 5) ranks 2..14 in any order and (M,) suited flags -> one integer per five-card class."""
    ordered = np.sort(ranks, axis=-1)
    key = np.zeros(ordered.shape[:-1], dtype=np.int64)
    for k in range(5):
        key = key * 13 + (ordered[..., k] - 2)
    return key * 2 + suited


NO_HAND = -(1 << 40)  # below every value, and differences of values do not overflow


class TableOracle:
    """PokerKit's value of every five-card class, as a dense table by `_class_key`: higher is
    better (class strength * 10,000 + PokerKit's entry index; a low's index negated), NO_HAND
    where PokerKit says the five cards make no hand."""

    def __init__(self, hand_type: type[Hand], *, low: bool, trips_beat_straight: bool) -> None:
        self.hands = FIVE_CARD_HANDS
        classes, indices = _pokerkit_entries(hand_type)
        if low:
            values = -indices
        elif trips_beat_straight:
            values = strength_table(short_deck=True)[classes] * 10_000 + indices
        else:
            values = indices
        self.table = np.full(13**5 * 2, NO_HAND, dtype=np.int64)
        self.table[self._keys(np.array(self.hands))] = np.where(classes < 0, NO_HAND, values)

    @staticmethod
    def _keys(cards: np.ndarray) -> np.ndarray:
        suits = cards % 4
        return _class_key(cards // 4 + 2, (suits == suits[..., :1]).all(axis=-1))

    def five(self, cards: np.ndarray) -> np.ndarray:
        """(..., 5) card ids -> PokerKit's value of each five."""
        return self.table[self._keys(cards.astype(np.int64))]

    def best(self, hole: np.ndarray, board: np.ndarray, *, omaha: bool) -> np.ndarray:
        """(N, h) and (N, b) card ids -> the best value of each row over the combinations."""
        cards = np.concatenate([hole, board], axis=1)
        chosen = np.array(_choices(omaha, hole.shape[1], board.shape[1]))
        step = 1 + 2_000_000 // len(chosen)
        parts = [self.five(cards[at : at + step, chosen]) for at in range(0, len(cards), step)]
        return np.concatenate(parts).max(axis=1)


FIVE_CARD_HANDS = _five_card_classes(range(2, 15))


@cache
def _pokerkit_entries(hand_type: type[Hand]) -> tuple[np.ndarray, np.ndarray]:
    """PokerKit's (class number, entry index) of each of FIVE_CARD_HANDS; class -1: no hand."""
    classes, indices = [], []
    for cards in FIVE_CARD_HANDS:
        try:
            entry = hand_type(_text(cards)).entry
        except ValueError:
            classes.append(-1)
            indices.append(0)
        else:
            classes.append(HAND_CLASSES.index(LABEL_CLASS[entry.label]))
            indices.append(entry.index)
    return np.array(classes), np.array(indices, dtype=np.int64)


def _table_oracle(family: Family) -> TableOracle:
    """One table per five-card ranking (standard, short deck either way, low), built once."""
    hand_type = family.pokerkit
    if family.low:
        hand_type = EightOrBetterLowHand
    elif hand_type is OmahaHoldemHand:
        hand_type = StandardHighHand
    return _table(hand_type, family.low, family.trips_beat_straight)


@cache
def _table(hand_type: type[Hand], low: bool, trips_beat_straight: bool) -> TableOracle:
    return TableOracle(hand_type, low=low, trips_beat_straight=trips_beat_straight)


def _choices(omaha: bool, hole: int, board: int) -> list[tuple[int, ...]]:
    """Positions in [hole..., board...] of the five cards a hand may use."""
    if omaha:
        pairs = combinations(range(hole), 2)
        return [h + b for h, b in product(pairs, list(combinations(range(hole, hole + board), 3)))]
    return list(combinations(range(hole + board), 5))


# --- comparison ---------------------------------------------------------------------------------


def _signs(strengths: list[list[object]], better: Callable[[object, object], bool]) -> np.ndarray:
    """(deals, players, players) of -1 / 0 / +1: is hand i worse, tied, better than hand j."""
    out = np.zeros((len(strengths), PLAYERS, PLAYERS), dtype=np.int8)
    for d, deal in enumerate(strengths):
        for i, j in product(range(PLAYERS), repeat=2):
            out[d, i, j] = int(better(deal[i], deal[j])) - int(better(deal[j], deal[i]))
    return out


def _oracle_better(a: object, b: object) -> bool:
    return a is not None and (b is None or a > b)


def _our_signs(family: Family, values: list[int | None]) -> np.ndarray:
    """As `_signs`, from our values (null: no hand, the worst; a low's smaller value is better)."""
    if family.low:
        ranked = np.array([-(1 << 41) if v is None else -v for v in values], dtype=np.int64)
    else:
        ranked = np.array([-1 if v is None else v for v in values], dtype=np.int64)
    ranked = ranked.reshape(-1, PLAYERS)
    return np.sign(ranked[:, :, None] - ranked[:, None, :]).astype(np.int8)


def _assert_same_order(family: Family, cards: np.ndarray, ours: np.ndarray, oracle: np.ndarray):
    wrong = np.flatnonzero((ours != oracle).any(axis=(1, 2)))
    if len(wrong):
        deal = cards[wrong[0]]
        holes = [_text(h) for h in deal[5:].reshape(PLAYERS, family.hole)]
        pytest.fail(
            f"{len(wrong)} deals ordered differently; first: board {_text(deal[:5])} holes {holes}"
            f" ours {ours[wrong[0]].tolist()} PokerKit {oracle[wrong[0]].tolist()}"
        )


def _value_column(family: Family) -> str:
    return "low_value" if family.low else "high_value"


def check_from_game(family: Family, deals: int, seed: int) -> None:
    cards = _deals(family, deals, seed)
    result = family.evaluate(_frame(family, cards))
    holes = cards[:, 5:].reshape(-1, family.hole)
    boards = np.repeat(cards[:, :5], PLAYERS, axis=0)
    oracle = [_from_game(family, h, b) for h, b in zip(holes, boards, strict=True)]
    hands = [hand for hand, _ in oracle]
    grouped = [hands[d * PLAYERS : (d + 1) * PLAYERS] for d in range(deals)]
    ours = _our_signs(family, result[_value_column(family)].to_list())
    _assert_same_order(family, cards, ours, _signs(grouped, _oracle_better))
    if not family.low:
        assert result["high_class"].cast(pl.String).to_list() == [label for _, label in oracle]
    else:
        assert result["low_value"].is_null().to_list() == [hand is None for hand in hands]


def check_table(family: Family, deals: int, seed: int) -> None:
    cards = _deals(family, deals, seed)
    result = family.evaluate(_frame(family, cards))
    holes = cards[:, 5:].reshape(-1, family.hole)
    boards = np.repeat(cards[:, :5], PLAYERS, axis=0)
    best = _table_oracle(family).best(holes, boards, omaha=family.omaha).reshape(-1, PLAYERS)
    oracle = np.sign(best[:, :, None] - best[:, None, :]).astype(np.int8)
    _assert_same_order(
        family, cards, _our_signs(family, result[_value_column(family)].to_list()), oracle
    )
    if family.low:
        assert result["low_value"].is_null().to_list() == (best.ravel() == NO_HAND).tolist()
    _check_best_five(family, result)


def _check_best_five(family: Family, result: pl.DataFrame) -> None:
    """The five cards shown are the row's own (Omaha: two of them hole cards) and, valued on
    their own, are worth the row's value."""
    kind = "low" if family.low else "high"
    judged = result.filter(pl.col(f"{kind}_value").is_not_null())
    five = pl.col(f"{kind}_five")
    counts = judged.select(
        from_hole=five.list.set_intersection("hole").list.len(),
        from_board=five.list.set_intersection("board").list.len(),
    )
    assert (counts["from_hole"] + counts["from_board"] == 5).all()
    if family.omaha:
        assert (counts["from_hole"] == 2).all()
    alone = judged.select(hole=five, board=pl.lit([], dtype=pl.List(pl.UInt8)))
    again = replace(family, game="holdem" if family.game != "short_deck" else "short_deck")
    assert again.evaluate(alone)[f"{kind}_value"].equals(judged[f"{kind}_value"])


# --- tests ----------------------------------------------------------------------------------------

#: Deals per family in `make test`: `from_game` costs 0.5 ms (hold'em) to 6 ms (Omaha 6) a hand.
FROM_GAME_DEALS = {"holdem": 100, "short_deck": 100, "holdem_low": 100}
FROM_GAME_OMAHA_DEALS = 25
TABLE_DEALS = 2_000
SLOW_TABLE_DEALS = 100_000
SLOW_FROM_GAME_DEALS = 2_000
FIVE_CARD_CASES = [
    (FAMILIES["holdem"], 7462),  # the number of distinct five-card high hands
    (FAMILIES["short_deck"], None),
    (SHORT_DECK_TRIPS, None),
    (FAMILIES["holdem_low"], 56),  # C(8, 5) eight-or-better lows
]


@pytest.mark.parametrize(
    ("family", "classes"),
    FIVE_CARD_CASES,
    ids=["standard", "short_deck", "short_deck_trips", "eight_or_better"],
)
def test_every_five_card_class_in_pokerkit_order(family: Family, classes: int | None) -> None:
    oracle = _table_oracle(family)
    lowest = 6 if family.short_deck else 2
    hands = [h for h in oracle.hands if min(h) >= card_id(lowest, 0)]
    frame = pl.DataFrame(
        {"hole": [list(h) for h in hands], "board": [[] for _ in hands]},
        schema={"hole": pl.List(pl.UInt8), "board": pl.List(pl.UInt8)},
    )
    ours = family.evaluate(frame)[_value_column(family)].to_list()
    theirs = oracle.five(np.array(hands)).tolist()
    assert [v is None for v in ours] == [v == NO_HAND for v in theirs]
    judged = [(o, t) for o, t in zip(ours, theirs, strict=True) if o is not None]
    our_rank = {v: k for k, v in enumerate(sorted({o for o, _ in judged}, reverse=family.low))}
    their_rank = {v: k for k, v in enumerate(sorted({t for _, t in judged}))}
    assert [our_rank[o] for o, _ in judged] == [their_rank[t] for _, t in judged]
    assert len(our_rank) == len(their_rank) == (classes or len(their_rank))


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_pair_order_matches_pokerkit_from_game(name: str) -> None:
    check_from_game(FAMILIES[name], FROM_GAME_DEALS.get(name, FROM_GAME_OMAHA_DEALS), seed=15)


#: Courchevel is Omaha with five hole cards to the evaluator: `from_game` checks it, not the table.
@pytest.mark.parametrize("name", [*sorted(set(FAMILIES) - {"courchevel"}), "short_deck_trips"])
def test_pair_order_matches_pokerkit_table(name: str) -> None:
    check_table(FAMILIES.get(name, SHORT_DECK_TRIPS), TABLE_DEALS, seed=1500)


@pytest.mark.slow
@pytest.mark.parametrize("name", [*sorted(FAMILIES), "short_deck_trips"])
def test_pair_order_matches_pokerkit_large(name: str) -> None:
    family = FAMILIES.get(name, SHORT_DECK_TRIPS)
    check_table(family, SLOW_TABLE_DEALS, seed=150_000)
    if name in FAMILIES:
        check_from_game(family, SLOW_FROM_GAME_DEALS, seed=15_000)
