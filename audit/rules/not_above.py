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

import polars as pl

from audit.rules._base import TO, WAGER, Rule, col, money, sentence

RULE = Rule(
    code="NOT-ABOVE",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-10",
    summary="Bet/raise whose total does not exceed the current bet",
    doc=__doc__ or "",
    violates=WAGER & (col("current_bet") >= TO),
    message=sentence(
        "{} to {}, which does not exceed the current bet of {}",
        pl.col("kind").cast(pl.String),
        money(TO),
        money(col("current_bet")),
    ),
)
