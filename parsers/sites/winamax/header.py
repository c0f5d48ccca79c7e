"""Winamax hand headers -> hand-level columns (game, structure, stakes, time).

Examples of what is read (one regex per field, on the header lines only):
  Winamax Poker - CashGame - HandId: #6935619-5785-1419437602 - Omaha pot limit (2€/4€) - ...
  Winamax Poker - Tournament "TEA TIME" buyIn: 18€ + 2€ level: 11 - HandId: #1-128-16 -
      Holdem no limit (140/600/1200) - 2022/05/23 17:10:11 UTC     (ante/sb/bb)
  Winamax Poker - Go Fast "Buzau" - HandId: #1-2-3 - Holdem no limit (2€/4€) - ...
  ... - 5 Card Omaha Hi/Lo pot limit (1€/2€) - ...   ... - Omaha8 pot limit (0.05/0.10) - ...
  ... - 7-Card Stud Hi/Lo fixed limit (5€/25€/50€) - ...   (ante/small bet/big bet)
  ... - Razz fixed limit (5€/25€/50€) - ...   ... - 2-7 Triple Draw fixed limit (25€/50€) - ...
Fixed limit stakes are the small and big bets (the blinds are read from the posts).
Cash stakes without a currency are play money. Every amount is read in hundredths of the unit
(scale 100): tournament chip counts can have cents ("7410.50") after split pots.
"""

from __future__ import annotations

import polars as pl

from parsers.core.header import FAST_FOLD, STANDARD_CHECKS, fast_fold, header_columns
from parsers.core.markers import first_marker
from parsers.core.money import CENTS, EN, currency_of, to_minor_units
from parsers.core.times import started_at

HAND_ID = r"HandId: #(?P<hand_id>[0-9-]+)"
#: A Go Fast (fast-fold) pool's header: 'Winamax Poker - Go Fast "Buzau" - HandId: #...'.
POOL = r"^Winamax Poker - Go Fast\b"
GAME = (
    r"HandId: #[0-9-]+ - (?P<game>.+?) (?P<limit>no limit|pot limit|fixed limit)"
    r" \((?P<stakes>[^()]*)\)"
)
#: (marker in the game name, canonical game); the first match wins.
GAMES: tuple[tuple[str, str], ...] = (
    ("Omaha5", "omaha5"),
    ("5 Card Omaha", "omaha5"),
    ("6 Card Omaha", "omaha6"),
    ("Omaha6", "omaha6"),
    ("Omaha", "omaha4"),
    ("Holdem", "holdem"),
    # the games of its 8-Game tables (one table, the game named by each hand's header)
    ("7-Card Stud", "stud"),
    ("7stud", "stud"),
    ("Razz", "razz"),
    ("2-7 Triple Draw", "triple_draw_27"),
    ("Lowball27", "triple_draw_27"),  # the play-money 2016 name; its hands draw three times
)
STRUCTURES = {"no limit": "NL", "pot limit": "PL", "fixed limit": "FL"}
#: The header check read before the standard ones (a header matched by HEADER but damaged).
CORRUPTED = (
    ~pl.col("text").str.starts_with("Winamax Poker - "),
    "header does not start with 'Winamax Poker - ' (corrupted header)",
)


def _game(name: pl.Expr) -> pl.Expr:
    return first_marker(name, GAMES, "unknown")


def _money(column: pl.Expr) -> pl.Expr:
    return to_minor_units(column, pl.col("scale"), EN)


def read_winamax_header(headers: pl.DataFrame) -> pl.DataFrame:
    """Header lines (hand_key, line_no, text) -> parsers.core.header.HEADER_COLUMNS."""
    text = pl.col("text")
    parts = text.str.extract_groups(GAME)
    tournament = text.str.contains(" - Tournament ", literal=True)
    stakes = parts.struct.field("stakes").str.split("/")
    three = stakes.list.len() == 3
    currency = (
        pl.when(tournament)
        .then(pl.lit("chips"))
        .otherwise(currency_of(parts.struct.field("stakes")).fill_null("play"))
    )
    frame = headers.with_columns(
        text.str.extract(HAND_ID, 1).alias("hand_id"),
        _game(parts.struct.field("game").fill_null("")).alias("game"),
        parts.struct.field("game").str.contains("Hi/Lo|Omaha8").fill_null(False).alias("is_hilo"),
        parts.struct.field("limit")
        .replace_strict(STRUCTURES, default="UNKNOWN", return_dtype=pl.String)
        .alias("structure"),
        tournament.alias("is_tournament"),
        currency.alias("currency"),
        pl.when(three).then(stakes.list.get(0, null_on_oob=True)).alias("ante_s"),
        stakes.list.get(-2, null_on_oob=True).alias("first_s"),
        stakes.list.get(-1, null_on_oob=True).alias("second_s"),
        started_at(text).alias("started_at"),
        fast_fold(text, POOL),
    )
    # every Winamax amount may have cents: play money ("0.10") and tournament chips too
    # ("7410.50" chips after a split pot), so one step is a hundredth of the unit everywhere
    frame = frame.with_columns(pl.lit(CENTS, dtype=pl.Int32).alias("scale"))
    is_fl = pl.col("structure") == "FL"
    first, second = _money(pl.col("first_s")), _money(pl.col("second_s"))
    frame = frame.with_columns(
        pl.when(is_fl).then(None).otherwise(first).alias("small_blind"),
        pl.when(is_fl).then(first).otherwise(second).alias("big_blind"),
        pl.when(is_fl).then(first).alias("small_bet"),
        pl.when(is_fl).then(second).alias("big_bet"),
        _money(pl.col("ante_s")).alias("header_ante"),
        pl.lit(None, dtype=pl.Int64).alias("cap"),
    )
    return header_columns(frame, (CORRUPTED, *STANDARD_CHECKS), extra=(FAST_FOLD,))
