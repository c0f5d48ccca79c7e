"""The round and the face of each hole card of a game without a board (cards.street, .face).

A stud player is dealt two cards down and one up on 3rd street, one up on each of 4th to 6th,
one down on 7th (the game table's deals: parsers/core/families.py `card_rounds`). The logs show
them in two ways:

- by round: the cards a line deals in a round (its section, or the round an XML element names):
  "Dealt to Hero [4c 7d Ah]" on 3rd street, "Dealt to Bob [Qd]" (his up card alone, the down
  ones hidden), "Player X received card: [6h]" one card a line, iPoker's "X X H6". A round's
  cards are listed down cards first; where fewer are listed than the round deals, the hidden
  ones are the first (the down cards): the n-th listed card of a round that deals d cards, of
  which k are listed in all, is its (d - k + n)-th card;
- in deal order: a showdown listing a player's seven cards as they were dealt (PartyPoker,
  old WPN): the n-th card is the player's n-th card of the hand (`CardLines.shown_in_deal_order`).

A draw game deals its hand down on the pre-draw round; the cards a draw round's lines deal or
discard are down, on that round (the round after the draw); a hand shown at the end is no
deal order there (its cards' rounds are unknown: null).

The board games' hole cards keep a null street and face (dealt before preflop's betting).
"""

from __future__ import annotations

import polars as pl

from parsers.core.families import card_rounds
from parsers.games import GAMES, rounds_frame

#: (game, street) of the rounds that begin with a draw: the cards a line deals or discards
#: there are drawn down ("Dealt to Hero [Td Th 6h 4h] [Ks]", "discards 1 card [2s]").
DRAW_ROUNDS = rounds_frame().filter(pl.col("draw")).select("game", "street")
#: The games without draws: a hand shown in full lists the cards of its rounds in deal order.
NO_DRAWS = tuple(name for name, game in GAMES.items() if game.max_discard == 0)
#: The card rows' columns this step reads and writes (any reader's rows have them).
HOLDER = ("hand_key", "line_no", "player", "source", "street", "position")


def family_games(hands: pl.DataFrame) -> pl.DataFrame:
    """hand_key, game of the hands whose game deals hole cards by rounds (stud, draw)."""
    games = card_rounds().get_column("game").unique()
    return hands.select("hand_key", "game").filter(pl.col("game").is_in(games.implode()))


def with_hole_rounds(
    rows: pl.DataFrame,
    games: pl.DataFrame,
    sections: pl.DataFrame | None = None,
    in_deal_order: bool = False,
) -> pl.DataFrame:
    """`rows` (card rows of any reader, HOLDER columns) with `street` and `face` on the hole
    cards of `games`' hands (module docstring). `sections` (hand_key, line_no, section): the
    round of each line, for the rows of source `dealt` that have no street yet. `in_deal_order`:
    the other hole rows list a player's cards as dealt."""
    rows = rows.with_columns(pl.lit(None, pl.String).alias("face"))
    mine = pl.col("player").is_not_null() & pl.col("hand_key").is_in(
        games.get_column("hand_key").implode()
    )
    hole = rows.filter(mine).join(games, on="hand_key", how="left")
    if hole.is_empty():
        return rows
    if sections is not None:
        section = hole.join(sections, on=["hand_key", "line_no"], how="left").get_column("section")
        undated = pl.col("source").is_in(["dealt", "discarded"]) & pl.col("street").is_null()
        hole = hole.with_columns(
            pl.when(undated).then(section.cast(pl.Int8)).otherwise(pl.col("street")).alias("street")
        )
    # a draw's cards (drawn, discarded): down, on the round after the draw
    drawn = hole.join(DRAW_ROUNDS, on=["game", "street"], how="semi")
    drawn = drawn.with_columns(pl.lit("down").alias("face")).select(rows.columns)
    hole = hole.join(DRAW_ROUNDS, on=["game", "street"], how="anti")
    rounds = card_rounds()
    by_round = _by_round(hole.filter(pl.col("street").is_not_null()), rounds)
    listed = hole.filter(pl.col("street").is_null())
    # a shown hand's places are its deal only in the games without draws (stud)
    in_order = pl.col("source").is_in(["shown", "mucked"]) & pl.lit(in_deal_order)
    in_order = in_order & pl.col("game").is_in(list(NO_DRAWS))
    nth = pl.when(in_order).then(pl.col("position").cast(pl.Int32))
    listed = listed.with_columns(nth.alias("_nth")).select(by_round.columns)
    dealt = rounds.rename({"card": "_nth", "street": "street_dealt", "face": "face_dealt"})
    read = pl.concat([by_round, listed]).join(dealt, on=["game", "_nth"], how="left")
    # a card of no round of the game (a line outside the rounds, a place past the deals):
    # neither round nor face is known
    read = read.with_columns(
        pl.col("street_dealt").alias("street"), pl.col("face_dealt").alias("face")
    ).select(rows.columns)
    return pl.concat([rows.filter(~mine), drawn, read])


def _by_round(hole: pl.DataFrame, rounds: pl.DataFrame) -> pl.DataFrame:
    """`hole` (rows with the round of their line) with `_nth`: the player's card of the hand
    each row is (from 0), from its place among the cards listed for him in that round."""
    group = ["hand_key", "player", "street"]
    lines = (
        hole.group_by(*group, "line_no")
        .agg((pl.col("position").max().cast(pl.Int32) + 1).alias("_len"))
        .sort(*group, "line_no")
    )
    lines = lines.with_columns(
        (pl.col("_len").cum_sum().over(group) - pl.col("_len")).alias("_offset"),
        pl.col("_len").sum().over(group).alias("_listed"),
    )
    deals = rounds.group_by("game", "street").agg(
        pl.col("card").min().alias("_first"), pl.len().cast(pl.Int32).alias("_dealt")
    )  # card_rounds' `card` is the n-th card, not the rows' card text
    frame = hole.join(lines, on=[*group, "line_no"], how="left").join(
        deals, on=["game", "street"], how="left"
    )
    place = pl.col("_offset") + pl.col("position").cast(pl.Int32)
    hidden = (pl.col("_dealt") - pl.col("_listed")).clip(lower_bound=0)
    nth = pl.col("_first") + place + hidden
    inside = (place + hidden) < pl.col("_dealt")
    return frame.with_columns(pl.when(inside).then(nth).alias("_nth")).drop(
        "_len", "_offset", "_listed", "_first", "_dealt"
    )
