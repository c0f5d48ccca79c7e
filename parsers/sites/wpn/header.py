"""Winning Poker Network (WPN / ACR) hand headers -> hand-level columns.

New format (one line):
  Hand #61150000 - Holdem(No Limit) - $0.01/$0.02 - 2019/09/10 12:02:11 UTC
  Game Hand #1 - $5,000 GTD Tournament #2 - Holdem(No Limit) - Level 10 (3000.00/6000.00)- ...
Old format (two lines, `Grammar.header_span`): the limit is never stated.
  Game started at: 2014/3/8 22:22:29
  Game ID: 261409590 2/4 Braunite (Omaha)
  Game ID: 695300472 10/20 $5 Regular 9-Max, Table 1 (Hold'em)      (tournament: ", Table N")
  Game ID: 1 5/10 PM Hold`em 5/10 (Hold'em)                          (play money: "PM ")
  Game ID: 693975843 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow)  (stud: the bets, FL)
  Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC
Old hands: structure UNKNOWN (the audit then runs only the structure-free rules); the header's
"2/4" are the blinds in NL/PL but the bets in FL (column `stakes_may_be_bets`), currency
USD for cash (the export never names it). Jackpot tables "(JP)" and bad-beat tables
"( Beast )" take a fee the old pot line does not state: their pot and rake are not read
(column `pot_unreliable`).
"""

from __future__ import annotations

import polars as pl

from parsers.core.families import NO_BLINDS
from parsers.core.header import header_columns
from parsers.core.markers import first_marker
from parsers.core.money import CENTS, CHIPS, EN, currency_of, to_minor_units
from parsers.core.times import started_at

NEW = (
    r"^(?:Game )?Hand #(?P<hand_id>\d+) - (?P<tour>.*?Tournament #\d+ - )?"
    r"(?P<game>[A-Za-z0-9/ ]+?) ?\((?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\) - "
    r"(?:Level \d+ )?\(?(?P<sb>[^\s/()]+)/(?P<bb>[^\s/()]+?)\)?\s*-"
)
OLD = (
    r"(?m)Game ID: (?P<hand_id>\d+) (?P<sb>[0-9.]+)/(?P<bb>[0-9.]+) (?P<table>.*) "
    r"\((?P<game>Hold'em|Omaha|Omaha HiLow|Six Plus Hold'em|Seven Cards Stud(?: HiLow)?"
    r"|Razz)\)(?: \d+-max)?$"
)
LIMITS = {"No Limit": "NL", "Pot Limit": "PL", "Fixed Limit": "FL", "Limit": "FL"}
GAMES: tuple[tuple[str, str], ...] = (
    ("Razz", "razz"),
    ("Stud", "stud"),  # old "Seven Cards Stud (HiLow)", new "7Stud"
    ("Six Plus", "holdem_6plus"),
    ("Omaha", "omaha4"),
    ("Hold", "holdem"),
)
#: Columns read beside HEADER_COLUMNS (parsers/core/settlement.py uses them).
EXTRA_COLUMNS = ("pot_unreliable", "stakes_may_be_bets")


def _game(name: pl.Expr) -> pl.Expr:
    return first_marker(name, GAMES, "unknown")


def read_wpn_header(headers: pl.DataFrame) -> pl.DataFrame:
    """Header text (hand_key, line_no, text; old format: two lines) -> HEADER_COLUMNS."""
    text = pl.col("text")
    new = text.str.extract_groups(NEW)
    old = text.str.extract_groups(OLD)

    def either(name: str) -> pl.Expr:
        return pl.coalesce(new.struct.field(name), old.struct.field(name))

    table = old.struct.field("table").fill_null("")
    tournament = new.struct.field("tour").is_not_null() | table.str.contains(r", Table \d+$")
    play = table.str.contains(r"^PM ")
    currency = (
        pl.when(tournament)
        .then(pl.lit("chips"))
        .when(play)
        .then(pl.lit("play"))
        .otherwise(currency_of(new.struct.field("sb")).fill_null("USD"))
    )
    game = either("game").fill_null("")
    frame = headers.with_columns(
        either("hand_id").alias("hand_id"),
        _game(game).alias("game"),
        game.str.contains("H/L|HiLow|HiLo|Hi/Lo").alias("is_hilo"),
        # an old stud header states no limit: the network deals stud fixed limit (the new
        # format's "7Stud(Fixed Limit)"), its stakes "1/2" are the bets (no blinds)
        pl.when(_game(game).is_in(list(NO_BLINDS)) & new.struct.field("limit").is_null())
        .then(pl.lit("FL"))
        .otherwise(
            new.struct.field("limit").replace_strict(
                LIMITS, default="UNKNOWN", return_dtype=pl.String
            )
        )
        .alias("structure"),
        tournament.alias("is_tournament"),
        currency.alias("currency"),
        either("sb").alias("sb_s"),
        either("bb").alias("bb_s"),
        started_at(text).alias("started_at"),
        table.str.contains(r"\(JP|\( ?Beast ?\)").alias("pot_unreliable"),
        (old.struct.field("hand_id").is_not_null() & ~_game(game).is_in(list(NO_BLINDS))).alias(
            "stakes_may_be_bets"
        ),
    )
    scale = (
        pl.when(pl.col("currency") == "chips")
        .then(pl.lit(CHIPS, dtype=pl.Int32))
        .otherwise(pl.lit(CENTS, dtype=pl.Int32))
    )
    frame = frame.with_columns(scale.alias("scale"))
    is_fl = pl.col("structure") == "FL"
    sb = to_minor_units(pl.col("sb_s"), pl.col("scale"), EN)
    bb = to_minor_units(pl.col("bb_s"), pl.col("scale"), EN)
    frame = frame.with_columns(
        pl.when(is_fl).then(None).otherwise(sb).alias("small_blind"),
        pl.when(is_fl).then(sb).otherwise(bb).alias("big_blind"),
        pl.when(is_fl).then(sb).alias("small_bet"),
        pl.when(is_fl).then(bb).alias("big_bet"),
        pl.lit(None, dtype=pl.Int64).alias("header_ante"),
        pl.lit(None, dtype=pl.Int64).alias("cap"),
    )
    return header_columns(frame, extra=EXTRA_COLUMNS)
