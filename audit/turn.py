"""Whose turn it is (D-9), as columns: one small block of columns per seat number.

For every row and every seat s of the table the state of s before the row is a forward fill of
s's own rows (folded, chips behind, live commitment, acted). From those: who still owes action,
whether nobody does (the round is closed), and the expected actor: the first seat clockwise after
the previous actor that owes action. The Python loop is over seat numbers (at most ten), building
expressions; every expression runs over whole columns.
"""

from __future__ import annotations

import polars as pl

from audit.prepare import BETTING, DEAD_POSTS, LIVE_POSTS
from audit.state import PREFLOP, active
from audit.windows import is_first, prev_ffill_in

PLAYING_KINDS = BETTING + LIVE_POSTS + DEAD_POSTS


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
    hands = absent.get_column("hand_key").unique().implode()
    playing = actions.filter(pl.col("hand_key").is_in(hands) & pl.col("kind").is_in(PLAYING_KINDS))
    pairs = playing.select("hand_key", "seat")
    return absent.join(pairs, on=["hand_key", "seat"], how="semi").get_column("_i")


def seat_numbers(seat_frame: pl.DataFrame) -> list[int]:
    return sorted(int(c.removeprefix("stack_")) for c in seat_frame.columns if c != "hand_key")


def _previous_row() -> dict[str, pl.Expr]:
    """What the previous row did, shifted once for all seats (_seat_history reads these)."""
    acting = pl.col("_active")
    return {
        "_prev_seat": pl.col("seat").shift(1),
        "_prev_active": acting.shift(1),
        "_prev_counted": (~pl.col("void")).shift(1),
        "_prev_fold": (acting & pl.col("is_fold")).shift(1),
        "_prev_betting": (acting & pl.col("is_betting")).shift(1),
        "_prev_remaining": pl.col("remaining_after").shift(1),
        "_prev_committed": pl.col("committed_after").shift(1),
    }


def _carried(gid: str, start: pl.Expr, seat_row: pl.Expr, value: pl.Expr) -> pl.Expr:
    """`start` on the group's first row, `value` after a row of the seat, carried forward.

    Same as windows.prev_or on the seat's own rows, with the shift done once for all seats.
    """
    return pl.when(is_first(gid)).then(start).when(seat_row).then(value).forward_fill()


def _seat_history(s: int) -> dict[str, pl.Expr]:
    """What seat `s`'s own earlier rows say before each row (forward fills of those rows):
    folded, chips behind, live commitment on the street, acted on the street."""
    after_s = pl.col("_prev_seat") == s
    after_mine = after_s & pl.col("_prev_active")
    stack = pl.col(f"stack_{s}").fill_null(0)
    yes, no = pl.lit(True), pl.lit(False)
    return {
        f"_folded_{s}": _carried("h_gid", no, after_s & pl.col("_prev_fold"), yes),
        f"_behind_{s}": _carried(
            "h_gid", stack, after_s & pl.col("_prev_counted"), pl.col("_prev_remaining")
        ),
        f"_committed_{s}": _carried("s_gid", pl.lit(0), after_mine, pl.col("_prev_committed")),
        f"_acted_{s}": _carried("s_gid", no, after_s & pl.col("_prev_betting"), yes),
    }


def _seat_state(s: int) -> dict[str, pl.Expr]:
    """The state of seat `s` before each row, from its history columns (_seat_history).

    Two steps because each history column feeds several of these: computed once as a column,
    not once per use (eager with_columns does no common-subexpression elimination).
    """
    live = pl.col(f"stack_{s}").is_not_null() & ~pl.col(f"_folded_{s}")
    behind, committed = pl.col(f"_behind_{s}"), pl.col(f"_committed_{s}")
    return {
        f"_live_{s}": live,
        f"_chips_{s}": live & (behind > 0),
        f"_allin_{s}": pl.when(live).then(committed + behind),
    }


def _contestable(seats: list[int]) -> dict[str, pl.Expr]:
    """`_cap_<s>`: the most seat s can be asked to match: the current bet, or less when every
    other live player is all-in below it (chips above that would come straight back uncalled;
    PokerStars lets the small blind complete only to the all-in players' level, e.g.
    fpdb-3/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt, hand 25234313412)."""
    allins = [pl.col(f"_allin_{s}") for s in seats]
    top, lone_top = pl.col("_top"), pl.col("_at_top") == 1
    caps = {}
    for s, mine in zip(seats, allins, strict=True):
        # min(current bet, second) for the lone top all-in, else min(current bet, top)
        below_second = (mine == top) & lone_top
        caps[f"_cap_{s}"] = pl.when(below_second).then("_cb_second").otherwise("_cb_top")
    return caps


def _owing(s: int) -> dict[str, pl.Expr]:
    """Seat s owes action if it has not acted, or has acted below what it can be asked to match
    (D-9 with the contestable cap); "matched" (the lone player with chips) is against the bet."""
    chips, committed, cap = (pl.col(f"_{name}_{s}") for name in ("chips", "committed", "cap"))
    acted = pl.col(f"_acted_{s}")
    return {
        f"_owes_{s}": chips & (~acted | (committed < cap)),
        f"_matched_{s}": chips & (committed >= pl.col("current_bet")),
        # must act before the street may end: an unacted player who already matches every
        # all-in opponent below the bet may act (a fold, vector D24) but need not (Bovada HU:
        # fpdb-3/cash/LHE-2max-USD - $30-$60 - 201301.HU.all.in.big.txt)
        f"_needs_{s}": chips & ((committed < cap) | (~acted & (cap >= pl.col("current_bet")))),
    }


def _street_start_seat() -> pl.Expr:
    """The seat before the first actor: last straddle or the BB (else the SB) preflop, the
    button after."""
    preflop_seat = pl.coalesce("last_straddle_seat", "bb_seat", "sb_seat", "button_seat")
    return pl.when(PREFLOP).then(preflop_seat).otherwise(pl.col("button_seat"))


def turn_pass(frame: pl.DataFrame, seats: list[int], ring: int) -> pl.DataFrame:
    """Adds n_live, n_with_chips, nobody_owes (any action now is void), round_open (the street
    may not end yet), call_cap, previous_actor and expected_seat."""
    history: dict[str, pl.Expr] = {}
    base: dict[str, pl.Expr] = {}
    for s in seats:
        history |= _seat_history(s)
        base |= _seat_state(s)
    frame = frame.with_columns(_active=active()).with_columns(**_previous_row())
    frame = frame.with_columns(**history).with_columns(**base)
    allins = [pl.col(f"_allin_{s}") for s in seats]
    frame = frame.with_columns(_top=pl.max_horizontal(allins))
    frame = frame.with_columns(
        _second=pl.max_horizontal([pl.when(a < pl.col("_top")).then(a) for a in allins]),
        _at_top=pl.sum_horizontal(
            [(a == pl.col("_top")).fill_null(False).cast(pl.Int32) for a in allins]
        ),
    )
    frame = frame.with_columns(
        _cb_top=pl.min_horizontal("current_bet", "_top"),
        _cb_second=pl.min_horizontal("current_bet", "_second"),
    )
    caps = _contestable(seats)
    frame = frame.with_columns(**caps)
    owing: dict[str, pl.Expr] = {}
    for s in seats:
        owing |= _owing(s)
    frame = frame.with_columns(**owing)

    def count(prefix: str) -> pl.Expr:
        return pl.sum_horizontal([pl.col(f"_{prefix}_{s}").cast(pl.Int32) for s in seats])

    acting = active() & pl.col("is_betting") & ~pl.col("site_kill")
    frame = frame.with_columns(
        n_live=count("live"),
        n_with_chips=count("chips"),
        _n_owes=count("owes"),
        _n_matched=count("matched"),
        _n_needs=count("needs"),
        call_cap=pl.coalesce(
            [pl.when(pl.col("seat") == s).then(pl.col(f"_cap_{s}")) for s in seats]
        ),
        previous_actor=prev_ffill_in(pl.when(acting).then(pl.col("seat")), "s_gid").fill_null(
            _street_start_seat()
        ),
    )
    closed = (
        (pl.col("n_live") <= 1)
        | (pl.col("n_with_chips") == 0)
        | ((pl.col("n_with_chips") == 1) & (pl.col("_n_matched") == 1))
    )
    frame = frame.with_columns(
        nobody_owes=closed | (pl.col("_n_owes") == 0),
        round_open=~closed & (pl.col("_n_needs") > 0),
    )
    frame = frame.with_columns(expected_seat=_expected_seat(seats, ring))
    scratch = ["_n_owes", "_n_matched", "_n_needs", "_top", "_second", "_at_top", "_active"]
    scratch += ["_cb_top", "_cb_second"]
    return frame.drop([*scratch, *_previous_row(), *history, *base, *caps, *owing])


def _expected_seat(seats: list[int], ring: int) -> pl.Expr:
    """First seat clockwise after the previous actor that owes action (null when nobody does).

    `ring` is any number > every seat number in play (seats and buttons): seats 0..ring-1.
    """
    previous = pl.col("previous_actor").cast(pl.Int64)
    if min(seats, default=0) < 0:
        return _expected_seat_by_distance(seats, ring, previous)
    # With every seat in 0..ring-1 and p = previous mod ring (floor mod, as `%`), the seat at
    # the least clockwise distance is the lowest owing seat above p, else the lowest owing seat:
    # one when/then chain, about 4x cheaper than a distance per seat and a horizontal min.
    after = previous % ring
    chain = pl.when(pl.lit(False)).then(pl.lit(None, pl.Int16))
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
    seat = (previous + 1 + distance) % ring
    return pl.when(~pl.col("nobody_owes")).then(seat.cast(pl.Int16))
