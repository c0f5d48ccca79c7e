"""Fixed-limit state: the bet u (RULES.md D-11's unit), the counted level L and the bet count K
(D-11, D-12).

L is the current bet after the last wager that "counted" (it rose at least
`fl_reopen_fraction` x u over the L before it); sub-fraction all-ins are action only. Whether a
wager counts depends on the L before it, so L is settled by a bounded fixed-point iteration over
whole columns: start with "every raise counts", recompute L from the counting wagers, recompute
which count, and stop when nothing changes. Each round fixes at least the next wager of every
street, so the number of rounds is bounded by the most wagers on one street.
"""

from __future__ import annotations

import polars as pl

from audit.state.passes import BLIND_ROUND, active
from audit.state.windows import prev_any_in, prev_ffill_in, prev_max_in, prev_sum_in

IS_FL = pl.col("structure") == "FL"


def _small() -> pl.Expr:
    return pl.coalesce("small_bet", "big_blind")


def _big() -> pl.Expr:
    return pl.coalesce("big_bet", _small() * 2)


def bet_size(open_pair: bool = False) -> pl.Expr:
    """u: the round's bet in the game table: the small bet preflop and on the flop, the big
    bet on the turn and river (stud: 3rd-4th small, 5th-7th big; draw: RULES.md §13.1). With
    `open_pair` (a slice with an S-6 round), the big bet after a big wager of an open-pair
    round (`_open_big`, _open_pair_columns)."""
    big_round = pl.col("game_big_bet")
    if open_pair:
        big_round = big_round | pl.col("_open_big")
    return pl.when(big_round).then(_big()).otherwise(_small())


def _open_pair_round() -> pl.Expr:
    """S-6: 7 Card Stud high's 4th street (game_open_pair), a pair showing, the option set. Up
    cards the log does not show may hold a pair: the big bet is then allowed (not provable)."""
    chosen = pl.col("opt_stud_open_pair_big_bet")
    return pl.col("game_open_pair") & chosen & pl.col("open_pair_shown").fill_null(True)


def _open_pair_columns(frame: pl.DataFrame) -> tuple[pl.DataFrame, bool]:
    """`_open_pair` (the row's round allows the big bet, S-6) and `_open_big` (a wager of that
    round raised by more than the small bet before the row: the raises are big from then on),
    and whether any row of the slice is in such a round. A slice without one (every hold'em,
    draw, razz and stud/8 slice, or the option off) gets neither column."""
    if not frame.get_column("game_open_pair").any():
        return frame, False
    frame = frame.with_columns(_open_pair=_open_pair_round().fill_null(False))
    if not frame.get_column("_open_pair").any():
        return frame.drop("_open_pair"), False
    big_wager = (
        active()
        & pl.col("is_raise")
        & (pl.col("committed_after") - pl.col("current_bet") > _small())
    )
    opened_big = pl.col("_open_pair") & prev_any_in(big_wager, "street_number")
    return frame.with_columns(_open_big=opened_big), True


def _bring_in_level(frame: pl.DataFrame) -> pl.Expr | None:
    """S-4: on the bring-in round the 50 % rule of a completion is measured from the bring-in
    (the bring-in's total before the row, 0 before it); None for a slice without a bring-in."""
    if not frame.get_column("is_bring_in").any():
        return None
    posted = pl.when(active() & pl.col("is_bring_in")).then(pl.col("committed_after"))
    return prev_max_in(posted, "street_number")


def _level_start() -> pl.Expr:
    """L at the street start: the opening current bet preflop (BB or straddle), 0 after."""
    opening = pl.max_horizontal(
        pl.when(pl.col("opt_short_bb_call_full")).then(pl.col("big_blind")).otherwise(0),
        pl.col("max_live_post"),
    )
    return pl.when(BLIND_ROUND).then(opening).otherwise(0)


def _count_start() -> pl.Expr:
    """K at the street start: the BB counts as the opening bet preflop, straddles as raises."""
    return pl.when(BLIND_ROUND).then(1 + pl.col("straddle_count")).otherwise(0)


def _reaches(amount: pl.Expr) -> pl.Expr:
    """amount >= fl_reopen_fraction x u, in integers."""
    return amount * pl.col("opt_reopen_den") >= pl.col("fl_bet") * pl.col("opt_reopen_num")


def _level_before(counts: str) -> pl.Expr:
    """L before the row: the total of the last counted wager (`fl_half_allin_level = "allin"`).

    With "full_bet" a counted all-in short of a full bet sets L as a full bet would: L is at
    least the street start plus one unit per counted wager (iPoker, Bovada).
    """
    level = pl.when(pl.col(counts)).then(pl.col("committed_after"))
    by_allin = prev_ffill_in(level, "street_number").fill_null(_level_start())
    bets = prev_sum_in(pl.col(counts).cast(pl.Int64), "street_number")
    by_bets = pl.max_horizontal(by_allin, _level_start() + bets * pl.col("fl_bet"))
    full_bet = pl.col("opt_fl_half_allin_level") == "full_bet"
    return pl.when(full_bet).then(by_bets).otherwise(by_allin)


def counted_somewhere(frame: pl.DataFrame, flag: pl.Expr) -> bool:
    """Whether `flag` holds on some row of `frame` (null counts as false). Without such a row
    the windows over it are constants: no row counted before any row (the NL, PL and capped
    slices: no FL raise counts)."""
    return bool(frame.select(flag.any()).item())


def settle_level(frame: pl.DataFrame) -> pl.DataFrame:
    """Adds fl_bet, fl_level (L before the row), fl_counts (the wager counted)."""
    raising = IS_FL & pl.col("is_raise")
    frame, open_pair = _open_pair_columns(frame)
    frame = frame.with_columns(fl_bet=bet_size(open_pair), fl_counts=raising)
    if not counted_somewhere(frame, pl.col("fl_counts")):
        # nothing counted: L is the street start on every row (_level_before's fill)
        return frame.with_columns(fl_level=_level_start().cast(pl.Int64))
    bring_in = _bring_in_level(frame)
    if bring_in is not None:
        frame = frame.with_columns(_bring_in_level=bring_in)
    rounds = int(frame.select(raising.cast(pl.Int64)).to_series().sum()) + 1
    for _ in range(rounds):
        level = _level_before("fl_counts")
        if bring_in is not None:
            level = pl.max_horizontal(level, "_bring_in_level")
        counts = raising & _reaches(pl.col("committed_after") - level)
        updated = frame.with_columns(fl_counts=counts)
        if updated.get_column("fl_counts").equals(frame.get_column("fl_counts")):
            break
        frame = updated
    return frame.with_columns(fl_level=_level_before("fl_counts"))


def fl_limits(frame: pl.DataFrame) -> pl.DataFrame:
    """Adds fl_count (K before), fl_required (the one legal amount), fl_reopened, fl_capped."""
    frame = settle_level(frame)
    always = pl.col("opt_fl_short_allin_counts_to_cap") == "always"
    counted = pl.when(always).then(pl.col("is_raise")).otherwise(pl.col("fl_counts"))
    # without a counted row no bet was counted before any row (the sums are 0)
    any_counted = counted_somewhere(frame, counted)
    before = (
        prev_sum_in(counted.cast(pl.Int64), "street_number") if any_counted else pl.lit(0, pl.Int64)
    )
    frame = frame.with_columns(fl_count=_count_start() + before)
    cap = 1 + pl.col("opt_fl_max_raises")
    reached_with_three = counted & (pl.col("fl_count") + 1 >= cap) & (pl.col("n_with_chips") >= 3)
    from_level = pl.col("opt_fl_short_allin_completion") == "complete_to_level"
    base = pl.when(from_level).then(pl.col("fl_level")).otherwise(pl.col("current_bet"))
    last_counted = prev_ffill_in(
        pl.when(pl.col("is_raise")).then(pl.col("fl_counts")), "street_number"
    )
    scope_ok = (pl.col("opt_fl_reopen_scope") == "facing") | last_counted.fill_null(True)
    heads_up_rule = pl.col("opt_fl_cap_heads_up")
    # reached_with_three implies counted
    earlier_three = _prev_any(reached_with_three) if any_counted else pl.lit(False)
    lifted = (
        pl.when(heads_up_rule == "uncapped_when_two_dealt")
        .then(pl.col("n_dealt") == 2)
        .when(heads_up_rule == "uncapped_when_heads_up")
        .then((pl.col("n_with_chips") <= 2) & ~earlier_three)
        .otherwise(False)
    )
    reopened = _reaches(pl.col("to_call")) & scope_ok
    if "_bring_in_level" in frame.columns:
        reopened = reopened | _facing_completion()
    frame = frame.with_columns(
        fl_required=base + pl.col("fl_bet"),
        fl_reopened=reopened,
        fl_capped=(pl.col("fl_count") >= cap) & ~lifted,
    )
    frame = frame.with_columns(fl_complete_to=_allin_completion(frame))
    if "_open_pair" not in frame.columns:
        frame = frame.drop("_bring_in_level", strict=False)
        return frame.with_columns(fl_open_pair_to=pl.lit(None, pl.Int64))
    # S-6: before a big wager of an open-pair round, the big bet is legal too
    big_allowed = pl.col("_open_pair") & ~pl.col("_open_big")
    frame = frame.with_columns(fl_open_pair_to=pl.when(big_allowed).then(base + _big()))
    return frame.drop("_open_pair", "_open_big", "_bring_in_level", strict=False)


def _allin_completion(frame: pl.DataFrame) -> pl.Expr:
    """Option fl_allin_completion: after a counted all-in short of a full bet (D-12: at least
    half a unit over L, less than L + u), the full bet it fell short of is legal too, until the
    next counted wager (PokerStars: "raises 30 to 180" after an all-in to 150 over 120, unit
    60). Null elsewhere, and a null column where no row of the slice can have it."""
    chosen = pl.col("opt_fl_allin_completion")
    if not (frame.get_column("opt_fl_allin_completion").any() and frame["fl_counts"].any()):
        return pl.lit(None, pl.Int64)
    full = pl.col("fl_level") + pl.col("fl_bet")
    all_in = pl.col("committed_after") == pl.col("allin_to")
    short = pl.col("fl_counts") & all_in & (pl.col("committed_after") < full)
    # the last counted wager before the row: a short all-in (its full bet) or a full one (0)
    target = prev_ffill_in(
        pl.when(short).then(full).when(pl.col("fl_counts")).then(0), "street_number"
    )
    return pl.when(chosen & (target > pl.col("current_bet"))).then(target)


def _facing_completion() -> pl.Expr:
    """S-4: on the bring-in round a player who only matched the bring-in faces the round's
    opening bet once a completion counted (K >= 1): the betting is reopened for him, whatever
    the bring-in's share of the small bet (D-13 alone needs the bring-in below half of it)."""
    bring_in = pl.col("_bring_in_level")
    return (bring_in > 0) & (pl.col("committed_before") <= bring_in) & (pl.col("fl_count") >= 1)


def _prev_any(flag: pl.Expr) -> pl.Expr:
    return prev_sum_in((active() & flag).cast(pl.Int64), "street_number") > 0
