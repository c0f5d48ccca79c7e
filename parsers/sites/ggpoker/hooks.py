"""GGPoker's own steps (parsers/core/hooks.py): money paid to the site, straddle totals."""

from __future__ import annotations

import polars as pl

from parsers.core.hooks import Context, Hooks
from parsers.core.settlement import COMMITTING

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
    live = pl.col("kind").is_in(COMMITTING[:4]) & (pl.col("street") == 0)
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


def _hands(
    actions: pl.DataFrame, hands: pl.DataFrame, context: Context
) -> tuple[pl.DataFrame, pl.DataFrame]:
    return straddle_added(paid_to_site(actions)), hands


HOOKS = Hooks(hands=_hands)
