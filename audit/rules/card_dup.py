"""CARD-DUP: the same card twice among the known cards of a hand (RULES.md §11 C-2).

What it checks (hands with cards): no card is held twice: by two players, by a player and a
board, by two boards of one run (a further board replaces only the cards dealt after the
all-in: the cards it repeats from the first board are the same cards, not a second deal), or
twice in one line. A hero's dealt cards shown again at showdown are one card each.

Violating:
    NL 50/100; stacks 5000 x2; button P1
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 As Ks; P2 Qs Jd
    board: 2c 7d 8h 9s Jd
    settle: collect P2 200; pot 200; rake 0

Legal:
    NL 50/100; stacks 5000 x2; button P1
    preflop: P1 call, P2 check
    flop: P2 check, P1 check
    turn: P2 check, P1 check
    river: P2 check, P1 check
    cards: P1 As Ks; P2 Qs Jh
    board: 2c 7d 8h 9s Jd
    settle: collect P2 200; pot 200; rake 0
"""

from __future__ import annotations

from audit.rules._base import Rule, col

RULE = Rule(
    code="CARD-DUP",
    name="cards.duplicate",
    category="cards",
    severity="violation",
    structures=None,
    citation="RULES.md §11 C-2; RRoP §1 (one deck)",
    summary="The same card twice among a hand's known cards",
    options=(),
    reads=("card_dup",),
    violates=col("card_dup").is_not_null(),
    message=col("card_dup"),
    hand_level=True,
)
