"""STACK-UNKNOWN: a player whose starting stack the log does not give (no seat line).

What it says: the player posts or acts without a seat line (he joined after the seat list was
written, or his seat line is missing), or is listed with a zero stack before a line saying he
joined the table (`Grammar.joined_line`), so the rules that need his stack skip his actions
(ALLIN-FLAG, CALL-AMOUNT, POST-AMOUNT, RAISE-MIN, NL-BET-MIN, STACK-EXCEEDED, ACT-ALLIN) and
ORDER skips the hand (his place at the table is unknown). One info flag on his first action;
the betting state gives him the chips he put in up to an action marked all-in, else a stack
larger than any bet (audit/state/unknown_stack.py).

P4 below has no seat line (stack "?"): the flag marks his first row.

Violating:
    NL 50/100; stacks P1=5000 P2=5000 P3=5000 P4=?; button P3
    posts: P1 sb 50, P4 bb 100 !
    preflop: P2 fold, P3 fold, P1 call, P4 check

Legal:
    NL 50/100; stacks 5000 x3; button P3
    posts: P1 sb 50, P2 bb 100
    preflop: P3 fold, P1 call, P2 check
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import Rule, col

_SKIPPED = "ALLIN-FLAG, CALL-AMOUNT, POST-AMOUNT, RAISE-MIN, NL-BET-MIN, STACK-EXCEEDED, ACT-ALLIN"

RULE = Rule(
    code="STACK-UNKNOWN",
    name="log.stack-unknown",
    category="log",
    severity="info",
    structures=None,
    citation="RULES.md I-9 (table stakes need the stack); docs/parsing.md",
    summary="Player without a seat line: stack-based checks skip him",
    reads=("player", "seat_unknown", "stack_unknown_first"),
    violates=col("stack_unknown_first"),
    message=pl.concat_str(
        [
            pl.when(col("player").fill_null("") == "")
            .then(pl.lit("a player printed without a name"))
            .otherwise(col("player")),
            pl.lit(
                ": starting stack not in the log (no seat line, listed before he joined, or a"
                " placeholder seat list);"
                f" {_SKIPPED} skip this player"
            ),
            pl.when(col("seat_unknown"))
            .then(pl.lit(", ORDER skips the hand (his seat is unknown)"))
            .otherwise(pl.lit("")),
        ]
    ),
)
