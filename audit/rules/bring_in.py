"""BRING-IN: stud's bring-in posted by another player than the up cards name, or for another
amount than the stakes' bring-in (not all-in).

What it checks (RULES.md §13 S-3): on 3rd street the player with the lowest up card brings in
(7 Card Stud and stud/8: aces high, equal ranks by suit, clubs lowest, then diamonds, hearts,
spades), in razz the highest (aces low, the king highest; by suit, spades highest). When that
player is all-in for the ante the first player at his left with chips brings in (TDA RP-10-E).
The player is judged only when the log shows the 3rd-street up card of every player dealt in
(`bring_in_due_seat`, audit/state/showing.py). The amount is the stakes' bring-in
(`hands.bring_in`, where the header says it; a log that does not say it defines the bring-in by
what it posts, PokerStars and Winamax, so the amount is not judged there), or all the player
has left after the ante. A bring-in player who completes instead posts no bring-in: nothing to
judge (ORDER holds him to act first).

Violating:
    FL bets 20/40; game stud; bring-in 10; ante 5; stacks 1000 x3
    up: P1 Kd; P2 2c; P3 2d
    third: P3 bring_in 10 !, P1 call, P2 call

Legal:
    FL bets 20/40; game razz; bring-in 10; ante 5; stacks P1=1000 P2=12 P3=1000
    up: P1 Kd; P2 Ks; P3 2d
    third: P2 bring_in 7 allin, P3 call, P1 call
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import KNOWN_STACK, MONEY_READS, Rule, col, money, sentence

_BRING_IN = col("is_bring_in") & ~col("is_sentinel")
#: The bring-in the stakes ask of this player: the header's, or what he has left after the ante.
_EXPECTED = pl.min_horizontal(col("bring_in"), col("remaining_before").clip(lower_bound=0))
_WRONG_SEAT = (col("seat") != col("bring_in_due_seat")).fill_null(False)
#: judged only where the header gives the bring-in (min_horizontal would skip a null one)
_WRONG_AMOUNT = KNOWN_STACK & col("bring_in").is_not_null() & (col("chips") != _EXPECTED)
#: Why that seat: its card, or the card's player all-in for the ante.
_WHY = (
    pl.when(col("bring_in_card_seat") == col("bring_in_due_seat"))
    .then(sentence("{} is the bring-in card", col("bring_in_card")))
    .otherwise(
        sentence(
            "seat {} ({}) is all-in for the ante, so the next seat with chips brings in",
            col("bring_in_card_seat"),
            col("bring_in_card"),
        )
    )
)

RULE = Rule(
    code="BRING-IN",
    name="post.bring-in",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md §13 S-3; TDA RP-10-E",
    summary="Stud bring-in posted by the wrong player (by the up cards) or for the wrong amount",
    reads=(
        *MONEY_READS,
        "bring_in",
        "bring_in_card",
        "bring_in_card_seat",
        "bring_in_due_seat",
        "chips",
        "is_bring_in",
        "is_sentinel",
        "remaining_before",
        "seat",
        "stack_unknown",
    ),
    violates=_BRING_IN & (_WRONG_SEAT | _WRONG_AMOUNT.fill_null(False)),
    message=pl.when(_WRONG_SEAT)
    .then(
        sentence(
            "seat {} brought in, but seat {} had to: {}",
            col("seat"),
            col("bring_in_due_seat"),
            _WHY,
        )
    )
    .otherwise(
        sentence("brought in for {}; the bring-in was {}", money(col("chips")), money(_EXPECTED))
    ),
)
