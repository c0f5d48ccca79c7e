"""The frames the session rules read: consecutive hands of a session, and the players in both.

* `pairs`: one row per hand with a previous hand in its session (`prev_*` columns: that
  hand's id, file, line, start time, button, blinds). `gap_free` is false when a hand of either
  hand's file that the run quarantined lies between the two (the session is then missing a hand:
  nothing is compared across it). Later copies of a hand (duplicates) are not missing hands.
  `button_advanced` (button_moves) is the evidence that the two hands are consecutive.
* `carries`: one row per player seated in both hands of a pair (by name), with his starting
  stack in the later hand and his end stack (seats.end_stack) in the earlier one, and
  `pair_mismatches`, how many players of the pair do not carry their stack.
"""

from __future__ import annotations

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


def _gap_free(pairs: pl.LazyFrame, quarantine: pl.LazyFrame) -> pl.LazyFrame:
    """`pairs` with gap_free: no quarantined hand between the previous hand and this one."""
    lines = _quarantine_lines(quarantine)
    after_prev = (
        pairs.select(
            "hand_key",
            pl.col("prev_source_file").alias("source_file"),
            pl.col("prev_line_no").cast(pl.Int64).alias("_line"),
        )
        .sort("source_file", "_line")
        .join_asof(
            lines,
            left_on="_line",
            right_on="q_line",
            by="source_file",
            strategy="forward",
            allow_exact_matches=False,
        )
        .select("hand_key", pl.col("q_line").alias("_q_after_prev"))
    )
    before_this = (
        pairs.select("hand_key", "source_file", pl.col("line_no").cast(pl.Int64).alias("_line"))
        .sort("source_file", "_line")
        .join_asof(
            lines,
            left_on="_line",
            right_on="q_line",
            by="source_file",
            strategy="backward",
            allow_exact_matches=False,
        )
        .select("hand_key", pl.col("q_line").alias("_q_before_this"))
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


def pair_frame(sessions: pl.LazyFrame, quarantine: pl.LazyFrame) -> pl.LazyFrame:
    """One row per hand that has a previous hand in its session (module docstring)."""
    return _gap_free(with_previous(sessions).filter(pl.col("session_seq") > 1), quarantine)


def button_moves(pairs: pl.LazyFrame, seats: pl.LazyFrame) -> pl.LazyFrame:
    """(hand_key, button_advanced): the button of this hand is the first seat clockwise after
    the previous hand's button that holds a player (or a player dealt in) in this hand. That
    is the evidence that no hand of the table is missing between the two: a missing hand
    moves the button one seat more."""
    from audit.sessions.rotation import ring

    distance = (pl.col("seat").cast(pl.Int64) - pl.col("prev_button_seat") - 1) % pl.col("_ring")
    seated = pairs.select("hand_key", "prev_button_seat", "button_seat", "max_seats").join(
        seats.select("hand_key", "seat", "sitting_out"), on="hand_key", how="inner"
    )
    dealt = ~pl.col("sitting_out").fill_null(False)
    return (
        seated.with_columns(_ring=ring())
        .with_columns(_distance=distance)
        .group_by("hand_key")
        .agg(
            pl.col("button_seat").first(),
            pl.col("seat").sort_by("_distance").first().alias("_next_seated"),
            pl.col("seat")
            .filter(dealt)
            .sort_by(pl.col("_distance").filter(dealt))
            .first()
            .alias("_next_dealt"),
        )
        .select(
            "hand_key",
            button_advanced=(
                (pl.col("button_seat") == pl.col("_next_seated"))
                | (pl.col("button_seat") == pl.col("_next_dealt"))
            ).fill_null(False),
        )
    )


def carry_frame(pairs: pl.LazyFrame, seats: pl.LazyFrame) -> pl.LazyFrame:
    """One row per player seated in both hands of a pair: `stack` (his start in this hand),
    `prev_end` (his end stack in the previous one), `seat`, `prev_seat`."""
    # named players only, collected before the joins: the same filter left in the lazy plan
    # (before or after the joins) made polars 2.1 build a plan ~40x slower whose memory grew
    # with the square of the hands (4 GB at 14k hands)
    columns = ("hand_key", "seat", "player", "stack", "sitting_out", "end_stack")
    named = (
        seats.select(columns)
        .filter(pl.col("player").is_not_null() & (pl.col("player") != ""))
        .collect()
        .lazy()
    )
    this = named.select("hand_key", "seat", "player", "stack", "sitting_out")
    before = named.select(
        pl.col("hand_key").alias("prev_hand_key"),
        "player",
        pl.col("seat").alias("prev_seat"),
        pl.col("end_stack").alias("prev_end"),
    )
    carries = pairs.join(this, on="hand_key", how="inner").join(
        before, on=["prev_hand_key", "player"], how="inner"
    )
    differs = (pl.col("stack") != pl.col("prev_end")).fill_null(False)
    return carries.with_columns(pair_mismatches=differs.sum().over("hand_key"))
