"""Actions a PHH transcription leaves out, implied the way PokerKit's notation reads them.

PokerKit replays an action list by checking (nothing to call) or folding (something to call)
any player whose turn is skipped. hhaudit does the same, so that such files are not reported
out of turn: a player who had to act on a street and has no action there gets an implied check
or fold at his turn, i.e. before the first action on the street of a player after him in the
street's order (or of a player acting a second time), else after the street's last action.

- Preflop (before the chips are computed): a dealt player with chips left after the posts and
  no action at all; the last player in the preflop order (the big blind or last straddle) only
  when someone else called or raised. Kind "implied": check or fold is settled with the chips.
- Flop to river (after the chips are computed): a player neither folded nor all-in before the
  street, on a street where someone else acted. Postflop the order is p1..pn.
"""

from __future__ import annotations

import polars as pl

from parsers.games import FLOP, PREFLOP, RIVER, TURN

KEYS = ["hand_key", "idx"]


def _placed(missing: pl.DataFrame, acts: pl.DataFrame) -> pl.DataFrame:
    """Order key of each missing player's implied action (missing: KEYS + turn; acts: hand_key,
    turn, order, again)."""
    pairs = missing.join(
        acts.select("hand_key", pl.col("turn").alias("t"), "again", "order"), on="hand_key"
    )
    after = (pl.col("t") > pl.col("turn")) | pl.col("again")
    place = pairs.group_by([*KEYS, "turn"]).agg(
        pl.col("order").filter(after).min().alias("before"), pl.col("order").max().alias("last")
    )
    # Several players left out in one gap keep their turn order.
    nudge = pl.col("turn").cast(pl.Float64) / 10_000
    order = pl.coalesce(pl.col("before") - 0.5, pl.col("last") + 0.25) + nudge
    return place.select(*KEYS, order.alias("order"))


def _again() -> pl.Expr:
    return pl.col("order").rank("ordinal").over(KEYS) > 1


def implied_preflop(betting: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """Implied preflop rows (kind "implied") for the betting rows of parsers.documents.phh.build."""
    blind = (pl.col("blind") > 0) & ~pl.col("negative")
    top = (
        players.filter(blind)
        .sort("position")
        .group_by("hand_key")
        .agg(((pl.col("idx").last() + 1) % pl.col("n").first()).alias("opener"))
    )
    turn = ((pl.col("idx") - pl.col("opener")) % pl.col("n")).alias("turn")
    posted = pl.min_horizontal(pl.col("blind").abs(), pl.col("stack") - pl.col("ante_paid"))
    left = pl.col("stack") - pl.col("ante_paid") - posted
    pre = betting.filter(pl.col("street") == PREFLOP)
    pre = pre.join(players.select(*KEYS, "n"), on=KEYS).join(top, on="hand_key")
    pre = pre.with_columns(turn, _again().alias("again"))
    missing = players.filter(left > 0).join(pre.select(KEYS).unique(), on=KEYS, how="anti")
    missing = missing.join(top, on="hand_key").with_columns(turn)
    # The last to act needs to act only when someone else (he has no action) called or raised.
    contested = pre.filter(pl.col("kind") != "f").select("hand_key").unique()
    contested = contested.with_columns(pl.lit(True).alias("contested"))
    missing = missing.join(contested, on="hand_key", how="left")
    last = pl.col("turn") == pl.col("n") - 1
    needed = missing.filter(~last | pl.col("contested").fill_null(False))
    placed = _placed(needed.select(*KEYS, "turn"), pre)
    return placed.select(
        *KEYS,
        pl.lit("implied").alias("kind"),
        pl.lit(None, dtype=pl.Int64).alias("target"),
        "order",
        pl.lit(PREFLOP, dtype=pl.Int8).alias("street"),
    )


def implied_postflop(rows: pl.DataFrame, reached: pl.DataFrame) -> pl.DataFrame:
    """`rows` (with chips, final kinds) plus implied postflop checks and folds, re-sequenced.

    `reached`: hand_key, reached (the last street dealt)."""
    added: list[pl.DataFrame] = []
    people = rows.group_by(KEYS).agg(
        pl.col("stack").first(), pl.col("player").first(), pl.col("seat").first()
    )
    for street in (FLOP, TURN, RIVER):
        frame = pl.concat([rows, *added], how="diagonal_relaxed") if added else rows
        before = frame.filter(pl.col("street") < street)
        gone = before.group_by(KEYS).agg(
            (pl.col("kind") == "fold").any().alias("folded"),
            pl.col("amount").fill_null(0).sum().alias("spent"),
        )
        acts = frame.filter(pl.col("street") == street).with_columns(
            pl.col("idx").alias("turn"), _again().alias("again")
        )
        live = people.join(reached.filter(pl.col("reached") >= street), on="hand_key")
        live = live.join(gone, on=KEYS, how="left").filter(
            ~pl.col("folded").fill_null(False)
            & (pl.col("stack") - pl.col("spent").fill_null(0) > 0)
        )
        missing = live.join(acts.select(KEYS).unique(), on=KEYS, how="anti")
        missing = missing.join(acts.select("hand_key").unique(), on="hand_key")
        placed = _placed(missing.with_columns(pl.col("idx").alias("turn")), acts)
        wagers = acts.filter(pl.col("kind").is_in(["bet", "raise"])).select("hand_key", "order")
        facing = placed.join(wagers, on="hand_key", suffix="_w").filter(
            pl.col("order_w") < pl.col("order")
        )
        facing = facing.select(KEYS).unique().with_columns(pl.lit(True).alias("facing"))
        new = placed.join(facing, on=KEYS, how="left").join(people, on=KEYS)
        added.append(
            new.select(
                *KEYS,
                "player",
                "seat",
                "order",
                pl.lit(street, dtype=pl.Int8).alias("street"),
                pl.when(pl.col("facing").fill_null(False))
                .then(pl.lit("fold"))
                .otherwise(pl.lit("check"))
                .alias("kind"),
                pl.lit(0, dtype=pl.Int64).alias("amount"),
                pl.lit(None, dtype=pl.Int64).alias("to_amount"),
                pl.lit(False).alias("is_all_in"),
            )
        )
    frame = pl.concat([rows, *added], how="diagonal_relaxed").sort("hand_key", "order")
    return frame.with_columns(pl.int_range(pl.len(), dtype=pl.Int32).over("hand_key").alias("seq"))
