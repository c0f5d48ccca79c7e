"""The replay's "Allowed" cell: every case in words, with its numbers, never min above max."""

from __future__ import annotations

import polars as pl
import pytest

from reports.allowed import ALLOWED_LEGEND, allowed_kind, allowed_text

# to_call, min_to, max_to, allin_to, stack_before, raise_allowed, acted_before, reopened,
# current_bet, structure[, void, void_reason] -> the case and the cell (scale 100: 150 is 1.50)
CASES = [
    ((100, 200, 10_000, 10_000, 9_900, True, False, True, 100, "NL"),
     "range", "raise to 2.00 – 100.00; or call 1.00 or fold"),
    ((0, 100, 5_000, 5_000, 5_000, True, False, True, 0, "NL"),
     "range", "bet to 1.00 – 50.00; or check"),
    ((100, 200, 450, 10_000, 9_900, True, False, True, 100, "PL"),
     "range", "raise to 2.00 – 4.50; or call 1.00 or fold"),
    ((100, 200, 200, 10_000, 9_900, True, False, True, 100, "FL"),
     "exact", "raise to 2.00; or call 1.00 or fold"),
    # the "45.00 – 25.00": a stack below the minimum full raise
    ((1_000, 4_500, 2_500, 2_500, 2_000, True, False, True, 1_500, "NL"),
     "allin_only", "all-in only (stack below the minimum): to 25.00 (a full raise: to 45.00);"
     " or call 10.00 or fold"),
    ((311, None, None, 2_300, 1_450, False, True, False, 1_161, "NL"),
     "not_reopened", "no raise allowed (betting not reopened): call 3.11 or fold"),
    ((200, None, None, 9_000, 8_000, False, True, True, 1_000, "FL"),
     "capped", "no raise allowed (cap reached): call 2.00 or fold"),
    ((311, None, None, 290, 290, False, True, True, 1_161, "NL"),
     "call_or_fold", "call or fold: call 2.90 (all-in)"),
    ((100, None, None, 100, 100, None, False, True, 100, "UNKNOWN"),
     "unknown", "not judged (structure unknown)"),
    # an extra "folds" line by a player who already folded: the state before says nothing
    ((100, 200, 10_000, 10_000, 9_900, True, True, True, 100, "NL", True, "ACT-FOLDED"),
     "void", "no action (already folded): ignored"),
    ((0, None, None, 0, 0, False, True, True, 100, "NL", True, "ACT-ALLIN"),
     "void", "no action (already all-in): ignored"),
]  # fmt: skip
COLUMNS = ["to_call", "min_to", "max_to", "allin_to", "stack_before", "raise_allowed",
           "acted_before", "reopened", "current_bet", "structure",
           "void", "void_reason"]  # fmt: skip


def _cell(state: tuple) -> tuple[str, str]:
    state = (*state, False, None)[: len(COLUMNS)] if len(state) < len(COLUMNS) else state
    frame = pl.DataFrame([state], schema=COLUMNS, orient="row").with_columns(
        pl.col("void").cast(pl.Boolean),
        pl.col("void_reason").cast(pl.String),
        pl.col(*COLUMNS[:5], "current_bet").cast(pl.Int64),
        pl.col("raise_allowed", "acted_before", "reopened").cast(pl.Boolean),
        scale=pl.lit(100),
    )
    row = frame.select(allowed_kind().alias("kind"), allowed_text().alias("text")).row(0)
    return row[0], row[1]


@pytest.mark.parametrize(("state", "kind", "text"), CASES)
def test_each_case_reads_right(state: tuple, kind: str, text: str) -> None:
    assert _cell(state) == (kind, text)


def test_every_case_is_in_the_legend_and_tested() -> None:
    assert {kind for _, kind, _ in CASES} == set(ALLOWED_LEGEND)
    assert all(label and meaning for label, meaning in ALLOWED_LEGEND.values())
