"""FL-CAP: a fixed-limit bet or raise after the cap.

What it checks: a fixed-limit round allows a bet and `fl_max_raises` raises (default 3: four
bets; preflop the big blind is the first bet, so 10/20 caps at 80). Short all-ins count only if
they counted (option `fl_short_allin_counts_to_cap`); heads-up, option `fl_cap_heads_up`.

Violating:
    FL 10/20 bets 20/40; stacks 1000 x4; button P4
    preflop: P3 raise 40, P4 raise 60, P1 raise 80, P2 raise 100 !

Legal:
    FL 10/20 bets 20/40; stacks 1000 x6; button P6
    preflop: P3 raise 40, P4 call, P5 fold, P6 fold, P1 call, P2 call
    flop: P1 bet 20, P2 raise 40, P3 raise 60, P4 raise 80, P1 fold, P2 fold, P3 call
"""

from __future__ import annotations

from audit.rules._base import KIND, MONEY_READS, TO, WAGER, WAGER_READS, Rule, col, money, sentence

RULE = Rule(
    code="FL-CAP",
    name="bet.after-cap",
    category="betting",
    severity="violation",
    structures=("FL",),
    citation="RULES.md B-6; TDA 48; RRoP §3 r3-r4; seeds 000, 003",
    summary="Fixed-limit bet/raise after the raise cap was reached",
    options=("fl_cap_heads_up", "fl_max_raises", "fl_short_allin_counts_to_cap"),
    reads=(*WAGER_READS, *MONEY_READS, "current_bet", "fl_capped", "fl_count", "kind", "to_amount"),
    violates=WAGER & col("fl_capped") & (col("current_bet") < TO),
    message=sentence(
        "{} to {} after the betting was capped ({} bets already on the street)",
        KIND,
        money(TO),
        col("fl_count"),
    ),
)
