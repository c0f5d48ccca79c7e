"""The game table's rounds on every row: the `game_*` columns (parsers/games.py rounds_frame).

Joined like the site's options: each hand gets its game's place in the table (`game_slot`, in
the per-hand frame prepare.py joins onto the rows), and each row the columns of its (game,
street) from the table. The table is tiny, so the join is a gather: the columns are laid out
SLOTS street ids per game and each row reads the entry `game_slot + street`, one struct gather
for all of them. A row that is no betting round of its game (the settlement, SHOWDOWN) reads
the entry of no round: its round and first actor are null, first and last round false, and the
big bet as its unit, the unit of every game's last round (what the settlement rows read before
the table; no rule judges a wager there).

A hand whose game is not in the table (null, or a name the table does not know) is audited as
FALLBACK_GAME, a board game with hold'em's rounds, as every hand was before the table.
"""

from __future__ import annotations

import polars as pl

from parsers.games import BLINDS, FALLBACK_GAME, GAME_NAMES, GAMES, STREETS, rounds_frame

#: The rounds_frame columns the betting state carries, as `game_<column>` (audit/state/columns.py).
STATE_ROUND_COLUMNS: tuple[str, ...] = (
    "round",
    "first_round",
    "last_round",
    "big_bet",
    "first_actor",
    "open_pair",
    "draw",
)
#: Columns the lookup adds from the game (not the round): `blind_round` (the round is the first
#: of a game whose forced bets are blinds: the BB floor, F and the FL level and count at its
#: start, the pot-limit nominal blinds) and `max_discard` (a draw round: the most cards one
#: draw replaces, RULES.md W-2; null on the other rounds).
GAME_COLUMNS: tuple[str, ...] = ("blind_round", "max_discard")
#: Street ids per game in the lookup: every id of parsers/games.py STREETS fits.
SLOTS = 16
assert len(STREETS) <= SLOTS
#: The value a row that is no round of its game reads (null where not listed).
NO_ROUND: dict[str, bool] = {
    "first_round": False,
    "last_round": False,
    "big_bet": True,
    "open_pair": False,
    "draw": False,
    "blind_round": False,
}


def _game_facts() -> pl.DataFrame:
    """Per game: whether its forced bets are blinds, and the most cards one draw replaces."""
    return pl.DataFrame(
        {
            "game": list(GAME_NAMES),
            "_blinds": [BLINDS in GAMES[name].forced_bets for name in GAME_NAMES],
            "_max_discard": [GAMES[name].max_discard for name in GAME_NAMES],
        },
        schema={"game": pl.String, "_blinds": pl.Boolean, "_max_discard": pl.Int8},
    )


def _lookup() -> pl.Series:
    """The state's round columns of every (game, street) slot, in slot order, as one struct
    Series (a slot that is no round of its game has the NO_ROUND values)."""
    slots = pl.DataFrame(
        {
            "game": [name for name in GAME_NAMES for _ in range(SLOTS)],
            "street": [street for _ in GAME_NAMES for street in range(SLOTS)],
        },
        schema={"game": pl.String, "street": pl.Int8},
    )
    rounds = rounds_frame().select("game", "street", *STATE_ROUND_COLUMNS)
    table = slots.join(rounds, on=["game", "street"], how="left", maintain_order="left")
    table = table.join(_game_facts(), on="game", how="left", maintain_order="left")
    table = table.with_columns(
        blind_round=pl.col("first_round") & pl.col("_blinds"),
        max_discard=pl.when(pl.col("draw")).then(pl.col("_max_discard")),
    )
    columns = [
        (pl.col(name).fill_null(NO_ROUND[name]) if name in NO_ROUND else pl.col(name)).alias(
            f"game_{name}"
        )
        for name in (*STATE_ROUND_COLUMNS, *GAME_COLUMNS)
    ]
    return table.select(pl.struct(columns).alias("_game_round")).to_series()


LOOKUP = _lookup()
#: The slot every row outside the table's street ids reads: the last game's last slot, no round.
NO_ROUND_SLOT = len(LOOKUP) - 1


def game_slot() -> pl.Expr:
    """Per hand: the first lookup entry of its game (`game_slot`, read from `hands.game`)."""
    index = {name: position * SLOTS for position, name in enumerate(GAME_NAMES)}
    fallback = index[FALLBACK_GAME]
    slot = pl.col("game").replace_strict(index, default=fallback, return_dtype=pl.Int32)
    return slot.fill_null(fallback).alias("game_slot")


def with_round_columns(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` (with `street` and the hand's `game_slot`) with the game_* columns, without
    `game_slot`. A street outside the table's ids reads no round."""
    street = pl.col("street").cast(pl.Int32)
    inside = street.is_between(0, SLOTS - 1)
    key = pl.when(inside).then(pl.col("game_slot") + street).otherwise(NO_ROUND_SLOT)
    rounds = pl.lit(LOOKUP).gather(key.fill_null(NO_ROUND_SLOT))
    return frame.with_columns(rounds).unnest("_game_round").drop("game_slot")
