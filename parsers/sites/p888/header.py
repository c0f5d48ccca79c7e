"""888poker / Pacific / Cassava hand headers (four lines, `Grammar.header_span`).

  ***** 888poker Hand History for Game 873818904 *****
  25 $/50 $ Blinds Pot Limit Omaha - *** 21 04 2016 16:34:37
  Table Kumanovo 6 Max (Real Money)            | Tournament #154648012 Free 10 Max (Real Money)
  Seat 4 is the button

Stakes are the blinds ("Fix Limit": blinds of the fixed-limit game, small bet = big blind).
Practice Play tables are play money in cents ("258.55"). Tournament amounts are chips even
when the client writes a currency sign after them ("2.000 €"). Times: "dd mm yyyy" as printed,
taken as UTC (the client's local time, no zone given).
"""

from __future__ import annotations

import polars as pl

from parsers.core.header import FAST_FOLD, HAND_ID_UNREADABLE, fast_fold, header_columns
from parsers.core.money import (
    CENTS,
    CHIPS,
    SPACES,
    NumberLocale,
    currency_of,
    to_minor_units_in_own_form,
)
from parsers.core.times import as_printed_utc

#: "$1,492.66", "1 123 698" (tournament chips) and "0,02 $", "3 023,50 $", "2.000 €" (the
#: localized clients, which write the currency after the number; German, Swedish, Dutch,
#: Portuguese and Russian clients; the German one with a no-break space before the currency;
#: the Dutch one "( $ 552,72 )", "( $ 3.243 )" with the currency first). Each amount is read in
#: the form its own text shows (money.CONTINENTAL_FORM): the clients switch inside a file and
#: inside a hand ("0,01 $/0,02 $" stakes, "BiggBoss8866 calls [$0.08]" after "calls [0,02 $]").
LOCALE = NumberLocale("888-en", ".", "," + SPACES)
LOCALE_CONTINENTAL = NumberLocale("888-eu", ",", "." + SPACES)

HAND_ID = r"Hand History for Game (?P<hand_id>\d+)"
#: The table line of a play-money table: "(Practice Play)", "(Play Money)".
PLAY_MONEY = r"\((?:Practice Play|Play Money)\)"
#: A Snap (fast-fold) pool's header: "***** 888poker Snap Poker Hand History for Game N *****".
POOL = r"\bSnap Poker Hand History"
STAKES = (
    r"(?m)^(?P<sb>[^/\n]+)/(?P<bb>[^\n]+?) Blinds "
    r"(?P<limit>No Limit|Pot Limit|Fix Limit) (?P<game>Holdem|OmahaHL|Omaha)\b"
)
STAMP = r"\*\*\* (\d{2} \d{2} \d{4} \d{2}:\d{2}:\d{2})"
#: Fixed-limit tables whose big bet is not twice the small bet (cents): 888's $0.12/$0.25
#: game posts $0.06/$0.12 blinds and bets $0.25 on the turn (thlorenz-hhp flh.hu, 503663069).
FL_BIG_BETS = {12: 25}
#: The brand word of 888's jackpot sit & go, and the reason for its all-in phase: once the
#: timer runs out every hand has no blinds and each player antes his whole stack (the header
#: then reads "42.797,60 $/0 $ Blinds"; the uncalled part of the larger ante is never printed).
BLAST = " BLAST Hand History"
BLAST_ALL_IN = (
    "unsupported game: BLAST all-in phase (no blinds, every stack posted as an ante: the"
    " uncalled ante is not printed)"
)
STRUCTURES = {"No Limit": "NL", "Pot Limit": "PL", "Fix Limit": "FL"}
GAMES = {"Holdem": "holdem", "Omaha": "omaha4", "OmahaHL": "omaha4"}
#: header_problem checks, in order (a BLAST all-in phase before unreadable stakes).
CHECKS = (
    HAND_ID_UNREADABLE,
    (pl.col("game").is_null() | (pl.col("game") == "unknown"), "game unknown in header"),
    (pl.col("_blast") & (pl.col("_bb") == 0) & pl.col("_sb").is_null(), BLAST_ALL_IN),
    (pl.col("big_blind").is_null() | (pl.col("big_blind") <= 0), "stakes unreadable in header"),
)


def _money(amount: pl.Expr) -> pl.Expr:
    return to_minor_units_in_own_form(amount, pl.col("scale"), LOCALE, LOCALE_CONTINENTAL)


def read_888_header(headers: pl.DataFrame) -> pl.DataFrame:
    """Header text (four lines joined) -> parsers.core.header.HEADER_COLUMNS."""
    text = pl.col("text")
    stakes = text.str.extract_groups(STAKES)
    tournament = text.str.contains(r"(?m)^Tournament #")
    practice = text.str.contains(PLAY_MONEY)
    symbol = currency_of(stakes.struct.field("bb"))
    currency = (
        pl.when(tournament)
        .then(pl.lit("chips"))
        .when(practice)
        .then(pl.lit("play"))
        .otherwise(symbol)
    )
    scale = pl.when(tournament).then(pl.lit(CHIPS)).otherwise(pl.lit(CENTS)).cast(pl.Int32)
    frame = headers.with_columns(
        text.str.extract(HAND_ID, 1).alias("hand_id"),
        stakes.struct.field("game").replace_strict(GAMES, default="unknown").alias("game"),
        (stakes.struct.field("game") == "OmahaHL").fill_null(False).alias("is_hilo"),
        stakes.struct.field("limit")
        .replace_strict(STRUCTURES, default="UNKNOWN")
        .alias("structure"),
        tournament.alias("is_tournament"),
        currency.alias("currency"),
        scale.alias("scale"),
        stakes.alias("stakes"),
        as_printed_utc(text, STAMP, "%d %m %Y %H:%M:%S").alias("started_at"),
        fast_fold(text, POOL),
    )
    frame = frame.with_columns(
        _money(pl.col("stakes").struct.field("sb").str.strip_chars()).alias("_sb"),
        _money(pl.col("stakes").struct.field("bb").str.strip_chars()).alias("_bb"),
        text.str.contains(BLAST, literal=True).alias("_blast"),
    )
    sb, bb = _small_blind(), _big_blind()
    is_fl = pl.col("structure") == "FL"
    none = pl.lit(None, dtype=pl.Int64)
    frame = frame.with_columns(
        sb.alias("small_blind"),
        bb.alias("big_blind"),
        pl.when(is_fl).then(bb).otherwise(none).alias("small_bet"),
        pl.when(is_fl)
        .then(
            pl.when(tournament | practice)
            .then(2 * bb)
            .otherwise(bb.replace_strict(FL_BIG_BETS, default=2 * bb, return_dtype=pl.Int64))
        )
        .otherwise(none)
        .alias("big_bet"),
        none.alias("header_ante"),
        none.alias("cap"),
        pl.col("currency").fill_null("USD"),
    )
    return header_columns(frame, CHECKS, extra=(FAST_FOLD,))


def _big_blind() -> pl.Expr:
    """The header's big blind; "$200/$0" (the big blind's player had no chips left after the
    ante, so the client printed the BB as posted) is twice the small blind in a tournament,
    whose levels always are (every 888 tournament header of the corpus)."""
    sb, bb = pl.col("_sb"), pl.col("_bb")
    return pl.when((bb == 0) & pl.col("is_tournament")).then(2 * sb).otherwise(bb)


def _small_blind() -> pl.Expr:
    """The header's small blind, or null (then the posted one, `Grammar.stakes_from_posts`)
    where the header writes half an odd-cent big blind cut to the cent: "$0.12/$0.25" is the
    table whose small blind posts $0.10 (888poker.ca-on hand 6551093, whose collect fits a
    $0.10 small blind and 5 % rake: $4.59 pot, $0.23 rake, $4.36 collected)."""
    sb, bb = pl.col("_sb"), pl.col("_bb")
    halved = (bb % 2 == 1) & (sb == bb // 2) & ~pl.col("is_tournament")
    return pl.when(halved).then(None).otherwise(sb)
