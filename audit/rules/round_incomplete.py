"""ROUND-INCOMPLETE: the next street started (or the hand ended) while a player owed action.

What it checks: at the first action of a new street, someone on the previous street had not
acted or had not matched the bet and still had chips, or a whole street was skipped while two
players with chips were still in. Hands that end because everyone folded,
and all-in runouts, owe nothing. At the end of a settled hand the last street is checked too
(flagged on the hand, without an action).

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold
    flop: P2 check !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 fold
    settle: return P3 200; collect P3 250; pot 250; rake 0
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col, sentence

RULE = Rule(
    code="ROUND-INCOMPLETE",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-5, D-9",
    summary="Next street started while a player still owed action",
    doc=__doc__ or "",
    violates=col("round_left_open"),
    message=pl.when(col("open_seat").is_not_null())
    .then(
        sentence(
            "the {} ended while seat {} still owed action",
            col("open_street_name"),
            col("open_seat"),
        )
    )
    .otherwise(
        sentence(
            "the {} was never played although {} players with chips were still in",
            col("open_street_name"),
            col("n_with_chips"),
        )
    ),
)
