"""CALL-ZERO: a "call" with nothing to call (treated as a check).

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 call !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import ACTING, ACTING_READS, Rule, col

RULE = Rule(
    code="CALL-ZERO",
    name="call.nothing-to-call",
    category="log",
    severity="info",
    structures=None,
    citation="RULES.md I-13; TDA 55-A",
    summary="'call' with nothing to call (treated as a check)",
    reads=(*ACTING_READS, "is_call", "to_call"),
    violates=ACTING & col("is_call") & (col("to_call") <= 0),
    message=pl.lit("called with nothing to call (a check)"),
)
