"""NOT-ABOVE: a bet or raise whose total does not exceed the current bet.

What it checks: a "raise" to no more than the current bet is really a call or an undercall.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 raise 300 !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 call
"""

from __future__ import annotations

from audit.rules._base import KIND, MONEY_READS, TO, WAGER, WAGER_READS, Rule, col, money, sentence

RULE = Rule(
    code="NOT-ABOVE",
    name="raise.not-above-bet",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-10",
    summary="Bet/raise whose total does not exceed the current bet",
    reads=(*WAGER_READS, *MONEY_READS, "current_bet", "kind", "to_amount"),
    violates=WAGER & (col("current_bet") >= TO),
    message=sentence(
        "{} to {}, which does not exceed the current bet of {}",
        KIND,
        money(TO),
        money(col("current_bet")),
    ),
)
