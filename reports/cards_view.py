"""Cards in the replay: the board at each street and the cards players showed, read from a
`cards` table when the run has one (issue #15); without it the replay shows no cards.

The table is read by its columns (parsers/schema.py CARDS, docs/tables.md): `hand_key`, the
card (`card`, canonical, else `raw` as the log printed it), `street` (an index into
parsers.schema.STREET_NAMES), `player` (null for a board card), `board` (the board of a
run-it-twice), `source` (dealt / shown / mucked / conceded / board), `position` (the order of
the cards of one line) and `line_no` (a hand shown on two lines, at the showdown and in the
summary, is shown once, from its first line). A table without one of the optional columns still
shows what it has.

Stud and draw hands (RULES.md §13) add `round_cards`: per betting round, the up cards each
player was dealt in it (`face` "up", stud: one a round from 3rd to 6th street) and the cards
the log shows a player discarding in the draw before it (source `discarded`: the hero's), so
the replay's round headers show how each hand came to be.
"""

from __future__ import annotations

import polars as pl

from parsers.schema import STREET_NAMES

_TEXT_COLUMNS = ("card", "cards", "text")
_RAW_COLUMN = "raw"
_BOARD_COLUMNS = ("board", "board_no", "run")
_SEEN_COLUMNS = ("seen", "source", "how")
#: How a round header names the cards of `round_cards`.
UP, DISCARDS = "up", "discards"


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
        *([pl.col("face").cast(pl.String)] if "face" in present else []),
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
    by_round = _round_cards(rows, names)
    grouped = rows.group_by(
        "hand_key", "street", "board", "player", "seen", maintain_order=True
    ).agg(pl.col("text").str.join(" "))
    lists = grouped.group_by("hand_key", maintain_order=True).agg(
        pl.struct("street", "board", pl.col("text").alias("cards"))
        .filter(on_board)
        .alias("board_cards"),
        pl.struct("player", "seen", "street", pl.col("text").alias("cards"))
        .filter(~on_board)
        .alias("shown_cards"),
    )
    if by_round is None:
        return lists
    return lists.join(by_round, on="hand_key", how="left", maintain_order="left")


def _round_cards(rows: pl.LazyFrame, names: list[str]) -> pl.LazyFrame | None:
    """Per hand `round_cards` (street, player, what, cards): each player's up cards by the
    round that dealt them (a card listed again later, in a shown hand, counts once, in its
    first round) and the discards of each draw by the round after it; None where the table
    has no `face` column (the board games' tables before issue 28)."""
    if "face" not in names:
        return None
    player = pl.col("player").is_not_null()
    up = rows.filter(player & (pl.col("face") == UP) & pl.col("street").is_not_null())
    first_line = [pl.col("line_no").min()] if "line_no" in names else []
    up = up.group_by("hand_key", "player", "text").agg(
        pl.col("street").sort_by(_order(names)).first(), *first_line
    )
    discarded = player & (pl.col("seen") == "discarded")
    thrown = rows.filter(discarded).select(up.collect_schema().names())
    marked = pl.concat(
        [up.with_columns(what=pl.lit(UP)), thrown.with_columns(what=pl.lit(DISCARDS))]
    )
    order = ["hand_key", *(["line_no"] if "line_no" in names else []), "player"]
    return (
        marked.sort(order, maintain_order=True)
        .group_by("hand_key", "street", "player", "what", maintain_order=True)
        .agg(pl.col("text").str.join(" ").alias("cards"))
        .group_by("hand_key", maintain_order=True)
        .agg(pl.struct("street", "player", "what", "cards").alias("round_cards"))
    )


def _order(names: list[str]) -> pl.Expr:
    """Rows in the log's order where the table says it, else as they are."""
    return pl.col("line_no") if "line_no" in names else pl.int_range(pl.len())
