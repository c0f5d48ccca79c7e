"""What the fixed-limit columns, the uncalled returns and the settled facts mean: the plain
forms of audit/state/fixed_limit.py, returns.py and settlement.py.

Fixed limit (D-11..D-13): `fl_bet` u is the small bet preflop and on the flop, the big bet
after; a raise `fl_counts` when it rises at least `fl_reopen_fraction` x u above `fl_level`,
the level L before it: the total of the street's last counted wager (with
`fl_half_allin_level = "full_bet"`, at least the street's start plus one unit per counted
wager). Since whether a raise counts depends on L, L is settled by repeating "L from the counted
raises, then which raises count" until nothing changes. `fl_count` K is the bets before the row
(the big blind and each straddle preflop, then the counted raises, or every raise with
`fl_short_allin_counts_to_cap = "always"`); `fl_required` the one legal amount; `fl_reopened`
whether the amount to call reopens the betting; `fl_capped` whether the cap is reached (lifted
heads-up by option). fixed_limit.py takes constants for the windows where no raise counts.

Uncalled returns (H-2): per street, the top commitment (its seat) and the second largest (0 for
a street with one commitment); the difference goes back to the top bettor. returns.py reads both
off one sort (on one folded key when the amounts allow it).

Settled facts: per hand with a collect, the players left at the end (dealt in less those with a
fold that counts) and the site's two uncontested-pot options; settlement.py reads them off the
per-player table rather than grouping the rows again.
"""

from __future__ import annotations

import polars as pl

from audit.reference import windows as plain
from audit.reference.pair import Pair
from audit.state import fixed_limit as fl
from audit.state import returns
from audit.state.passes import active
from audit.state.settlement import INPUTS, hand_frame, player_table

#: The columns fixed_limit.fl_limits adds to the state.
FL_COLUMNS = (
    "fl_bet",
    "fl_counts",
    "fl_level",
    "fl_count",
    "fl_required",
    "fl_reopened",
    "fl_capped",
)


def level_before(counts: str) -> pl.Expr:
    """L before the row, from the street's counted wagers (column `counts`)."""
    start = fl._level_start()
    level = pl.when(pl.col(counts)).then(pl.col("committed_after"))
    by_allin = plain.prev_ffill_in(level, "street_number").fill_null(start)
    bets = plain.prev_sum_in(pl.col(counts).cast(pl.Int64), "street_number")
    by_bets = pl.max_horizontal(by_allin, start + bets * pl.col("fl_bet"))
    full_bet = pl.col("opt_fl_half_allin_level") == "full_bet"
    return pl.when(full_bet).then(by_bets).otherwise(by_allin)


def settle_level(frame: pl.DataFrame) -> pl.DataFrame:
    """fl_bet, fl_counts and fl_level, repeated until the counted raises stop changing (each
    round settles at least the next raise of every street)."""
    raising = fl.IS_FL & pl.col("is_raise")
    frame = frame.with_columns(fl_bet=fl.bet_size(), fl_counts=raising)
    for _ in range(frame.select(raising.cast(pl.Int64).sum()).item() + 1):
        counts = raising & fl._reaches(pl.col("committed_after") - level_before("fl_counts"))
        updated = frame.with_columns(fl_counts=counts)
        if updated.get_column("fl_counts").equals(frame.get_column("fl_counts")):
            break
        frame = updated
    return frame.with_columns(fl_level=level_before("fl_counts"))


def fl_limits(frame: pl.DataFrame) -> pl.DataFrame:
    """FL_COLUMNS of every row (the module docstring)."""
    frame = settle_level(frame)
    always = pl.col("opt_fl_short_allin_counts_to_cap") == "always"
    counted = pl.when(always).then(pl.col("is_raise")).otherwise(pl.col("fl_counts"))
    frame = frame.with_columns(
        fl_count=fl._count_start() + plain.prev_sum_in(counted.cast(pl.Int64), "street_number")
    )
    cap = 1 + pl.col("opt_fl_max_raises")
    reached_with_three = counted & (pl.col("fl_count") + 1 >= cap) & (pl.col("n_with_chips") >= 3)
    earlier_three = plain.prev_any_in(active() & reached_with_three, "street_number")
    from_level = pl.col("opt_fl_short_allin_completion") == "complete_to_level"
    base = pl.when(from_level).then(pl.col("fl_level")).otherwise(pl.col("current_bet"))
    last_counted = plain.prev_ffill_in(
        pl.when(pl.col("is_raise")).then(pl.col("fl_counts")), "street_number"
    )
    scope_ok = (pl.col("opt_fl_reopen_scope") == "facing") | last_counted.fill_null(True)
    heads_up_rule = pl.col("opt_fl_cap_heads_up")
    lifted = (
        pl.when(heads_up_rule == "uncapped_when_two_dealt")
        .then(pl.col("n_dealt") == 2)
        .when(heads_up_rule == "uncapped_when_heads_up")
        .then((pl.col("n_with_chips") <= 2) & ~earlier_three)
        .otherwise(False)
    )
    return frame.with_columns(
        fl_required=base + pl.col("fl_bet"),
        fl_reopened=fl._reaches(pl.col("to_call")) & scope_ok,
        fl_capped=(pl.col("fl_count") >= cap) & ~lifted,
    ).select(FL_COLUMNS)


def _fl_fast(state: pl.DataFrame, *_: pl.DataFrame) -> pl.DataFrame:
    return fl.fl_limits(state.drop(FL_COLUMNS)).select(FL_COLUMNS)


def _fl_plain(state: pl.DataFrame, *_: pl.DataFrame) -> pl.DataFrame:
    return fl_limits(state.drop(FL_COLUMNS))


def top_two(final: pl.DataFrame) -> pl.DataFrame:
    """Per street (hand_key, street_number) of the final commitments (hand_key, street_number, seat,
    committed): `top`, `second` (0 alone) and the top's `seat` where the top is unique (the
    only place it is read: a tied top returns nothing)."""
    committed = pl.col("committed")
    return (
        final.group_by("hand_key", "street_number")
        .agg(
            top=committed.max(),
            second=committed.top_k(2).min().filter(pl.len() >= 2).first().fill_null(0),
            seat=pl.col("seat").sort_by(committed, descending=True).first(),
        )
        .with_columns(seat=pl.when(pl.col("top") > pl.col("second")).then("seat"))
    )


def _top_two_fast(final: pl.DataFrame) -> pl.DataFrame:
    found = returns._top_two(final).select("hand_key", "street_number", "top", "second", "seat")
    return found.with_columns(seat=pl.when(pl.col("top") > pl.col("second")).then("seat"))


def street_rank(final: pl.DataFrame) -> pl.DataFrame:
    """The commitments by street, the largest first."""
    ranked = final.sort("street_number", "committed", descending=[False, True])
    return ranked.select("street_number", "committed")


def _street_rank_fast(final: pl.DataFrame) -> pl.DataFrame:
    return final.sort(returns._street_rank_key()).select("street_number", "committed")


SETTLED = ("hand_key", "settled", "players_left", "keeps_uncalled", "returns_whole")


def settled_facts(state: pl.DataFrame, hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """SETTLED per settled hand of `hands`, grouped from the state's real rows."""
    folded = pl.col("seat").filter(active() & pl.col("is_fold")).n_unique()
    return (
        state.filter(~pl.col("is_sentinel"))
        .group_by("hand_key")
        .agg(
            settled=pl.col("is_collect").any(),
            players_left=pl.col("n_dealt").first() - folded,
            keeps_uncalled=pl.col("opt_uncontested_pot_keeps_uncalled").first(),
            returns_whole=pl.col("opt_uncontested_returns_whole_wager").first(),
        )
        .filter(pl.col("settled"))
        .join(hands.select("hand_key"), on="hand_key")
        .select(SETTLED)
    )


def _settled_fast(state: pl.DataFrame, hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    players = player_table(state.select(INPUTS), hands, seats)
    return hand_frame(state, hands, seats, players).select(SETTLED)


PAIRS = [
    Pair(
        "fixed_limit.fl_limits",
        "the fixed-limit columns",
        _fl_fast,
        _fl_plain,
        "states",
        board_games_only=True,
    ),
    Pair(
        "returns._top_two",
        "each street's top and second commitment",
        _top_two_fast,
        top_two,
        "commitments",
        unordered=True,
    ),
    Pair(
        "returns._street_rank_key",
        "the order the top two are read in",
        _street_rank_fast,
        street_rank,
        "fitting_commitments",
    ),
    Pair(
        "settlement.hand_frame",
        "settled, players_left and the uncontested-pot options of a settled hand",
        _settled_fast,
        settled_facts,
        "states",
        unordered=True,
    ),
]
