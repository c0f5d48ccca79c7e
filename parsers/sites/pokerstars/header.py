"""PokerStars-family hand headers -> hand-level columns (game, structure, stakes, time).

Examples of what is read (one regex per field, on the header lines only):
  PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2014/01/06 7:21:05 CET [... ET]
  PokerStars Game #2: Tournament #9, $1.00+$0.25 USD Omaha Hi/Lo No Limit - Level V (75/150) - ...
  PokerStars Hand #3: 6+ Hold'em No Limit (Button Blind $2 - Ante $2 USD) - ...
  PokerStars Game #4: Hold'em No Limit ($0.50/$1.00 - $20 Cap - USD) - ...
  PokerStars Home Game Hand #5: {club} Hold'em No Limit (1/2) - 2012/01/28 20:58:29 ET
  PokerStars Game #6:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - ...   (FL: the bets)
  PokerStars Hand #7:  8-Game (Triple Draw 2-7 Lowball Limit, $0.20/$0.40 USD) - ...
  PokerStars Hand #8: Tournament #9, $200+$15 USD HORSE (Razz Limit) - Level XIV (1000/2000)
      (hands.mixed "8-Game", "HORSE": the rotation; hands.game the game in its parentheses)
Times: parsers/core/times.py (the bracketed ET time when present, else the first time with
its zone).
"""

from __future__ import annotations

import polars as pl

from parsers.core.distinct import with_per_distinct
from parsers.core.header import FAST_FOLD, fast_fold, header_columns, scale_of_currency
from parsers.core.markers import first_marker
from parsers.core.money import EN, ISO_CODES, currency_of, to_minor_units, with_amounts
from parsers.core.times import FIRST_TIME, started_at, zones_present

HAND_ID = r"(?:Game|Hand) #(?P<hand_id>[0-9A-Za-z-]+):"
STAKES = r"\((?:[^()]*?[A-Za-z], )?(?P<sb>[^\s/()]+)/(?P<bb>[^\s/()]+)(?P<rest>[^()]*)\)"
BUTTON_BLIND = r"\(Button Blind\s*(?P<bb>[^\s()]+)"
CAP = r"(?P<cap>\S+) Cap"
HEADER_ANTE = r"Ante\s*(?P<ante>[^\s)]+)"
ISO_CODE = r"\b(?P<iso>" + "|".join(ISO_CODES) + r")\)"


#: (the game's name in the header, hands.game), the first found wins. "Triple Draw A-5
#: Lowball" and "5 Card Stud" are no game of the table (parsers/games.py): "unknown", then
#: quarantined as an unsupported game.
GAMES: tuple[tuple[str, str], ...] = (
    ("6+ Hold'em", "holdem_6plus"),
    ("6 Card Omaha", "omaha6"),
    ("5 Card Omaha", "omaha5"),
    ("Courchevel", "courchevel"),
    ("Omaha", "omaha4"),
    ("Hold'em", "holdem"),
    ("7 Card Stud", "stud"),
    ("Razz", "razz"),
    ("Triple Draw 2-7 Lowball", "triple_draw_27"),
    ("Single Draw 2-7 Lowball", "single_draw_27"),
    ("5 Card Draw", "five_card_draw"),
    ("Badugi", "badugi"),
)
#: A mixed rotation names the hand's own game in parentheses after it: "8-Game (7 Card Stud
#: Hi/Lo Limit, $400/$800 USD)", "HORSE (Razz Limit)", "Triple Stud (7 Card Stud Limit)",
#: "Mixed NLH/PLO (Hold'em No Limit, ...)", "Mixed Omaha (5 Card Omaha Pot Limit)".
MIXED = (
    r"(?:^|\s)(?P<mixed>H\.?O\.?R\.?S\.?E|H\.?O\.?S\.?E|\d+-Game|Mixed [^()]+?|Triple Stud"
    r"|Dealer's Choice) \((?P<game>[^()]*)\)"
)


def _game(text: pl.Expr) -> pl.Expr:
    return first_marker(text, GAMES, "unknown")


def _structure(text: pl.Expr) -> pl.Expr:
    return (
        pl.when(text.str.contains("Pot Limit Pre-Flop", literal=True))
        .then(pl.lit("UNKNOWN"))
        .when(text.str.contains(r"No Limit.*\bCap\b"))
        .then(pl.lit("CAP"))
        .when(text.str.contains("Pot Limit", literal=True))
        .then(pl.lit("PL"))
        .when(text.str.contains("No Limit", literal=True))
        .then(pl.lit("NL"))
        .when(text.str.contains(r"\bLimit\b"))
        .then(pl.lit("FL"))
        .otherwise(pl.lit("UNKNOWN"))
    )


#: The header without its hand id and time: what the game fields are read from. Hands of one
#: table share it, so the regex work runs once per distinct game, not once per hand.
#: It is what is left between these two (the text up to the id, the date and the rest): two
#: replaces without capture groups cost less than one lazy capturing regex
#: (docs/history/parsing-speed.md).
HAND_ID_PART = r"^.*?#[0-9A-Za-z-]+:\s*"
DATE_PART = r" - \d{4}/\d{1,2}/\d{1,2}.*$"


def _after_id(text: pl.Expr) -> pl.Expr:
    """The header less the text up to the hand id (HAND_ID_PART), unchanged without one."""
    return text.str.replace(HAND_ID_PART, "")


def _game_part(text: pl.Expr, after_id: pl.Expr) -> pl.Expr:
    """The header between the hand id and the date; "" when the header has no `#id:`.

    `after_id`: `_after_id(text)`, read from a column (an expression used twice runs twice).
    A match of HAND_ID_PART is never empty (it holds "#" and ":"), so the header has an id
    exactly where removing it made the text shorter: no second regex pass to ask."""
    has_id = after_id.str.len_bytes() < text.str.len_bytes()
    return pl.when(has_id).then(after_id.str.replace(DATE_PART, "")).otherwise(pl.lit(""))


def _game_fields(games: pl.DataFrame) -> pl.DataFrame:
    """Distinct game descriptions (column `game_text`) -> game, structure, stakes in units."""
    text = pl.col("game_text")
    mixed = text.str.extract_groups(MIXED)
    stakes = text.str.extract_groups(STAKES)
    tournament = text.str.contains("Tournament #", literal=True)
    iso = text.str.extract(ISO_CODE, 1)
    button_blind = text.str.extract(BUTTON_BLIND, 1)
    symbol = currency_of(pl.coalesce(stakes.struct.field("sb"), button_blind))
    currency = pl.when(tournament).then(pl.lit("chips")).otherwise(pl.coalesce(iso, symbol))
    frame = games.with_columns(
        # a rotation's hand: its game is the one in the parentheses
        _game(pl.coalesce(mixed.struct.field("game"), text)).alias("game"),
        mixed.struct.field("mixed").alias("mixed"),
        text.str.contains("Hi/Lo", literal=True).alias("is_hilo"),
        _structure(text).alias("structure"),
        tournament.alias("is_tournament"),
        currency.fill_null("play").alias("currency"),
        stakes.alias("stakes"),
        text.str.extract(CAP, 1).alias("cap_s"),
        text.str.extract(HEADER_ANTE, 1).alias("ante_s"),
        button_blind.alias("button_blind_s"),
    )
    frame = frame.with_columns(scale_of_currency().alias("scale"))
    stakes_field = pl.col("stakes").struct.field
    frame = with_amounts(
        frame,
        {
            "_first": pl.coalesce(stakes_field("sb"), pl.col("button_blind_s")),
            "_second": stakes_field("bb"),
            "header_ante": pl.col("ante_s"),
            "cap": pl.col("cap_s"),
        },
        lambda text: to_minor_units(text, pl.col("scale"), EN),
    )
    first, second = pl.col("_first"), pl.col("_second")
    is_fl = pl.col("structure") == "FL"
    button = pl.col("button_blind_s").is_not_null()
    return frame.with_columns(
        pl.when(button).then(0).when(is_fl).then(None).otherwise(first).alias("small_blind"),
        pl.when(is_fl | button).then(first).otherwise(second).alias("big_blind"),
        pl.when(is_fl).then(first).alias("small_bet"),
        pl.when(is_fl).then(second).alias("big_bet"),
    ).drop("_first", "_second")


#: Brand words of the clones written in the PokerStars format -> hands.site (PokerStars itself
#: and HUD "converted" exports keep the grammar's site, "pokerstars").
BRANDS: dict[str, str] = {
    "Run It Once Poker": "runitonce",
    "PokerBros": "pokerbros",
    "PokerMaster": "pokermaster",
    "PPPoker": "pppoker",
    "Full Tilt": "fulltilt",
}
BRAND = "(" + "|".join(BRANDS) + r")(?: Zoom| Home Game| Rush)? (?:Game|Hand) #"
#: A fast-fold pool's header: "PokerStars Zoom Hand #", "PokerStars Hand #1: Zoom Tournament
#: #9", "Full Tilt Rush Hand #" (older Zoom hands name the pool in the table instead:
#: grammar.py `fast_fold_table`).
POOL = r"\b(?:Zoom|Rush) (?:Hand|Game|Tournament) #"


def read_stars_header(headers: pl.DataFrame) -> pl.DataFrame:
    """Header lines (hand_key, line_no, text) -> parsers.core.header.HEADER_COLUMNS + brand."""
    text = pl.col("text")
    # the first time of each header is read once: for the zones present and for the time
    first_times = headers.select(text.str.extract_groups(FIRST_TIME)).to_series()
    frame = headers.with_columns(
        first_times.alias("_first_time"), _after_id(text).alias("_after_id")
    ).with_columns(
        text.str.extract(BRAND, 1).replace_strict(BRANDS, default=None).alias("brand"),
        text.str.extract(HAND_ID, 1).alias("hand_id"),
        _game_part(text, pl.col("_after_id")).alias("game_text"),
        started_at(text, zones_present(first_times), pl.col("_first_time")).alias("started_at"),
        fast_fold(text, POOL),
    )
    frame = with_per_distinct(frame, ["game_text"], _game_fields)
    return header_columns(frame, extra=("brand", FAST_FOLD, "mixed"))
