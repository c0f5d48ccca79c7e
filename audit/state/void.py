"""The `void` fixed point: which actions change nothing (RULES.md I-2..I-4).

A void action (ACT-FOLDED / ACT-ALLIN / ACT-CLOSED, or a site's filler check) changes nothing,
but whether an action is void depends on the state the earlier actions built. Round 0 assumes
nothing is void; each round recomputes the state with the previous round's void rows removed
and stops when the void rows no longer change (a few rounds in practice; only hands whose void
rows changed are recomputed), at most MAX_VOID_ROUNDS rounds.
"""

from __future__ import annotations

import polars as pl

from audit.state.fixed_limit import fl_limits
from audit.state.limits import with_limits
from audit.state.passes import player_pass, street_pass
from audit.state.turn import turn_pass

MAX_VOID_ROUNDS = 8


def _filler_check() -> pl.Expr:
    """Option `checks_logged_without_betting`: a check on a street where no betting is possible
    (at most one player in the hand has chips) and nothing is owed is the site's filler line
    (Run It Once 2019 logs "checks" for all-in players): void, with no flag."""
    return (
        pl.col("opt_checks_logged_without_betting")
        & pl.col("is_check")
        & (pl.col("n_with_chips") <= 1)
        & (pl.col("to_call").fill_null(0) <= 0)
    )


def void_reason() -> pl.Expr:
    """Why a betting action is void (the first that applies), null when it counts."""
    acting = pl.col("is_betting") & ~pl.col("is_sentinel") & ~pl.col("site_kill")
    return (
        pl.when(acting & pl.col("folded_before"))
        .then(pl.lit("ACT-FOLDED"))
        .when(acting & _filler_check())
        .then(pl.lit("filler"))
        .when(acting & (pl.col("remaining_before") <= 0) & ~pl.col("stack_unknown"))
        .then(pl.lit("ACT-ALLIN"))
        .when(acting & pl.col("nobody_owes"))
        .then(pl.lit("ACT-CLOSED"))
    )


def _state_once(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    frame = street_pass(player_pass(frame))
    frame = fl_limits(turn_pass(frame, seats, ring))
    return with_limits(frame).with_columns(void_reason=void_reason())


def settle_void(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    """The state with the void rows settled (see the module docstring).

    Later rounds recompute only the hands whose void rows changed and write their rows back
    into the first round's frame by position (`row` is the row index), rather than filtering,
    concatenating and re-sorting the wide frame.
    """
    frame = frame.with_columns(void=pl.lit(False))
    full: pl.DataFrame | None = None
    for _ in range(MAX_VOID_ROUNDS):
        state = _state_once(frame, seats, ring)
        full = state if full is None else _write_back(full, state, frame.columns)
        void = pl.col("void_reason").is_not_null()
        changed = state.select(
            pl.col("hand_key").filter(void != pl.col("void")).unique()
        ).get_column("hand_key")
        if changed.len() == 0:
            break
        pending = pl.col("hand_key").is_in(changed.implode())
        frame = state.filter(pending).with_columns(void=void).select(frame.columns)
    assert full is not None
    return full


def _write_back(full: pl.DataFrame, subset: pl.DataFrame, inputs: list[str]) -> pl.DataFrame:
    """`full` with the rows of `subset` (recomputed hands, `row` = position) replaced.

    Only `void` and the computed columns can differ from `full`; the other inputs are copies.
    """
    if subset.schema != full.schema:  # a column typed differently on the subset: the safe path
        kept = full.filter(~pl.col("row").is_in(subset.get_column("row").implode()))
        return pl.concat([kept, subset], how="vertical_relaxed").sort("row")
    positions = subset.get_column("row")
    updated = ["void", *(c for c in subset.columns if c not in inputs)]
    return full.with_columns(
        full.get_column(c).scatter(positions, subset.get_column(c)) for c in updated
    )
