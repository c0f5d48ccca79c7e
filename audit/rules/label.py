"""LABEL: "bet" while facing a bet, or "raise" with nothing bet (amount rules still apply).

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 raise 100 !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 bet 100, P2 raise 200
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import WAGER, WAGER_READS, Rule, col

_KIND = pl.col("kind")

RULE = Rule(
    code="LABEL",
    name="log.action-label",
    category="log",
    severity="warning",
    structures=None,
    citation="RULES.md I-12; TDA 55",
    summary="Action type inconsistent with the state ('bet' facing a bet, 'raise' with no bet)",
    reads=(*WAGER_READS, "current_bet", "kind"),
    violates=WAGER
    & (
        ((_KIND == "bet") & (col("current_bet") > 0))
        | ((_KIND == "raise") & (col("current_bet") == 0))
    ),
    message=pl.when(_KIND == "bet")
    .then(pl.lit("recorded as a bet although a bet was already in (a raise)"))
    .otherwise(pl.lit("recorded as a raise although nothing was bet yet (a bet)")),
)
