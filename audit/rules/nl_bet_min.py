"""NL-BET-MIN: an opening bet below the minimum bet (no-limit and pot-limit).

What it checks: with nothing bet yet on the street (current bet 0), a bet must be at least one
big blind (or the straddle, option `straddle_sets_postflop_min_bet`), however large the pot, unless
it puts the player all-in.

Violating:
    PL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 bet 50 !

Legal:
    NL 1/2; stacks 500 x2; button P1
    preflop: P1 raise 50, P2 call
    flop: P2 bet 2, P1 raise 4, P2 call
"""

from __future__ import annotations

from audit.rules._base import (
    MONEY_READS,
    NL_PL,
    TO,
    UNDER_MIN,
    UNDER_MIN_READS,
    Rule,
    col,
    money,
    sentence,
)

RULE = Rule(
    code="NL-BET-MIN",
    name="bet.below-minimum",
    category="betting",
    severity="violation",
    structures=NL_PL,
    citation="RULES.md B-1; RRoP §14 NL r2; TDA 43-A, 55-B; seed 000",
    summary="Opening bet below the minimum bet (big-bet games: NL and PL)",
    options=("straddle_sets_postflop_min_bet",),
    reads=(*UNDER_MIN_READS, *MONEY_READS, "current_bet"),
    violates=UNDER_MIN & (col("current_bet") == 0),
    message=sentence(
        "bet {}; the minimum bet is {} (one big blind) unless all-in",
        money(TO),
        money(col("min_to")),
    ),
)
