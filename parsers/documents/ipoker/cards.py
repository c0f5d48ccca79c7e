"""iPoker's cards -> the cards table (parsers/schema.py CARDS, docs/tables.md).

The `<cards>` elements of a game (parsers/documents/ipoker/xml_columns.py keeps their type,
player, line and text):

    <cards type="Pocket" player="dunny53">HK S10</cards>    hole cards, suit first (Kh Ts)
    <cards type="Pocket" player="gogz8219">X X</cards>      hidden: no card, no row
    <cards type="Flop" player="">C9 H10 H9</cards>          the flop; Turn and River one card

Pocket cards are the hero's (source `dealt`, the session's `<nickname>`) or cards shown at the
showdown (`shown`); the export prints no muck, so no row is `conceded`. Cards are read by the
one card helper (parsers/core/cards.py `suit_first_card`: `C10` is the ten of clubs, `s5`
lower case as some exports write it).
"""

from __future__ import annotations

import polars as pl

from parsers.core.card_lines import cards_table, explode_tokens
from parsers.core.cards import suit_first_card
from parsers.documents.ipoker.frames import _frame
from parsers.documents.ipoker.xml_columns import XmlColumns
from parsers.games import FLOP, RIVER, TURN
from parsers.schema import empty

#: Board element type -> (street, place of its first card in the board).
STREETS: dict[str, tuple[int, int]] = {"flop": (FLOP, 0), "turn": (TURN, 3), "river": (RIVER, 4)}


def _card_rows(cols: XmlColumns, games: pl.DataFrame) -> pl.DataFrame:
    raw = _frame(cols.cards, ("type", "player", "text"))
    keys = games.select("file_id", "game_ix", "hand_key", hero=pl.col("nickname"))
    rows = raw.join(keys, on=["file_id", "game_ix"], how="inner")
    kind = pl.col("type").str.to_lowercase().str.strip_chars()
    rows = rows.with_columns(kind=kind).filter(kind.is_in(["pocket", *STREETS]))
    return rows.with_columns(raw=pl.col("text").fill_null("").str.split(" "))


def ipoker_cards(
    cols: XmlColumns, games: pl.DataFrame, hands: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """The cards table of the parsed `hands` (games: file_id, game_ix, hand_key, nickname)."""
    rows = _card_rows(cols, games)
    rows = rows.with_columns(pl.col("raw").list.eval(pl.element().filter(pl.element() != "")))
    rows = explode_tokens(rows, suit_first_card)
    if rows.height == 0:
        return empty("cards")
    pocket = pl.col("kind") == "pocket"
    street = pl.col("kind").replace_strict(
        {k: v[0] for k, v in STREETS.items()}, default=None, return_dtype=pl.Int8
    )
    first = pl.col("kind").replace_strict(
        {k: v[1] for k, v in STREETS.items()}, default=0, return_dtype=pl.Int64
    )
    hero = pl.col("player") == pl.col("hero")
    source = pl.when(~pocket).then(pl.lit("board")).when(hero.fill_null(False))
    frame = rows.select(
        "hand_key",
        "line_no",
        player=pl.when(pocket).then(pl.col("player")),
        source=source.then(pl.lit("dealt")).otherwise(pl.lit("shown")),
        board=pl.when(~pocket).then(pl.lit(1, pl.Int8)),
        street=pl.when(~pocket).then(street),
        position=(pl.col("position") + pl.when(pocket).then(0).otherwise(first)).cast(pl.Int8),
        card="card",
        raw="raw",
        label=pl.lit(None, pl.String),
    )
    return cards_table(frame, hands, seats)
