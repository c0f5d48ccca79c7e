"""PartyPoker's own steps (parsers/core/hooks.py): level lines, all-in marker lines, silent
blinds, live second small blinds, all-ins the export does not record, players who join with a
zero stack."""

from __future__ import annotations

import polars as pl

from parsers.core.hooks import Context, Hooks
from parsers.core.unseated import with_unknown_stacks
from parsers.sites.partypoker.all_in_marker import attach_all_in_markers
from parsers.sites.partypoker.all_in_recorded import unrecorded_all_in
from parsers.sites.partypoker.silent_blinds import add_silent_blinds, with_level

#: A line saying a player joined the table (group 1: the player).
JOINED_LINE = r"^(.+) has joined the table\.?$"


def _header(header: pl.DataFrame, context: Context) -> pl.DataFrame:
    return with_level(header, context.lines, context.grammar)


def _events(events: pl.DataFrame, context: Context) -> pl.DataFrame:
    assert context.seats is not None and context.header is not None
    assert context.placeholder is not None
    seats = with_unknown_stacks(context.seats, context.placeholder)
    return add_silent_blinds(attach_all_in_markers(events), seats, context.header, context.grammar)


def second_small_blind_live(actions: pl.DataFrame, context: Context) -> pl.DataFrame:
    """A later "small blind" post in a hand is live money, not dead (a player entering posts it
    and completes the big blind with a call): post_live before the shared refinement
    (parsers/core/actions.py) would read it as dead."""
    kind = pl.col("kind")
    later = (kind == "post_sb") & ~pl.struct("hand_key", "kind").is_first_distinct()
    return actions.with_columns(
        pl.when(later).then(pl.lit("post_live")).otherwise(kind).alias("kind")
    )


def _actions(actions: pl.DataFrame, context: Context) -> pl.DataFrame:
    return unrecorded_all_in(actions, context.lines)


def joined_stacks_unknown(seats: pl.DataFrame, context: Context) -> pl.DataFrame:
    """A player listed with a zero stack who joins the table in the hand
    ("Seat 2: Player8 ( $0 USD )", "Player8 has joined the table.", "Player8 posts big blind")
    has an unknown stack (null): the seat list was written before his buy-in."""
    text = pl.col("text")
    joined = (
        context.lines.select("hand_key", text.str.extract(JOINED_LINE, 1).alias("player"))
        .drop_nulls("player")
        .unique()
        .with_columns(_joined=pl.lit(True))
    )
    if joined.is_empty():
        return seats
    seats = seats.join(joined, on=["hand_key", "player"], how="left", maintain_order="left")
    unknown = pl.col("_joined").fill_null(False) & (pl.col("stack") == 0)
    return seats.with_columns(
        pl.when(unknown).then(None).otherwise(pl.col("stack")).alias("stack")
    ).drop("_joined")


HOOKS = Hooks(
    header=_header,
    events=_events,
    raw_posts=second_small_blind_live,
    actions=_actions,
    seats=joined_stacks_unknown,
)
