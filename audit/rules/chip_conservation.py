"""CHIP-CONSERVATION: the reported settlement creates or destroys chips.

What it checks (settled hands): collected + rake = reported pot; the final stacks plus the rake
equal the starting stacks; each player's final stack = start - put in + returned + collected
(+ cash-out). Parts whose inputs are missing (pot, rake or final stacks null) are skipped.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
    flop: P2 bet 1000, P3 fold
    settle: return P2 1000; collect P2 650; pot 650; rake 0; final P1=4950 P2=5450 P3=4700

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
    flop: P2 bet 1000, P3 fold
    settle: return P2 1000; collect P2 650; pot 650; rake 0; final P1=4950 P2=5350 P3=4700
"""

from __future__ import annotations

import polars as pl

from audit.rules._base import MONEY_READS, Rule, col, money, sentence

_RAKE = col("rake")
#: H-4's first part: collected + rake is not the reported pot (a pot net of the rake aside).
POT_OFF = (
    col("total_pot").is_not_null()
    & _RAKE.is_not_null()
    & ~col("net_of_rake")
    & (col("collected_total") + _RAKE != col("total_pot"))
)
#: H-4's second part: the final stacks plus the rake are not the starting stacks (+ cash-outs).
STACKS_OFF = (
    col("finals_complete")
    & _RAKE.is_not_null()
    & (col("final_total") + _RAKE != col("start_total") + col("cashed_out_total"))
)
#: H-4's third part (audit/state/settlement.py words it): a seat's final stack is off.
_FINAL_OFF = col("first_final_off").is_not_null()

#: The first failing part of H-4 as a sentence.
_PROBLEM = (
    pl.when(POT_OFF)
    .then(
        sentence(
            "collected {} + rake {} differs from the reported pot {}",
            money(col("collected_total")),
            money(_RAKE),
            money(col("total_pot")),
        )
    )
    .when(STACKS_OFF)
    .then(
        sentence(
            "final stacks {} + rake {} differ from the starting stacks {}",
            money(col("final_total")),
            money(_RAKE),
            money(col("start_total")),
        )
    )
    .when(_FINAL_OFF)
    .then(col("first_final_off"))
)

RULE = Rule(
    code="CHIP-CONSERVATION",
    name="settle.chips-created",
    category="accounting",
    severity="violation",
    structures=None,
    citation="RULES.md H-4",
    summary="Reported settlement creates or destroys chips",
    reads=(
        *MONEY_READS,
        "cashed_out_total",
        "collected_total",
        "final_total",
        "finals_complete",
        "first_final_off",
        "net_of_rake",
        "rake",
        "start_total",
        "total_pot",
    ),
    violates=(POT_OFF | STACKS_OFF | _FINAL_OFF).fill_null(False),
    message=_PROBLEM,
    hand_level=True,
)
