"""UNCALLED-RETURN: the uncalled part of a bet not (correctly) returned (per settled hand).

What it checks: on each street the top commitment minus the second highest (folded players'
chips included) must come back to the top bettor, and nothing else may.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
    flop: P2 bet 1000, P3 fold
    settle: collect P2 1650; pot 1650; rake 0

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
    flop: P2 bet 1000, P3 fold
    settle: return P2 1000; collect P2 650; pot 650; rake 0; final P1=4950 P2=5350 P3=4700
"""

from __future__ import annotations

from audit.rules._base import MONEY_READS, Rule, col, money, sentence

RULE = Rule(
    code="UNCALLED-RETURN",
    name="settle.uncalled-return",
    category="accounting",
    severity="violation",
    structures=None,
    citation="RULES.md H-2; TDA 15-B, 65-A",
    summary="Uncalled portion of a bet not (correctly) returned",
    options=("uncontested_pot_keeps_uncalled", "uncontested_returns_whole_wager"),
    reads=(
        *MONEY_READS,
        "expected_return_total",
        "kept_uncalled",
        "return_detail",
        "return_off",
        "returned_total",
        "silent_return",
    ),
    violates=col("return_off") & ~col("silent_return") & ~col("kept_uncalled"),
    message=sentence(
        "uncalled bets returned: {} in the log, {} expected ({})",
        money(col("returned_total")),
        money(col("expected_return_total")),
        col("return_detail"),
    ),
    hand_level=True,
)
