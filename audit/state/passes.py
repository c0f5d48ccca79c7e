"""The betting state before every action, computed once as whole-column expressions.

Two passes over the prepared frame (prepare.py), both driven by the `void` column (actions
flagged ACT-FOLDED / ACT-ALLIN / ACT-CLOSED change nothing; see void.py for the bounded
fixed-point iteration that settles it):

* the player pass, sorted by (hand, seat, street, order): the actor's live commitment before and
  after the action (`committed_before`, `committed_after`, D-2), chips behind (`stack_before`,
  D-3), `allin_to`, whether he already acted on the street (D-8) or folded;
* the street pass, sorted by (hand, street, order): the current bet `current_bet` (D-4), the last
  full increment `full_increment` (D-6), `to_call`, `pot_before` and the pot-limit maximum
  (D-14, B-4); with option `short_allin_bet = "complete_to_minimum"`, the short opening of a
  street (`short_open`, `opened_to`: `_short_opening`).

RULES.md §3: "CB is a cumulative max of `to`, c[p] a per-player cumulative sum, F a cumulative
max of increments floored at F_start, acted = player has an earlier action in this street,
P = pot at street start + cumulative chips".
"""

from __future__ import annotations

import polars as pl

from audit.state.windows import (
    cumsum_in,
    group_ids,
    is_first,
    prev_any_in,
    prev_max_in,
    prev_sum_in,
    seat_key,
    shift_in,
)

#: The round with the forced bets (preflop in the board games: the game table, game_rounds.py).
FIRST_ROUND = pl.col("game_first_round")
#: The first round of a game whose forced bets are blinds (preflop, pre-draw): the BB floor of
#: the current bet, F at the start, the pot-limit nominal blinds (stud's 3rd street has none).
BLIND_ROUND = pl.col("game_blind_round")


def active() -> pl.Expr:
    """Rows that change the state: every real row except void ones."""
    return ~pl.col("void") & ~pl.col("is_sentinel")


#: The columns the player pass reads (it sorts only these, not the whole wide frame; the hand
#: is its dense id hand_number: runs of hand_number are runs of hand_key).
PLAYER_INPUTS = (
    "hand_number",
    "seat",
    "street",
    "void",
    "is_sentinel",
    "is_wager",
    "is_live_post",
    "is_dead_post",
    "is_call",
    "is_fold",
    "is_betting",
    "is_return",
    "to_amount",
    "chips",
    "stack",
    "sitting_out",
)


def _commit_adds() -> pl.Expr:
    """Chips a live post or a call adds to the street commitment."""
    adds = pl.col("is_live_post") | pl.col("is_call")
    return pl.when(active() & adds).then(pl.col("chips")).otherwise(0)


def _turn_acted_before() -> pl.Expr:
    """acted[p] for whose turn it is (D-9): acted_before, or the player posted the bring-in
    earlier on the street (S-3: the bring-in gets no option when everyone only calls it). A
    slice without a bring-in reads acted_before itself (player_pass)."""
    brought_in = active() & (pl.col("is_betting") | pl.col("is_bring_in"))
    return prev_any_in(brought_in, "player_street_number")


def _site_kill() -> pl.Expr:
    """A "fold" recorded for an all-in player the log marks sitting out: the site kills the
    absent player's hand (PokerStars, e.g. fpdb-3/tour/NLHE-play-STT-2000.201202.allin.blind.txt:
    the sitting-out BB posts all-in, then "folds"). It folds him but is not his action."""
    return (
        pl.col("is_fold")
        & pl.col("sitting_out").fill_null(False)
        & (pl.col("remaining_before") <= 0)
    )


def player_pass(frame: pl.DataFrame) -> pl.DataFrame:
    """Per-actor commitments, stack and acted/folded flags (see module docstring)."""
    wager = active() & pl.col("is_wager")
    whole = frame
    # already in (hand, street, order) order: a stable sort on (hand, seat) gives (hand, seat,
    # street, order) order at less cost than sorting on the four columns
    bring_in = frame.get_column("is_bring_in").any()  # stud: a bring-in in the slice
    inputs = (*PLAYER_INPUTS, "is_bring_in") if bring_in else PLAYER_INPUTS
    frame = frame.select(*inputs, _pos=pl.int_range(pl.len(), dtype=pl.Int64))
    frame = frame.sort(seat_key("hand_number"), maintain_order=True)
    frame = frame.with_columns(
        player_number=group_ids("hand_number", "seat"),
        player_street_number=group_ids("hand_number", "seat", "street"),
    )
    frame = frame.with_columns(
        wager_segment=(is_first("player_street_number") | wager).cast(pl.Int64).cum_sum(),
        _base=pl.when(wager)
        .then(pl.col("to_amount"))
        .when(is_first("player_street_number"))
        .then(0)
        .forward_fill(),
        _adds=_commit_adds(),
    )
    frame = frame.with_columns(
        _raw_after=pl.col("_base") + cumsum_in(pl.col("_adds"), "wager_segment")
    ).with_columns(
        committed_before=shift_in(pl.col("_raw_after"), "player_street_number").fill_null(0)
    )
    dead = pl.when(active() & pl.col("is_dead_post")).then(pl.col("chips")).otherwise(0)
    returned = pl.when(pl.col("is_return")).then(pl.col("chips")).otherwise(0)
    frame = frame.with_columns(
        _chips_raw=pl.col("_raw_after") - pl.col("committed_before") + dead - returned,
        _dead=dead,
        _returned=returned,
    )
    frame = frame.with_columns(
        remaining_before=pl.col("stack") - prev_sum_in(pl.col("_chips_raw"), "player_number"),
        acted_before=prev_any_in(active() & pl.col("is_betting"), "player_street_number"),
        folded_before=prev_any_in(active() & pl.col("is_fold"), "player_number"),
    )
    # one place in the column order whatever the slice (void.py re-runs subsets and stacks them)
    turn_acted = _turn_acted_before() if bring_in else pl.col("acted_before")
    frame = frame.with_columns(turn_acted_before=turn_acted)
    stack_before = pl.col("remaining_before").clip(lower_bound=0)
    frame = frame.with_columns(
        stack_before=stack_before,
        allin_to=pl.col("committed_before") + stack_before,
        site_kill=_site_kill(),
    )
    changes_commitment = active() & (pl.col("is_live_post") | pl.col("is_call") | wager)
    frame = frame.with_columns(
        committed_after=pl.when(changes_commitment)
        .then(pl.min_horizontal("_raw_after", "allin_to"))
        .otherwise(pl.col("committed_before")),
        remaining_after=(pl.col("remaining_before") - pl.col("_chips_raw")).clip(lower_bound=0),
    )
    moved = pl.col("committed_after") - pl.col("committed_before") + pl.col("_dead")
    frame = frame.with_columns(moved=moved - pl.col("_returned"), chips_in=moved)
    drop = [
        "player_number",
        "player_street_number",
        "wager_segment",
        "_base",
        "_adds",
        "_raw_after",
        "_chips_raw",
        "_dead",
    ]
    computed = frame.drop([*drop, "_returned", "_pos", *inputs]).columns
    back = in_input_order(frame.select(computed), frame.get_column("_pos"))
    return whole.drop(computed, strict=False).hstack(back)


def in_input_order(frame: pl.DataFrame, positions: pl.Series) -> pl.DataFrame:
    """`frame` put back in input order, `positions` being each row's input position (a
    permutation of 0..n-1). A scatter builds the inverse permutation, then one gather of the
    kept columns, rather than sorting the whole pass frame (~35 columns) by `row`."""
    count = positions.len()
    inverse = pl.zeros(count, dtype=pl.Int64, eager=True).scatter(
        positions, pl.int_range(count, dtype=pl.Int64, eager=True)
    )
    return frame[inverse]


def _full_increment_start() -> pl.Expr:
    """F at the street start (D-6): the BB, or the straddle where the options say so."""
    straddled = pl.col("straddle_amount") > 0
    bb = pl.col("big_blind")
    straddle = pl.max_horizontal(bb, pl.col("straddle_amount"))
    preflop = pl.when(pl.col("opt_straddle_sets_min_raise") & straddled).then(straddle)
    postflop = pl.when(pl.col("opt_straddle_sets_postflop_min_bet") & straddled).then(straddle)
    return pl.when(BLIND_ROUND).then(preflop.otherwise(bb)).otherwise(postflop.otherwise(bb))


def _largest_increment(increment: pl.Expr) -> pl.Expr:
    """The largest increment of the street before the row, null before the first: with the
    stakes unknown (audit/state/stakes.py, ambiguous) F is then unknown, not 0."""
    largest = prev_max_in(increment, "street_number")
    return pl.when(largest > 0).then(largest)


def _current_bet_floor() -> pl.Expr:
    """Preflop the current bet is never below the nominal BB (option short_bb_call_full)."""
    return pl.when(BLIND_ROUND & pl.col("opt_short_bb_call_full")).then(pl.col("big_blind"))


#: The structures option short_allin_bet applies to (B-1: big-bet games).
BIG_BET = ("NL", "PL", "CAP")


def _completes_short_bets() -> pl.Expr:
    """Option short_allin_bet = "complete_to_minimum", on a postflop big-bet street."""
    chosen = pl.col("opt_short_allin_bet") == "complete_to_minimum"
    return chosen & ~FIRST_ROUND & pl.col("structure").is_in(BIG_BET)


def _short_opening(frame: pl.DataFrame) -> tuple[pl.DataFrame, bool]:
    """`short_open` and `opened_to`, and whether any row of the slice needs them.

    Option short_allin_bet = "complete_to_minimum" (docs/options.md): an all-in bet below the
    minimum bet (F at the street start, B-1) is no bet for the minimum. Until a wager of the
    street reaches the minimum bet (`short_open` before the row), increments are measured from
    0, the minimum raise-to is the minimum bet, and a player who already acted and faces chips
    may complete or raise; the wager that reaches it (`opened_to`: its total) is a full bet,
    which reopens the betting for every player who acted before it (their commitment is below
    it). Computed only for a slice where some postflop wager under the option stays below the
    minimum bet; elsewhere `short_open` is false and the state is the default's. On a street
    without such a wager the two agree whatever the slice holds: the current bet is 0 until the
    first full bet, which is no completion (`opened_to` stays null).
    """
    start = _full_increment_start()
    completing = _completes_short_bets()
    wager = active() & pl.col("is_wager")
    below = completing & wager & (pl.col("committed_after") < start)
    if not frame.select(below.any()).item():
        return frame.with_columns(
            short_open=pl.lit(False), opened_to=pl.lit(None, dtype=pl.Int64)
        ), False
    reached = wager & (pl.col("committed_after") >= start)
    opening = completing & ~prev_any_in(reached, "street_number")
    frame = frame.with_columns(short_open=opening.fill_null(False))  # null structure: no
    # a completion is a wager reaching the minimum over chips already bet: the first bet of a
    # street that opens at the minimum is no completion (nothing changes on such a street)
    completes = pl.col("short_open") & reached & (pl.col("current_bet") > 0)
    completion = pl.when(completes).then(pl.col("committed_after"))
    opened = prev_max_in(completion, "street_number")
    return frame.with_columns(opened_to=pl.when(opened > 0).then(opened)), True


def street_pass(frame: pl.DataFrame) -> pl.DataFrame:
    """Current bet, to_call, full increment, pot before and the pot-limit maximum."""
    sets_bet = active() & (pl.col("is_wager") | pl.col("is_live_post"))
    wagered = pl.when(sets_bet).then(pl.col("committed_after"))
    frame = frame.with_columns(
        current_bet=pl.max_horizontal(prev_max_in(wagered, "street_number"), _current_bet_floor())
    )
    frame, short = _short_opening(frame)
    # in a short opening (option short_allin_bet) a wager's increment is its total, not its
    # excess over the current bet, and the minimum raise-to is the minimum bet
    cb = pl.col("current_bet")
    base = pl.when(pl.col("short_open")).then(0).otherwise(cb) if short else cb
    raising = active() & pl.col("is_wager") & (pl.col("committed_after") > cb)
    increment = pl.when(raising).then(pl.col("committed_after") - base)
    frame = frame.with_columns(
        to_call=pl.col("current_bet") - pl.col("committed_before"),
        full_increment=pl.max_horizontal(_full_increment_start(), _largest_increment(increment)),
        pot_before=prev_sum_in(pl.col("moved"), "hand_number"),
        is_raise=raising,
    )
    # only pot-limit rows read pl_max_to (audit/state/limits.py): a slice without one skips it
    pot_limit = frame.get_column("structure") == "PL"
    return frame.with_columns(
        min_raise_to=base + pl.col("full_increment"),
        pl_max_to=_pot_limit_max_to() if pot_limit.any() else pl.lit(None, pl.Int64),
    )


def _pot_limit_max_to() -> pl.Expr:
    """B-4: max_to = CB' + P + (CB' - c[p]), with the TDA 54-B nominal blinds preflop."""
    nominal = BLIND_ROUND & pl.col("opt_pl_preflop_nominal_blinds")
    bb, sb = pl.col("big_blind"), pl.col("small_blind")
    cb = pl.when(nominal).then(pl.max_horizontal("current_bet", bb)).otherwise("current_bet")
    missing_blinds = (sb - pl.col("sb_posted")).clip(lower_bound=0) + (
        bb - pl.col("bb_posted")
    ).clip(lower_bound=0)
    bb_acted = prev_any_in(
        active() & pl.col("is_betting") & (pl.col("seat") == pl.col("bb_seat")), "street_number"
    )
    sb_as_bb = BLIND_ROUND & pl.col("opt_pl_sb_counts_as_bb") & ~bb_acted
    # money the site added (STP, cash drop) is in the pot from preflop on (added before the deal
    # in every corpus log; a log that does not say when is taken as preflop)
    pot = (
        pl.col("pot_before")
        + pl.col("site_added").fill_null(0)
        + pl.when(nominal).then(missing_blinds).otherwise(0)
        + pl.when(sb_as_bb).then(bb - sb).otherwise(0)
    )
    return cb + pot + (cb - pl.col("committed_before"))
