"""REOPEN: a raise by a player for whom the betting was not reopened (all structures).

What it checks: a player who already acted on the street may raise again only if what he now
faces is at least a full raise: `to_call >= F` in NL/PL (D-10), `to_call >= half a unit` in FL
(D-13; option `fl_reopen_fraction`, and `fl_reopen_scope`). Short all-ins alone do not reopen
(NL/PL: with option `short_allin_bet` set to complete_to_minimum an all-in bet below the minimum
bet may be completed by a player who checked, and the completion reopens for its callers).

Violating:
    NL 1/2; stacks P1=200 P2=200 P3=200 P4=9 P5=200 P6=200; button P6
    preflop: P3 raise 6, P4 raise 9, P5 fold, P6 fold, P1 fold, P2 call, P3 raise 20 !

Legal:
    NL 10/20; stacks P1=1000 P2=1000 P3=150; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 bet 20, P2 raise 100, P3 raise 130, P1 raise 210, P2 raise 400
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import KNOWN, MONEY_READS, TO, WAGER, WAGER_READS, Rule, col, money, sentence

RULE = Rule(
    code="REOPEN",
    name="raise.not-reopened",
    category="betting",
    severity="violation",
    structures=KNOWN,
    citation="RULES.md B-3; TDA 47-A, 47-B; RRoP §3 r6, §14 NL r3, r5; seeds 000, 003",
    summary="Raise by a player for whom the betting was not reopened",
    options=("fl_reopen_fraction", "fl_reopen_scope", "short_allin_bet"),
    reads=(
        *WAGER_READS,
        *MONEY_READS,
        "acted_before",
        "current_bet",
        "fl_bet",
        "full_increment",
        "reopened",
        "structure",
        "to_amount",
        "to_call",
    ),
    violates=WAGER & col("acted_before") & ~col("reopened") & (col("current_bet") < TO),
    message=sentence(
        "raised to {} after already acting on the street, facing only {} more: "
        "the betting was not reopened (a full raise is {})",
        money(TO),
        money(col("to_call")),
        money(
            pl.when(col("structure") == "FL").then(col("fl_bet")).otherwise(col("full_increment"))
        ),
    ),
)
