"""`check`: the betting state, the rules, the violations table.

The state is computed once per round of a bounded fixed-point iteration on the `void` column:
void actions (ACT-FOLDED / ACT-ALLIN / ACT-CLOSED) change nothing, but whether an action is void
depends on the state the earlier actions built. Round 0 assumes nothing is void; each round
recomputes the state with the previous round's void rows removed and stops when the void rows no
longer change (a few rounds in practice; only hands that have void rows are recomputed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import polars as pl

from audit.assemble import violations_table
from audit.fixed_limit import fl_limits
from audit.hand_checks import hand_frame
from audit.options import Options
from audit.posts import post_expected
from audit.prepare import in_seq_order, prepare
from audit.rounds import round_incomplete
from audit.rules import RULES
from audit.rules._base import Rule
from audit.state import player_pass, street_pass
from audit.turn import seat_numbers, seat_table, turn_pass
from audit.unknown_stack import unknown_columns, with_stand_in_stacks
from audit.violations import VIOLATIONS_SCHEMA, empty_violations
from audit.windows import VALUE_BITS
from parsers.schema import POLARS_SCHEMAS, with_defaults

MAX_VOID_ROUNDS = 8

#: The betting-state columns added to the canonical actions in AuditResult.actions.
STATE_COLUMNS: tuple[str, ...] = (
    "current_bet",
    "committed_before",
    "committed_after",
    "to_call",
    "full_increment",
    "min_to",
    "max_to",
    "allin_to",
    "stack_before",
    "raise_allowed",
    "reopened",
    "acted_before",
    "pot_before",
    "expected_seat",
    "void",
    "void_reason",
    "fl_level",
    "fl_count",
)


@dataclass
class AuditResult:
    """The audited actions (canonical columns + STATE_COLUMNS) and the violations."""

    actions: pl.DataFrame
    violations: pl.DataFrame


def _frame(table: Any, name: str) -> pl.DataFrame:
    frame = table if isinstance(table, pl.DataFrame) else pl.DataFrame(pl.from_arrow(table))
    frame = with_defaults(frame, name)
    return frame.cast({k: v for k, v in POLARS_SCHEMAS[name].items() if k in frame.columns})


def _limits() -> list[pl.Expr]:
    """raise_allowed, reopened, min_to, max_to and the pot limit, per structure."""
    structure = pl.col("structure")
    is_fl, is_pl = structure == "FL", structure == "PL"
    known = structure.is_in(("NL", "PL", "FL", "CAP"))
    nl_reopened = pl.col("to_call") >= pl.col("full_increment")
    reopened = pl.when(is_fl).then(pl.col("fl_reopened")).otherwise(nl_reopened)
    allowed = (
        (pl.col("stack_before") > pl.col("to_call"))
        & (~pl.col("acted_before") | reopened)
        & ~(is_fl & pl.col("fl_capped"))
    )
    pl_limit = pl.max_horizontal("pl_max_to", "min_raise_to")
    min_full = pl.when(is_fl).then(pl.col("fl_required")).otherwise(pl.col("min_raise_to"))
    max_full = (
        pl.when(is_fl)
        .then(pl.col("fl_required"))
        .when(is_pl)
        .then(pl.min_horizontal(pl_limit, pl.col("allin_to")))
        .otherwise(pl.col("allin_to"))
    )
    raise_allowed = pl.when(known).then(allowed)
    return [
        reopened.alias("reopened"),
        raise_allowed.alias("raise_allowed"),
        pl.when(raise_allowed).then(min_full).alias("min_to"),
        pl.when(raise_allowed).then(max_full).alias("max_to"),
        pl.when(is_pl).then(pl_limit).alias("pl_limit"),
    ]


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


def _void_reason() -> pl.Expr:
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
    return frame.with_columns(_limits()).with_columns(void_reason=_void_reason())


def betting_state(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    """The state with the void rows settled (bounded fixed point, see module docstring).

    Later rounds recompute only the hands whose void rows changed (a few dozen in 25k) and write
    their rows back into the first round's frame by position (`row` is the row index): cheaper
    than filtering, concatenating and re-sorting the ~120-column frame.
    """
    frame = frame.with_columns(void=pl.lit(False))
    full: pl.DataFrame | None = None
    for _ in range(MAX_VOID_ROUNDS):
        state = _state_once(frame, seats, ring)
        full = state if full is None else _write_back(full, state, frame.columns)
        void = pl.col("void_reason").is_not_null()
        changed = state.select(pl.col("hand_key").filter(void != pl.col("void")).unique())
        changed = changed.get_column("hand_key")
        if changed.len() == 0:
            break
        pending = pl.col("hand_key").is_in(changed.implode())
        frame = state.filter(pending).with_columns(void=void).select(frame.columns)
    assert full is not None
    return full


def _write_back(full: pl.DataFrame, part: pl.DataFrame, inputs: list[str]) -> pl.DataFrame:
    """`full` with the rows of `part` (a recomputed subset, `row` = position) replaced.

    Only `void` and the computed columns can differ from `full`; the other inputs are copies.
    """
    if part.schema != full.schema:  # a column typed differently on the subset: the safe path
        kept = full.filter(~pl.col("row").is_in(part.get_column("row").implode()))
        return pl.concat([kept, part], how="vertical_relaxed").sort("row")
    positions = part.get_column("row")
    updated = ["void", *(c for c in part.columns if c not in inputs)]
    return full.with_columns(
        full.get_column(c).scatter(positions, part.get_column(c)) for c in updated
    )


def _ring(seats: list[int], hands: pl.DataFrame) -> int:
    """Seat numbers run 0..ring-1 around the table (some sites number from 0, most from 1)."""
    buttons = hands.get_column("button_seat").drop_nulls()
    return max([2, *seats, int(buttons.max()) if buttons.len() else 0]) + 1


#: Hands audited per slice: keeps the folded group ids of audit.windows below their bound and
#: memory bounded (POLARS-NOTES: ~2.7 GB per million hands).
SLICE_HANDS = 100_000


def _empty_result(actions: pl.DataFrame) -> AuditResult:
    state = actions.with_columns(
        [pl.lit(None).alias(name) for name in STATE_COLUMNS if name not in actions.columns]
    )
    return AuditResult(state, empty_violations())


def _check_bounds(seats: pl.DataFrame, actions: pl.DataFrame) -> None:
    """The folded window ops (audit.windows) need amounts below 2**VALUE_BITS."""
    largest = max(
        seats.get_column("stack").abs().max() or 0,
        actions.get_column("amount").abs().max() or 0,
        actions.get_column("to_amount").abs().max() or 0,
    )
    if int(largest) >= 1 << VALUE_BITS:  # type: ignore[arg-type]
        raise ValueError(f"amount {largest} is too large for the checker (limit 2**{VALUE_BITS})")


def _capped_stacks(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Capped no-limit: a player can commit at most `hands.cap` in the hand, so for betting
    purposes his stack is min(stack, cap) (reaching the cap is being all-in)."""
    cap = hands.select("hand_key", "cap")
    return (
        seats.join(cap, on="hand_key", how="left", maintain_order="left")
        .with_columns(stack=pl.min_horizontal("stack", "cap"))
        .drop("cap")
    )


def _check_slice(
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    actions: pl.DataFrame,
    options: Options,
    site_options: Mapping[str, Options] | None,
    rules: list[Rule],
) -> AuditResult:
    _check_bounds(seats, actions)
    betting_seats = _capped_stacks(hands, with_stand_in_stacks(seats, actions))
    seat_frame = seat_table(betting_seats, actions)
    numbers = seat_numbers(seat_frame)
    prepared = prepare(hands, betting_seats, actions, options, site_options)
    prepared = unknown_columns(prepared, seats).join(
        hands.select("hand_key", capped=pl.col("cap").is_not_null()),
        on="hand_key",
        how="left",
        maintain_order="left",
    )
    # seats dealt in, counted per hand (not per row); 0 for a hand without a dealt seat
    dealt = pl.sum_horizontal([pl.col(f"stack_{s}").is_not_null() for s in numbers])
    prepared = prepared.join(
        seat_frame.with_columns(n_dealt=dealt), on="hand_key", how="left", maintain_order="left"
    ).with_columns(pl.col("n_dealt").fill_null(0))
    state = betting_state(prepared, numbers, _ring(numbers, hands))
    state = state.with_columns(round_incomplete()).with_columns(post_expected=post_expected())
    violations = violations_table(state, hand_frame(state, hands, seats), hands, rules)
    audited = (
        state.select([*POLARS_SCHEMAS["actions"].keys(), *STATE_COLUMNS, "is_sentinel"])
        .filter(~pl.col("is_sentinel"))
        .drop("is_sentinel")
    )
    return AuditResult(actions=in_seq_order(audited), violations=violations)


def check(
    hands: Any,
    seats: Any,
    actions: Any,
    options: Options | None = None,
    site_options: Mapping[str, Options] | None = None,
    rules: list[str] | None = None,
) -> AuditResult:
    """Audit canonical tables: the betting state of every action and every violation.

    `options` are the defaults (RULES.md §6); a site gets `site_options[site]` when given, else
    the defaults with its built-in profile (audit.options.SITE_PROFILES). `rules` restricts the
    codes evaluated (all by default). Inputs larger than SLICE_HANDS hands are audited in
    slices of whole hands (a loop over slices, not over hands).
    """
    hands, seats, actions = (
        _frame(hands, "hands"),
        _frame(seats, "seats"),
        _frame(actions, "actions"),
    )
    if actions.height == 0:
        return _empty_result(actions)
    chosen = [RULES[code] for code in (rules or RULES)]
    keys = hands.get_column("hand_key").unique().sort()
    parts = []
    for start in range(0, keys.len(), SLICE_HANDS):
        in_slice = keys.slice(start, SLICE_HANDS).implode()
        part = [t.filter(pl.col("hand_key").is_in(in_slice)) for t in (hands, seats, actions)]
        if part[2].height:
            parts.append(_check_slice(*part, options or Options(), site_options, chosen))
    if len(parts) == 1:
        return parts[0]
    return AuditResult(
        actions=pl.concat([p.actions for p in parts]),
        violations=pl.concat([p.violations for p in parts]),
    )


__all__ = ["STATE_COLUMNS", "VIOLATIONS_SCHEMA", "AuditResult", "Rule", "check"]
