"""Start times: the dates clients print -> UTC `started_at` (docs/parsing.md, "Times").

Clients write local time with a zone abbreviation (PokerStars, GGPoker, Winamax, WPN,
PartyPoker) or without one (Bovada, 888poker: taken as UTC as printed). TIME_ZONES maps the
abbreviations to IANA zones; a zone not in it (or none) is taken as UTC as printed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import polars as pl

#: Zone abbreviations printed by the clients -> IANA names.
TIME_ZONES: dict[str, str] = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "Europe/Lisbon",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}

_DATE = r"(\d{4}/\d{1,2}/\d{1,2})"
_TIME = r"(\d{1,2}:\d{2}(?::\d{2})?)"
#: "2014/01/06 7:21:05 CET [2014/01/06 1:21:05 ET]": the bracketed ET time.
BRACKET_ET = rf"\[{_DATE} {_TIME} ET\]"
#: The first "YYYY/MM/DD[ -] H:MM[:SS] [ZONE]" of a header (groups 1 date, 2 time, 3 zone).
FIRST_TIME = rf"{_DATE}(?: -)? {_TIME}\s*\(?([A-Z]{{2,4}})?\)?"


def as_printed_utc(text: pl.Expr, pattern: str, fmt: str) -> pl.Expr:
    """The first group of `pattern` in `text`, parsed with `fmt`, taken as UTC as printed
    (clients that write local time without a zone)."""
    stamp = text.str.extract(pattern, 1).str.strptime(pl.Datetime("us"), fmt, strict=False)
    return stamp.dt.replace_time_zone("UTC")


def to_utc(
    local: pl.Expr, zone: pl.Expr, present: Iterable[str], zones: Mapping[str, str] = TIME_ZONES
) -> pl.Expr:
    """`local` (naive) converted from its `zone` abbreviation to UTC; unknown zones as UTC.

    `present` limits the conversions to the abbreviations found (one when/then each)."""
    utc = local.dt.replace_time_zone("UTC")
    for abbreviation in present:
        converted = local.dt.replace_time_zone(
            zones[abbreviation], ambiguous="earliest", non_existent="null"
        ).dt.convert_time_zone("UTC")
        utc = pl.when(zone == abbreviation).then(converted).otherwise(utc)
    return utc


def _local_time(date: pl.Expr, time: pl.Expr) -> pl.Expr:
    with_seconds = pl.when(time.str.count_matches(":") == 1).then(time + ":00").otherwise(time)
    stamp = date + pl.lit(" ") + with_seconds.str.zfill(8)
    return stamp.str.strptime(pl.Datetime("us"), "%Y/%m/%d %H:%M:%S", strict=False)


def started_at(
    text: pl.Expr, zones: Iterable[str] = TIME_ZONES, first: pl.Expr | None = None
) -> pl.Expr:
    """UTC start time of "YYYY/MM/DD H:MM:SS ZONE" headers (the PokerStars family, GGPoker,
    Winamax, WPN): the bracketed ET time when present, else the first time and its zone.

    `zones` limits the conversions to the abbreviations present (a loop over a few zones);
    `first` is `text.str.extract_groups(FIRST_TIME)` when the caller has read it already.
    """
    # Each regex and each local time is computed once: the steps read the fields of one
    # struct (`with_fields`); repeating an expression made Polars evaluate it per use.
    if first is None:
        first = text.str.extract_groups(FIRST_TIME)
    with_et = first.struct.with_fields(text.str.extract_groups(BRACKET_ET).alias("_et"))
    et = pl.field("_et")
    local = with_et.struct.with_fields(
        _local_time(pl.field("1"), pl.field("2")).alias("_first"),
        _local_time(et.struct.field("1"), et.struct.field("2")).alias("_et_local"),
    )
    utc = to_utc(pl.field("_first"), pl.field("3"), zones)
    et_utc = (
        pl.field("_et_local")
        .dt.replace_time_zone("America/New_York", ambiguous="earliest", non_existent="null")
        .dt.convert_time_zone("UTC")
    )
    started = local.struct.with_fields(pl.coalesce(et_utc, utc).alias("_utc"))
    return started.struct.field("_utc").alias("1")  # the name the plain expression had


def zones_present(first_times: pl.Series, zones: Mapping[str, str] = TIME_ZONES) -> list[str]:
    """Known zone abbreviations among the FIRST_TIME groups of the headers (field "3")."""
    found = first_times.struct.field("3").unique().drop_nulls()
    return [zone for zone in found.to_list() if zone in zones]
