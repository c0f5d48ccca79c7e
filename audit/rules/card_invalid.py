"""CARD-INVALID: a card that is not in the game's deck (RULES.md §11 C-1).

What it checks (hands with cards, audit/showdown/deck.py): every known card is a card of the
game's deck: the short deck (6+) has no deuce to five. A card text no reader knows is not a C-1
flag: the hand is counted as not judged ("unreadable card") and still audited for betting.

Violating:
    NL 50/100; stacks 5000 x2; button P1; game shortdeck
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 As Ks; P2 Qs 5s
    board: 6c 7d 8h 9s Jd
    settle: collect P1 200; pot 200; rake 0

Legal:
    NL 50/100; stacks 5000 x2; button P1; game shortdeck
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 As Ks; P2 Qs Qc
    board: 6c 7d 8h 9s Jd
    settle: collect P1 200; pot 200; rake 0
"""

from __future__ import annotations

from audit.rules._base import Rule, col

RULE = Rule(
    code="CARD-INVALID",
    name="cards.invalid",
    category="cards",
    severity="violation",
    structures=None,
    citation="RULES.md §11 C-1",
    summary="A card that is not in the game's deck",
    options=(),
    reads=("card_invalid",),
    violates=col("card_invalid").is_not_null(),
    message=col("card_invalid"),
    hand_level=True,
)
