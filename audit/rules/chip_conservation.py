"""CHIP-CONSERVATION: the reported settlement creates or destroys chips.

What it checks (settled hands): collected + rake = reported pot; the final stacks plus the rake
equal the starting stacks; each player's final stack = start - put in + returned + collected
(+ cash-out). Parts whose inputs are missing (pot, rake or final stacks null) are skipped.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
    flop: P2 bet 1000, P3 fold
    settle: return P2 1000; collect P2 650; pot 650; rake 0; final P1=4950 P2=5450 P3=4700

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
    flop: P2 bet 1000, P3 fold
    settle: return P2 1000; collect P2 650; pot 650; rake 0; final P1=4950 P2=5350 P3=4700
"""

from __future__ import annotations

from audit.rules._base import Rule, col

RULE = Rule(
    code="CHIP-CONSERVATION",
    category="accounting",
    severity="violation",
    structures=None,
    citation="RULES.md H-4",
    summary="Reported settlement creates or destroys chips",
    doc=__doc__ or "",
    violates=col("conservation_problem").is_not_null(),
    message=col("conservation_problem"),
    hand_level=True,
)
