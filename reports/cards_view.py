"""Cards in the replay: the board at each street and the cards players showed, read from a
`cards` table when the run has one (issue #15); without it the replay shows no cards.

The table is read by its columns (parsers/schema.py CARDS, docs/tables.md): `hand_key`, the
card (`card`, canonical, else `raw` as the log printed it), `street` (an index into
parsers.schema.STREET_NAMES), `player` (null for a board card), `board` (the board of a
run-it-twice), `source` (dealt / shown / mucked / conceded / board), `position` (the order of
the cards of one line) and `line_no` (a hand shown on two lines, at the showdown and in the
summary, is shown once, from its first line). A table without one of the optional columns still
shows what it has.
"""

from __future__ import annotations

import polars as pl

from parsers.schema import STREET_NAMES

_TEXT_COLUMNS = ("card", "cards", "text")
_RAW_COLUMN = "raw"
_BOARD_COLUMNS = ("board", "board_no", "run")
_SEEN_COLUMNS = ("seen", "source", "how")


def _first(present: list[str], names: tuple[str, ...]) -> str | None:
    return next((name for name in names if name in present), None)


def _card_text(column: str, dtype: pl.DataType) -> pl.Expr:
    if isinstance(dtype, pl.List):
        return pl.col(column).cast(pl.List(pl.String)).list.join(" ")
    return pl.col(column).cast(pl.String)


def _street_label(dtype: pl.DataType) -> pl.Expr:
    if dtype.is_integer():
        names = dict(enumerate(STREET_NAMES))
        return pl.col("street").replace_strict(names, default="?", return_dtype=pl.String)
    return pl.col("street").cast(pl.String)


def _readable(cards: pl.LazyFrame) -> pl.LazyFrame | None:
    """The cards as (hand_key, street, board, player, seen, text), or None if the table does
    not carry what the replay needs."""
    schema = cards.collect_schema()
    present = schema.names()
    text = _first(present, _TEXT_COLUMNS)
    if "hand_key" not in present or text is None:
        return None
    board, seen = _first(present, _BOARD_COLUMNS), _first(present, _SEEN_COLUMNS)
    return cards.select(
        "hand_key",
        (_street_label(schema["street"]) if "street" in present else pl.lit("")).alias("street"),
        (pl.col(board).cast(pl.Int64) if board else pl.lit(1, dtype=pl.Int64)).alias("board"),
        (pl.col("player") if "player" in present else pl.lit(None, dtype=pl.String)).alias(
            "player"
        ),
        (pl.col(seen).cast(pl.String) if seen else pl.lit("")).alias("seen"),
        _card_text(text, schema[text]).alias("text"),
        *([pl.col(_RAW_COLUMN).cast(pl.String).alias("raw")] if _RAW_COLUMN in present else []),
        *([pl.col("position")] if "position" in present else []),
        *([pl.col("line_no")] if "line_no" in present else []),
    )


def card_lists(cards: pl.LazyFrame | None, keys: pl.Series) -> pl.LazyFrame | None:
    """Per shown hand: `board_cards` (street, board, cards) and `shown_cards` (player, seen,
    cards), in table order; None without a usable cards table."""
    readable = None if cards is None else _readable(cards)
    if readable is None:
        return None
    rows = readable.filter(pl.col("hand_key").is_in(keys.implode()))
    names = rows.collect_schema().names()
    if "raw" in names:  # a card the parser could not name: as the log printed it
        rows = rows.with_columns(pl.coalesce("text", "raw").alias("text"))
    if "position" in names:
        rows = rows.sort("hand_key", "position", maintain_order=True)
    rows = rows.filter(pl.col("text").is_not_null())  # a concession shows no card
    if "line_no" in names:  # cards shown at the showdown and again in the summary: the first
        group = ["hand_key", "street", "board", "player", "seen"]
        first = pl.col("line_no") == pl.col("line_no").min().over(group)
        rows = rows.filter(first | pl.col("line_no").is_null())
    on_board = pl.col("player").is_null()
    grouped = rows.group_by(
        "hand_key", "street", "board", "player", "seen", maintain_order=True
    ).agg(pl.col("text").str.join(" "))
    return grouped.group_by("hand_key", maintain_order=True).agg(
        pl.struct("street", "board", pl.col("text").alias("cards"))
        .filter(on_board)
        .alias("board_cards"),
        pl.struct("player", "seen", "street", pl.col("text").alias("cards"))
        .filter(~on_board)
        .alias("shown_cards"),
    )
