"""Winamax's own steps (parsers/core/hooks.py): raises among the blind posts, negative raises."""

from __future__ import annotations

import polars as pl

from parsers.core.hooks import Context, Hooks

POSTS = ("post_sb", "post_bb", "post_ante", "post_dead", "post_straddle")


def _last_post() -> pl.Expr:
    return pl.col("seq").filter(pl.col("kind").is_in(POSTS)).max().over("hand_key")


def raise_among_posts(actions: pl.DataFrame) -> pl.DataFrame:
    """A raise before the hand's last post, by a player who posts the small blind after it, is
    a dead post of its raise-to total, and that small blind is dead too (Winamax PLO 2014
    "Player3 raises 1€ to 3€", "Player3 posts small blind 1€": the pots show 4€ put in, 2€ of
    it live; the total is then split into the live big blind + dead rest by
    `Grammar.dead_sb_includes_bb`). Other raises among the posts stay betting actions
    (quarantined by `posts_first`)."""
    by = ["hand_key", "player"]
    raised = (pl.col("kind") == "raise") & (pl.col("seq") < _last_post())
    first_raise = pl.col("seq").filter(raised).min().over(by)
    sb_after = ((pl.col("kind") == "post_sb") & (pl.col("seq") > first_raise)).fill_null(False)
    early = (raised & sb_after.any().over(by)).fill_null(False)
    dead = pl.lit("post_dead", dtype=actions.schema["kind"])
    return actions.with_columns(
        pl.when(early | sb_after).then(dead).otherwise(pl.col("kind")).alias("kind"),
        pl.when(early).then(pl.col("to_amount")).otherwise(pl.col("amount")).alias("amount"),
        pl.when(early).then(None).otherwise(pl.col("to_amount")).alias("to_amount"),
    )


def posts_first(actions: pl.DataFrame) -> pl.DataFrame:
    """Every post precedes the first betting action: a bet, raise, call, check or fold before
    a later post makes the hand unreadable (column `problem`, quarantined by the pipeline with
    a reason naming the line)."""
    early = pl.col("kind").is_in(["bet", "raise", "call", "check", "fold"]) & (
        pl.col("seq") < _last_post()
    )
    return actions.with_columns(
        pl.when(early.fill_null(False))
        .then(pl.lit("betting action before the blinds are posted: ") + pl.col("verb"))
        .alias("problem")
    )


def negative_raises(actions: pl.DataFrame) -> pl.DataFrame:
    """A raise printed by a negative amount is unreadable (column `problem`): "Player0 raises
    -6.10€ to 18.90€" over a 25€ completion (2016 8-Game stud, fpdb's "negative.bet" file) is
    no raise to 18.90€: his 10€ bring-in plus 18.90€ all-in make 28.90€, which "Player1 calls
    3.90€" and the pot (15€ of antes + 2 x 28.90€ = 70.30€ + 2.50€ rake) confirm. The line
    gives the chips added as its total; which lines do so cannot be told in general."""
    negative = (pl.col("kind") == "raise") & pl.col("amount_s").str.starts_with("-")
    said = pl.format("'{} {} to {}'", "verb", "amount_s", "to_s")
    reason = pl.lit("raise by a negative amount ") + said + pl.lit(": its total is unknown")
    found = pl.when(negative.fill_null(False)).then(reason)
    return actions.with_columns(pl.coalesce(pl.col("problem"), found).alias("problem"))


def _hands(
    actions: pl.DataFrame, hands: pl.DataFrame, context: Context
) -> tuple[pl.DataFrame, pl.DataFrame]:
    return negative_raises(posts_first(raise_among_posts(actions))), hands


HOOKS = Hooks(hands=_hands)
