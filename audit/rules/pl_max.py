"""PL-MAX: a pot-limit bet or raise above the pot.

What it checks: the largest pot-limit wager is to `CB + P + (CB - c)`: call, then raise by the
whole pot after the call (P counts antes, dead money and every chip committed; preflop the
blinds count at their nominal size, option `pl_preflop_nominal_blinds`). An all-in above it is
an over-bet too; when the pot is below the minimum raise, the minimum prevails.

Violating:
    PL 1/2; stacks 200 x6; button P6
    preflop: P3 call, P4 call, P5 fold, P6 call, P1 call, P2 check
    flop: P1 bet 5, P2 raise 25, P3 fold, P4 raise 91 !

Legal:
    PL 1/2; stacks 1000 x6; button P6
    preflop: P3 raise 7, P4 raise 24, P5 fold, P6 fold, P1 raise 81
"""

from __future__ import annotations

from audit.rules._base import KIND, MONEY_READS, TO, WAGER, WAGER_READS, Rule, col, money, sentence

RULE = Rule(
    code="PL-MAX",
    name="bet.above-pot-limit",
    category="betting",
    severity="violation",
    structures=("PL",),
    citation="RULES.md B-4; TDA 54-A..D, 52-B; RRoP §14 PL r1-r5; seed 000",
    summary="Pot-limit bet/raise above the pot-limit maximum",
    options=("pl_preflop_nominal_blinds", "pl_sb_counts_as_bb"),
    reads=(*WAGER_READS, *MONEY_READS, "committed_after", "kind", "pl_limit", "to_amount"),
    violates=WAGER & (col("committed_after") > col("pl_limit")),
    message=sentence(
        "{} to {}; the pot-limit maximum was {}",
        KIND,
        money(TO),
        money(col("pl_limit")),
    ),
)
