"""Fast-fold pools across hands (RULES.md §12): which pairs of hands the log proves to be one
table's consecutive hands.

A pool (hands.is_fast_fold: PokerStars Zoom, 888poker Snap, Ignition/Bovada Zone, GGPoker Rush
& Cash, PartyPoker fastforward, Winamax Go Fast, WPN Blitz, iPoker Speed) names the pool, not a
table: each hand seats the player at a new table with new opponents, a player may hold several
entries at once (888poker sampleFile.txt: ScottyWotty starts hand 1502890232 with $5.72 at
11:30:36 and hand 1502890227 with $5.77 at 11:30:37, both "Table Koblenz"), and his hands in
between may be missing from the export. Two hands of one pool name are therefore compared by
STACK-CARRY, BLIND-ROTATION and HAND-SEQUENCE (ids in order) only where the log proves them one
table's consecutive hands: every seat of the later hand holds the player who held it in the
earlier one, and at least three players are seated (a pool reseats everyone each hand; two
heads-up players meeting again in the same seats is no proof). The rules' own evidence (the
button moved one seat, no quarantined hand between, ...) still applies on top. Other pairs
are left unjudged and counted: run.json totals.sessions.pools and the report say how many.

`table_proven` (per hand with a previous hand in its session) is true for every pair of
ordinary tables and for the proven pool pairs.
"""

from __future__ import annotations

from typing import Any

import polars as pl

#: Why pool pairs the log does not prove consecutive are left unjudged (run.json, report).
UNJUDGED_REASON = (
    "a fast-fold pool's name is not a table: the player's next hand is at another table and "
    "his hands in between may be missing, so two hands are compared only where the later one "
    "seats the same players in the same seats (three or more)"
)
#: Fewest players seated in both hands for a pool pair to prove one table.
MIN_PROVING_PLAYERS = 3

#: The columns `with_table_proof` adds.
POOL_COLUMNS = ("pool_pair", "table_proven")


def _pool_flag(frame: pl.LazyFrame) -> pl.Expr:
    names = frame.collect_schema().names()
    if "is_fast_fold" in names:
        return pl.col("is_fast_fold").fill_null(False)
    return pl.lit(False)


def _seatings(previous: pl.LazyFrame, seats: pl.LazyFrame) -> pl.LazyFrame:
    """(hand_key, seating, seated) of the pool hands: every named seat as "seat=player" in seat
    order, joined, and how many."""
    pool_keys = previous.filter(_pool_flag(previous)).select("hand_key")
    named = pl.col("player").is_not_null() & (pl.col("player") != "")
    return (
        seats.select("hand_key", "seat", "player")
        .filter(named)
        .join(pool_keys, on="hand_key", how="semi")
        .sort("hand_key", "seat")
        .group_by("hand_key")
        .agg(
            pl.concat_str(pl.col("seat").cast(pl.String), pl.lit("="), "player")
            .str.join("\n")
            .alias("_seating"),
            pl.len().alias("_seated"),
        )
    )


def with_table_proof(previous: pl.DataFrame, seats: pl.LazyFrame) -> pl.DataFrame:
    """`previous` (the hands in session order with their previous hand's columns:
    audit/sessions/consecutive.py with_previous) with POOL_COLUMNS: `pool_pair` (this hand or the
    previous one is a pool hand) and `table_proven` (module docstring). Without a pool hand
    (the usual batch) no seat is read."""
    pool = _pool_flag(previous.lazy())
    if not previous.select(pool.any()).item():
        return previous.with_columns(pool_pair=pl.lit(False), table_proven=pl.lit(True))
    return _with_pool_proof(previous.lazy(), seats, pool).collect()


def _with_pool_proof(previous: pl.LazyFrame, seats: pl.LazyFrame, pool: pl.Expr) -> pl.LazyFrame:
    """with_table_proof where the batch has pool hands (`pool`: the hand is one)."""
    first = pl.col("session_seq") == 1
    marked = previous.with_columns(_pool=pool).join(
        _seatings(previous, seats), on="hand_key", how="left", maintain_order="left"
    )
    prev_seating = pl.when(first).then(None).otherwise(pl.col("_seating").shift(1))
    prev_pool = pl.when(first).then(None).otherwise(pl.col("_pool").shift(1))
    pool_pair = (pl.col("_pool") | prev_pool.fill_null(False)) & ~first
    same_table = (pl.col("_seating") == prev_seating).fill_null(False) & (
        pl.col("_seated") >= MIN_PROVING_PLAYERS
    ).fill_null(False)
    return marked.with_columns(
        pool_pair=pool_pair, table_proven=~pool_pair | (pl.col("_pool") & same_table)
    ).drop("_pool", "_seating", "_seated")


def pool_counts(previous: pl.DataFrame) -> dict[str, dict[str, int]]:
    """Per site: the pool hands placed in sessions, the pool pairs (a hand with a previous hand
    of its table name, one of them a pool hand) and how many of those the log proves one
    table's consecutive hands (`with_table_proof`'s frame, collected)."""
    if "pool_pair" not in previous.columns:
        return {}
    counts = (
        previous.group_by("site")
        .agg(
            _pool_flag(previous.lazy()).sum().alias("hands"),
            pl.col("pool_pair").sum().alias("pairs"),
            (pl.col("pool_pair") & pl.col("table_proven")).sum().alias("judged"),
        )
        .filter(pl.col("hands") + pl.col("pairs") > 0)
        .sort("site")
        .to_dict(as_series=False)
    )
    return {
        str(site): {"hands": int(hands), "pairs": int(pairs), "judged": int(judged)}
        for site, hands, pairs, judged in zip(  # a loop over the (few) sites with pools
            counts["site"], counts["hands"], counts["pairs"], counts["judged"], strict=True
        )
    }


def pool_totals(per_site: dict[str, dict[str, int]]) -> dict[str, Any]:
    """run.json totals.sessions.pools from the batches' summed `pool_counts`."""
    by_site = {
        site: {**counts, "unjudged": counts["pairs"] - counts["judged"]}
        for site, counts in sorted(per_site.items())
    }
    summed = {
        name: sum(site[name] for site in by_site.values())
        for name in ("hands", "pairs", "judged", "unjudged")
    }
    return {**summed, "reason": UNJUDGED_REASON, "by_site": by_site}
