"""PHH settlement: `winnings` -> collects, `finishing_stacks` -> seats.final_stack.

The PHH standard (phh-std, optional fields) defines `winnings` as the pots each player
collected, after the rake, and `finishing_stacks` as the stacks after the hand. Uncalled bets
are not written: the notation returns them (PokerKit gives each street's uncalled part back to
the top bettor before the pots are pushed), so they are read as returned, street by street, in
every hand with winnings. A player whose starting or finishing stack is `inf` (unknown) gets
no final stack. PHH states no pot and no rake: `total_pot` and `rake` are null unless the file
was written by `hhaudit convert` (`_hhaudit_total_pot`, `_hhaudit_rake`: the source log's).
"""

from __future__ import annotations

from collections.abc import Callable

import polars as pl

from parsers.documents.settlement import (
    collect_rows,
    merge_settlement,
    return_rows,
    street_returns,
)

#: `starting_stacks = [inf, ...]` (stack not recorded, HandHQ conversions): a stack no bet
#: reaches (10^8 currency units: 10^10 cents), so no one is ever all-in and stack checks never
#: fire. Kept well below the checker's bound (2**40 minor units, parsers.core.invariants), sums too.
UNKNOWN_STACK = "100000000"


def stated_results(
    winnings: pl.Expr,
    finishing: pl.Expr,
    starting: pl.Expr,
    at: pl.Expr,
    money: Callable[[pl.Expr], pl.Expr],
) -> list[pl.Expr]:
    """Per player (index `at`): `won` and `final_stack`, null where not stated or unknown."""
    n = starting.list.len()
    won = pl.when(winnings.list.len() == n).then(money(winnings.list.get(at, null_on_oob=True)))
    final_text = finishing.list.get(at, null_on_oob=True)
    known = (final_text != UNKNOWN_STACK) & (starting.list.get(at) != UNKNOWN_STACK)
    final = pl.when((finishing.list.len() == n) & known).then(money(final_text))
    return [won.alias("won"), final.alias("final_stack")]


def with_settlement(actions: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """The actions of hands with `winnings` plus their uncalled returns and collects."""
    won = players.select("hand_key", "player", "seat", pl.col("won").alias("amount"))
    settled = won.group_by("hand_key").agg(
        (pl.col("amount").is_not_null().all() & (pl.col("amount") > 0).any()).alias("settled")
    )
    settled = settled.filter(pl.col("settled")).select("hand_key")
    returned = street_returns(actions.join(settled, on="hand_key", how="semi"))
    returned = returned.with_columns(pl.col("expected").alias("amount"))
    seats = won.select("hand_key", "player", "seat")
    collects = won.join(settled, on="hand_key", how="semi").with_columns(
        pl.lit(None, dtype=pl.Int32).alias("line_no")
    )
    rows = [return_rows(returned, seats), collect_rows(collects)]
    return merge_settlement(actions, rows)
