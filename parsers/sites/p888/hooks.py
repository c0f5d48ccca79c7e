"""888poker's own steps (parsers/core/hooks.py): folds before the deal, no all-in markers."""

from __future__ import annotations

import polars as pl

from parsers.core.actions import POSTS
from parsers.core.hooks import Context, Hooks
from parsers.core.lines import PRE_DEAL
from parsers.games import PREFLOP


def pre_deal_folds_dropped(actions: pl.DataFrame, context: Context) -> pl.DataFrame:
    """A fold before the hand's last blind post, or before the deal marker, is a player
    declining to post, not dealt in: the line is dropped (`Grammar.idle_seats_sit_out` then
    has the player sitting out)."""
    last_post = pl.col("line_no").filter(pl.col("kind").is_in(POSTS)).max().over("hand_key")
    deal = pl.col("section") == PREFLOP
    dealt_later = (pl.col("section") == PRE_DEAL) & deal.any().over("hand_key")
    early_fold = (pl.col("kind") == "fold") & ((pl.col("line_no") < last_post) | dealt_later)
    return actions.filter(~early_fold.fill_null(False))


def all_in_not_recorded(actions: pl.DataFrame, context: Context) -> pl.DataFrame:
    """The format never prints an all-in marker: is_all_in is null ("not recorded"), so the
    ALLIN-FLAG check has nothing to compare and stays silent."""
    return actions.with_columns(pl.lit(None, dtype=pl.Boolean).alias("all_in"))


HOOKS = Hooks(posts=pre_deal_folds_dropped, actions=all_in_not_recorded)
