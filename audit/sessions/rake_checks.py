"""The frame the rake rules read (R-1..R-3): every cash hand of a site with a rake schedule.

One row per hand whose site has a schedule (audit/sessions/rake.py) that applies to it: a cash
hand in the schedule's currency and dates, with a reported rake. Columns: `rake_cap` (the
schedule's cap for the hand's big blind and players dealt in, null without a matching row),
`rake_allowed` (the rate of the reported total pot, rounded to the increment as the schedule
says; null without a total pot), `nfnd` (the schedule says no flop, no drop and the hand ended
before the flop), `players_dealt`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, time

import polars as pl

from audit.sessions.rake import RakeSchedule
from parsers.schema import ColumnType

RAKE_HAND_COLUMNS = ("hand_key", "site", "hand_id", "source_file", "line_no", "is_tournament",
                     "structure", "currency", "scale", "big_blind", "started_at", "rake",
                     "total_pot")  # fmt: skip


def _schedule_frame(schedules: Mapping[str, RakeSchedule]) -> pl.DataFrame:
    def moment(day, end: bool) -> datetime | None:
        return None if day is None else datetime.combine(day, time.max if end else time.min, UTC)

    rows = [
        {"site": s.site, "_num": s.rate.numerator, "_den": s.rate.denominator,
         "_inc": s.increment, "_rounding": s.rounding, "_nfnd": s.no_flop_no_drop,
         "_currency": s.currency, "_from": moment(s.valid_from, False),
         "_until": moment(s.valid_until, True)}
        for s in schedules.values()
    ]  # fmt: skip
    schema: dict[str, ColumnType] = {
        "site": pl.String, "_num": pl.Int64, "_den": pl.Int64, "_inc": pl.Int64,
        "_rounding": pl.String, "_nfnd": pl.Boolean, "_currency": pl.String,
        "_from": pl.Datetime("us", "UTC"), "_until": pl.Datetime("us", "UTC")}  # fmt: skip
    return pl.DataFrame(rows, schema=schema)


def _cap_frame(schedules: Mapping[str, RakeSchedule]) -> pl.DataFrame:
    rows = [
        {"site": s.site, "big_blind": c.big_blind, "_low": c.players_min, "_high": c.players_max,
         "_cap": c.cap, "_structures": list(c.structures) if c.structures else None}
        for s in schedules.values() for c in s.caps
    ]  # fmt: skip
    schema: dict[str, ColumnType] = {
        "site": pl.String, "big_blind": pl.Int64, "_low": pl.Int64, "_high": pl.Int64,
        "_cap": pl.Int64, "_structures": pl.List(pl.String)}  # fmt: skip
    return pl.DataFrame(rows, schema=schema)


def _rounded() -> pl.Expr:
    """rate x total pot, rounded to the increment (down, half to even, up), in minor units."""
    whole = pl.col("total_pot") * pl.col("_num")
    step = pl.col("_den") * pl.col("_inc")
    quotient, remainder = whole // step, whole % step
    half_up = (2 * remainder > step) | ((2 * remainder == step) & (quotient % 2 == 1))
    steps = (
        pl.when(pl.col("_rounding") == "up")
        .then(quotient + (remainder > 0).cast(pl.Int64))
        .when(pl.col("_rounding") == "half_even")
        .then(quotient + half_up.cast(pl.Int64))
        .otherwise(quotient)
    )
    return steps * pl.col("_inc")


def rake_frame(
    hands: pl.LazyFrame,
    facts: pl.LazyFrame,
    seats: pl.LazyFrame,
    schedules: Mapping[str, RakeSchedule],
) -> pl.DataFrame:
    """The module docstring's frame (empty without schedules)."""
    sites = _schedule_frame(schedules)
    if sites.is_empty():  # no site has a schedule: the frame's layout, no hand judged
        hands, facts, seats = hands.head(0), facts.head(0), seats.head(0)
    dealt = (
        seats.filter(~pl.col("sitting_out").fill_null(False))
        .group_by("hand_key")
        .agg(pl.len().cast(pl.Int64).alias("players_dealt"))
    )
    in_force = (
        (pl.col("_currency").is_null() | (pl.col("currency") == pl.col("_currency")))
        & (pl.col("_from").is_null() | (pl.col("started_at") >= pl.col("_from")))
        & (pl.col("_until").is_null() | (pl.col("started_at") <= pl.col("_until")))
    )
    judged = (
        hands.select(RAKE_HAND_COLUMNS)
        .join(sites.lazy(), on="site", how="inner")
        .filter(~pl.col("is_tournament").fill_null(False) & pl.col("rake").is_not_null())
        .filter(in_force.fill_null(False))
        .join(facts.select("hand_key", "ended_preflop"), on="hand_key", how="left")
        .join(dealt, on="hand_key", how="left")
        .with_columns(
            rake_allowed=_rounded(),
            nfnd=pl.col("_nfnd") & pl.col("ended_preflop").fill_null(False),
            rate_text=pl.concat_str(
                (pl.col("_num") * 100 / pl.col("_den")).round(4).cast(pl.String), pl.lit("%")
            ),
        )
        .collect()
    )
    return judged.join(_caps_of(judged, _cap_frame(schedules)), on="hand_key", how="left")


def _caps_of(judged: pl.DataFrame, caps: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, rake_cap): the smallest cap row matching stakes, players dealt, structure."""
    players = pl.col("players_dealt")
    fits = (
        (players >= pl.col("_low"))
        & (pl.col("_high").is_null() | (players <= pl.col("_high")))
        & (
            pl.col("_structures").is_null()
            | pl.col("_structures").list.contains(pl.col("structure"))
        )
    )
    return (
        judged.select(
            "hand_key", "site", pl.col("big_blind").cast(pl.Int64), "players_dealt", "structure"
        )
        .join(caps, on=["site", "big_blind"], how="inner")
        .filter(fits.fill_null(False))
        .group_by("hand_key")
        .agg(pl.col("_cap").min().alias("rake_cap"))
    )
