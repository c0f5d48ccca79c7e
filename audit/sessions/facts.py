"""Per-hand facts the session and rake rules read from the actions (the posts, the streets).

sb_seat / bb_seat: the seat of the hand's small / big blind post (the first, by seq) and n_sb /
n_bb how many were posted (a returning player's extra big blind makes two: the rotation is then
not judged); ended_preflop: the pot was won before any flop was dealt (no betting after
preflop and one player left unfolded: an all-in preflop still deals the flop).
"""

from __future__ import annotations

import polars as pl

from parsers.games import PREFLOP

FACT_COLUMNS = ("hand_key", "sb_seat", "bb_seat", "n_sb", "n_bb", "ended_preflop")
_BETTING = ("fold", "check", "call", "bet", "raise")


def _first_by_seq(post: pl.Expr) -> pl.Expr:
    """The seat of the hand's first `post` row by seq (seq is unique in a hand: the smallest
    is one row; an arg_min, not a sort per hand)."""
    return pl.col("seat").filter(post).get(pl.col("seq").filter(post).arg_min(), null_on_oob=True)


def session_facts(actions: pl.LazyFrame) -> pl.LazyFrame:
    """FACT_COLUMNS, one row per hand of `actions` (canonical actions, `void` when audited)."""
    kind = pl.col("kind")  # the ActionKind Enum (or text): compared as is, not cast per row
    names = actions.collect_schema().names()
    real = ~pl.col("void").fill_null(False) if "void" in names else pl.lit(True)
    # the street id of parsers/games.py, or the run's Enum of its names (the ids are its codes)
    street = pl.col("street").to_physical().cast(pl.Int32)
    rows = actions.select(
        "hand_key", "seq", "seat", street.alias("street"), kind.alias("_kind"), real.alias("_real")
    )
    is_sb, is_bb = pl.col("_kind") == "post_sb", pl.col("_kind") == "post_bb"
    betting = pl.col("_kind").is_in(_BETTING) & pl.col("_real")
    folded = pl.col("seat").filter((pl.col("_kind") == "fold") & pl.col("_real")).n_unique()
    players = pl.col("seat").filter(pl.col("_kind") != "collect").n_unique()
    return rows.group_by("hand_key").agg(
        _first_by_seq(is_sb).alias("sb_seat"),
        _first_by_seq(is_bb).alias("bb_seat"),
        is_sb.sum().cast(pl.Int32).alias("n_sb"),
        is_bb.sum().cast(pl.Int32).alias("n_bb"),
        (
            (pl.col("street").filter(betting).max().fill_null(PREFLOP) == PREFLOP)
            & (players - folded == 1)
        ).alias("ended_preflop"),
    )


def facts_from_flows(flows: pl.DataFrame) -> pl.DataFrame:
    """`session_facts` of the audited actions from the betting state's per-seat group-by
    (audit/state/settlement.py `player_flows`: one row per seat of a hand's rows, the rows
    without a seat as one), so the check does not group every action again per hand: a seat
    counts as a player when he has a row other than a collect, as a folder when he has a fold
    that is not void (the same counts as the distinct seats of those rows)."""
    players_left = pl.col("plays").sum() - pl.col("_folded").sum()
    return flows.group_by("hand_key").agg(
        pl.col("sb_seat", "bb_seat").first(),
        pl.col("n_sb", "n_bb").sum().cast(pl.Int32),
        ((pl.col("bet_street").max().fill_null(PREFLOP) == PREFLOP) & (players_left == 1)).alias(
            "ended_preflop"
        ),
    )


def with_session_facts(
    hands: pl.DataFrame, actions: pl.DataFrame, facts: pl.DataFrame | None = None
) -> pl.DataFrame:
    """`hands` with FACT_COLUMNS from their `actions` (null for a hand without actions). Each
    unit adds them where its actions are (hhaudit/run/batch.py), so the run's sessions step
    reads them with the hands instead of every action of the run. `facts`: those FACT_COLUMNS
    when the check has them already (`facts_from_flows`)."""
    if facts is None:
        facts = session_facts(actions.lazy()).collect()
    base = hands.drop([name for name in FACT_COLUMNS[1:] if name in hands.columns])
    return base.join(facts, on="hand_key", how="left", maintain_order="left")
