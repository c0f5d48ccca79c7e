"""Run It Once 2019 "raises X to Y" where Y is the chips the raise added, not the street total.

fpdb calls it the "raiseTo bug": in Run It Once logs of February-April 2019 a player who
already had chips in on the street and raises is printed "raises X to Y" with Y = the chips
added (X = Y - the current bet). Hand 30702949 (NLHE-6max-EUR-0.02-0.04-201902.RIO.txt): "John
R: bets €0.19", "Barre: raises €0.39 to €0.58", "John R: raises €0.54 to €1.12", "Barre: calls
€0.73": John's total is 1.31 = 0.19 + 1.12. Later logs print the total (hand 36197946,
201908: "Ricky N: raises €22.50 to €31.75", "Reggie U: calls €30" from 1.75).

The log does not say which reading it uses, so it is recognised per hand by the pot: only
raises by a player with chips already in differ (by those chips), and a hand is read the
"added" way when the contributions that way, less the uncalled returns, equal the reported pot
and the usual reading does not. Read so, each such raise moved Y chips to a total of Y + c.

The same client never prints "and is all-in" (no hand of the 2019 February-April logs has one;
the August 2019 and 2021 logs, which print raise-to totals, do). So a hand read the "added" way
that carries no all-in marker at all has its markers "not recorded" (null, as for formats that
never print them): ALLIN-FLAG then has nothing to compare. A hand of that reading with a marker
keeps its markers.
"""

from __future__ import annotations

import polars as pl

CONTRIBUTIONS = ("post_sb", "post_bb", "post_straddle", "post_live", "post_dead", "post_ante")
MOVES = (*CONTRIBUTIONS, "call", "bet", "raise")


def _added_reading_hands(actions: pl.DataFrame, hands: pl.DataFrame) -> pl.DataFrame:
    """hand_key of the hands whose pot adds up only when raise-to is read as chips added."""
    kind = pl.col("kind").cast(pl.String)
    before = pl.when(kind == "raise").then(pl.col("to_amount") - pl.col("amount")).otherwise(0)
    sums = actions.group_by("hand_key").agg(
        pl.col("amount").filter(kind.is_in(MOVES)).sum().alias("_in"),
        pl.col("amount").filter(kind == "uncalled_return").sum().alias("_back"),
        before.clip(lower_bound=0).sum().alias("_delta"),
    )
    pot = pl.col("total_pot")
    usual = pl.col("_in") - pl.col("_back")
    return (
        sums.join(hands.select("hand_key", "total_pot"), on="hand_key")
        .filter((pl.col("_delta") > 0) & (usual != pot) & (usual + pl.col("_delta") == pot))
        .select("hand_key")
    )


def read_added_raises(
    actions: pl.DataFrame, hands: pl.DataFrame, sites: tuple[str, ...]
) -> pl.DataFrame:
    """Actions with the raises of the recognised hands of `sites` read as chips added."""
    candidates = hands.filter(pl.col("site").is_in(sites) & pl.col("total_pot").is_not_null())
    if candidates.is_empty():
        return actions
    mine = actions.filter(pl.col("hand_key").is_in(candidates["hand_key"].implode()))
    keys = _added_reading_hands(mine, candidates)["hand_key"].implode()
    in_hand = pl.col("hand_key").is_in(keys)
    fix = in_hand & (pl.col("kind").cast(pl.String) == "raise")
    unmarked = in_hand & ~pl.col("all_in").fill_null(False).any().over("hand_key")
    return actions.with_columns(
        all_in=pl.when(unmarked).then(pl.lit(None, dtype=pl.Boolean)).otherwise("all_in"),
        to_amount=pl.when(fix)
        .then(2 * pl.col("to_amount") - pl.col("amount"))
        .otherwise("to_amount"),
        amount=pl.when(fix).then(pl.col("to_amount")).otherwise("amount"),
    )
