"""What every header reader returns, and the one chain of header problems.

A site's header reader (parsers/sites/<site>/header.py) reads the header lines (hand_key,
line_no, text; `Grammar.header_span` lines joined by "\n") into HEADER_COLUMNS. A hand whose
header cannot be read is quarantined with `header_problem`: the first of the reader's checks
that holds (`header_problem(...)`; most readers use STANDARD_CHECKS).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import polars as pl

from parsers.core.money import CENTS, CHIPS

if TYPE_CHECKING:
    from polars.expr.whenthen import ChainedThen, Then

HEADER_COLUMNS = (
    "hand_key",
    "line_no",
    "hand_id",
    "game",
    "is_hilo",
    "structure",
    "is_tournament",
    "currency",
    "scale",
    "small_blind",
    "big_blind",
    "small_bet",
    "big_bet",
    "header_ante",
    "cap",
    "started_at",
    "header_problem",
)

#: (condition on the read columns, reason): a hand whose header fails it is quarantined.
Check = tuple[pl.Expr, str]

HAND_ID_UNREADABLE: Check = (pl.col("hand_id").is_null(), "hand id unreadable in header")
STAKES_UNREADABLE: Check = (pl.col("big_blind").is_null(), "stakes unreadable in header")
GAME_UNKNOWN: Check = (pl.col("game") == "unknown", "game unknown in header")
#: Headers that state id, stakes and game: each must be readable.
STANDARD_CHECKS: tuple[Check, ...] = (HAND_ID_UNREADABLE, STAKES_UNREADABLE, GAME_UNKNOWN)


#: The column a reader adds where its header names a fast-fold pool (hands.is_fast_fold); the
#: pipeline ors it with `Grammar.fast_fold_table` on the table name (parsers/core/hands.py).
FAST_FOLD = "is_fast_fold"


def fast_fold(text: pl.Expr, pattern: str) -> pl.Expr:
    """FAST_FOLD: the header text matches `pattern` (a site's pool naming)."""
    return text.str.contains(pattern).fill_null(False).alias(FAST_FOLD)


def header_problem(checks: Sequence[Check] = STANDARD_CHECKS) -> pl.Expr:
    """The reason of the first check that holds, else null."""
    (condition, reason), *rest = checks
    chain: Then | ChainedThen = pl.when(condition).then(pl.lit(reason))
    for condition, reason in rest:
        chain = chain.when(condition).then(pl.lit(reason))
    return chain


def header_columns(
    frame: pl.DataFrame, checks: Sequence[Check] = STANDARD_CHECKS, extra: Sequence[str] = ()
) -> pl.DataFrame:
    """`frame` (every HEADER_COLUMNS column read but header_problem) -> HEADER_COLUMNS plus
    the reader's `extra` columns, with header_problem from `checks`."""
    problem = header_problem(checks).alias("header_problem")
    return frame.with_columns(problem).select(*HEADER_COLUMNS, *extra)


def scale_of_currency(whole_units: Sequence[str] = ("chips", "play")) -> pl.Expr:
    """Int32 `scale` from the `currency` column: CHIPS for the currencies counted in whole
    units (tournament chips, play money), else CENTS."""
    whole = pl.col("currency").is_in(list(whole_units))
    chips, cents = pl.lit(CHIPS, dtype=pl.Int32), pl.lit(CENTS, dtype=pl.Int32)
    return pl.when(whole).then(chips).otherwise(cents)
