"""The draw rounds of the line formats: where a draw opens its round, and what it counts.

A draw game's round after a draw begins with the draw itself (parsers/games.py Round.draw):
each live player discards 0..5 cards and is dealt as many, then the round's betting. Most
formats mark that round ("*** FIRST DRAW ***", Winamax's "*** FIRST-DRAW ***"); PokerStars'
single draw and 5 card draw print no marker after the pre-draw betting, so the first draw
line of the first round opens the next round there (`FamilyFormat.draw_opens`):

    vatt110: raises $0.10 to $0.20
    Hero: calls $0.10                 <- pre-draw betting
    Hero: discards 1 card [2s]        <- the first draw line: the round after the draw
    Dealt to Hero [Td Th 6h 4h] [Ks]
    vatt110: discards 3 cards
    Hero: checks

A draw line is an action row of kind `discard` or `stand_pat` that moves no chips; its
`n_cards` is the count the line prints (the actor pattern's `n_cards` group, RULES.md §13
W-2). A discard of none is a stand-pat (Winamax's "discard 0 card"), a stand-pat counts 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import polars as pl

from parsers.games import GAMES

if TYPE_CHECKING:
    from parsers.core.grammar import Grammar

DISCARD, STAND_PAT = "discard", "stand_pat"
#: game -> Street id of its second round (a draw game's round after its first draw).
SECOND_ROUND: dict[str, int] = {
    name: game.rounds[1].street for name, game in GAMES.items() if len(game.rounds) > 1
}


def draw_opened_sections(
    lines: pl.DataFrame, families: pl.DataFrame, grammar: Grammar
) -> pl.DataFrame:
    """`lines` (hand_key, text, section) with the section of the lines of each hand of a family
    whose format declares `draw_opens` moved from its first draw line of the first round on
    to the game's second round (module docstring). Only those hands' rows are read."""
    for family, spec in grammar.families.items():
        hands = families.filter(pl.col("family") == family)
        if not spec.draw_opens or hands.is_empty():
            continue
        rows = lines.select(
            pl.arg_where(pl.col("hand_key").is_in(hands.get_column("hand_key").implode()))
        ).to_series()
        second = pl.col("game").replace_strict(SECOND_ROUND, default=None, return_dtype=pl.Int8)
        part = (
            lines.select("hand_key", "text", "section")
            .gather(rows)
            .join(
                hands.select("hand_key", "first", second.alias("_second")),
                on="hand_key",
                how="left",
                maintain_order="left",
            )
        )
        in_first = pl.col("section") == pl.col("first")
        draw = (in_first & pl.col("text").str.contains(spec.draw_opens)).cast(pl.Int32)
        opened = in_first & (draw.cum_sum().over("hand_key") > 0) & pl.col("_second").is_not_null()
        moved = pl.when(opened).then(pl.col("_second")).otherwise(pl.col("section"))
        values = part.select(moved.cast(pl.Int8)).to_series()
        lines = lines.with_columns(lines.get_column("section").scatter(rows, values))
    return lines


def count_columns(events: pl.DataFrame) -> list[str]:
    """["n_cards"] when an event of `events` read a draw's count (the actor pattern's `n_cards`
    group), else []: the column is carried only where it says something (not in a batch of
    hold'em)."""
    said = "n_cards" in events.columns and events.get_column("n_cards").null_count() < len(events)
    return ["n_cards"] if said else []


def with_draw_counts(frame: pl.DataFrame) -> pl.DataFrame:
    """Actions (raw kinds, amounts read) of a batch with hands of games without a board, with
    `n_cards` as Int8 on the draw rows, a discard of none as a
    stand-pat, a stand-pat's count 0, and no chips moved by either (amount 0)."""
    if "n_cards" not in frame.columns:  # no line of the batch printed a count
        frame = frame.with_columns(pl.lit(None, dtype=pl.String).alias("n_cards"))
    kind = pl.col("kind")
    count = pl.col("n_cards").cast(pl.Int8, strict=False)
    drawing = kind.is_in([DISCARD, STAND_PAT])
    return frame.with_columns(
        pl.when((kind == DISCARD) & (count == 0)).then(pl.lit(STAND_PAT)).otherwise(kind)
        .alias("kind"),
        pl.when(kind == STAND_PAT).then(pl.lit(0, dtype=pl.Int8))
        .when(drawing).then(count)
        .alias("n_cards"),
        pl.when(drawing).then(pl.lit(0, dtype=pl.Int64)).otherwise(pl.col("amount"))
        .alias("amount"),
    )  # fmt: skip
