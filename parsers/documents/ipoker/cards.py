"""iPoker's cards -> the cards table (parsers/schema.py CARDS, docs/tables.md).

The `<cards>` elements of a game (parsers/documents/ipoker/xml_columns.py keeps their type,
player, line and text):

    <cards type="Pocket" player="dunny53">HK S10</cards>    hole cards, suit first (Kh Ts)
    <cards type="Pocket" player="gogz8219">X X</cards>      hidden: no card, no row
    <cards type="Flop" player="">C9 H10 H9</cards>          the flop; Turn and River one card

Pocket cards are the hero's (source `dealt`, the session's `<nickname>`) or cards shown at the
showdown (`shown`); the export prints no muck, so no row is `conceded`. Stud deals each
player's cards street by street (`<cards type="Third Street" player="Bob">X X H6</cards>`,
parsers/documents/ipoker/families.py): each card gets its round and face
(parsers/core/hole_faces.py); another player's cards are `shown` where his down cards are
known (he showed them at the showdown), else his up cards are `dealt`. Cards are read by the
one card helper (parsers/core/cards.py `suit_first_card`: `C10` is the ten of clubs, `s5`
lower case as some exports write it).
"""

from __future__ import annotations

import polars as pl

from parsers.core.card_lines import cards_table, explode_tokens
from parsers.core.cards import suit_first_card
from parsers.core.hole_faces import with_hole_rounds
from parsers.documents.ipoker.families import hole_rounds, ipoker_families
from parsers.documents.ipoker.frames import _frame
from parsers.documents.ipoker.xml_columns import XmlColumns
from parsers.games import FLOP, RIVER, TURN
from parsers.schema import empty

#: Board element type -> (street, place of its first card in the board).
STREETS: dict[str, tuple[int, int]] = {"flop": (FLOP, 0), "turn": (TURN, 3), "river": (RIVER, 4)}


def _card_rows(cols: XmlColumns, games: pl.DataFrame, families: pl.DataFrame) -> pl.DataFrame:
    raw = _frame(cols.cards, ("type", "player", "text"))
    keys = games.select("file_id", "game_ix", "hand_key", hero=pl.col("nickname"))
    rows = raw.join(keys, on=["file_id", "game_ix"], how="inner")
    kind = pl.col("type").str.to_lowercase().str.strip_chars()
    rows = rows.with_columns(kind=kind).with_columns(_round=hole_rounds(families))
    rows = rows.filter(kind.is_in(["pocket", *STREETS]) | pl.col("_round").is_not_null())
    return rows.with_columns(raw=pl.col("text").fill_null("").str.split(" "))


def ipoker_cards(
    cols: XmlColumns, games: pl.DataFrame, hands: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """The cards table of the parsed `hands` (games: file_id, game_ix, hand_key, nickname)."""
    families = ipoker_families(games)
    rows = _card_rows(cols, games, families)
    rows = rows.with_columns(pl.col("raw").list.eval(pl.element().filter(pl.element() != "")))
    rows = explode_tokens(rows, suit_first_card)
    if rows.height == 0:
        return empty("cards")
    by_round = pl.col("_round").is_not_null()  # stud: a player's cards of one street
    pocket = (pl.col("kind") == "pocket") | by_round
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
        street=pl.when(by_round).then(pl.col("_round")).when(~pocket).then(street),
        position=(pl.col("position") + pl.when(pocket).then(0).otherwise(first)).cast(pl.Int8),
        card="card",
        raw="raw",
        label=pl.lit(None, pl.String),
        _hero=hero.fill_null(False),
    )
    if families.height:
        frame = _stud_sources(with_hole_rounds(frame, families.select("hand_key", "game")))
    return cards_table(frame.drop("_hero"), hands, seats)


def _stud_sources(frame: pl.DataFrame) -> pl.DataFrame:
    """Stud: another player's cards are `shown` when his down cards are known (he showed at
    the showdown: every card of his then), else his up cards are `dealt` (seen as dealt)."""
    down = (pl.col("face") == "down") & pl.col("card").is_not_null()
    showed = down.any().over("hand_key", "player")
    others = pl.col("player").is_not_null() & ~pl.col("_hero") & pl.col("face").is_not_null()
    source = pl.when(others & ~showed).then(pl.lit("dealt")).otherwise(pl.col("source"))
    return frame.with_columns(source.alias("source"))
