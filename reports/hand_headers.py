"""The header facts of a shown hand (site, game, stakes, table, button, time, seats) and its
anchor on the page (`hand-<site>-<id>`); all built with joins and one group_by, no loop."""

from __future__ import annotations

import polars as pl

from parsers.games import GAMES
from reports.columns import decimal_amount, stakes_label

_NOT_IN_ID = r"[^A-Za-z0-9_.\-]"  # an HTML id and a URL fragment take these as they are


def hand_anchor() -> pl.Expr:
    """`hand-<site>-<hand id>` with anything but letters, digits, `_.-` turned into `_`; a second
    shown hand with the same anchor (a reused hand id) gets `-2`, a third `-3`, ..."""
    raw = pl.concat_str(
        [
            pl.lit("hand-"),
            pl.col("site").fill_null("unknown").str.replace_all(_NOT_IN_ID, "_"),
            pl.lit("-"),
            pl.col("hand_id").fill_null("").str.replace_all(_NOT_IN_ID, "_"),
        ]
    )
    copy = pl.int_range(pl.len()).over(raw) + 1
    return pl.when(copy > 1).then(raw + pl.lit("-") + copy.cast(pl.String)).otherwise(raw)


def _seat_lists(seats: pl.LazyFrame, hands: pl.LazyFrame) -> pl.LazyFrame:
    """Per hand, its seats in seat order: seat, player, starting stack (decimal), sitting out."""
    scales = hands.select("hand_key", "scale")
    return (
        seats.join(scales, on="hand_key", how="inner")
        .sort("hand_key", "seat")
        .group_by("hand_key", maintain_order=True)
        .agg(
            pl.struct(
                "seat",
                "player",
                decimal_amount("stack").alias("stack"),
                pl.col("sitting_out").fill_null(False).alias("sitting_out"),
            ).alias("seats")
        )
    )


#: The games without a board (RULES.md §13): stud, razz, the draw games.
NO_BOARD_GAMES = [name for name, game in GAMES.items() if game.family != "board"]


def _button_player(seats: pl.LazyFrame, hands: pl.LazyFrame) -> pl.LazyFrame:
    at_button = hands.select("hand_key", pl.col("button_seat").alias("seat"))
    return seats.join(at_button, on=["hand_key", "seat"], how="inner").select(
        "hand_key", pl.col("player").alias("button_player")
    )


def _game_label() -> pl.Expr:
    hilo = pl.when(pl.col("is_hilo").fill_null(False)).then(pl.lit(" hi/lo")).otherwise(pl.lit(""))
    return pl.col("game").fill_null("unknown") + hilo


def hand_headers(hands: pl.LazyFrame, seats: pl.LazyFrame, keys: pl.Series) -> pl.LazyFrame:
    """One row per shown hand (in `keys` order) with its header facts, seats and anchor."""
    wanted = pl.col("hand_key").is_in(keys.implode())
    shown = hands.filter(wanted)
    shown_seats = seats.filter(wanted)
    info = shown.select(
        "hand_key",
        "site",
        "hand_id",
        "source_file",
        "line_no",
        pl.col("table_name").fill_null(""),
        "button_seat",
        "max_seats",
        _game_label().alias("game"),
        # stud and draw hands have no board: their pots name none (a stud common card is one)
        pl.col("game").is_in(NO_BOARD_GAMES).not_().fill_null(True).alias("has_board"),
        stakes_label().alias("stakes"),
        pl.col("started_at").dt.strftime("%Y-%m-%d %H:%M").fill_null("").alias("started"),
        pl.col("started_at").dt.strftime("%Y-%m-%d %H:%M:%S UTC").fill_null("").alias("time"),
    )
    order = pl.DataFrame({"hand_key": keys}).lazy().with_row_index("order")
    return (
        order.join(info, on="hand_key", how="left")
        .join(_seat_lists(shown_seats, shown), on="hand_key", how="left")
        .join(_button_player(shown_seats, shown), on="hand_key", how="left")
        .sort("order")
        .with_columns(hand_anchor().alias("anchor"))
    )
