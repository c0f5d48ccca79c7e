"""WPN's own steps (parsers/core/hooks.py): summary collects, old all-in lines, table caps."""

from __future__ import annotations

import polars as pl

from parsers.core.hooks import Context, Hooks
from parsers.core.lines import PRE_DEAL
from parsers.core.settlement import COMMITTING, resequence

#: New format: the verb of summary lines ("Seat 4: X did not show and won $0.20").
FALLBACK_COLLECT_VERB = "won"
#: Both formats: "Player X caps (N)" / "X caps $N" reaches the table cap.
CAP_VERB = "caps"


def fallback_collects(actions: pl.DataFrame) -> pl.DataFrame:
    """Summary collects ("won") count only in hands with no other collect line."""
    fallback = (pl.col("verb") == FALLBACK_COLLECT_VERB).fill_null(False)
    other = ((pl.col("kind") == "collect") & ~fallback).any().over("hand_key")
    kept = actions.filter(~(fallback & other))
    return resequence(kept.with_columns(pl.lit(0, dtype=pl.Int8).alias("_sub")))


def allin_lines(actions: pl.DataFrame, verbs: list[str]) -> pl.DataFrame:
    """Old "Player X allin (0.24)" lines that do not say bet, call or raise (raw kind
    bet_or_call, resolved by the pipeline) mark the player all-in; before the deal they are
    the blind (post_bb after a small blind, else post_sb: a short big blind)."""
    allin = pl.col("verb").is_in(verbs).fill_null(False)
    wager = pl.col("kind").is_in(["call", "bet", "raise"])
    sb_before = (pl.col("kind") == "post_sb").cum_sum().over("hand_key", order_by="seq") > 0
    pre_deal = allin & wager & (pl.col("section") == PRE_DEAL)
    kind = (
        pl.when(pre_deal & sb_before)
        .then(pl.lit("post_bb"))
        .when(pre_deal)
        .then(pl.lit("post_sb"))
        .otherwise(pl.col("kind").cast(pl.String))
    )
    return actions.with_columns(
        kind.cast(actions.schema["kind"]).alias("kind"),
        pl.when(pre_deal).then(None).otherwise(pl.col("to_amount")).alias("to_amount"),
        (pl.col("all_in") | (allin & wager)).alias("all_in"),
    )


def cap_from_lines(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """hands.cap, when the header has none: what the capping player has put in after his
    "caps" line (the header's "CAP" never gives the amount)."""
    chips = pl.when(pl.col("kind").is_in(COMMITTING)).then(pl.col("amount")).otherwise(0)
    total = chips.fill_null(0).cum_sum().over("hand_key", "player", order_by="seq")
    caps = (
        actions.with_columns(total.alias("_total"))
        .filter(pl.col("verb") == CAP_VERB)
        .group_by("hand_key")
        .agg(pl.col("_total").max().alias("_cap"))
    )
    frame = hands.join(caps, on="hand_key", how="left")
    return frame.with_columns(pl.coalesce("cap", "_cap").alias("cap")).drop("_cap")


def _new_hands(
    actions: pl.DataFrame, hands: pl.DataFrame, context: Context
) -> tuple[pl.DataFrame, pl.DataFrame]:
    actions = fallback_collects(actions)
    return actions, cap_from_lines(hands, actions)


def _old_hands(
    actions: pl.DataFrame, hands: pl.DataFrame, context: Context
) -> tuple[pl.DataFrame, pl.DataFrame]:
    verbs = [verb for verb, kind in context.grammar.verbs.items() if kind == "bet_or_call"]
    actions = allin_lines(actions, verbs)
    return actions, cap_from_lines(hands, actions)


NEW_HOOKS = Hooks(hands=_new_hands)
OLD_HOOKS = Hooks(hands=_old_hands)
