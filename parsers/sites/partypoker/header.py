"""PartyPoker hand headers (the header line and the lines after it, `Grammar.header_span`).

  ***** Hand History for Game 12827330772 *****
  $0.05/$0.10 USD NL Texas Hold'em - Sunday, March 31, 09:30:36 CEST 2013   (blinds)
  $5 USD NL Texas Hold'em - ...            (the table's buy-in only: blinds from the posts)
  $15/$30 USD FL Texas Hold'em - ...       (fixed limit: the small and big bets)
  NL Texas Hold'em $20 USD Buy-in Trny: 9 Level: 3  Blinds-Antes(1.200/2.400 -400) - ...
  $10/$20 USD FL 7 Card Stud Hi-Lo - ...  (stud: the small and big bets; no button, no blinds)
  FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - ...
  ***** Hand History For Game 1770659766668adeb0h5qfm *****                  (2026)
  0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026
  350000/700000 Tourney Texas Holdem Game Table (NL) (MTT Tournament #3) (Buyin ...) - ...

Tournament amounts are chips. "Blinds-Antes(1.200/2.400 -400)" groups thousands with a dot
(such hands are read in the alternative locale, see parsers/sites/partypoker/grammar.py). A header
without a limit word gives structure UNKNOWN (only the structure-free rules run).

Short Deck ("$1/$2 USD NL Short Deck") is an ante game: every player antes the first amount and
the button posts a button blind of the same size, the only live blind (hand 18512107436: antes
$1, "posts button blind [$1 USD]"); the second amount is the minimum preflop raise-to, twice
the button blind (partypoker's Short Deck rules). So big_blind = header_ante = the first amount,
small_blind = 0.

Times: "Sunday, March 31, 09:30:36 CEST 2013" (classic) and "Mon Feb 09 12:55:26 EST 2026"
(2026), converted to UTC for the zones of parsers.core.times.TIME_ZONES and BST; other
zones (MSKS, ICT) and a missing zone are taken as UTC as printed.
"""

from __future__ import annotations

import polars as pl

from parsers.core.header import (
    FAST_FOLD,
    GAME_UNKNOWN,
    HAND_ID_UNREADABLE,
    fast_fold,
    header_columns,
)
from parsers.core.markers import first_marker
from parsers.core.money import CENTS, CHIPS, EN, EU, currency_of, to_minor_units
from parsers.core.times import TIME_ZONES, to_utc

HAND_ID = r"Hand History [Ff]or Game (?P<hand_id>\S+) \*"
#: A fastforward (fast-fold) pool's header: "$10 USD fastforward NL Texas Hold'em - ..." (the
#: "Speed #2356320" tables are ordinary tables with a short clock).
POOL = r"(?i)\bfast ?forward\b"
_NUM = r"[$€]?\s?\d[\d.,]*"
#: "$0.05/$0.10 USD NL", "0.10/0.25 Omaha", "350000/700000 Tourney" at the start of line 2.
SLASH_STAKES = rf"\n\s*(?P<sb>{_NUM})/(?P<bb>{_NUM})\s"
LEVEL_STAKES = rf"(?:Blinds|Blinds-Antes|Stakes|Stakes-Antes)\(\s*(?P<sb>{_NUM})/(?P<bb>{_NUM})"
STRUCTURE = r"\(?\b(?P<limit>NL|PL|FL)\b\)?"
TOURNAMENT = r"Trny|Tourney|Tournament|Buy-in|Sit & Go|Freeroll"
DOT_THOUSANDS = r"Blinds-Antes\(\d{1,3}\.\d{3}"
#: "March 31, 09:30:36 CEST 2013", "Feb 09 12:55:26 EST 2026" (zone optional).
START_TIME = (
    r"(?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}),? (?P<time>\d{1,2}:\d{2}:\d{2})"
    r"\s+(?:(?P<zone>[A-Z]{2,5}) )?(?P<year>\d{4})"
)
ZONES: dict[str, str] = {**TIME_ZONES, "BST": "Europe/London"}


#: A play-money table ("Table Sandbox (Play Money)", the header's third line): amounts in cents
#: like a real-money table's, currency "play".
PLAY_MONEY = r"(?m)^Table .*\( ?Play Money ?\)"


def _game(text: pl.Expr) -> pl.Expr:
    rules = (
        ("Double Hold", "unknown"),
        ("Razz", "razz"),
        ("Stud", "stud"),  # "7 Card Stud", "7 Card Stud Hi-Lo" (is_hilo)
        ("Short Deck", "shortdeck"),
        ("Omaha", "omaha4"),
        ("Hold", "holdem"),
    )
    return first_marker(text, rules, "unknown")


def _zones_present(headers: pl.DataFrame) -> list[str]:
    found = headers.select(pl.col("text").str.extract(START_TIME, 4).unique().drop_nulls())
    return [zone for zone in found.to_series().to_list() if zone in ZONES]


def _started_at(text: pl.Expr, zones: list[str]) -> pl.Expr:
    """UTC start time from the header's date (see the module docstring); `zones`: the
    abbreviations present (one conversion each)."""
    parts = text.str.extract_groups(START_TIME)
    stamp = pl.concat_str(
        parts.struct.field("month").str.slice(0, 3),
        parts.struct.field("day").str.zfill(2),
        parts.struct.field("year"),
        parts.struct.field("time").str.zfill(8),
        separator=" ",
    )
    local = stamp.str.strptime(pl.Datetime("us"), "%b %d %Y %H:%M:%S", strict=False)
    return to_utc(local, parts.struct.field("zone"), zones, ZONES)


def _money(text: pl.Expr) -> pl.Expr:
    scale = pl.col("scale")
    dotted = pl.col("text").str.contains(DOT_THOUSANDS)
    cleaned = text.str.replace_all(r"\s", "")
    return (
        pl.when(dotted)
        .then(to_minor_units(cleaned, scale, EU))
        .otherwise(to_minor_units(cleaned, scale, EN))
    )


def read_party_header(headers: pl.DataFrame) -> pl.DataFrame:
    """Header text (header_span lines joined by newlines) -> parsers.core.header.HEADER_COLUMNS."""
    text = pl.col("text")
    tournament = text.str.contains(TOURNAMENT)
    level = text.str.extract_groups(LEVEL_STAKES)
    slash = text.str.extract_groups(SLASH_STAKES)
    sb_s = pl.coalesce(level.struct.field("sb"), slash.struct.field("sb"))
    bb_s = pl.coalesce(level.struct.field("bb"), slash.struct.field("bb"))
    limit = text.str.extract(STRUCTURE, 1)
    # "$15/$30 USD Texas Hold'em": old fixed-limit cash headers carry no limit word
    unnamed_fl = limit.is_null() & slash.struct.field("bb").is_not_null() & ~tournament
    structure = (
        pl.when(unnamed_fl)
        .then(pl.lit("FL"))
        .otherwise(limit.replace_strict({"NL": "NL", "PL": "PL", "FL": "FL"}, default="UNKNOWN"))
    )
    money_code = currency_of(text.str.extract(r"\n([^\n]*)", 1))
    play = text.str.contains(PLAY_MONEY)
    currency = (
        pl.when(tournament)
        .then(pl.lit("chips"))
        .when(play)
        .then(pl.lit("play"))
        .otherwise(money_code.fill_null("USD"))
    )
    scale = pl.when(tournament).then(pl.lit(CHIPS)).otherwise(pl.lit(CENTS)).cast(pl.Int32)
    frame = headers.with_columns(
        text.str.extract(HAND_ID, 1).alias("hand_id"),
        _game(text).alias("game"),
        text.str.contains("Hi-Lo", literal=True).alias("is_hilo"),
        structure.fill_null("UNKNOWN").alias("structure"),
        tournament.alias("is_tournament"),
        currency.alias("currency"),
        scale.alias("scale"),
        sb_s.alias("sb_s"),
        bb_s.alias("bb_s"),
    )
    first, second = _money(pl.col("sb_s")), _money(pl.col("bb_s"))
    is_fl = pl.col("structure") == "FL"
    short_deck = pl.col("game") == "shortdeck"
    none = pl.lit(None, dtype=pl.Int64)
    frame = frame.with_columns(
        pl.when(is_fl)
        .then(none)
        .when(short_deck)
        .then(pl.lit(0, dtype=pl.Int64))
        .otherwise(first)
        .alias("small_blind"),
        pl.when(is_fl | short_deck).then(first).otherwise(second).alias("big_blind"),
        pl.when(is_fl).then(first).otherwise(none).alias("small_bet"),
        pl.when(is_fl).then(second).otherwise(none).alias("big_bet"),
        pl.when(short_deck).then(first).otherwise(none).alias("header_ante"),
        none.alias("cap"),
        _started_at(text, _zones_present(headers)).alias("started_at"),
        fast_fold(text, POOL),
    )
    checks = (HAND_ID_UNREADABLE, GAME_UNKNOWN)  # blinds may be posts
    return header_columns(frame, checks, extra=(FAST_FOLD,))
