"""FOLD-NO-BET: a fold when a check was available (binding but non-standard).

Severity from option `fold_without_bet` (info by default; ignore / warning / violation).

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 fold !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 check, P2 bet 100, P3 fold
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import ACTING, ACTING_READS, Rule, col

RULE = Rule(
    code="FOLD-NO-BET",
    name="fold.check-available",
    category="betting",
    severity="info",
    structures=None,
    citation="RULES.md I-14; TDA 58",
    summary="Fold when a check was available",
    options=("fold_without_bet",),
    reads=(*ACTING_READS, "is_fold", "to_call"),
    violates=ACTING & col("is_fold") & (col("to_call") <= 0),
    message=pl.lit("folded when checking was free"),
    severity_option="fold_without_bet",
)
