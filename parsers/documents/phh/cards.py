"""PHH's cards -> the cards table (parsers/schema.py CARDS, docs/tables.md).

The cards are in the dealing and showing actions (parsers/documents/phh/build.py reads them as
actor, verb, arg):

    d dh p1 AcKd      p1's hole cards (source `dealt`); "????" hidden: no card, no row
    d db 7h8h9h       a board dealing: the flop, then the turn and the river one card each
    p1 sm AcKd        p1 shows (source `shown`)
    p1 sm -           p1 shows the cards he was dealt (they are the `dealt` rows)
    p1 sm             p1 mucks (source `conceded`, card null)

The cards of an action are packed ("AcKd") and read by the one card helper
(parsers/core/cards.py `packed_card_tokens`, `canonical_card`). Every row's line is the hand's
`actions = [...]` line (PHH puts all actions on it).
"""

from __future__ import annotations

import polars as pl

from parsers.core.card_lines import cards_table, explode_tokens
from parsers.core.cards import canonical_card, packed_card_tokens
from parsers.games import FLOP, RIVER, TURN
from parsers.schema import empty

#: Board dealing number (1 flop, 2 turn, 3 river) -> the place of its first card in the board.
FIRST_PLACE = {FLOP: 0, TURN: 3, RIVER: 4}
_HOLE = r"^p(?P<holder>\d+)\s+(?P<cards>\S+)$"


def _dealt(actions: pl.DataFrame) -> pl.DataFrame:
    rows = actions.filter((pl.col("actor") == "d") & (pl.col("verb") == "dh"))
    parts = pl.col("arg").fill_null("").str.extract_groups(_HOLE)
    rows = rows.with_columns(parts.alias("_p")).unnest("_p")
    return rows.with_columns(
        idx=pl.col("holder").cast(pl.Int32, strict=False) - 1,
        source=pl.lit("dealt"),
        raw=packed_card_tokens(pl.col("cards")),
    )


def _saturated(position: pl.Expr) -> pl.Expr:
    """A card's place as the cards table's Int8: a hostile line may pack more cards than an Int8
    holds, so the place saturates at 127 (the card rules count the cards, C-3, not their places;
    as parsers/core/card_lines.py)."""
    return position.clip(0, 127).cast(pl.Int8)


def _shown(actions: pl.DataFrame) -> pl.DataFrame:
    shows = (pl.col("actor") != "d") & (pl.col("verb") == "sm")
    rows = actions.filter(shows & pl.col("arg").is_not_null() & (pl.col("arg") != "-"))
    return rows.with_columns(source=pl.lit("shown"), raw=packed_card_tokens(pl.col("arg")))


def _conceded(actions: pl.DataFrame) -> pl.DataFrame:
    mucks = (pl.col("actor") != "d") & (pl.col("verb") == "sm") & pl.col("arg").is_null()
    return actions.filter(mucks).select(
        "hand_key",
        "idx",
        line_no="actions_line",
        source=pl.lit("conceded"),
        board=pl.lit(None, pl.Int8),
        street=pl.lit(None, pl.Int8),
        position=pl.lit(0, pl.Int8),
        card=pl.lit(None, pl.String),
        raw=pl.lit(None, pl.String),
    )


def _hole(actions: pl.DataFrame) -> pl.DataFrame:
    columns = ["hand_key", "idx", "actions_line", "j", "source", "raw"]
    rows = pl.concat([_dealt(actions).select(columns), _shown(actions).select(columns)])
    rows = explode_tokens(rows, canonical_card)
    return rows.select(
        "hand_key",
        "idx",
        line_no="actions_line",
        source="source",
        board=pl.lit(None, pl.Int8),
        street=pl.lit(None, pl.Int8),
        position=_saturated(pl.col("position")),
        card="card",
        raw="raw",
    )


def _board(actions: pl.DataFrame) -> pl.DataFrame:
    rows = actions.filter((pl.col("actor") == "d") & (pl.col("verb") == "db"))
    rows = explode_tokens(rows.with_columns(raw=packed_card_tokens(pl.col("arg"))), canonical_card)
    first = pl.col("street").replace_strict(FIRST_PLACE, default=0, return_dtype=pl.Int64)
    return rows.select(
        "hand_key",
        idx=pl.lit(None, pl.Int32),
        line_no="actions_line",
        source=pl.lit("board"),
        board=pl.lit(1, pl.Int8),
        street=pl.col("street").cast(pl.Int8),
        position=_saturated(pl.col("position") + first),
        card="card",
        raw="raw",
    )


def phh_cards(
    actions: pl.DataFrame, players: pl.DataFrame, hands: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """The cards table of the parsed `hands` from the parsed PHH actions (hand_key, actions_line,
    j, actor, verb, arg, street, idx) and the players (hand_key, idx, player)."""
    if actions.height == 0:
        return empty("cards")
    parts = [_hole(actions), _board(actions), _conceded(actions)]
    rows = pl.concat([p.with_columns(pl.col("idx").cast(pl.Int32)) for p in parts])
    names = players.select("hand_key", pl.col("idx").cast(pl.Int32), "player")
    rows = rows.join(names, on=["hand_key", "idx"], how="left").with_columns(
        line_no=pl.col("line_no").cast(pl.Int32), label=pl.lit(None, pl.String)
    )
    return cards_table(rows.drop("idx"), hands, seats)
