"""Players who post or act without a seat line (docs/parsing.md, "Players without a seat line").

A player can join the table after the export wrote the seat list ("Player8 has joined the
table." then "Player8 posts big blind [$0.04 USD]."), or the seat line can be missing (old WPN
exports print "Player  has big blind (2)" for a nameless seat). Such a player's lines are read
(parsers/core/events.py) and he gets a seat row of his own: seat -1, -2, ... in order of his first
line (no seat number is printed, none is guessed) and a null stack (unknown). The audit skips
him in the rules that need his stack or his place at the table and says so (STACK-UNKNOWN).

One shape is not a late arrival but action lines that do not match the seat list (an export
anonymised or garbled in the seat list only: "Seat 2: Player2" posts the small blind and never
acts again while "zejnikogoj raises"; "Seat 4: Blahdi:42eblah" never acts while "Blahdieblah"
posts the big blind): a seated player dealt in (not sitting out) who never bets, calls,
checks, folds or collects and was not all-in on a post, in a hand where a player without a
seat line acts. Such a hand is quarantined naming the unseated player's first line.
"""

from __future__ import annotations

import polars as pl

from parsers.core.actions import POSTS

PLAYS = ("fold", "check", "call", "bet", "raise", "collect", "cash_out", "uncalled_return")


def seat_rows(unseated: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """The listed seats plus one row per unseated player: seat -n for the hand's n-th such
    player, stack unknown (null), dealt in."""
    if unseated.is_empty():
        return seats
    numbered = unseated.sort("hand_key", "line_no").with_columns(
        seat=-pl.int_range(1, pl.len() + 1, dtype=pl.Int16).over("hand_key"),
        sitting_out=pl.lit(False),
    )
    info = seats.select("hand_key", "scale", "alt_locale").unique("hand_key")
    rows = numbered.join(info, on="hand_key", how="left").select(
        "hand_key", "line_no", "seat", "player", "sitting_out", "scale", "alt_locale"
    )
    return pl.concat([seats, rows], how="diagonal_relaxed")


def mismatch_problems(
    unseated: pl.DataFrame, seats: pl.DataFrame, actions: pl.DataFrame
) -> pl.DataFrame:
    """hand_key, line_no, message: hands where an unseated player acts while a seated one posts
    and then never acts (see module docstring)."""
    hands = unseated.select("hand_key").unique()
    if hands.is_empty():
        return pl.DataFrame(
            schema={"hand_key": pl.Int64, "line_no": pl.Int32, "message": pl.String}
        )
    kind = pl.col("kind").cast(pl.String)
    per_player = (
        actions.join(hands, on="hand_key", how="semi")
        .group_by("hand_key", "player")
        .agg(
            posted=pl.col("amount").filter(kind.is_in(POSTS)).sum(),
            posts=kind.is_in(POSTS).any(),
            plays=kind.is_in(PLAYS).any(),
        )
    )
    all_in_on_post = pl.col("posts").fill_null(False) & (pl.col("posted") >= pl.col("stack"))
    silent = (
        seats.join(hands, on="hand_key", how="semi")
        .filter(~pl.col("sitting_out").fill_null(False))
        .join(per_player, on=["hand_key", "player"], how="left")
        .filter(~pl.col("plays").fill_null(False) & ~all_in_on_post.fill_null(False))
        .group_by("hand_key")
        .agg(pl.col("player").first().alias("_silent"))
    )
    first = unseated.sort("hand_key", "line_no").unique("hand_key", keep="first")
    message = (
        pl.col("player")
        + pl.lit(" acts without a seat line while seated ")
        + pl.col("_silent")
        + pl.lit(" never acts: the action lines do not match the seat list")
    )
    return first.join(silent, on="hand_key").select(
        "hand_key", pl.col("line_no").cast(pl.Int32), message.alias("message")
    )


def placeholder_stack_hands(seats: pl.DataFrame, header: pl.DataFrame) -> pl.DataFrame:
    """hand_key of the hands whose seat list states no stacks: every seat shows one and the
    same stack below the hand's big blind ("Seat 8: Player0 ( 1 )" for all nine seats of a
    20/40 tournament hand whose players then call 40). The stack is a placeholder there, so
    the stacks are unknown (`with_unknown_stacks`; the audit skips the rules that need them and
    says so, STACK-UNKNOWN) rather than a cascade of STACK-EXCEEDED / ACT-ALLIN flags."""
    per_hand = (
        seats.filter(pl.col("seat") >= 0)
        .group_by("hand_key")
        .agg(
            pl.col("stack").n_unique().alias("_values"),
            pl.col("stack").first().alias("_stack"),
            pl.len().alias("_seats"),
        )
        .join(header.select("hand_key", "big_blind"), on="hand_key", how="left")
    )
    return per_hand.filter(
        (pl.col("_values") == 1)
        & (pl.col("_seats") >= 2)
        & (pl.col("_stack") < pl.col("big_blind"))
    ).select("hand_key")


def with_unknown_stacks(seats: pl.DataFrame, hands: pl.DataFrame) -> pl.DataFrame:
    """`seats` with the listed stacks of `hands` (hand_key) unknown (null)."""
    if hands.is_empty():
        return seats
    unknown = pl.col("hand_key").is_in(hands["hand_key"].implode()) & (pl.col("seat") >= 0)
    return seats.with_columns(pl.when(unknown).then(None).otherwise(pl.col("stack")).alias("stack"))
