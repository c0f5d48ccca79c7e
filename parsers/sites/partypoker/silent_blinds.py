"""Blinds the export does not print (old PartyPoker tournament hands post them silently).

A hand of a game with blinds (not stud) with no blind post (antes aside) gets a small- and a
big-blind post event (verbs SILENT_BLINDS) from the hand's stakes: the small blind is the first
dealt seat after the button (heads-up: the button), the big blind the next one; each posts
its blind or its whole stack. Dealt seats are the seated players named by some event of the
hand. The events are placed on the two lines after the header (read by the header, never events).

LEVEL_LINE: a pre-deal line giving the level's blinds ("Blinds(100/200)",
"Stakes(200/400)" in fixed limit: the bets) that overrides the header's (the level changed).
"""

from __future__ import annotations

import polars as pl

from parsers.core.families import NO_BLINDS
from parsers.core.grammar import Grammar
from parsers.core.lines import PRE_DEAL

#: The level's blinds (groups sb, bb; FL: the bets).
LEVEL_LINE = r"^(?:Blinds|Blinds-Antes|Stakes|Stakes-Antes)\((?P<sb>[^/()]+)/(?P<bb>[^/()\s-]+)"
#: (small-blind verb, big-blind verb) of the posts added to hands that print none.
SILENT_BLINDS = ("posts small blind", "posts big blind")


def with_level(header: pl.DataFrame, lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Blinds (FL: bets) from the last LEVEL_LINE before the deal, when readable."""
    level = (
        lines.filter((pl.col("section") == PRE_DEAL) & pl.col("text").str.contains(LEVEL_LINE))
        .group_by("hand_key")
        .agg(pl.col("text").last())
        .select("hand_key", pl.col("text").str.extract_groups(LEVEL_LINE).alias("_lv"))
    )
    frame = header.join(level, on="hand_key", how="left")
    scale = pl.col("scale")
    first = grammar.amount(pl.col("_lv").struct.field("sb"), scale)
    second = grammar.amount(pl.col("_lv").struct.field("bb"), scale)
    is_fl = pl.col("structure") == "FL"
    found = first.is_not_null() & second.is_not_null()
    return frame.with_columns(
        pl.when(found & ~is_fl).then(first).otherwise(pl.col("small_blind")).alias("small_blind"),
        pl.when(found)
        .then(pl.when(is_fl).then(first).otherwise(second))
        .otherwise(pl.col("big_blind"))
        .alias("big_blind"),
        pl.when(found & is_fl).then(first).otherwise(pl.col("small_bet")).alias("small_bet"),
        pl.when(found & is_fl).then(second).otherwise(pl.col("big_bet")).alias("big_bet"),
    ).drop("_lv")


def _ring(events: pl.DataFrame, seats: pl.DataFrame, header: pl.DataFrame) -> pl.DataFrame:
    """Dealt seats of the hands without posts, ranked from the small blind."""
    dealt = seats.join(events.select("hand_key", "player").unique(), on=["hand_key", "player"])
    dealt = dealt.join(header.select("hand_key", "button_seat"), on="hand_key")
    heads_up = pl.len().over("hand_key") == 2
    button = pl.col("button_seat").cast(pl.Int32)
    seat = pl.col("seat").cast(pl.Int32)
    behind = pl.when(heads_up).then(seat < button).otherwise(seat <= button)
    key = behind.cast(pl.Int32) * 10_000 + seat
    return dealt.with_columns(key.rank("ordinal").over("hand_key").alias("_pos"))


def _amount_text(value: pl.Expr) -> pl.Expr:
    """Minor units back to the text the grammar reads ("0.05" in cents, "100" in chips)."""
    scale = pl.col("scale").cast(pl.Int64)
    cents = (value // scale).cast(pl.String) + "." + (value % scale).cast(pl.String).str.zfill(2)
    return pl.when(scale == 1).then(value.cast(pl.String)).otherwise(cents)


def add_silent_blinds(
    events: pl.DataFrame, seats: pl.DataFrame, header: pl.DataFrame, grammar: Grammar
) -> pl.DataFrame:
    """`events` plus the post events of the hands that print none (see module docstring)."""
    blinds = ("post_sb", "post_bb", "post_both", "post_straddle")
    posts = [verb for verb, kind in grammar.verbs.items() if kind in blinds]
    posted = events.filter(pl.col("verb").is_in(posts)).select("hand_key").unique()
    # a game without blinds (stud) posts none: nothing is silent there
    no_blinds = header.filter(pl.col("game").is_in(list(NO_BLINDS))).select("hand_key")
    silent = events.join(pl.concat([posted, no_blinds]), on="hand_key", how="anti")
    if silent.is_empty():
        return events
    ring = _ring(silent, seats, header).filter(pl.col("_pos") <= 2)
    small = pl.coalesce("small_blind", pl.col("small_bet") // 2).alias("small_blind")
    info = header.select("hand_key", "line_no", "scale", small, "big_blind")
    ring = ring.join(info.rename({"line_no": "_header"}), on="hand_key")
    is_sb = pl.col("_pos") == 1
    blind = pl.when(is_sb).then(pl.col("small_blind")).otherwise(pl.col("big_blind"))
    paid = pl.min_horizontal(blind, pl.col("stack"))  # an unknown (null) stack pays the blind
    sb_verb, bb_verb = SILENT_BLINDS
    rows = ring.filter(blind.is_not_null()).select(
        "hand_key",
        (pl.col("_header") + pl.col("_pos")).cast(pl.Int32).alias("line_no"),
        pl.lit(PRE_DEAL, dtype=events.schema["section"]).alias("section"),
        "player",
        pl.when(is_sb).then(pl.lit(sb_verb)).otherwise(pl.lit(bb_verb)).alias("verb"),
        _amount_text(paid).alias("amount_s"),
        pl.lit(None, dtype=pl.String).alias("to_s"),
        (pl.col("stack") <= blind).fill_null(False).alias("all_in"),
    )
    rows = rows.select([pl.col(c).cast(t) for c, t in events.schema.items() if c in rows.columns])
    return pl.concat([events, rows], how="diagonal_relaxed").sort("hand_key", "line_no")
