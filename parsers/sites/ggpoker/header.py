"""GGPoker hand headers -> hand-level columns (game, structure, stakes, time).

Examples of what is read (one regex per field, on the header lines only):
  Poker Hand #HD1587634: Hold'em No Limit  ($0.5/$1) - 2018/11/11 22:08:11
  Poker Hand #OM232604226: PLO ($5/$10) - ...          Poker Hand #OM1410171: PLO-5 ($0.1/$0.25)
  Poker Hand #SD1: ShortDeck No Limit ($0.02) - ...    (one number: the ante = button blind)
  Poker Hand #TM1: Tournament #5948181, High Rollers PLO Main Event $1K Omaha Pot Limit -
      Level4 (90/180) - ...                            Level14(1,250/2,500)
  Poker Hand #TM2: Tournament #2, Omaholic Bounty $8.40 Omaha (NL postflop) - Level18(...)
      (pot limit preflop, no limit after: structure UNKNOWN, the structure rules are skipped)
Times have no zone: taken as UTC as given.
"""

from __future__ import annotations

import polars as pl

from parsers.core.header import FAST_FOLD, fast_fold, header_columns, scale_of_currency
from parsers.core.markers import first_marker
from parsers.core.money import EN, currency_of, to_minor_units
from parsers.core.times import started_at

HAND_ID = r"^Poker Hand #(?P<hand_id>[0-9A-Za-z]+):"
#: A Rush & Cash (fast-fold) pool's hand: its id starts with "RC" ("Poker Hand #RC3793134365:",
#: table 'RushAndCash10539625').
POOL = r"^Poker Hand #RC\d"
#: The game text: after "#id: " (cash) or after the tournament name's last ", ".
GAME_TEXT = (
    r"^Poker Hand #[0-9A-Za-z]+: (?:Tournament #\d+, )?(?P<game>.*?)\s*-?\s*"
    r"(?:Level\s*\d+\s*)?\((?P<stakes>[^()]*\d[^()]*)\)"
)
GAMES: tuple[tuple[str, str], ...] = (
    ("ShortDeck", "shortdeck"),
    ("PLO-6", "omaha6"),
    ("PLO-5", "omaha5"),
    ("PLO", "omaha4"),
    ("Omaha", "omaha4"),
    ("Hold'em", "holdem"),
)


def _game(text: pl.Expr) -> pl.Expr:
    return first_marker(text, GAMES, "unknown")


def _structure(text: pl.Expr) -> pl.Expr:
    return (
        pl.when(text.str.contains("NL postflop", literal=True))
        .then(pl.lit("UNKNOWN"))
        .when(text.str.contains(r"Pot Limit|\bPLO"))
        .then(pl.lit("PL"))
        .when(text.str.contains("No Limit", literal=True))
        .then(pl.lit("NL"))
        .when(text.str.contains(r"\bLimit\b"))
        .then(pl.lit("FL"))
        .otherwise(pl.lit("UNKNOWN"))
    )


def read_gg_header(headers: pl.DataFrame) -> pl.DataFrame:
    """Header lines (hand_key, line_no, text) -> parsers.core.header.HEADER_COLUMNS."""
    text = pl.col("text")
    parts = text.str.extract_groups(GAME_TEXT)
    game_text = parts.struct.field("game").fill_null("")
    stakes = parts.struct.field("stakes").str.split("/")
    tournament = text.str.contains(": Tournament #", literal=True)
    currency = (
        pl.when(tournament)
        .then(pl.lit("chips"))
        .otherwise(currency_of(parts.struct.field("stakes")).fill_null("play"))
    )
    shortdeck = game_text.str.contains("ShortDeck", literal=True)
    frame = headers.with_columns(
        text.str.extract(HAND_ID, 1).alias("hand_id"),
        _game(game_text).alias("game"),
        game_text.str.contains("Hi/Lo|Hi-Lo").alias("is_hilo"),
        _structure(game_text).alias("structure"),
        tournament.alias("is_tournament"),
        currency.alias("currency"),
        stakes.list.first().alias("first_s"),
        stakes.list.get(1, null_on_oob=True).alias("second_s"),
        shortdeck.alias("shortdeck"),
        started_at(text).alias("started_at"),
        fast_fold(text, POOL),
    )
    frame = frame.with_columns(scale_of_currency().alias("scale"))
    first = to_minor_units(pl.col("first_s"), pl.col("scale"), EN)
    second = to_minor_units(pl.col("second_s"), pl.col("scale"), EN)
    short = pl.col("shortdeck") & pl.col("second_s").is_null()
    frame = frame.with_columns(
        pl.when(short).then(pl.lit(0, dtype=pl.Int64)).otherwise(first).alias("small_blind"),
        pl.when(short).then(first).otherwise(second).alias("big_blind"),
        pl.lit(None, dtype=pl.Int64).alias("small_bet"),
        pl.lit(None, dtype=pl.Int64).alias("big_bet"),
        pl.when(short).then(first).alias("header_ante"),
        pl.lit(None, dtype=pl.Int64).alias("cap"),
    )
    return header_columns(frame, extra=(FAST_FOLD,))
