"""The canonical tables every parser produces and every later stage reads.

One place for the column names and their Polars types. docs/tables.md
documents each column; tests/test_docs_complete.py keeps the two in step.

Conventions
- Amounts are Int64 in the hand's smallest unit (`hands.unit`, `hands.scale` integer steps per
  currency unit: 100 for cents, 1 for tournament or play chips). Never floats.
- Wagers are "raise-to" totals: `actions.to_amount` is the player's total live commitment on the
  street after a bet or raise, whatever the site printed ("raises 2 to 4", "raises [2]", ...).
- `hand_key` is an integer unique within one set of tables (one parse run); `hand_id` is the
  site's own id as printed, without `#`. Joins use `hand_key`; people read `hand_id`.
- `street`: the betting round, an Int8 id of parsers/games.py (0 preflop with the posts, 1
  flop, 2 turn, 3 river in the board games; 4 5 card stud's 2nd street, 5-9 stud's 3rd-7th
  streets; 10-13 the draw games' rounds) or 14 SHOWDOWN, the settlement (uncalled returns
  after the last round, collects, cash-outs). The ids are the physical codes of the `Street`
  Enum, which the written tables carry (docs/games.md).
"""

from __future__ import annotations

from typing import TypeAlias

import polars as pl

from parsers.games import GAME_NAMES, STREETS, street_enum

#: A column's type as a schema dict holds it: a Polars type (pl.Int64) or an instance of one
#: (pl.Datetime("us", "UTC"), an Enum).
ColumnType: TypeAlias = pl.DataType | type[pl.DataType]

#: The names of the street ids, in id order (parsers/games.py STREETS).
STREET_NAMES: tuple[str, ...] = STREETS

#: Action kinds. Posts are not "acting" (RULES.md D-8): they keep the option.
POST_KINDS: tuple[str, ...] = (
    "post_sb",  # live small blind
    "post_bb",  # live big blind
    "post_straddle",  # live straddle (voluntary blind raise)
    "post_live",  # live post by a new/returning player (counts as commitment, keeps the option)
    "post_dead",  # dead money (goes to the pot, not to the street commitment)
    "post_ante",  # ante or big-blind ante (dead money)
)
BETTING_KINDS: tuple[str, ...] = ("fold", "check", "call", "bet", "raise")
SETTLEMENT_KINDS: tuple[str, ...] = (
    "uncalled_return",  # chips given back to the top bettor
    "collect",  # chips won from a pot
    "cash_out",  # site-paid cash-out / insurance (outside the pot)
)
#: Stud's opening of 3rd street (RULES.md §13 S-3, S-4).
BRING_IN_KINDS: tuple[str, ...] = (
    "bring_in",  # the forced opening: live commitment like a blind, but no option if all call
    "complete",  # the completion to the small bet over a bring-in: the round's opening bet
)
#: Draw rows (§13 W-2): they move no chips; `n_cards` is the number discarded (0 standing pat).
DRAW_KINDS: tuple[str, ...] = ("discard", "stand_pat")
#: The later kinds come last, so the Enum's codes of the earlier ones never change.
ACTION_KINDS: tuple[str, ...] = (
    POST_KINDS + BETTING_KINDS + SETTLEMENT_KINDS + BRING_IN_KINDS + DRAW_KINDS
)
ActionKind = pl.Enum(list(ACTION_KINDS))

#: Chips added to a player's stack from outside the hand's pots (seats.added, added_before,
#: added_kinds; parsers/core/additions.py): never actions, they move no chip of the hand.
ADDITION_KINDS: tuple[str, ...] = (
    "top_up",  # cash: the player brings more money to the table ("adds $5", "Table deposit $5")
    "rebuy",  # tournament: a rebuy ("re-buys and receives 3000 chips", "Rebuyin 1500")
    "add_on",  # tournament: an add-on ("takes the add-on and receives N chips", "Addon 6000")
)

#: hands.game: the games of the game table (parsers/games.py GAMES; hi/lo is hands.is_hilo).
GAMES: tuple[str, ...] = GAME_NAMES
#: NL no limit, PL pot limit, FL fixed limit, CAP capped no limit, UNKNOWN: the log never says.
STRUCTURES: tuple[str, ...] = ("NL", "PL", "FL", "CAP", "UNKNOWN")


HANDS = pl.Schema(
    [
        ("hand_key", pl.Int64()),
        ("site", pl.String()),
        ("hand_id", pl.String()),
        ("source_file", pl.String()),
        ("line_no", pl.Int32()),  # 1-based line of the hand header in source_file
        ("game", pl.String()),  # one of GAMES
        ("is_hilo", pl.Boolean()),
        ("structure", pl.String()),  # one of STRUCTURES
        ("is_tournament", pl.Boolean()),
        ("currency", pl.String()),  # ISO-ish code (USD, EUR, GBP, INR, CNY) or "chips"/"play"
        ("unit", pl.String()),  # what one integer step is: "cents" or "chips"
        ("scale", pl.Int32()),  # integer steps per currency unit (100 for cents, 1 for chips)
        ("small_blind", pl.Int64()),
        ("big_blind", pl.Int64()),
        ("small_bet", pl.Int64()),  # FL: the small bet (preflop/flop unit); null otherwise
        ("big_bet", pl.Int64()),  # FL: the big bet (turn/river unit); null otherwise
        ("ante", pl.Int64()),  # nominal ante per player (0 if none)
        ("bb_ante", pl.Boolean()),  # the ante is a big-blind ante paid by the BB alone
        ("straddles", pl.Int8()),  # number of straddles posted
        ("cap", pl.Int64()),  # capped NL: maximum a player may commit in the hand; null otherwise
        ("table_name", pl.String()),
        ("max_seats", pl.Int16()),
        ("button_seat", pl.Int16()),
        ("started_at", pl.Datetime("us", "UTC")),
        ("boards", pl.Int8()),  # 1, or 2/3 when the hand was run twice/three times
        ("total_pot", pl.Int64()),  # reported total pot (summary), null if not reported
        ("rake", pl.Int64()),  # reported rake and fees taken from the pot, null if not reported
        ("site_added", pl.Int64()),  # money the site added to the pot (STP, cash drop), else 0
        # played in a fast-fold pool (Zoom, Snap, Zone, Rush & Cash, ...): the table name is
        # the pool's, not one table's (parsers/core/header.py FAST_FOLD)
        ("is_fast_fold", pl.Boolean()),
        ("bring_in", pl.Int64()),  # stud: the stakes' bring-in; null when the header omits it
        ("mixed", pl.String()),  # the rotation as the header names it ("HORSE"), else null
    ]
)

#: Columns added after the first release: a table without them gets these values (old parquet
#: files and frames built by hand stay valid).
DEFAULTS: dict[str, dict[str, int | None]] = {
    "hands": {"site_added": 0, "is_fast_fold": False, "bring_in": None, "mixed": None},
    "seats": {"added": None, "added_before": None, "added_line": None, "added_kinds": None},
    "actions": {"n_cards": None},
    "cards": {"face": None},
}

SEATS = pl.Schema(
    [
        ("hand_key", pl.Int64()),
        ("hand_id", pl.String()),
        ("seat", pl.Int16()),
        ("player", pl.String()),
        ("stack", pl.Int64()),  # starting stack, before any post
        ("sitting_out", pl.Boolean()),
        ("final_stack", pl.Int64()),  # stack after the hand where the site reports it, else null
        # chips added by top-up, rebuy or add-on lines of the hand (ADDITION_KINDS), null if none:
        ("added", pl.Int64()),  # printed after the first post: not in `stack`, for the next hand
        ("added_before", pl.Int64()),  # printed before the first post: already in `stack`
        ("added_line", pl.Int32()),  # line of the first such line
        ("added_kinds", pl.String()),  # their kinds in line order, comma-separated ("rebuy,add_on")
    ]
)

ACTIONS = pl.Schema(
    [
        ("hand_key", pl.Int64()),
        ("hand_id", pl.String()),
        ("seq", pl.Int32()),  # 0-based order of the action in the hand as recorded
        ("street", pl.Int8()),  # the Street id (parsers/games.py)
        ("player", pl.String()),
        ("seat", pl.Int16()),
        ("kind", ActionKind),  # one of ACTION_KINDS
        ("amount", pl.Int64()),  # chips moved by this action (for a raise: to_amount - committed)
        ("to_amount", pl.Int64()),  # bet/raise: total street commitment after; else null
        ("is_all_in", pl.Boolean()),  # the site marked the action all-in
        ("line_no", pl.Int32()),
        ("n_cards", pl.Int8()),  # discard: cards discarded; stand_pat: 0; else null
    ]
)

QUARANTINE = pl.Schema(
    [
        ("site", pl.String()),
        ("source_file", pl.String()),
        ("line_no", pl.Int32()),  # line of the hand header (or of the offending line)
        ("hand_id", pl.String()),  # null when it could not be read
        ("reason", pl.String()),  # a sentence naming the offending line
        ("reason_code", pl.String()),  # its class (parsers/core/quarantine_reasons.py reason_code)
    ]
)

#: Where a known card was seen (RULES.md §11 "Known cards"). `conceded` is a player who mucked
#: at showdown without showing (card null): he gives up his claim to the pot.
#: `discarded`: a card the hero threw away in a draw (`street` is the round after that draw).
CARD_SOURCES: tuple[str, ...] = ("dealt", "shown", "mucked", "conceded", "board", "discarded")
#: cards.face of a hole card: dealt face down or face up (stud); null for a board card or
#: where the log does not say.
CARD_FACES: tuple[str, ...] = ("down", "up")

#: One row per known card of a hand (docs/tables.md "cards").
CARDS = pl.Schema(
    [
        ("hand_key", pl.Int64()),
        ("hand_id", pl.String()),
        ("seat", pl.Int16()),  # the holder's seat; null for a board card
        ("player", pl.String()),  # the holder; null for a board card
        ("source", pl.String()),  # one of CARD_SOURCES
        ("board", pl.Int8()),  # board cards: 1, or 2/3 for the boards of a run-it-twice
        # board cards: the street dealt (1 flop, 2 turn, 3 river); hole cards: the round dealt
        # or drawn in where the log says so (stud, draw), null for the board games'
        ("street", pl.Int8()),
        ("position", pl.Int8()),  # 0-based place among the cards of its line
        ("card", pl.String()),  # canonical "Ah"/"Td"; null when the text is no known card
        ("raw", pl.String()),  # the card as the log printed it
        ("label", pl.String()),  # the log's name of a shown hand ("a pair of Kings"), else null
        ("line_no", pl.Int32()),
        ("face", pl.String()),  # one of CARD_FACES, null for a board card
    ]
)

#: The canonical tables' Polars schemas. Polars types, not Arrow ones: a worker process that
#: imports no pyarrow holds ~35 MB less (its libraries' pages; docs/scale.md, "Memory").
TABLES: dict[str, pl.Schema] = {
    "hands": HANDS,
    "seats": SEATS,
    "actions": ACTIONS,
    "quarantine": QUARANTINE,
    "cards": CARDS,
}


def polars_schema(table: str) -> pl.Schema:
    """The Polars schema of one canonical table."""
    return TABLES[table]


POLARS_SCHEMAS: dict[str, pl.Schema] = TABLES


def empty(table: str) -> pl.DataFrame:
    """An empty frame with the table's Polars schema."""
    return pl.DataFrame(schema=POLARS_SCHEMAS[table])


def with_defaults(frame: pl.DataFrame, table: str) -> pl.DataFrame:
    """`frame` with the DEFAULTS columns it lacks (nulls in them read as the default too)."""
    defaults = DEFAULTS.get(table, {})
    return frame.with_columns(
        (
            pl.col(name).fill_null(value)
            if name in frame.columns and value is not None
            else pl.col(name)
            if name in frame.columns
            else pl.lit(value)
        ).alias(name)
        for name, value in defaults.items()
    )


def with_derived(frame: pl.DataFrame, table: str) -> pl.DataFrame:
    """`frame` with the columns derived from others that it lacks: the quarantine's
    `reason_code` from `reason` (one classifier for every producer of quarantine rows)."""
    if table != "quarantine" or "reason_code" in frame.columns or "reason" not in frame.columns:
        return frame
    from parsers.core.quarantine_reasons import reason_code

    return frame.with_columns(reason_code(pl.col("reason")).alias("reason_code"))


def written(frame: pl.DataFrame) -> pl.DataFrame:
    """A canonical table as it is written (Parquet): `street`, where it has one, as the Street
    Enum of parsers/games.py (the names; in memory the tables carry the ids)."""
    if frame.schema.get("street") not in (pl.Int8, pl.Int16, pl.Int32, pl.Int64):
        return frame
    return frame.with_columns(street_enum(pl.col("street")).alias("street"))


def conform(frame: pl.DataFrame, table: str) -> pl.DataFrame:
    """Select and cast `frame` to the canonical schema of `table`; missing columns fail loudly
    (except the DEFAULTS ones, which get their default, and the derived ones, with_derived)."""
    schema = POLARS_SCHEMAS[table]
    frame = with_derived(with_defaults(frame, table), table)
    missing = [name for name in schema if name not in frame.columns]
    if missing:
        raise ValueError(f"{table}: missing columns {missing}")
    return frame.select([pl.col(name).cast(dtype) for name, dtype in schema.items()])
