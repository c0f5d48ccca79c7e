"""Table sessions (RULES.md §12): the hands of one (site, table, tournament) in time order.

A table is (site, table name, tournament or cash): the tournament's id is part of the table
name on the sites that have one ("3339171319 114", "NOCTAMBULE(180688705)#004"). Hands are
ordered by start time, hand id breaking ties (its number when the id is a prefix and digits,
then the text), the run's hand_key last so the order is total. Two consecutive hands are in
one session when their start times are at most `session_gap_s` apart. A hand without a table
name or a start time belongs to no session (session_id null): its place cannot be known.

session_id numbers the sessions 1.. in (site, table, start) order and session_seq the hands of
a session 1..: both depend on the hands only, never on how the run was cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import polars as pl

TABLE_KEY = ("site", "table_name", "is_tournament")
DEFAULT_GAP_S = 600
ID_PATTERN = r"^([^0-9]*)([0-9]{1,18})$"

#: The hands columns the session rules read.
HAND_COLUMNS = (
    "hand_key",
    "site",
    "hand_id",
    "source_file",
    "line_no",
    "is_tournament",
    "structure",
    "table_name",
    "max_seats",
    "button_seat",
    "started_at",
    "scale",
    "small_blind",
    "big_blind",
    "rake",
    "total_pot",
    "is_fast_fold",
)

#: The seats columns the session rules read (the run reads no other: a seat's hand_uid and
#: run_id strings would cost more to decode than the rest together).
SEAT_COLUMNS = (
    "hand_key",
    "seat",
    "player",
    "stack",
    "sitting_out",
    "final_stack",
    "added",
    "added_before",
    "added_line",
    "added_kinds",
    "end_stack",
)


def gap_expr(gaps: Mapping[str, int], default: int = DEFAULT_GAP_S) -> pl.Expr:
    """The session gap of each hand's site, in seconds (option session_gap_s)."""
    expr = pl.lit(default, dtype=pl.Int64)
    for site, gap in sorted(gaps.items()):  # a loop over the (few) configured sites
        if gap != default:
            expr = pl.when(pl.col("site") == site).then(pl.lit(gap, dtype=pl.Int64)).otherwise(expr)
    return expr


def _id_parts() -> list[pl.Expr]:
    """id_prefix and id_number of hand ids made of a prefix and digits (else null)."""
    parts = pl.col("hand_id").str.extract_groups(ID_PATTERN)
    return [
        parts.struct.field("1").alias("id_prefix"),
        parts.struct.field("2").cast(pl.Int64, strict=False).alias("id_number"),
    ]


def _placeable() -> pl.Expr:
    return pl.col("table_name").is_not_null() & pl.col("started_at").is_not_null()


def assign_sessions(
    hands: pl.LazyFrame,
    gaps: Mapping[str, int],
    default_gap: int = DEFAULT_GAP_S,
    carried: Sequence[str] = (),
) -> pl.LazyFrame:
    """The placeable hands in session order, with session_id, session_seq, id_prefix,
    id_number and gap_s (seconds since the previous hand of the table, null for its first);
    and, last, the hands' columns named in `carried`."""
    if "is_fast_fold" not in hands.collect_schema().names():  # tables from before pools
        hands = hands.with_columns(is_fast_fold=pl.lit(False))
    ordered = (
        hands.select(*HAND_COLUMNS, *carried)
        .filter(_placeable())
        .with_columns(_id_parts())
        .sort([*TABLE_KEY, "started_at", "id_number", "hand_id", "hand_key"], nulls_last=True)
    )
    since = (pl.col("started_at") - pl.col("started_at").shift(1)).dt.total_seconds()
    first_of_table = pl.struct(TABLE_KEY).ne_missing(pl.struct(TABLE_KEY).shift(1))
    with_gap = ordered.with_columns(
        gap_s=pl.when(first_of_table).then(None).otherwise(since),
        _limit=gap_expr(gaps, default_gap),
    )
    starts = pl.col("gap_s").is_null() | (pl.col("gap_s") > pl.col("_limit"))
    numbered = with_gap.with_columns(session_id=starts.cast(pl.Int64).cum_sum()).drop("_limit")
    placed = numbered.with_columns(session_seq=pl.int_range(1, pl.len() + 1).over("session_id"))
    return placed.select(pl.exclude(carried), *carried) if carried else placed


def table_groups(hands: pl.LazyFrame, group_hands: int) -> pl.DataFrame:
    """(hand_key, table_group) for every hand: whole tables (TABLE_KEY) in the order the sessions
    are numbered, cut into table groups of about `group_hands` hands (a table that starts past a
    multiple of it starts a new group; a bigger table is a group alone). Group numbers rise
    with the table order, so numbering each group's sessions after the previous groups' gives
    the session ids of one pass over all hands."""
    # each table's hand keys gathered by the group_by, then exploded: no join back on the
    # (string) table key
    return (
        hands.group_by(TABLE_KEY)
        .agg(pl.col("hand_key"), pl.len().alias("_hands"))
        .sort(TABLE_KEY, nulls_last=True)
        .with_columns(
            table_group=(pl.col("_hands").cum_sum() - pl.col("_hands")) // max(1, group_hands)
        )
        .select("hand_key", "table_group")
        .explode("hand_key")
        .collect()
    )
