"""RULES.md §13 S-3, S-5 and S-6 from the up cards, written here on their own (not PokerKit's).

The generator plays the stud games through PokerKit and checks PokerKit's bring-in and first
actor against these at every round: where the two could differ (equal showing hands: PokerKit
by position, RULES `stud_tie_break` by suit) the generator deals the round's up cards again,
so every hand it writes has one best showing hand and PokerKit and RULES.md agree on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

HIGH_RANKS = "23456789TJQKA"  # stud hi: aces high
LOW_RANKS = "A23456789TJQK"  # razz: aces low, the king highest
SUITS = "cdhs"  # RULES.md S-3: clubs lowest, then diamonds, hearts, spades


def card_key(card: str, ranks: str) -> tuple[int, int]:
    """(rank, suit) of one card, the rank in the order `ranks` gives."""
    return ranks.index(card[0]), SUITS.index(card[1])


def bring_in_index(up_cards: Sequence[str | None], razz: bool) -> int:
    """S-3: the player who brings in, from each player's 3rd-street up card (None: not dealt
    in). Stud: the lowest card, aces high, clubs lowest; razz: the highest, aces low, spades
    highest. Cards are distinct, so there is never a tie."""
    dealt = [(i, card) for i, card in enumerate(up_cards) if card is not None]
    if razz:
        return max(dealt, key=lambda pair: card_key(pair[1], LOW_RANKS))[0]
    return min(dealt, key=lambda pair: card_key(pair[1], HIGH_RANKS))[0]


def showing_key(up_cards: Sequence[str], razz: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """S-5: the value of up cards alone, greater is better for stud hi, smaller for razz.

    (counts, ranks): the multiplicities in decreasing order (four of a kind > trips > two
    pair > one pair > no pair for the same number of cards), then the ranks ordered by
    (multiplicity, rank) decreasing. Straights and flushes do not count. In razz aces are low
    and the same key read as "smaller is better" ranks pairs against and then the highest card
    first (7-4-3 beats 7-5-2)."""
    ranks = LOW_RANKS if razz else HIGH_RANKS
    counts = Counter(ranks.index(card[0]) for card in up_cards)
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    return tuple(sorted(counts.values(), reverse=True)), tuple(ordered)


def best_showing(up_cards: dict[int, Sequence[str]], razz: bool) -> tuple[int, bool]:
    """(the player whose up cards are best, whether another player's are equal to his)."""
    keys = {index: showing_key(cards, razz) for index, cards in up_cards.items()}
    best = min(keys.values()) if razz else max(keys.values())
    holders = [index for index, key in keys.items() if key == best]
    return holders[0], len(holders) > 1


def pair_showing(up_cards: dict[int, Sequence[str]]) -> bool:
    """S-6: some player's up cards show a pair (PokerStars: "Pair on board")."""
    return any(len({card[0] for card in cards}) < len(cards) for cards in up_cards.values())
