"""C-7 HAND-LABEL in the stud and draw games: the log's name of a shown hand against its value.

The names are read by values/labels.py (`read_value_labels`: PokerStars' `HI: a pair of
Sevens; LO: 8,7,5,4,2`, `Lo: 7,5,3,2,A`, `Badugi: 8,4,3,A`, and the other sites' shapes) for
each half the game has (values/games.py `game_kinds`: stud/8 reads both its high and its low
part), and compared with the evaluated hand (`label_disagrees`). Judged where the player's
cards are complete (a stud player's seven, the common card included; a draw player's hand)
and the hand has no card fault; a name the reader does not know is not judged (never a guess).
"""

from __future__ import annotations

import polars as pl

from audit.showdown.cards import cards_text_expr
from audit.showdown.values import hand_values
from audit.showdown.values.games import VALUE_GAMES, game_kinds
from audit.showdown.values.labels import label_disagrees, read_value_labels

CARD_FAULTS = ("cards_unjudged", "card_invalid", "card_dup", "card_count")
#: How a sentence names the hand each kind values.
KIND_WORDS = {
    "high": "high hand",
    "eight_low": "eight-or-better low",
    "ace_five_low": "ace-to-five low",
    "deuce_seven_low": "deuce-to-seven low",
    "badugi": "badugi hand",
}


def _empty() -> pl.DataFrame:
    return pl.DataFrame(schema={"hand_key": pl.Int64, "hand_label": pl.String})


def _named_rows(hole: pl.DataFrame, hands: pl.DataFrame, deck: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, seat, player, hole, label, label_line, kind) per named shown hand of a stud or
    draw game and each value kind its game has; complete cards, no card fault."""
    fault = deck.filter(pl.any_horizontal(pl.col(c).is_not_null() for c in CARD_FAULTS))
    games = hands.filter(pl.col("game").is_in(VALUE_GAMES)).select("hand_key", "game", "is_hilo")
    named = (
        hole.filter(pl.col("label").is_not_null() & (pl.col("hole_count") == pl.col("dealt")))
        .join(games, on="hand_key", how="inner")
        .join(fault.select("hand_key"), on="hand_key", how="anti")
    )
    if named.height == 0:
        return named.with_columns(kind=pl.lit(None, pl.String))
    kinds = [
        {"game": game, "is_hilo": hilo, "kind": kind}
        for game in VALUE_GAMES
        for hilo in (False, True)
        for kind in game_kinds(game, hilo)
        if kind is not None
    ]
    table = pl.DataFrame(
        kinds, schema={"game": pl.String, "is_hilo": pl.Boolean, "kind": pl.String}
    )
    named = named.with_columns(pl.col("is_hilo").fill_null(False))
    return named.join(table, on=["game", "is_hilo"], how="inner")


def _sentence() -> pl.Expr:
    made = pl.when(pl.col("value").is_null()).then(pl.lit("no ")).otherwise(pl.lit(""))
    cards = (
        pl.when(pl.col("value").is_null())
        .then(pl.lit(""))
        .otherwise(
            pl.concat_str(
                pl.lit(" "),
                cards_text_expr(pl.col("best_cards")),
                pl.lit(" ("),
                pl.col("value_class").cast(pl.String).str.replace_all("_", " "),
                pl.lit(")"),
            )
        )
    )
    return pl.concat_str(
        pl.col("player"),
        pl.lit(": the log names '"),
        pl.col("label"),
        pl.lit("' but his cards make "),
        made,
        pl.col("kind").replace_strict(KIND_WORDS, return_dtype=pl.String),
        cards,
    )


def value_label_flags(hole: pl.DataFrame, hands: pl.DataFrame, deck: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, hand_label): the first named shown hand (by the name's line) of each stud or
    draw hand whose name contradicts its value (module docstring)."""
    named = _named_rows(hole, hands, deck)
    if named.height == 0:
        return _empty()
    flagged = []
    for kind in named.get_column("kind").unique().sort().to_list():  # one pass per kind
        rows = hand_values(named.filter(pl.col("kind") == kind), cards="hole")
        rows = read_value_labels(rows, kind, label="label", into="label_read")
        off = label_disagrees(
            pl.col("label_read"), pl.col("value"), pl.col("value_class"), pl.col("best_cards")
        )
        flagged.append(
            rows.filter(off.fill_null(False)).select(
                "hand_key", "label_line", hand_label=_sentence()
            )
        )
    found = pl.concat(flagged)
    if found.height == 0:
        return _empty()
    return (
        found.sort("hand_key", "label_line")
        .group_by("hand_key", maintain_order=True)
        .agg(pl.col("hand_label").first())
    )
