"""POST-AMOUNT: a blind or ante that differs from min(nominal, stack).

What it checks: the small blind, big blind and ante posts against the structure, capped by the
player's stack. With a big-blind ante the blind is taken before the ante (option
`bb_ante_priority = "blind_first"`, TDA RP-11). Straddles, live and dead posts are not checked.

Violating:
    NL 100/200; stacks P1=10000 P2=300 P3=10000 P4=10000; button P4; ante 200 bb
    posts: P1 sb 100, P2 bb 100 !, P2 ante 200
    preflop: P3 fold, P4 fold, P1 fold

Legal:
    NL 100/200; stacks P1=10000 P2=300 P3=10000 P4=10000; button P4; ante 200 bb
    posts: P1 sb 100, P2 bb 200, P2 ante 100
    preflop: P3 fold, P4 fold, P1 fold
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import KNOWN_STACK, Rule, col, money, sentence

RULE = Rule(
    code="POST-AMOUNT",
    category="accounting",
    severity="violation",
    structures=None,
    citation="RULES.md H-1; TDA RP-11",
    summary="Blind/ante posted amount differs from the structure",
    doc=__doc__ or "",
    violates=KNOWN_STACK
    & col("post_expected").is_not_null()
    & (col("chips") != col("post_expected")),
    message=sentence(
        "{} of {}; expected {}",
        pl.col("kind").cast(pl.String).str.replace("post_", "posted "),
        money(col("chips")),
        money(col("post_expected")),
    ),
)
