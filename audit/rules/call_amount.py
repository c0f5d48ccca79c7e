"""CALL-AMOUNT: a call that moves other than min(to_call, stack) chips.

What it checks: undercalls with chips behind, overcalls, and the short big blind: with the
default `short_bb_call_full` a limper owes the full big blind even when the BB posted less.
When every other player still in is all-in below the current bet, a call that matches the
largest of them is also exact (the rest could only come back uncalled).

Violating:
    NL 50/100; stacks P1=5000 P2=60 P3=5000 P4=5000; button P4
    posts: P1 sb 50, P2 bb 60
    preflop: P3 call 60 !

Legal:
    NL 50/100; stacks P1=500 P2=1000 P3=1000; button P3
    preflop: P3 raise 300, P1 call, P2 raise 1000, P3 call, P1 call
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import (
    ACTING,
    ACTING_READS,
    KNOWN_STACK,
    MONEY_READS,
    Rule,
    col,
    money,
    sentence,
)

_OWED = pl.min_horizontal(col("to_call").clip(lower_bound=0), col("stack_before"))
#: Every other live player all-in below the current bet: matching them is enough.
_CONTESTED = pl.min_horizontal(
    (col("call_cap") - col("committed_before")).clip(lower_bound=0), col("stack_before")
)

RULE = Rule(
    code="CALL-AMOUNT",
    name="call.wrong-amount",
    category="accounting",
    severity="violation",
    structures=None,
    citation="RULES.md I-8; TDA 51-B; RRoP §14 NL r2",
    summary="Call amount differs from min(to_call, stack)",
    options=("short_bb_call_full",),
    reads=(
        *ACTING_READS,
        *MONEY_READS,
        "call_cap",
        "chips",
        "committed_before",
        "is_call",
        "stack_before",
        "stack_unknown",
        "to_call",
    ),
    violates=ACTING
    & KNOWN_STACK
    & col("is_call")
    & (col("chips") != _OWED)
    & (col("chips") != _CONTESTED),
    message=sentence("called {}; the call was {}", money(col("chips")), money(_OWED)),
)
