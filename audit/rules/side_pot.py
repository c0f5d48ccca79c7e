"""SIDE-POT: a main or side pot not paid as the pots built from the commitments (RULES.md §11 C-6).

What it checks (judged hands): the pots are built level by level from the commitments (each
all-in closes a level, dead money to the main pot, audit/showdown/pots.py); nobody collects more
than the pots he was eligible for, and where the amounts are exact (no rake, or one pot with
its rake) the winners of different levels collect their levels' pots. The parsers keep no
per-pot amounts yet ("Side pot-1 $2"): the collects are what is compared.

Violating:
    NL 50/100; stacks P1=1000 P2=5000 P3=5000; button P3
    preflop: P3 raise 1000, P1 call 1000 allin, P2 raise 3000, P3 call
    flop: P2 check, P3 check
    turn: P2 check, P3 check
    river: P2 check, P3 check
    cards: P1 As Ad; P2 Ks Kd; P3 Qs Qd
    board: 2c 7d 8h 9s 3h
    settle: collect P1 7000; pot 7000; rake 0

Legal:
    NL 50/100; stacks P1=1000 P2=5000 P3=5000; button P3
    preflop: P3 raise 1000, P1 call 1000 allin, P2 raise 3000, P3 call
    flop: P2 check, P3 check
    turn: P2 check, P3 check
    river: P2 check, P3 check
    cards: P1 As Ad; P2 Ks Kd; P3 Qs Qd
    board: 2c 7d 8h 9s 3h
    settle: collect P1 3000; collect P2 4000; pot 7000; rake 0
"""

from __future__ import annotations

from audit.rules._base import Rule, col

RULE = Rule(
    code="SIDE-POT",
    name="showdown.side-pot",
    category="showdown",
    severity="violation",
    structures=None,
    citation="RULES.md §11 C-6; TDA 21",
    summary="A main or side pot paid beyond the players in it",
    options=("pots_reported",),
    reads=("side_pot",),
    violates=col("side_pot").is_not_null(),
    message=col("side_pot"),
    hand_level=True,
)
