"""STACK-EXCEEDED: more chips committed than the player had.

Violating:
    NL 50/100; stacks P1=500 P2=1000 P3=1000; button P3
    preflop: P3 raise 300, P1 call, P2 raise 1200 !

Legal:
    NL 50/100; stacks P1=500 P2=1000 P3=1000; button P3
    preflop: P3 raise 300, P1 call, P2 raise 1000, P3 call, P1 call
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import KIND, KNOWN_STACK, MONEY_READS, Rule, col, money, sentence

_MOVES = col("is_betting") | col("is_live_post") | col("is_dead_post")
_REQUESTED = (
    pl.when(col("is_wager"))
    .then(col("to_amount") - col("committed_before"))
    .otherwise(col("chips"))
)

RULE = Rule(
    code="STACK-EXCEEDED",
    name="chips.above-stack",
    category="accounting",
    severity="violation",
    structures=None,
    citation="RULES.md I-9; table stakes",
    summary="More chips committed than the player had",
    reads=(
        *MONEY_READS,
        "chips",
        "committed_before",
        "is_betting",
        "is_dead_post",
        "is_live_post",
        "is_wager",
        "kind",
        "stack_before",
        "stack_unknown",
        "to_amount",
        "void",
    ),
    violates=_MOVES & KNOWN_STACK & ~col("void") & (col("stack_before") < _REQUESTED),
    message=sentence(
        "{} put in {} with only {} behind",
        KIND,
        money(_REQUESTED),
        money(col("stack_before")),
    ),
)
