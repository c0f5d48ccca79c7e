"""The betting state of one slice of hands: the canonical tables in, the state frame out.

Steps: stand-in stacks for players without a seat line and capped stacks (unknown_stack.py,
`hands.cap`), the per-hand seat table (turn.py), the joined and sorted frame (prepare.py), then
the passes with the void rows settled (void.py). Every column of the result is declared in
audit/state/columns.py (STATE) or is a canonical column.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import polars as pl

from audit.options import Options
from audit.showdown.known import as_cards_frame
from audit.state.draws import with_drawn_cards
from audit.state.prepare import options_frame, prepare
from audit.state.showing import STUD_GAMES, StudFacts, stud_facts, with_showing, without_stud
from audit.state.turn import seat_numbers, seat_table
from audit.state.unknown_stack import unknown_columns, with_stand_in_stacks
from audit.state.void import settle_void
from audit.state.windows import VALUE_BITS


def _largest(amounts: pl.Series) -> int:
    """The largest absolute amount of an integer column, 0 when it has none."""
    return cast("int | None", amounts.abs().max()) or 0


def check_bounds(seats: pl.DataFrame, actions: pl.DataFrame) -> None:
    """The folded window ops (audit/state/windows.py) need amounts below 2**VALUE_BITS."""
    largest = max(
        _largest(seats.get_column("stack")),
        _largest(actions.get_column("amount")),
        _largest(actions.get_column("to_amount")),
    )
    if largest >= 1 << VALUE_BITS:
        raise ValueError(f"amount {largest} is too large for the checker (limit 2**{VALUE_BITS})")


def _ring(seats: list[int], hands: pl.DataFrame) -> int:
    """Seat numbers run 0..ring-1 around the table (some sites number from 0, most from 1).

    A seat of unknown number (-1, -2, ...: a player without a seat line) sits at ring-1,
    ring-2, ...: after every numbered seat of the slice, never on one, so a hand's seats come
    in the same order around the ring whatever other hands share its slice.
    """
    buttons = hands.get_column("button_seat").drop_nulls()
    numbered = max([2, *seats, cast(int, buttons.max()) if buttons.len() else 0]) + 1
    return numbered - min([0, *seats])


def _capped_stacks(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Capped no-limit: a player can commit at most `hands.cap` in the hand, so for betting
    purposes his stack is min(stack, cap) (reaching the cap is being all-in)."""
    cap = hands.select("hand_key", "cap")
    return (
        seats.join(cap, on="hand_key", how="left", maintain_order="left")
        .with_columns(stack=pl.min_horizontal("stack", "cap"))
        .drop("cap")
    )


def state_frame(
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    actions: pl.DataFrame,
    options: Options,
    site_options: Mapping[str, Options] | None,
    cards: pl.DataFrame | None = None,
) -> pl.DataFrame:
    """The state before every action of the slice (and the street-end sentinel rows).
    `cards`: the canonical cards table (stud's up cards name who brings in and who acts first:
    showing.py); without it those first actors are unknown and not judged."""
    check_bounds(seats, actions)
    betting_seats = _capped_stacks(hands, with_stand_in_stacks(seats, actions))
    seat_frame = seat_table(betting_seats, actions)
    numbers = seat_numbers(seat_frame)
    ring = _ring(numbers, hands)
    # seats dealt in, counted per hand (not per row); 0 for a hand without a dealt seat
    dealt = pl.sum_horizontal([pl.col(f"stack_{s}").is_not_null() for s in numbers])
    per_hand = hands.select("hand_key", capped=pl.col("cap").is_not_null()).join(
        seat_frame.with_columns(n_dealt=dealt), on="hand_key", how="left"
    )
    stud = _stud_facts(hands, actions, cards, seat_frame, options, site_options, ring)
    per_hand = without_stud(per_hand) if stud is None else _with_stud(per_hand, stud.hands)
    prepared = prepare(hands, betting_seats, actions, options, site_options, per_hand)
    prepared = unknown_columns(prepared, seats).with_columns(pl.col("n_dealt").fill_null(0))
    if stud is not None:
        prepared = with_showing(prepared, stud, numbers)
    prepared = with_drawn_cards(prepared, actions, cards)
    return settle_void(prepared, numbers, ring)


def _stud_facts(
    hands: pl.DataFrame,
    actions: pl.DataFrame,
    cards: pl.DataFrame | None,
    seat_frame: pl.DataFrame,
    options: Options,
    site_options: Mapping[str, Options] | None,
    ring: int,
) -> StudFacts | None:
    """The up cards' facts (showing.py), None for a slice without a stud hand."""
    if not hands.get_column("game").is_in(STUD_GAMES).any():
        return None
    sites = hands.get_column("site").unique().sort().to_list()
    per_site = options_frame(sites, options, site_options)
    return stud_facts(hands, actions, as_cards_frame(cards), seat_frame, per_site, ring)


def _with_stud(per_hand: pl.DataFrame, facts: pl.DataFrame) -> pl.DataFrame:
    """The per-hand frame plus the stud facts (null for the slice's other hands)."""
    return per_hand.join(facts, on="hand_key", how="left")
