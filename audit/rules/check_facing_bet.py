"""CHECK-FACING-BET: a check while facing a bet.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 check !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
"""

from __future__ import annotations

from audit.rules._base import ACTING, ACTING_READS, MONEY_READS, Rule, col, money, sentence

RULE = Rule(
    code="CHECK-FACING-BET",
    name="check.facing-bet",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-7; TDA 55",
    summary="Check while facing a bet",
    options=("short_bb_call_full",),
    reads=(*ACTING_READS, *MONEY_READS, "is_check", "to_call"),
    violates=ACTING & col("is_check") & (col("to_call") > 0),
    message=sentence("checked while facing {} to call", money(col("to_call"))),
)
