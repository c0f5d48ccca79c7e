"""Whose turn it is (D-9), as columns: one small block of columns per seat number.

For every row and every seat s of the table the state of s before the row is a forward fill of
s's own rows (folded, chips behind, live commitment, acted). From those: who still owes action,
whether nobody does (the round is closed), and the expected actor: the first seat clockwise after
the previous actor that owes action. The Python loop is over seat numbers (at most ten), building
expressions; every expression runs over whole columns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl

from audit.state.caps import (
    CAPPED_OUTPUTS,
    any_true,
    capped_rows,
    count_true,
    seat_owing,
    written_back,
)
from audit.state.passes import active
from audit.state.prepare import BETTING, BRING_IN, DEAD_POSTS, LIVE_POSTS
from audit.state.showing import has_showing, start_seat
from audit.state.windows import is_first, prev_ffill_in, prev_sum_in
from parsers.games import AFTER_BIG_BLIND, AFTER_BRING_IN, BEST_HIGH_SHOWING, BEST_LOW_SHOWING

if TYPE_CHECKING:
    from polars.expr.whenthen import ChainedThen, Then

PLAYING_KINDS = (*BETTING, *LIVE_POSTS, *DEAD_POSTS, BRING_IN, "complete")
#: The first actors read from the up cards (showing.py).
STUD_ACTORS = (AFTER_BRING_IN, BEST_HIGH_SHOWING, BEST_LOW_SHOWING)


def seat_table(seats: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Per hand: one `stack_<s>` column per seat dealt in (null for empty or sitting-out seats).

    A seat marked sitting out that nevertheless posts or acts in the hand is in it (PokerStars
    lists "is sitting out" for a player who returns in time to post and play).
    """
    sitting_out = pl.col("sitting_out").fill_null(False)
    numbered = seats.with_row_index("_i")
    returning = _returning(numbered.filter(sitting_out), actions).implode()
    dealt = numbered.filter(~sitting_out | pl.col("_i").is_in(returning)).drop("_i")
    wide = dealt.select("hand_key", "seat", "stack").pivot(
        on="seat", index="hand_key", values="stack", aggregate_function="first"
    )
    return wide.rename({c: f"stack_{c}" for c in wide.columns if c != "hand_key"})


def _returning(absent: pl.DataFrame, actions: pl.DataFrame) -> pl.Series:
    """The `_i` of the seats marked sitting out (`absent`, few) that post or act anyway: only
    their hands' actions are searched, not a unique + join over every action."""
    if absent.height == 0:  # nobody sits out (the usual case)
        return absent.get_column("_i")
    hands = absent.get_column("hand_key").unique().implode()
    playing = actions.filter(pl.col("hand_key").is_in(hands) & pl.col("kind").is_in(PLAYING_KINDS))
    pairs = playing.select("hand_key", "seat")
    return absent.join(pairs, on=["hand_key", "seat"], how="semi").get_column("_i")


def seat_numbers(seat_frame: pl.DataFrame) -> list[int]:
    return sorted(int(c.removeprefix("stack_")) for c in seat_frame.columns if c != "hand_key")


def _previous_row() -> dict[str, pl.Expr]:
    """What the previous row did, shifted once for all seats (_seat_history reads these)."""
    return {
        "_prev_seat": pl.col("seat").shift(1),
        "_prev_active": pl.col("_active").shift(1),
        "_prev_counted": (~pl.col("void")).shift(1),
        "_prev_remaining": pl.col("remaining_after").shift(1),
        "_prev_committed": pl.col("committed_after").shift(1),
    }


#: Most seats whose folded / acted flags are bits of one Int64 (_flag_bits; more use
#: _carried_flags). Each group (hand, or hand and street) adds a seat's bit at most once, so a
#: group adds less than 2**20 and the whole-column sums stay below 2**63 for any frame of
#: fewer than 2**43 rows.
MAX_BIT_SEATS = 20


def _seat_bit(seats: list[int]) -> pl.Expr:
    """2**i on a row of seats[i], 0 on a row without a seat or of a seat not in `seats`."""
    seat = pl.col("seat")
    chain: Then | ChainedThen = pl.when(seat == seats[0]).then(pl.lit(1, pl.Int64))
    for i, s in enumerate(seats[1:], start=1):
        chain = chain.when(seat == s).then(pl.lit(1 << i, pl.Int64))
    return chain.otherwise(0)


def _acts() -> pl.Expr:
    """A row that makes its seat have acted for whose turn it is (D-8): a betting action, or
    the bring-in (S-3: it gets no option when everyone only calls it; a slice without a
    bring-in has `is_bring_in` false on every row, and the test is the betting one)."""
    return pl.col("is_betting") | pl.col("is_bring_in")


def _first_rows(bring_in: bool) -> dict[str, pl.Expr]:
    """`_fold_bit` / `_bet_bit`: the seat's bit on its first active fold in the hand / first
    active betting action (or bring-in) on the street (the player pass's folded_before /
    turn_acted_before say which row is first), else 0."""
    acting, bit = pl.col("_active"), pl.col("_bit")
    first_fold = acting & pl.col("is_fold") & ~pl.col("folded_before")
    acts = _acts() if bring_in else pl.col("is_betting")
    first_bet = acting & acts & ~pl.col("turn_acted_before")
    return {
        "_fold_bit": pl.when(first_fold).then(bit).otherwise(0),
        "_bet_bit": pl.when(first_bet).then(bit).otherwise(0),
    }


def _flag_bits() -> dict[str, pl.Expr]:
    """`_folded_bits` / `_acted_bits`: bit i set when seats[i] folded earlier in the hand /
    made a betting action earlier on the street (active rows only).

    Two exclusive sums of the first-row bits (_first_rows: no bit is added twice, so the sum
    is the bitwise or) replace 18 forward fills, one per seat and flag (_carried_flags, the
    plain form).
    """
    return {
        "_folded_bits": prev_sum_in(pl.col("_fold_bit"), "hand_number"),
        "_acted_bits": prev_sum_in(pl.col("_bet_bit"), "street_number"),
    }


def _flags_from_bits(seats: list[int]) -> dict[str, pl.Expr]:
    """`_folded_<s>` and `_acted_<s>` read from the bits of _flag_bits."""
    flags = {}
    for i, s in enumerate(seats):
        flags[f"_folded_{s}"] = (pl.col("_folded_bits") & (1 << i)) != 0
        flags[f"_acted_{s}"] = (pl.col("_acted_bits") & (1 << i)) != 0
    return flags


def _with_flags(
    frame: pl.DataFrame, seats: list[int], history: dict[str, pl.Expr], bring_in: bool
) -> tuple[pl.DataFrame, list[str]]:
    """`frame` with the previous-row columns and what `history` needs to add `_folded_<s>` and
    `_acted_<s>` (added to `history`); also the scratch columns added besides _previous_row.
    `bring_in`: the slice has a bring-in (its poster has acted, _acts)."""
    if not 0 < len(seats) <= MAX_BIT_SEATS:
        for s in seats:
            history |= _carried_flags(s, bring_in)
        return frame.with_columns(**_previous_row()), []
    history |= _flags_from_bits(seats)
    frame = frame.with_columns(_bit=_seat_bit(seats))
    frame = frame.with_columns(**_previous_row(), **_first_rows(bring_in))
    return frame.with_columns(**_flag_bits()), ["_bit", *_first_rows(bring_in), *_flag_bits()]


def _carried_flags(s: int, bring_in: bool) -> dict[str, pl.Expr]:
    """`_folded_<s>` and `_acted_<s>` as forward fills of seat s's own rows (the plain form of
    _flag_bits + _flags_from_bits, used when the seats do not fit in the bits)."""
    after_s, acting = pl.col("_prev_seat") == s, pl.col("_active")
    folded_row = after_s & (acting & pl.col("is_fold")).shift(1)
    acts = _acts() if bring_in else pl.col("is_betting")
    betting_row = after_s & (acting & acts).shift(1)
    yes, no = pl.lit(True), pl.lit(False)
    return {
        f"_folded_{s}": _carried("hand_number", no, folded_row, yes),
        f"_acted_{s}": _carried("street_number", no, betting_row, yes),
    }


def _carried(gid: str, start: pl.Expr, seat_row: pl.Expr, value: pl.Expr) -> pl.Expr:
    """`start` on the group's first row, `value` after a row of the seat, carried forward.

    Same as windows.prev_or on the seat's own rows, with the shift done once for all seats.
    """
    return pl.when(is_first(gid)).then(start).when(seat_row).then(value).forward_fill()


def _seat_history(s: int) -> dict[str, pl.Expr]:
    """What seat `s`'s own earlier rows say before each row (forward fills of those rows):
    chips behind, live commitment on the street (folded and acted: _flag_bits)."""
    after_s = pl.col("_prev_seat") == s
    after_mine = after_s & pl.col("_prev_active")
    stack = pl.col(f"stack_{s}").fill_null(0)
    return {
        f"_behind_{s}": _carried(
            "hand_number", stack, after_s & pl.col("_prev_counted"), pl.col("_prev_remaining")
        ),
        f"_committed_{s}": _carried(
            "street_number", pl.lit(0), after_mine, pl.col("_prev_committed")
        ),
    }


def _seat_state(s: int) -> dict[str, pl.Expr]:
    """The state of seat `s` before each row, from its history columns (_seat_history).

    Two steps because each history column feeds several of these: computed once as a column,
    not once per use (eager with_columns does no common-subexpression elimination).
    """
    live = pl.col(f"stack_{s}").is_not_null() & ~pl.col(f"_folded_{s}")
    return {f"_live_{s}": live, f"_chips_{s}": live & (pl.col(f"_behind_{s}") > 0)}


def _street_start_seat(stud: bool) -> pl.Expr:
    """The seat before the first actor by the round's first-actor rule (the game table): the
    last straddle or the BB (else the SB) in a round that starts after the big blind (preflop,
    pre-draw), the stud seat of the up cards (`_stud_start`, showing.start_seat) in a slice
    with a stud hand, the button in the others."""
    preflop_seat = pl.coalesce("last_straddle_seat", "bb_seat", "sb_seat", "button_seat")
    actor = pl.col("game_first_actor")
    chain: Then | ChainedThen = pl.when(actor == AFTER_BIG_BLIND).then(preflop_seat)
    if stud:
        chain = chain.when(actor.is_in(STUD_ACTORS)).then(pl.col("_stud_start"))
    return chain.otherwise(pl.col("button_seat"))


def turn_pass(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    """Adds n_live, n_with_chips, nobody_owes (any action now is void), round_open (the street
    may not end yet), call_cap, previous_actor and expected_seat."""
    history: dict[str, pl.Expr] = {}
    base: dict[str, pl.Expr] = {}
    for s in seats:
        history |= _seat_history(s)
        base |= _seat_state(s)
    bring_in = bool(frame.get_column("is_bring_in").any())
    frame, bits = _with_flags(frame.with_columns(_active=active()), seats, history, bring_in)
    frame = frame.with_columns(**history).with_columns(**base)
    stud = has_showing(frame, seats)
    if stud:
        frame = frame.with_columns(_stud_start=start_seat(seats))

    def count(prefix: str) -> pl.Expr:
        return count_true([pl.col(f"_{prefix}_{s}") for s in seats])

    def anyone(prefix: str) -> pl.Expr:
        return any_true([pl.col(f"_{prefix}_{s}") for s in seats])

    frame = frame.with_columns(n_live=count("live"), n_with_chips=count("chips"))
    # every cap is the current bet but on the few rows capped_rows computes and writes back
    positions, capped = capped_rows(frame, seats)
    owing: dict[str, pl.Expr] = {}
    for s in seats:
        owing |= seat_owing(s, pl.col("current_bet"))
    owing = {name: expr for name, expr in owing.items() if "_needs_" not in name}
    frame = frame.with_columns(**owing)
    frame = written_back(frame, positions, capped.select(f"_owes_{s}" for s in seats))
    acts = _acts() if bring_in else pl.col("is_betting")  # the bring-in's poster is an actor
    acting = active() & acts & ~pl.col("site_kill") & ~_pool_fold()
    frame = frame.with_columns(
        call_cap=pl.when(pl.col("seat").is_in(seats)).then(pl.col("current_bet")),
        _anyone_owes=anyone("owes"),
        _anyone_matched=anyone("matched"),
        previous_actor=prev_ffill_in(
            pl.when(acting).then(pl.col("seat")), "street_number"
        ).fill_null(_street_start_seat(stud)),
    )
    # with every cap the current bet, "needs" is "owes" (seat_owing)
    frame = frame.with_columns(_anyone_needs=pl.col("_anyone_owes"))
    frame = written_back(frame, positions, capped.select(CAPPED_OUTPUTS))
    # the one player with chips has matched the bet (a matched seat has chips, so with one
    # seat with chips "anyone matched" is "that seat matched")
    closed = (
        (pl.col("n_live") <= 1)
        | (pl.col("n_with_chips") == 0)
        | ((pl.col("n_with_chips") == 1) & pl.col("_anyone_matched"))
    )
    frame = frame.with_columns(
        nobody_owes=closed | ~pl.col("_anyone_owes"),
        round_open=~closed & pl.col("_anyone_needs"),
        _after=after_previous(ring),
    )
    frame = frame.with_columns(expected_seat=_expected_seat(seats, ring))
    scratch = ["_anyone_owes", "_anyone_matched", "_anyone_needs", "_active", "_after"]
    scratch += [*_previous_row(), *bits, *history, *base]
    scratch += [*owing, *(["_stud_start"] if stud else [])]
    return frame.drop(scratch)


def _pool_fold() -> pl.Expr:
    """A fold in a fast-fold pool (hands.is_fast_fold): the player may fold before his turn,
    so a fold never moves the turn there. The next actor is the first owing seat after the last
    actor who did not fold, which is the D-9 seat whenever the folds came in turn (a folded
    seat owes nothing), and stays the D-9 seat after an early fold."""
    return pl.col("is_fold") & pl.col("is_fast_fold").fill_null(False)


def after_previous(ring: int) -> pl.Expr:
    """The previous actor's seat mod `ring` (floor mod): the column `_after` that
    _expected_seat's chain reads."""
    return pl.col("previous_actor").cast(pl.Int64) % ring


def _expected_seat(seats: list[int], ring: int) -> pl.Expr:
    """First seat clockwise after the previous actor that owes action (null when nobody does).

    `ring` is any number > every seat number in play (seats and buttons): seats 0..ring-1.
    """
    previous = pl.col("previous_actor").cast(pl.Int64)
    if min(seats, default=0) < 0:
        return _expected_seat_by_distance(seats, ring, previous)
    # With every seat in 0..ring-1 and p = previous mod ring (the column `_after`: computed
    # once, not in each branch), the seat at the least clockwise distance is the lowest owing
    # seat above p, else the lowest owing seat: one when/then chain, cheaper than a distance
    # per seat and a horizontal min.
    after = pl.col("_after")
    chain: Then | ChainedThen = pl.when(pl.lit(False)).then(pl.lit(None, pl.Int16))
    for s in seats:
        chain = chain.when(pl.col(f"_owes_{s}") & (after < s)).then(pl.lit(s, pl.Int16))
    for s in seats:
        chain = chain.when(pl.col(f"_owes_{s}")).then(pl.lit(s, pl.Int16))
    return pl.when(~pl.col("nobody_owes") & previous.is_not_null()).then(chain)


def _expected_seat_by_distance(seats: list[int], ring: int, previous: pl.Expr) -> pl.Expr:
    """_expected_seat for any seat numbers: the clockwise distance of each owing seat."""
    distance = pl.min_horizontal(
        [pl.when(pl.col(f"_owes_{s}")).then((s - previous - 1) % ring) for s in seats]
    )
    position = (previous + 1 + distance) % ring
    return pl.when(~pl.col("nobody_owes")).then(seat_at(position, seats, ring).cast(pl.Int16))


def seat_at(position: pl.Expr, seats: list[int], ring: int) -> pl.Expr:
    """The seat number at a ring position: a position from ring + min(seats) up is the seat
    of unknown number position - ring (build._ring puts seat -k at ring - k)."""
    unknown = ring + min([0, *seats])
    return pl.when(position >= unknown).then(position - ring).otherwise(position)
