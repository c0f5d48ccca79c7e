"""ACT-FOLDED: an action by a player who has already folded (the action is ignored).

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call, P1 call !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col, sentence

RULE = Rule(
    code="ACT-FOLDED",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-2; TDA 50",
    summary="Action by a player who has folded (action ignored)",
    doc=__doc__ or "",
    violates=col("void_reason") == "ACT-FOLDED",
    message=sentence("{} after folding; the action is ignored", pl.col("kind").cast(pl.String)),
)
