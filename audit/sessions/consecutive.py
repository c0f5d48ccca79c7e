"""The frames the session rules read: consecutive hands of a session, and the players in both.

* `pairs`: one row per hand with a previous hand in its session (`prev_*` columns: that
  hand's id, file, line, start time, button, blinds). `gap_free` is false when a hand of either
  hand's file that the run quarantined lies between the two (the session is then missing a hand:
  nothing is compared across it). Later copies of a hand (duplicates) are not missing hands.
  `button_advanced` (button_moves), `blinds_moved`, `blinds_stepped` and `ids_in_order`
  (order_evidence) are the
  evidence that the two hands are consecutive; `table_proven` (audit/sessions/pools.py) that a
  pool's two hands are one table's.
* `carries`: one row per player seated in both hands of a pair (by name), with his starting
  stack in the later hand and his end stack (seats.end_stack) in the earlier one, and per
  pair `pair_mismatches` (players whose stacks do not carry), `pair_drops` (players who start
  below what they carry) and `smallest_rise` (the smallest rise that is not a top-up back to
  the player's start in the earlier hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import polars as pl

#: Columns of the previous hand carried onto each pair.
PREVIOUS = ("hand_key", "hand_id", "source_file", "line_no", "started_at", "button_seat",
            "id_prefix", "id_number", "bb_seat", "sb_seat", "n_bb", "n_sb", "seats_in")  # fmt: skip


def with_previous(sessions: pl.LazyFrame) -> pl.LazyFrame:
    """Each hand with the previous hand's PREVIOUS columns (`prev_<name>`; null for the first
    hand of a session). `sessions` is in session order (audit/sessions/group.py)."""
    present = [name for name in PREVIOUS if name in sessions.collect_schema().names()]
    first = pl.col("session_seq") == 1
    earlier = [
        pl.when(first).then(None).otherwise(pl.col(name).shift(1)).alias(f"prev_{name}")
        for name in present
    ]
    return sessions.with_columns(earlier)


def _quarantine_lines(quarantine: pl.LazyFrame) -> pl.LazyFrame:
    """(source_file, q_line) of every quarantined hand but the later copies, sorted."""
    not_copy = pl.col("reason_code").fill_null("").ne("duplicate")
    return (
        quarantine.filter(pl.col("line_no").is_not_null() & not_copy)
        .select("source_file", pl.col("line_no").cast(pl.Int64).alias("q_line"))
        .sort("source_file", "q_line")
    )


def _nearest_quarantined(
    hands: pl.LazyFrame, lines: pl.LazyFrame, strategy: Literal["forward", "backward"], name: str
) -> pl.LazyFrame:
    """(hand_key, `name`): the line of the nearest quarantined hand of the same file after
    (`forward`) or before (`backward`) each hand's `_line`, not on it."""
    return (
        hands.sort("source_file", "_line")
        .join_asof(
            lines,
            left_on="_line",
            right_on="q_line",
            by="source_file",
            strategy=strategy,
            allow_exact_matches=False,
            check_sortedness=False,  # sorted by (source_file, line) just above
        )
        .select("hand_key", pl.col("q_line").alias(name))
    )


def _gap_free(pairs: pl.LazyFrame, quarantine: pl.LazyFrame) -> pl.LazyFrame:
    """`pairs` with gap_free: no quarantined hand between the previous hand and this one."""
    found = _quarantine_lines(quarantine).collect()
    if found.is_empty():  # no quarantined hand has a line: none lies between two hands
        return pairs.with_columns(gap_free=pl.lit(True))
    lines = found.lazy()
    after_prev = _nearest_quarantined(
        pairs.select(
            "hand_key",
            pl.col("prev_source_file").alias("source_file"),
            pl.col("prev_line_no").cast(pl.Int64).alias("_line"),
        ),
        lines,
        "forward",
        "_q_after_prev",
    )
    before_this = _nearest_quarantined(
        pairs.select("hand_key", "source_file", pl.col("line_no").cast(pl.Int64).alias("_line")),
        lines,
        "backward",
        "_q_before_this",
    )
    same_file = pl.col("source_file") == pl.col("prev_source_file")
    missing_same = pl.col("_q_after_prev").is_not_null() & (
        pl.col("_q_after_prev") < pl.col("line_no")
    )
    missing_across = pl.col("_q_after_prev").is_not_null() | pl.col("_q_before_this").is_not_null()
    missing = pl.when(same_file).then(missing_same).otherwise(missing_across)
    return (
        pairs.join(after_prev, on="hand_key", how="left", maintain_order="left")
        .join(before_this, on="hand_key", how="left", maintain_order="left")
        .with_columns(gap_free=~missing.fill_null(False))
        .drop("_q_after_prev", "_q_before_this")
    )


def order_evidence() -> dict[str, pl.Expr]:
    """`blinds_moved`: the big blind is posted from another seat than in the previous hand
    (both posted), and so is the small blind where each hand has one (a missing run of hands
    can bring the button round to the next seat, as a full orbit does, but then the blinds
    of a new arrival's seat or of the same seats show it: iPoker hand 7973221950, seven
    minutes after 7973217523, has the button one seat on and the same blinds' seats).
    `blinds_stepped`: the button is on the previous small blind's seat and the small blind on
    the previous big blind's, the one step of consecutive hands whoever sat down in between
    (a newcomer between the button and the blinds, who waits or posts, takes no button:
    PokerStars hand 212331369219, meikmo in seat 2).
    `ids_in_order`: where both ids are numbers of one prefix, this one is the larger."""
    big = pl.col("bb_seat") != pl.col("prev_bb_seat")
    one_small = (pl.col("n_sb") == 1) & (pl.col("prev_n_sb") == 1)
    small = ~one_small.fill_null(False) | (pl.col("sb_seat") != pl.col("prev_sb_seat"))
    comparable = (pl.col("id_prefix") == pl.col("prev_id_prefix")).fill_null(False)
    later = pl.col("id_number") > pl.col("prev_id_number")
    stepped = (pl.col("button_seat") == pl.col("prev_sb_seat")) & (
        pl.col("sb_seat") == pl.col("prev_bb_seat")
    )
    return {
        "blinds_moved": (big & small).fill_null(False),
        "blinds_stepped": stepped.fill_null(False),
        "ids_in_order": (~comparable | later).fill_null(False),
    }


def pairs_of(previous: pl.LazyFrame, quarantine: pl.LazyFrame) -> pl.LazyFrame:
    """One row per hand that has a previous hand in its session (module docstring), from the
    hands with their previous hand's columns (with_previous)."""
    pairs = previous.filter(pl.col("session_seq") > 1).with_columns(**order_evidence())
    return _gap_free(pairs, quarantine)


def button_moves(pairs: pl.LazyFrame, seats: pl.LazyFrame) -> pl.LazyFrame:
    """(hand_key, button_advanced): the button of this hand is the first seat clockwise after
    the previous hand's button that holds a player (or a player dealt in) in this hand. That
    is the evidence that no hand of the table is missing between the two: a missing hand
    moves the button one seat more."""
    from audit.sessions.rotation import hand_and, ring

    distance = (pl.col("seat").cast(pl.Int64) - pl.col("prev_button_seat") - 1) % pl.col("_ring")
    seated = pairs.select("hand_key", "prev_button_seat", "button_seat", "max_seats").join(
        seats.select("hand_key", "seat", "sitting_out"), on="hand_key", how="inner"
    )
    dealt = ~pl.col("sitting_out").fill_null(False)
    # one sort by (hand, distance), then the first row of each hand: not a sort per hand
    return (
        seated.with_columns(_ring=ring())
        .with_columns(_distance=distance)
        .sort(hand_and("hand_key", pl.col("_distance").fill_null(0)), maintain_order=True)
        .group_by("hand_key")
        .agg(
            pl.col("button_seat").first(),
            pl.col("seat").first().alias("_next_seated"),
            pl.col("seat").filter(dealt).first().alias("_next_dealt"),
        )
        .select(
            "hand_key",
            button_advanced=(
                (pl.col("button_seat") == pl.col("_next_seated"))
                | (pl.col("button_seat") == pl.col("_next_dealt"))
            ).fill_null(False),
        )
    )


#: The seats columns of top-up, rebuy and add-on lines (parsers/core/additions.py).
ADDITIONS = ("added", "added_before", "added_line", "added_kinds")
_ADDITION_TYPES = (pl.Int64, pl.Int64, pl.Int32, pl.String)


def _named_seats(seats: pl.LazyFrame) -> pl.LazyFrame:
    """The seats of named players with the columns the carries read (ADDITIONS null where
    the tables have none), collected: see carry_frame."""
    present = seats.collect_schema().names()
    additions = [
        pl.col(name) if name in present else pl.lit(None, dtype=dtype).alias(name)
        for name, dtype in zip(ADDITIONS, _ADDITION_TYPES, strict=True)
    ]
    columns = ("hand_key", "seat", "player", "stack", "sitting_out", "end_stack")
    return (
        seats.select(*columns, *additions)
        .filter(pl.col("player").is_not_null() & (pl.col("player") != ""))
        .collect()
        .lazy()
    )


def _added_between() -> list[pl.Expr]:
    """What the log says was added to the stack between the two hands: the earlier hand's
    `added` (printed after its first post) and this hand's `added_before` (printed before its
    first post, already in its stack); the kinds, line and hand of the first such reading."""
    after, before = pl.col("_prev_added"), pl.col("added_before")
    in_prev = after.is_not_null()
    kinds = pl.when(in_prev).then(pl.col("_prev_kinds")).otherwise(pl.col("added_kinds"))
    named = kinds.str.replace_all("_", "-").str.replace_all(",", " and ")
    return [
        (after.fill_null(0) + before.fill_null(0)).alias("added_between"),
        (in_prev | before.is_not_null()).alias("added_read"),
        named.alias("added_kind"),
        pl.when(in_prev)
        .then(pl.col("_prev_line"))
        .otherwise(pl.col("added_line"))
        .alias("added_at"),
        pl.when(in_prev)
        .then(pl.col("prev_hand_id"))
        .otherwise(pl.col("hand_id"))
        .alias("added_hand"),
    ]


def carry_frame(pairs: pl.LazyFrame, seats: pl.LazyFrame, keep: Sequence[str]) -> pl.LazyFrame:
    """One row per player seated in both hands of a pair: `stack` (his start in this hand),
    `prev_end` (his end stack in the previous one), `seat`, `prev_seat`, and what top-up,
    rebuy or add-on lines added between the two (`added_between`, ...: _added_between); with
    the pair's columns named in `keep` (each row copies them, and the pairs are wide:
    audit/sessions/columns.py CARRIES_FROM_PAIR)."""
    # named players only, collected before the joins: the same filter left in the lazy plan
    # (before or after the joins) made polars 2.1 build a plan ~40x slower whose memory grew
    # with the square of the hands (4 GB at 14k hands)
    named = _named_seats(seats)
    this = named.select(
        "hand_key", "seat", "player", "stack", "sitting_out", "added_before", "added_line",
        "added_kinds",
    )  # fmt: skip
    before = named.select(
        pl.col("hand_key").alias("prev_hand_key"),
        "player",
        pl.col("seat").alias("prev_seat"),
        pl.col("stack").alias("_prev_start"),
        pl.col("sitting_out").fill_null(False).alias("prev_sitting_out"),
        pl.col("end_stack").alias("prev_end"),
        pl.col("added").alias("_prev_added"),
        pl.col("added_line").alias("_prev_line"),
        pl.col("added_kinds").alias("_prev_kinds"),
    )
    # the seats are matched on the two keys alone, then the pair's own (wide) columns joined to
    # the matches: joining the wide pairs to every seat first held ~1.2 GB at 400k hands
    keys = pairs.select("hand_key", "prev_hand_key")
    matched = keys.join(this, on="hand_key", how="inner").join(
        before, on=["prev_hand_key", "player"], how="inner"
    )
    columns = [name for name in pairs.collect_schema().names() if name in {"hand_key", *keep}]
    pairs = pairs.select(columns)
    extra = [name for name in matched.collect_schema().names() if name not in columns]
    carries = (
        matched.drop("prev_hand_key")
        .join(pairs, on="hand_key", how="left")
        .select(*columns, *extra)
        .with_columns(_added_between())
        .drop("_prev_added", "_prev_line", "_prev_kinds", "added_before", "added_line",
              "added_kinds")
    )  # fmt: skip
    return carries.with_columns(_per_pair()).drop("_prev_start")


def _per_pair() -> list[pl.Expr]:
    """pair_mismatches, pair_drops and smallest_rise (module docstring): a top-up back to the
    start of the earlier hand (888poker's and PokerStars' auto top-up after the blinds) is no
    rise that could hold another player's chips."""
    diff = pl.col("stack") - (pl.col("prev_end") + pl.col("added_between"))
    top_up = pl.col("stack") == pl.col("_prev_start")
    rise = pl.when((diff > 0) & ~top_up.fill_null(False)).then(diff)
    return [
        (diff != 0).fill_null(False).sum().over("hand_key").alias("pair_mismatches"),
        (diff < 0).fill_null(False).sum().over("hand_key").alias("pair_drops"),
        rise.min().over("hand_key").alias("smallest_rise"),
    ]
