"""The pot halves of the stud and draw hands (RULES.md §13.4): each eligible player's values
in the columns award.py splits the pots on.

award.py values a board game's players with the hold'em evaluator into `high_value` (larger is
better), `high_class`, `high_five`, and, in hi/lo, `low_value` (smaller is better) and
`low_five`. A stud or draw game's players are valued here with `hand_values` (values/) on
their own cards (`hole`: a stud player's seven with the common card, a draw player's hand
after the draws) into the same columns, the kinds the game table names
(values/games.py `game_kinds`):

| game | high half | low half |
|---|---|---|
| stud | `high` | stud/8 (`is_hilo`): `eight_low`, when one qualifies |
| 5 card draw | `high` | — |
| razz | — | `ace_five_low`: the whole pot |
| 2-7 triple and single draw | — | `deuce_seven_low`: the whole pot |
| badugi | — | `badugi`: the whole pot |

and three columns the board games do not have: `only_low` (ONLY_LOW: the game's pot is its
low half whole, razz, 2-7, badugi), `ace_low` (ACE_LOW: the low half's cards rank the ace
low, for the odd chip by suit) and `low_class` (the low hand in words: `low`, `pair`,
`badugi`, `three_card`, ...).
"""

from __future__ import annotations

import polars as pl

from audit.showdown.values import hand_values
from audit.showdown.values.games import ACE_LOW_KINDS, game_kinds

ONLY_LOW = "only_low"
ACE_LOW = "ace_low"
#: The card id of the lowest ace (ids: 4 * (rank - 2) + suit, the ace rank 14).
LOWEST_ACE = 48


def _kind_column(kind: str | None, hilo_low: bool) -> pl.Expr:
    """Each row's value kind of one half: `kind`; the eight-or-better low only on the hi/lo
    rows where the game has no low half of its own (`hilo_low`)."""
    if kind is None:
        return pl.lit(None, pl.String)
    if hilo_low:
        return pl.when(pl.col("is_hilo").fill_null(False)).then(pl.lit(kind))
    return pl.lit(kind)


def _low_words(kind: str | None) -> pl.Expr:
    """The low hand's class in words: a lowball hand without a pair or worse is `low`."""
    klass = pl.col("value_class").cast(pl.String)
    if kind in ("ace_five_low", "deuce_seven_low"):
        return pl.when(klass == "high_card").then(pl.lit("low")).otherwise(klass)
    return klass


def evaluate_values(rows: pl.DataFrame, game: str) -> pl.DataFrame:
    """`rows` (one game's eligible players: hand_key, seat, board, is_hilo, hole, ...) with
    high_value, high_class, high_five, low_value, low_five, low_class, only_low and ace_low
    (module docstring)."""
    high_kind, own_low = game_kinds(game, hilo=False)
    low_kind = game_kinds(game, hilo=True)[1]  # own_low, or stud/8's eight-or-better low
    high = hand_values(rows.with_columns(kind=_kind_column(high_kind, False)), cards="hole")
    high = high.select(
        pl.exclude("kind", "value", "value_class", "best_cards", "score"),
        high_value=pl.col("value"),
        high_class=pl.col("value_class").cast(pl.String),
        high_five=pl.col("best_cards"),
    )
    low = hand_values(
        rows.select("hand_key", "seat", "board", "hole", "is_hilo").with_columns(
            kind=_kind_column(low_kind, own_low is None)
        ),
        cards="hole",
    )
    low = low.select(
        "hand_key",
        "seat",
        "board",
        low_value=pl.col("value"),
        low_five=pl.col("best_cards"),
        low_class=_low_words(low_kind),
    )
    valued = high.join(low, on=["hand_key", "seat", "board"], how="left", maintain_order="left")
    return valued.with_columns(
        pl.lit(high_kind is None).alias(ONLY_LOW),
        pl.lit(low_kind in ACE_LOW_KINDS).alias(ACE_LOW),
    )


def ordered_high_first(ace_low: pl.Expr) -> pl.Expr:
    """The best five's cards, highest first, as one number (base 52), as award.py orders the
    odd chips by suit; where `ace_low` is true the aces rank below the deuces (razz, the
    eight-or-better low: the high card of 8-5-4-3-A is the eight). A null `ace_low` is false."""
    five = pl.col("five")
    shifted = five.list.eval(
        pl.when(pl.element() >= LOWEST_ACE)
        .then(pl.element().cast(pl.Int64) - LOWEST_ACE)
        .otherwise(pl.element().cast(pl.Int64) + 4)
    )
    ordered = (
        pl.when(ace_low.fill_null(False)).then(shifted).otherwise(five.cast(pl.List(pl.Int64)))
    ).list.sort(descending=True)
    number = pl.lit(0, dtype=pl.Int64)
    for position in range(5):
        card = ordered.list.get(position, null_on_oob=True).cast(pl.Int64).fill_null(0)
        number = number * 52 + card
    return number
