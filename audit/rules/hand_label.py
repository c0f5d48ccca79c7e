"""HAND-LABEL: the log names a shown hand as something its cards do not make (RULES.md §11 C-7).

What it checks (single-board hands with the player's cards complete, audit/showdown/labels.py):
the PokerStars-style English name printed with the shown cards ("a pair of Kings", "two pair,
Kings and Fours", "a straight, Nine to King") is the class of the best five cards and names
their ranks. A name in another wording is not judged.

Violating:
    NL 50/100; stacks 5000 x2; button P1
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 As Ks "a pair of Aces"; P2 Qs Qc "two pair, Queens and Nines"
    board: 2c 7d 8h 9s Ad
    settle: collect P1 200; pot 200; rake 0

Legal:
    NL 50/100; stacks 5000 x2; button P1
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 As Ks "a pair of Aces"; P2 Qs Qc "a pair of Queens"
    board: 2c 7d 8h 9s Ad
    settle: collect P1 200; pot 200; rake 0
"""

from __future__ import annotations

from audit.rules._base import Rule, col

RULE = Rule(
    code="HAND-LABEL",
    name="log.hand-label",
    category="log",
    severity="warning",
    structures=None,
    citation="RULES.md §11 C-7",
    summary="The log's name of a shown hand is not its evaluated class",
    options=("short_deck_trips_beat_straight",),
    reads=("hand_label",),
    violates=col("hand_label").is_not_null(),
    message=col("hand_label"),
    hand_level=True,
)
