"""SHOWDOWN-WINNER: a judged pot paid to a hand that is not among its best (RULES.md §11 C-4).

What it checks (hands whose pots are judged: every eligible player's cards and every board
shown, audit/showdown/award.py): nobody collects without a best eligible hand of some pot he
was in, and no best hand goes without anything (where its share is more than the rake could
take). Omaha plays exactly two hole and three board cards: four hearts in hand and two on the
board is no flush.

Violating:
    NL 50/100; stacks 5000 x2; button P1; game omaha4
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 Ah Kh Qh Jh; P2 Ac Ad 7s 8c
    board: 2h 3h 9d Ts As
    settle: collect P1 200; pot 200; rake 0

Legal:
    NL 50/100; stacks 5000 x2; button P1; game omaha4
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 Ah Kh Qh Jh; P2 Ac Ad 7s 8c
    board: 2h 3h 9d Ts As
    settle: collect P2 200; pot 200; rake 0
"""

from __future__ import annotations

from audit.rules._base import Rule, col

RULE = Rule(
    code="SHOWDOWN-WINNER",
    name="showdown.winner",
    category="showdown",
    severity="violation",
    structures=None,
    citation="RULES.md §11 C-4; TDA 13, RRoP §1",
    summary="A judged pot collected by a hand that does not win it",
    options=("short_deck_trips_beat_straight", "pots_reported"),
    reads=("showdown_winner",),
    violates=col("showdown_winner").is_not_null(),
    message=col("showdown_winner"),
    hand_level=True,
)
