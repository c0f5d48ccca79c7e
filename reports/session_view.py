"""A shown hand flagged by a session rule (RULES.md §12 T-1 STACK-CARRY, T-2 BLIND-ROTATION, T-3
HAND-SEQUENCE; issue #16) beside the hand before it in its table session: both hands' ids,
start times, sources, button and blinds, and per player his seat and stacks in each (his start
and end in the previous hand, what top-up, rebuy or add-on lines added, his start in the flagged
one), with what differs marked: a stack that did not carry (end plus what was added), a seat
that changed, a player seated twice, a big blind the flag names, ids that go backwards.

The previous hand is the one before in session order (hands.session_id, session_seq: the run's
across-hands step, hhaudit/run/sessions.py); end stacks are seats.end_stack (printed by the
site, or derived: audit/sessions/ends.py). Joins and group_bys over the flagged hands only.
"""

from __future__ import annotations

import polars as pl

from audit.sessions.facts import session_facts
from audit.tables import AuditedTables
from reports.columns import decimal_amount

#: The session rules' codes (category "session"; the rake rules need no second hand).
SESSION_CODES: tuple[str, ...] = ("STACK-CARRY", "BLIND-ROTATION", "HAND-SEQUENCE")
_FACTS = ("hand_id", "time", "source", "button_seat", "sb_seat", "bb_seat", "id_number")


def _flagged(violations: pl.LazyFrame, keys: pl.Series) -> pl.LazyFrame:
    wanted = pl.col("hand_key").is_in(keys.implode()) & pl.col("code").is_in(SESSION_CODES)
    return (
        violations.filter(wanted)
        .group_by("hand_key")
        .agg(pl.col("code").unique().sort().alias("session_codes"))
    )


def _pairs(hands: pl.LazyFrame, flagged: pl.LazyFrame) -> pl.DataFrame:
    """(hand_key, session_id, session_seq, prev_key) per flagged hand (prev_key null: the first
    hand of its session, or a hand in none)."""
    placed = hands.select("hand_key", "session_id", "session_seq")
    this = placed.join(flagged, on="hand_key", how="inner")
    before = placed.select(
        pl.col("hand_key").alias("prev_key"),
        "session_id",
        (pl.col("session_seq") + 1).alias("session_seq"),
    )
    return this.join(before, on=["session_id", "session_seq"], how="left").collect()


def _facts(tables: AuditedTables[pl.LazyFrame], keys: pl.Series) -> pl.DataFrame:
    """Per hand of `keys`: id, start time, source, button, blinds' seats, id as a number."""
    wanted = pl.col("hand_key").is_in(keys.implode())
    blinds = session_facts(tables.actions.filter(wanted)).select("hand_key", "sb_seat", "bb_seat")
    return (
        tables.hands.filter(wanted)
        .select(
            "hand_key",
            "hand_id",
            pl.col("started_at").dt.strftime("%Y-%m-%d %H:%M:%S UTC").fill_null("?").alias("time"),
            pl.concat_str("source_file", pl.lit(":"), pl.col("line_no").cast(pl.String)).alias(
                "source"
            ),
            "button_seat",
            pl.col("hand_id").str.extract(r"([0-9]{1,18})$").cast(pl.Int64).alias("id_number"),
        )
        .join(blinds, on="hand_key", how="left")
        .collect()
    )


def _seats(tables: AuditedTables[pl.LazyFrame], keys: pl.Series) -> pl.DataFrame:
    """(hand_key, seat, player, stack, end, added, added_before) of the hands of `keys`, amounts
    in minor units (added, added_before: top-up, rebuy and add-on lines, docs/tables.md)."""
    seats = tables.seats
    present = seats.collect_schema().names()

    def column(name: str) -> pl.Expr:
        return pl.col(name) if name in present else pl.lit(None, dtype=pl.Int64)

    return (
        seats.filter(pl.col("hand_key").is_in(keys.implode()))
        .select(
            "hand_key",
            "seat",
            "player",
            "stack",
            column("end_stack").alias("end"),
            column("added"),
            column("added_before"),
        )
        .collect()
    )


def _player_rows(pairs: pl.DataFrame, seats: pl.DataFrame, scales: pl.DataFrame) -> pl.DataFrame:
    """Per flagged hand, one row per player of either hand: seat and stacks in both, marks."""
    this = pairs.select("hand_key").join(seats, on="hand_key").drop("end", "added")
    this = this.with_columns(
        twice=(pl.len().over("hand_key", "player") > 1) & pl.col("player").ne("")
    )
    before = pairs.select("hand_key", "prev_key").join(
        seats.drop("added_before").rename(
            {"hand_key": "prev_key", "seat": "prev_seat", "stack": "prev_stack"}
        ),
        on="prev_key",
    )
    rows = this.join(
        before.drop("prev_key"), on=["hand_key", "player"], how="full", coalesce=True
    ).join(scales, on="hand_key", how="left")
    differs = pl.col("stack").is_not_null() & pl.col("end").is_not_null()
    # what top-up, rebuy and add-on lines added between the hands (STACK-CARRY counts it)
    read = pl.col("added").is_not_null() | pl.col("added_before").is_not_null()
    added = pl.col("added").fill_null(0) + pl.col("added_before").fill_null(0)
    rows = rows.with_columns(
        pl.when(read).then(added).alias("added"), (pl.col("end") + added).alias("expected")
    )
    row = pl.struct(
        "player",
        "prev_seat",
        decimal_amount("prev_stack").alias("prev_stack"),
        decimal_amount("end").alias("prev_end"),
        decimal_amount("added").alias("added"),
        decimal_amount("expected").alias("expected"),
        "seat",
        decimal_amount("stack").alias("stack"),
        (differs & (pl.col("stack") != pl.col("expected"))).alias("carry_differs"),
        (pl.col("seat") != pl.col("prev_seat")).fill_null(False).alias("moved"),
        pl.col("twice").fill_null(False),
    )
    order = pl.coalesce("seat", "prev_seat")
    return (
        rows.sort("hand_key", order, "prev_seat", nulls_last=True)
        .group_by("hand_key", maintain_order=True)
        .agg(row.alias("session_rows"))
    )


def session_pairs(tables: AuditedTables[pl.LazyFrame], keys: pl.Series) -> pl.LazyFrame | None:
    """Per shown hand among `keys` with a session flag: `session_codes`, the previous hand's
    facts (`prev_<fact>`), its own (`this_<fact>`), `session_rows` and the marks
    `bb_flagged` and `ids_backwards`; None when no shown hand has one or the run's hands carry
    no sessions."""
    hands = tables.hands
    if not {"session_id", "session_seq"} <= set(hands.collect_schema().names()):
        return None
    pairs = _pairs(hands, _flagged(tables.violations, keys))
    if pairs.is_empty():
        return None
    both = pl.concat([pairs.get_column("hand_key"), pairs.get_column("prev_key").drop_nulls()])
    facts = _facts(tables, both)
    in_pairs = hands.filter(pl.col("hand_key").is_in(both.implode()))
    scales = in_pairs.select("hand_key", "scale").collect()
    rows = _player_rows(pairs, _seats(tables, both), scales)
    this = facts.select("hand_key", *[pl.col(name).alias(f"this_{name}") for name in _FACTS])
    before = facts.select(
        pl.col("hand_key").alias("prev_key"),
        *[pl.col(name).alias(f"prev_{name}") for name in _FACTS],
    )
    joined = (
        pairs.join(this, on="hand_key", how="left")
        .join(before, on="prev_key", how="left")
        .join(rows, on="hand_key", how="left")
    )
    return joined.with_columns(
        bb_flagged=pl.col("session_codes").list.contains("BLIND-ROTATION"),
        ids_backwards=(pl.col("this_id_number") < pl.col("prev_id_number")).fill_null(False),
        has_session_view=pl.lit(True),
    ).lazy()
