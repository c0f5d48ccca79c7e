"""CARD-COUNT: a number of hole cards or board cards the game does not deal (RULES.md §11 C-3).

What it checks (hands with cards): no player shows more hole cards than the game deals (2
hold'em and short deck, 4/5/6 Omaha, 5 Courchevel; showing fewer is a player's choice), and each
street of each board has its count (flop 3, turn 1, river 1; Courchevel's preflop card is the
flop's first).

Violating:
    NL 50/100; stacks 5000 x2; button P1
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 As Ks Kd; P2 Qs Qc
    board: 2c 7d 8h 9s Jd
    settle: collect P2 200; pot 200; rake 0

Legal:
    NL 50/100; stacks 5000 x2; button P1
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 As Ks; P2 Qs Qc
    board: 2c 7d 8h 9s Jd
    settle: collect P2 200; pot 200; rake 0
"""

from __future__ import annotations

from audit.rules._base import Rule, col

RULE = Rule(
    code="CARD-COUNT",
    name="cards.count",
    category="cards",
    severity="violation",
    structures=None,
    citation="RULES.md §11 C-3",
    summary="A hole-card or board-street count the game does not deal",
    options=(),
    reads=("card_count",),
    violates=col("card_count").is_not_null(),
    message=col("card_count"),
    hand_level=True,
)
