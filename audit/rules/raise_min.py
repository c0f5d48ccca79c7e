"""RAISE-MIN: a raise smaller than the last full bet or raise (no-limit and pot-limit).

What it checks: a raise must reach current bet + F, F being the largest full bet/raise increment
on the street (at least the big blind; short all-ins never raise F), unless it puts the player
all-in. In a hand history the recorded amount is final, so an under-raise is flagged (TDA 52-A).
With option `short_allin_bet` set to complete_to_minimum an all-in bet below the minimum bet may be
completed to the minimum bet (docs/options.md).

Violating:
    NL 1/2; stacks 200 x6; button P6
    preflop: P3 raise 6, P4 raise 8 !

Legal:
    NL 1/2; stacks 200 x6; button P6
    preflop: P3 raise 6, P4 fold, P5 raise 10, P6 raise 14
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
    code="RAISE-MIN",
    name="raise.below-minimum",
    category="betting",
    severity="violation",
    structures=NL_PL,
    citation="RULES.md B-2; TDA 43-A (+ addendum Ex1-4-B), 47-A, 52-A; RRoP §3 r5, §14 NL r3-r4",
    summary="Raise increment below the last full bet/raise increment (NL/PL), not all-in",
    options=("short_bb_call_full", "straddle_sets_min_raise", "short_allin_bet"),
    reads=(*UNDER_MIN_READS, *MONEY_READS, "current_bet", "full_increment"),
    violates=UNDER_MIN & (col("current_bet") > 0) & (col("current_bet") < TO),
    message=sentence(
        "raised to {}; the minimum raise was to {} (last full raise {})",
        money(TO),
        money(col("min_to")),
        money(col("full_increment")),
    ),
)
