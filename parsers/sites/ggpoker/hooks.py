"""GGPoker's own steps (parsers/core/hooks.py): money paid to the site, straddle totals,
forced posts whose all-in marker is never printed."""

from __future__ import annotations

import polars as pl

from parsers.core.hooks import Context, Hooks
from parsers.core.settlement import COMMITTING
from parsers.games import PREFLOP

#: Verbs (kind cash_out) whose amount the player pays the site outside the pot: EV cash-out
#: risk, all-in insurance premium.
PAID_VERBS = ("Pays Cashout Risk", "pay premium of all-in insurance")


def paid_to_site(actions: pl.DataFrame) -> pl.DataFrame:
    """Chips paid to the site ("Pays Cashout Risk ($N)") are cash_out rows with a negative
    amount, so start - put in + returned + collected + cash_out is still the final stack."""
    paid = pl.col("verb").is_in(list(PAID_VERBS)).fill_null(False)
    return actions.with_columns(
        pl.when(paid).then(-pl.col("amount")).otherwise(pl.col("amount")).alias("amount")
    )


def straddle_added(actions: pl.DataFrame) -> pl.DataFrame:
    """ "straddle N" gives the player's total blind commitment after it (BB 50 then "straddle
    $100" adds 50; re-straddles 0.04, 0.08, 0.16): chips added = total - his live posts before."""
    live = pl.col("kind").is_in(COMMITTING[:4]) & (pl.col("street") == PREFLOP)
    straddle = pl.col("kind") == "post_straddle"
    by = ["hand_key", "player"]
    other = pl.when(live & ~straddle).then(pl.col("amount")).otherwise(0).fill_null(0)
    last_total = pl.when(live & straddle).then(pl.col("amount")).forward_fill().over(by)
    total = pl.max_horizontal(other.cum_sum().over(by), last_total.fill_null(0))
    marked = actions.with_columns(total.alias("_total"))
    before = pl.col("_total").shift(1).over(by).fill_null(0)
    return marked.with_columns(
        pl.when(live & straddle)
        .then(pl.col("amount") - before)
        .otherwise(pl.col("amount"))
        .alias("amount")
    ).drop("_total")


#: Forced posts: GGPoker never prints "and is all-in" on them (a straddle it marks).
FORCED_POSTS = ("post_sb", "post_bb", "post_live", "post_dead", "post_ante")


def forced_posts_unmarked(actions: pl.DataFrame) -> pl.DataFrame:
    """A forced post without the all-in marker has it "not recorded" (null): GGPoker prints
    none on blinds and antes, also when the post takes the last chips (test2.txt hand
    TM4181621224: 64249086 starts with 69,262, "posts the ante 18,000", "posts big blind
    51,262"; also TM4180158004, TM4180648704), and no GG hand of the corpus has one (5,567
    posts), while it marks a straddle all-in ("straddle $15.35 and is all-in",
    PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt hand OM1410171). ALLIN-FLAG then judges
    the marker where the log prints one."""
    unmarked = pl.col("kind").is_in(FORCED_POSTS) & ~pl.col("all_in").fill_null(False)
    return actions.with_columns(
        pl.when(unmarked).then(pl.lit(None, dtype=pl.Boolean)).otherwise("all_in").alias("all_in")
    )


def _hands(
    actions: pl.DataFrame, hands: pl.DataFrame, context: Context
) -> tuple[pl.DataFrame, pl.DataFrame]:
    return forced_posts_unmarked(straddle_added(paid_to_site(actions))), hands


HOOKS = Hooks(hands=_hands)
