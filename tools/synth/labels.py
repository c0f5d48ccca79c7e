"""Hand values (PokerKit's evaluators) and the names PokerStars gives shown hands.

Names as the fpdb-3 regression files print them: `a pair of Tens`, `two pair, Aces and
Eights`, `a straight, Three to Seven`, `a flush, Queen high`, `a full house, Sevens full of
Jacks`, `(HI: a pair of Sevens; LO: 8,7,5,4,2)`, `(Lo: 7,5,3,2,A)`, `(Lo: a pair of Fives)`,
`(Badugi: 8,4,3,A)`, `(3-card: T,7,2)`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

SINGULAR = {
    "2": "Deuce", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
    "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
}  # fmt: skip
PLURAL = {rank: ("Sixes" if rank == "6" else word + "s") for rank, word in SINGULAR.items()}
HIGH_ORDER = "23456789TJQKA"
LOW_ORDER = "A23456789TJQK"


def _ranks_desc(cards: list[str], order: str) -> list[str]:
    return sorted((card[0] for card in cards), key=order.index, reverse=True)


def _straight_ends(ranks: list[str]) -> tuple[str, str] | None:
    """(lowest, highest) rank of five distinct ranks in a row (the wheel A-5 counts as 5 high)."""
    indexes = sorted(HIGH_ORDER.index(rank) for rank in ranks)
    if len(set(indexes)) != 5:
        return None
    if indexes == [0, 1, 2, 3, 12]:
        return "A", "5"
    if indexes[4] - indexes[0] == 4:
        return HIGH_ORDER[indexes[0]], HIGH_ORDER[indexes[4]]
    return None


def high_name(cards: list[str], *, aces_make_wheel: bool = True) -> str:
    """The PokerStars name of five cards as a high hand."""
    counts = Counter(card[0] for card in cards)
    by_count = sorted(counts, key=lambda rank: (counts[rank], HIGH_ORDER.index(rank)), reverse=True)
    flush = len({card[1] for card in cards}) == 1
    ends = _straight_ends(list(counts)) if len(counts) == 5 else None
    if ends == ("A", "5") and not aces_make_wheel:
        ends = None
    if ends and flush:
        if ends[1] == "A":
            return "a Royal Flush"
        return f"a straight flush, {SINGULAR[ends[0]]} to {SINGULAR[ends[1]]}"
    shape = sorted(counts.values(), reverse=True)
    top, second = by_count[0], by_count[1] if len(by_count) > 1 else by_count[0]
    if shape[0] == 4:
        return f"four of a kind, {PLURAL[top]}"
    if shape[:2] == [3, 2]:
        return f"a full house, {PLURAL[top]} full of {PLURAL[second]}"
    if flush:
        return f"a flush, {SINGULAR[_ranks_desc(cards, HIGH_ORDER)[0]]} high"
    if ends:
        return f"a straight, {SINGULAR[ends[0]]} to {SINGULAR[ends[1]]}"
    if shape[0] == 3:
        return f"three of a kind, {PLURAL[top]}"
    if shape[:2] == [2, 2]:
        return f"two pair, {PLURAL[top]} and {PLURAL[second]}"
    if shape[0] == 2:
        return f"a pair of {PLURAL[top]}"
    return f"high card {SINGULAR[top]}"


def low_list(cards: list[str], order: str) -> str:
    """`9,8,7,6,3`: the ranks from the highest down, in `order` (A low in A-5, high in 2-7)."""
    return ",".join(_ranks_desc(cards, order))


def _lookup(name: str) -> Any:
    import pokerkit

    return getattr(pokerkit, name)


def evaluate(kind: str, cards: list[str]) -> Any:
    """PokerKit's value of a player's cards (greater is better), None when `kind` is a low that
    the cards cannot make (eight or better)."""
    hand_type = _lookup(kind)
    try:
        return hand_type.from_game("".join(cards))
    except ValueError:
        return None


def chosen_cards(value: Any) -> list[str]:
    return [repr(card) for card in value.cards]


def stud_high_label(cards: list[str]) -> str:
    return high_name(chosen_cards(evaluate("StandardHighHand", cards)))


def stud8_label(cards: list[str]) -> str:
    high = stud_high_label(cards)
    low = evaluate("EightOrBetterLowHand", cards)
    if low is None:
        return f"HI: {high}"
    return f"HI: {high}; LO: {low_list(chosen_cards(low), LOW_ORDER)}"


def razz_label(cards: list[str]) -> str:
    best = chosen_cards(evaluate("RegularLowHand", cards))
    if len({card[0] for card in best}) == 5:
        return f"Lo: {low_list(best, LOW_ORDER)}"
    return f"Lo: {high_name(best)}"


def deuce_seven_label(cards: list[str]) -> str:
    """2-7: the plain ranks of a hand without pair, straight or flush, else its high name (A-2-3-
    4-5 is no straight: aces are high only)."""
    name = high_name(cards, aces_make_wheel=False)
    if name.startswith("high card"):
        return f"Lo: {low_list(cards, HIGH_ORDER)}"
    return f"Lo: {name}"


def badugi_label(cards: list[str]) -> str:
    best = chosen_cards(evaluate("BadugiHand", cards))
    ranks = low_list(best, LOW_ORDER)
    return f"Badugi: {ranks}" if len(best) == 4 else f"{len(best)}-card: {ranks}"


#: game (hands.game, with "stud8" for stud hi/lo) -> (hand types of the pot's halves, label).
HAND_VALUES: dict[str, tuple[tuple[str, ...], Any]] = {
    "stud": (("StandardHighHand",), stud_high_label),
    "stud8": (("StandardHighHand", "EightOrBetterLowHand"), stud8_label),
    "razz": (("RegularLowHand",), razz_label),
    "triple_draw_27": (("StandardLowHand",), deuce_seven_label),
    "single_draw_27": (("StandardLowHand",), deuce_seven_label),
    "badugi": (("BadugiHand",), badugi_label),
}
