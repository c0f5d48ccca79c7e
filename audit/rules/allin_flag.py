"""ALLIN-FLAG: the site's all-in marker disagrees with the stack reaching zero.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300 allin !

Legal:
    NL 50/100; stacks P1=5000 P2=5000 P3=300; button P3
    preflop: P3 raise 300 allin, P1 fold, P2 call
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import KNOWN_STACK, Rule, col

_MOVES = col("is_call") | col("is_wager") | col("is_live_post") | col("is_dead_post")
_EMPTY = col("remaining_after") == 0

RULE = Rule(
    code="ALLIN-FLAG",
    name="log.all-in-marker",
    category="log",
    severity="warning",
    structures=("NL", "PL", "FL", "UNKNOWN"),  # capped NL: reaching the cap is not all-in
    citation="RULES.md I-11",
    summary="All-in marker inconsistent with the remaining stack",
    reads=(
        "capped",
        "is_all_in",
        "is_call",
        "is_dead_post",
        "is_live_post",
        "is_wager",
        "remaining_after",
        "stack_unknown",
        "void",
    ),
    violates=_MOVES
    & KNOWN_STACK
    & ~col("void")
    & col("is_all_in").is_not_null()
    & (col("is_all_in") != _EMPTY)
    & ~(col("capped") & ~col("is_all_in")),  # reaching a hand's cap (PL "CAP") is not all-in
    message=pl.when(col("is_all_in"))
    .then(pl.lit("marked all-in but chips remain behind"))
    .otherwise(pl.lit("not marked all-in although no chips remain")),
)
