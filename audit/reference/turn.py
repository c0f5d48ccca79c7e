"""What the turn columns mean (D-9): the plain form of audit/state/turn.py and caps.py.

For every row of the state and every seat s of the slice, seat s's state before the row:

* `folded_s`: s made a fold that counts (not void) earlier in the hand;
* `acted_s`: s made a betting action that counts earlier on the street, or posted stud's
  bring-in (RULES.md S-3: no option when everyone only calls it);
* `behind_s`: s's chips behind: his last counted row's `remaining_after` in the hand, else his
  starting stack (0 for a seat not dealt in);
* `committed_s`: s's live commitment on the street: his last counted row's `committed_after`;
* `live_s` (dealt in and not folded) and `chips_s` (live with chips behind).

From those: `n_live`, `n_with_chips`; each seat's cap (the most it can be asked to match: the
current bet, or less when every other live player is all-in below it); who owes action (D-9
against the cap, caps.seat_owing); the round is closed when at most one player is live, nobody
has chips, or the one with chips has matched the bet; `nobody_owes`, `round_open`;
`previous_actor` (the last counted actor of the street, the bring-in's poster included, a fold
in a fast-fold pool left out, else the seat before the street's first actor by the game's
first-actor rule: in stud from the up cards, audit/state/showing.py);
`expected_seat`, the first owing seat clockwise after the previous actor.

turn.py computes the same with the folded and acted flags as bits of one integer, the caps only
on the rows where some live seat is all-in below the bet, written back by position, and the
expected seat as one when/then chain.
"""

from __future__ import annotations

import re

import polars as pl

from audit.reference import windows as plain
from audit.reference.pair import Pair
from audit.state import build, caps, showing, turn
from audit.state.passes import active

#: The columns turn_pass adds to the state.
TURN_COLUMNS = (
    "n_live",
    "n_with_chips",
    "call_cap",
    "previous_actor",
    "nobody_owes",
    "round_open",
    "expected_seat",
)


def seat_history(s: int) -> dict[str, pl.Expr]:
    """`_folded_<s>`, `_acted_<s>`, `_behind_<s>`, `_committed_<s>` (the module docstring)."""
    mine = (pl.col("seat") == s).fill_null(False)
    counted, acting = mine & ~pl.col("void"), mine & active()
    return {
        f"_folded_{s}": plain.prev_any_in(acting & pl.col("is_fold"), "hand_number"),
        f"_acted_{s}": plain.prev_any_in(acting & _acts(), "street_number"),
        f"_behind_{s}": plain.prev_or(
            pl.when(counted).then(pl.col("remaining_after")),
            "hand_number",
            pl.col(f"stack_{s}").fill_null(0),
        ),
        f"_committed_{s}": plain.prev_or(
            pl.when(acting).then(pl.col("committed_after")), "street_number", pl.lit(0)
        ),
    }


def _acts() -> pl.Expr:
    """A row after which its seat has acted on the street: a betting action or the bring-in."""
    return pl.col("is_betting") | pl.col("is_bring_in")


def seat_state(s: int) -> dict[str, pl.Expr]:
    """`_live_<s>` and `_chips_<s>` from seat_history."""
    live = pl.col(f"stack_{s}").is_not_null() & ~pl.col(f"_folded_{s}")
    return {f"_live_{s}": live, f"_chips_{s}": live & (pl.col(f"_behind_{s}") > 0)}


def contestable_caps(frame: pl.DataFrame, seats: list[int]) -> pl.DataFrame:
    """`frame` with `_cap_<s>` on every row: min(current bet, the highest all-in total of the
    live seats), or min(current bet, the second highest) for the one seat alone at the top."""
    total = {s: pl.col(f"_committed_{s}") + pl.col(f"_behind_{s}") for s in seats}
    allins = {s: pl.when(f"_live_{s}").then(total[s]) for s in seats}
    frame = frame.with_columns(_top=pl.max_horizontal(list(allins.values())))
    top = pl.col("_top")
    frame = frame.with_columns(
        _second=pl.max_horizontal([pl.when(a < top).then(a) for a in allins.values()]),
        _at_top=pl.sum_horizontal([(a == top).fill_null(False) for a in allins.values()]),
    )
    bet = pl.col("current_bet")
    return frame.with_columns(
        **{
            f"_cap_{s}": pl.when((allin == top) & (pl.col("_at_top") == 1))
            .then(pl.min_horizontal(bet, "_second"))
            .otherwise(pl.min_horizontal(bet, top))
            for s, allin in allins.items()
        }
    ).drop("_top", "_second", "_at_top")


def _any(names: list[str]) -> pl.Expr:
    return pl.any_horizontal(names) if names else pl.lit(False)


def _count(names: list[str]) -> pl.Expr:
    return pl.sum_horizontal(names).cast(pl.Int32) if names else pl.lit(0, pl.Int32)


def expected_seat(seats: list[int], ring: int) -> pl.Expr:
    """The owing seat at the least clockwise distance after the previous actor (seats are
    numbered 0..ring-1 around the table), null when nobody owes."""
    previous = pl.col("previous_actor").cast(pl.Int64)
    distance = pl.min_horizontal(
        [pl.when(pl.col(f"_owes_{s}")).then((s - previous - 1) % ring) for s in seats]
    )
    position = (previous + 1 + distance) % ring
    seat = turn.seat_at(position, seats, ring)
    return pl.when(~pl.col("nobody_owes")).then(seat.cast(pl.Int16))


def turn_pass(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    """TURN_COLUMNS of every row (the module docstring)."""
    for s in seats:
        frame = frame.with_columns(**seat_history(s)).with_columns(**seat_state(s))
    frame = contestable_caps(frame, seats)
    for s in seats:
        frame = frame.with_columns(**caps.seat_owing(s, pl.col(f"_cap_{s}")))
    # a fold in a fast-fold pool may come before the player's turn: it never moves the turn
    pool_fold = pl.col("is_fold") & pl.col("is_fast_fold").fill_null(False)
    acting = active() & _acts() & ~pl.col("site_kill") & ~pool_fold
    stud = showing.has_showing(frame, seats)  # a slice with a stud hand: its up cards' seats
    if stud:
        frame = frame.with_columns(_stud_start=showing.start_seat(seats))
    frame = frame.with_columns(
        n_live=_count([f"_live_{s}" for s in seats]),
        n_with_chips=_count([f"_chips_{s}" for s in seats]),
        call_cap=pl.coalesce([pl.when(pl.col("seat") == s).then(f"_cap_{s}") for s in seats])
        if seats
        else pl.lit(None, pl.Int64),
        previous_actor=plain.prev_ffill_in(
            pl.when(acting).then(pl.col("seat")), "street_number"
        ).fill_null(turn._street_start_seat(stud)),
        _anyone_owes=_any([f"_owes_{s}" for s in seats]),
        _anyone_needs=_any([f"_needs_{s}" for s in seats]),
        _anyone_matched=_any([f"_matched_{s}" for s in seats]),
    )
    n_with_chips = pl.col("n_with_chips")
    closed = (
        (pl.col("n_live") <= 1)
        | (n_with_chips == 0)
        | ((n_with_chips == 1) & pl.col("_anyone_matched"))
    )
    frame = frame.with_columns(
        nobody_owes=closed | ~pl.col("_anyone_owes"),
        round_open=~closed & pl.col("_anyone_needs"),
    )
    return frame.with_columns(expected_seat=expected_seat(seats, ring)).select(TURN_COLUMNS)


def seats_and_ring(state: pl.DataFrame, hands: pl.DataFrame) -> tuple[list[int], int]:
    """The slice's seat numbers (its `stack_<s>` columns) and the ring they are numbered on."""
    found = (re.fullmatch(r"stack_(-?\d+)", name) for name in state.columns)
    seats = sorted(int(match.group(1)) for match in found if match)
    return seats, build._ring(seats, hands)


def _turn_fast(state: pl.DataFrame, hands: pl.DataFrame, *_: pl.DataFrame) -> pl.DataFrame:
    frame = state.drop(TURN_COLUMNS)
    return turn.turn_pass(frame, *seats_and_ring(state, hands)).select(TURN_COLUMNS)


def _turn_plain(state: pl.DataFrame, hands: pl.DataFrame, *_: pl.DataFrame) -> pl.DataFrame:
    return turn_pass(state.drop(TURN_COLUMNS), *seats_and_ring(state, hands))


def _caps_fast(frame: pl.DataFrame, seats: list[int]) -> pl.DataFrame:
    """The caps as turn_pass reads them: the current bet on the rows that caps.below_bet leaves
    out, allin_levels and contestable on the others."""
    allins = {f"_allin_{s}": caps._allin_total(s) for s in seats}
    rows = caps.allin_levels(frame.with_columns(**allins), seats)
    rows = rows.with_columns(**caps.contestable(seats))
    below = caps.below_bet(seats)
    return rows.select(
        pl.when(below).then(f"_cap_{s}").otherwise("current_bet").alias(f"_cap_{s}") for s in seats
    )


def _caps_plain(frame: pl.DataFrame, seats: list[int]) -> pl.DataFrame:
    return contestable_caps(frame, seats).select(f"_cap_{s}" for s in seats)


def _counts_fast(frame: pl.DataFrame) -> pl.DataFrame:
    flags = [pl.col(name) for name in frame.columns]
    return frame.select(n=caps.count_true(flags), any=caps.any_true(flags))


def _counts_plain(frame: pl.DataFrame) -> pl.DataFrame:
    return frame.select(n=_count(frame.columns), any=_any(frame.columns))


def _expected_fast(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    frame = frame.with_columns(_after=turn.after_previous(ring))
    return frame.select(expected_seat=turn._expected_seat(seats, ring))


def _expected_plain(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    return frame.select(expected_seat=expected_seat(seats, ring))


PAIRS = [
    Pair("turn.turn_pass", "the turn columns (TURN_COLUMNS)", _turn_fast, _turn_plain, "states"),
    Pair("caps.below_bet", "each seat's contestable cap", _caps_fast, _caps_plain, "seat_states"),
    Pair("caps.count_true", "counts of per-seat flags", _counts_fast, _counts_plain, "flag_sets"),
    Pair(
        "turn._expected_seat",
        "expected_seat from who owes",
        _expected_fast,
        _expected_plain,
        "owing_states",
    ),
]
