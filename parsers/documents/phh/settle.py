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

from parsers.core.settlement import COMMITTING
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


def _less_held_returns(
    won: pl.DataFrame, actions: pl.DataFrame, returned: pl.DataFrame
) -> pl.DataFrame:
    """`won` less each player's uncalled returns in the hands whose winnings exceed the chips
    left in the pot (all chips put in less the returns): there the winnings hold the returns.
    HandHQ's PartyPoker conversions do it: the log names the uncalled excess over an all-in a
    side pot the bettor wins ("pty NLH handhq_1-OBFUSCATED.phhs" hand 16406772656: p3's
    winnings 1161.51 are his uncalled 1335.55 - 174.04 over p4's all-in call; p4 wins the
    423.08 pot less 2 rake). Elsewhere the winnings are pots only (hand R5-1704660-533: p4's
    uncalled 99 is not in his 162)."""
    put = pl.col("kind").is_in([*COMMITTING, "post_dead", "post_ante"])
    pot = actions.group_by("hand_key").agg(put=pl.col("amount").filter(put).sum())
    back = returned.group_by("hand_key", "player").agg(back=pl.col("amount").sum())
    per_hand = won.group_by("hand_key").agg(total=pl.col("amount").sum())
    held = per_hand.join(pot, on="hand_key").join(
        back.group_by("hand_key").agg(back=pl.col("back").sum()), on="hand_key"
    )
    held = held.filter(pl.col("total") > pl.col("put") - pl.col("back")).select("hand_key")
    less = back.join(held, on="hand_key", how="semi")
    won = won.join(less, on=["hand_key", "player"], how="left")
    amount = (pl.col("amount") - pl.col("back").fill_null(0)).clip(lower_bound=0)
    return won.with_columns(amount=amount).drop("back")


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
    won = _less_held_returns(won.join(settled, on="hand_key", how="semi"), actions, returned)
    collects = won.with_columns(pl.lit(None, dtype=pl.Int32).alias("line_no"))
    rows = [return_rows(returned, seats), collect_rows(collects)]
    return merge_settlement(actions, rows)
