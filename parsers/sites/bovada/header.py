"""Bovada / Ignition / Bodog hand headers -> hand-level columns.

  Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23
  Bovada Hand #4101241030  Zone Poker ID#1708 HOLDEMZonePoker No Limit - 2021-04-11 01:51:42
  Ignition Hand #3: HOLDEM Tournament #9 TBL#9, Normal- Level 9 (100/200) - 2016-06-01 10:00:00
  Bodog.com Hand #4: HOLDEM No Limit [MVS] - 2021-04-01 10:00:00 UTC
  Bovada Hand #2844383701 TBL#7794710 7CARD HiLo Fixed Limit - 2014-04-06 19:50:19    (stud/8)
  Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0) - ...

A tournament level "(sb/bb)" gives the blinds (FL: small bet = bb, big bet = 2 bb).
Stud headers give no stakes (cash: none; a tournament level "(0/0)"): its bets, bring-in
and blinds stay unknown (null), the antes are the posts. "RAZZ" names razz (not seen in a
real log: the word of the site's lobby, as "7CARD" is stud's).
Cash headers carry no stakes: the blinds come from the posts (`Grammar.stakes_from_posts`).
Tournament headers carry the level's blinds; some write a speed word ("Normal-", "Turbo-")
where the limit should be: the structure is then UNKNOWN (the audit runs only the rules that
do not depend on it). Times are taken as UTC as printed (the client writes local time without a
zone; docs/parsing.md).
"""

from __future__ import annotations

import polars as pl

from parsers.core.families import NO_BLINDS
from parsers.core.header import (
    FAST_FOLD,
    GAME_UNKNOWN,
    HAND_ID_UNREADABLE,
    fast_fold,
    header_columns,
)
from parsers.core.money import CENTS, CHIPS, EN, to_minor_units
from parsers.core.times import as_printed_utc

HAND_ID = r"Hand #(?P<hand_id>[0-9A-Za-z-]+)"
LEVEL = r"Level \d+ \((?P<sb>[\d,.$]+)/(?P<bb>[\d,.$]+)\)"
STAMP = r"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})"
#: A Zone Poker (fast-fold) pool's header: "Ignition Hand #3434761638  Zone Poker ID#952
#: HOLDEMZonePoker No Limit - ...".
POOL = r"\bZone Poker\b"


def _game(text: pl.Expr) -> pl.Expr:
    return (
        pl.when(text.str.contains(r"\bOMAHA"))
        .then(pl.lit("omaha4"))
        .when(text.str.contains(r"\bHOLDEM"))
        .then(pl.lit("holdem"))
        .when(text.str.contains(r"\b7CARD\b"))
        .then(pl.lit("stud"))
        .when(text.str.contains(r"\bRAZZ\b"))
        .then(pl.lit("razz"))
        .otherwise(pl.lit("unknown"))
    )


def _structure(text: pl.Expr) -> pl.Expr:
    return (
        pl.when(text.str.contains("Pot Limit", literal=True))
        .then(pl.lit("PL"))
        .when(text.str.contains("No Limit", literal=True))
        .then(pl.lit("NL"))
        .when(text.str.contains("Fixed Limit", literal=True))
        .then(pl.lit("FL"))
        .otherwise(pl.lit("UNKNOWN"))
    )


def read_bovada_header(headers: pl.DataFrame) -> pl.DataFrame:
    """Header lines (hand_key, line_no, text) -> parsers.core.header.HEADER_COLUMNS."""
    text = pl.col("text")
    tournament = text.str.contains("Tournament #", literal=True)
    level = text.str.extract_groups(LEVEL)
    scale = pl.when(tournament).then(pl.lit(CHIPS)).otherwise(pl.lit(CENTS)).cast(pl.Int32)
    frame = headers.with_columns(
        text.str.extract(HAND_ID, 1).alias("hand_id"),
        _game(text).alias("game"),
        text.str.contains("HiLo", literal=True).alias("is_hilo"),
        _structure(text).alias("structure"),
        tournament.alias("is_tournament"),
        pl.when(tournament).then(pl.lit("chips")).otherwise(pl.lit("USD")).alias("currency"),
        scale.alias("scale"),
        level.alias("level"),
        as_printed_utc(text, STAMP, "%Y-%m-%d %H:%M:%S").alias("started_at"),
        fast_fold(text, POOL),
    )
    # a stud level prints "(0/0)": no blinds, and not the bets (unknown: null)
    blinds = ~pl.col("game").is_in(list(NO_BLINDS))
    sb = pl.when(blinds).then(
        to_minor_units(pl.col("level").struct.field("sb"), pl.col("scale"), EN)
    )
    bb = pl.when(blinds).then(
        to_minor_units(pl.col("level").struct.field("bb"), pl.col("scale"), EN)
    )
    is_fl = pl.col("structure") == "FL"
    none = pl.lit(None, dtype=pl.Int64)
    frame = frame.with_columns(
        sb.alias("small_blind"),
        bb.alias("big_blind"),
        pl.when(is_fl).then(bb).otherwise(none).alias("small_bet"),
        pl.when(is_fl).then(2 * bb).otherwise(none).alias("big_bet"),
        none.alias("header_ante"),
        none.alias("cap"),
    )
    checks = (HAND_ID_UNREADABLE, GAME_UNKNOWN)  # cash: no stakes
    return header_columns(frame, checks, extra=(FAST_FOLD,))
