"""Shared pipeline, stage 2: seats, and every body line classified as an event, ignored or bad.

Players are identified from the seat list, never by splitting at the first colon alone: a line
`<name>: <verb>` is matched against the seated names of its hand. When no seated name of the
hand contains ": ", the name must end at the first ": ", so one join on (hand_key, name) is
exact; hands with such names (rare) take a slower path that tries every seated name as a
prefix and keeps the longest.
"""

from __future__ import annotations

import polars as pl

from parsers.grammar import Grammar
from parsers.lines import PRE_DEAL, SUMMARY

#: A line is identified by its hand (which carries the file) and its line number.
LINE_KEY = ["hand_key", "line_no"]
EVENT_COLUMNS = ["hand_key", "line_no", "section", "player", "verb", "amount_s", "to_s", "all_in"]


def extract_seats(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Seat lines before the deal: hand_key, line_no, seat, player, stack_s, sitting_out."""
    pre_deal = lines.filter(
        (pl.col("section") == PRE_DEAL) & pl.col("text").str.starts_with("Seat ")
    )
    groups = pl.col("text").str.extract_groups(grammar.seat_line)
    return (
        pre_deal.select("hand_key", "line_no", groups.alias("g"))
        .unnest("g")
        .filter(pl.col("player").is_not_null())
        .select(
            "hand_key",
            "line_no",
            pl.col("seat").cast(pl.Int16),
            "player",
            pl.col("stack").alias("stack_s"),
            pl.col("tail").fill_null("").str.contains(grammar.sitting_out).alias("sitting_out"),
        )
    )


def _body(lines: pl.DataFrame, seats: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Lines that may hold events: not header, marker, table, seat, summary or blank."""
    is_table = (pl.col("section") == PRE_DEAL) & pl.col("text").str.contains(grammar.table_line)
    return lines.filter(
        ~pl.col("is_header")
        & ~pl.col("is_marker")
        & (pl.col("section") != SUMMARY)
        & (pl.col("text") != "")
        & ~is_table
    ).join(seats.select(LINE_KEY), on=LINE_KEY, how="anti")


def _resolve_simple(colon: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Name = text before the first ': ' when it is a seated name of the hand."""
    name = pl.col("text").str.split_exact(": ", 1).struct.field("field_0")
    return colon.with_columns(name.alias("player")).join(
        seats.select("hand_key", "player", pl.lit(True).alias("seated")),
        on=["hand_key", "player"],
        how="left",
    )


def _resolve_by_prefix(colon: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Longest seated name `n` of the hand such that the line starts with `n + ': '`."""
    candidates = colon.join(seats.select("hand_key", "player"), on="hand_key").filter(
        pl.col("text").str.starts_with(pl.col("player") + ": ")
    )
    best = (
        candidates.sort(pl.col("player").str.len_chars(), descending=True)
        .unique(subset=LINE_KEY, keep="first")
        .select(*LINE_KEY, "player", pl.lit(True).alias("seated"))
    )
    return colon.join(best, on=LINE_KEY, how="left")


def resolve_actors(body: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Add `player` (seated name at the start of a `<name>: ...` line) and `rest`."""
    has_colon = pl.col("text").str.contains(": ", literal=True)
    colon = body.filter(has_colon)
    others = body.filter(~has_colon).with_columns(
        pl.lit(None, dtype=pl.String).alias("player"),
        pl.lit(None, dtype=pl.Boolean).alias("seated"),
    )
    odd_hands = seats.filter(pl.col("player").str.contains(": ", literal=True))["hand_key"]
    if odd_hands.is_empty():
        resolved = _resolve_simple(colon, seats)
    else:
        in_odd = pl.col("hand_key").is_in(odd_hands.implode())
        resolved = pl.concat(
            [
                _resolve_simple(colon.filter(~in_odd), seats),
                _resolve_by_prefix(colon.filter(in_odd), seats),
            ]
        )
    resolved = resolved.with_columns(
        pl.when(pl.col("seated")).then(pl.col("player")).otherwise(None).alias("player")
    )
    rest = pl.col("text").str.slice(pl.col("player").str.len_chars() + 2)
    return pl.concat([resolved, others]).with_columns(
        pl.when(pl.col("player").is_not_null()).then(rest).otherwise(None).alias("rest")
    )


def _actor_events(actors: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    groups = pl.col("rest").str.extract_groups(grammar.actor_action)
    return (
        actors.with_columns(groups.alias("g"))
        .unnest("g")
        .with_columns(pl.col("all_in").is_not_null())
        .rename({"amount": "amount_s", "to": "to_s"})
    )


def _named_events(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Lines like "Uncalled bet (x) returned to X": kind, player and amount from one pattern."""
    parts = []
    for kind, pattern in grammar.named_lines:
        groups = pl.col("text").str.extract_groups(pattern)
        parts.append(
            lines.filter(pl.col("text").str.contains(pattern))
            .select("hand_key", "line_no", "section", groups.alias("g"))
            .unnest("g")
            .select(
                "hand_key",
                "line_no",
                "section",
                "player",
                pl.lit(kind).alias("verb"),
                pl.col("amount").alias("amount_s"),
                pl.lit(None, dtype=pl.String).alias("to_s"),
                pl.lit(False).alias("all_in"),
            )
        )
    return pl.concat(parts)


def classify(
    lines: pl.DataFrame, seats: pl.DataFrame, grammar: Grammar
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(events, bad_lines). Events have EVENT_COLUMNS; bad lines hand_key, line_no, text."""
    body = resolve_actors(_body(lines, seats, grammar), seats)
    actors = body.filter(pl.col("player").is_not_null())
    actor_events = _actor_events(actors, grammar)
    matched = actor_events.filter(pl.col("verb").is_not_null()).select(EVENT_COLUMNS)
    unmatched_actor = actor_events.filter(
        pl.col("verb").is_null() & ~pl.col("rest").str.contains(grammar.actor_ignored)
    )
    loose = body.filter(pl.col("player").is_null())
    named = _named_events(loose, grammar)
    named_ok = named.join(seats.select("hand_key", "player"), on=["hand_key", "player"], how="semi")
    void = "|".join(f"(?:{pattern})" for pattern, _ in grammar.void_hand)
    leftover = loose.join(named_ok.select(LINE_KEY), on=LINE_KEY, how="anti").filter(
        ~pl.col("text").str.contains(grammar.ignored) & ~pl.col("text").str.contains(void)
    )
    bad = pl.concat(
        [
            unmatched_actor.select("hand_key", "line_no", "text"),
            leftover.select("hand_key", "line_no", "text"),
        ]
    )
    events = pl.concat([matched, named_ok.select(EVENT_COLUMNS)]).sort(LINE_KEY)
    return events, bad
