"""The shared vectorised pipeline: one format's hands of one file -> canonical tables.

Stages: sections (sections.py, lines.py) -> seats and events (events.py) -> actions
(actions.py) -> hands and quarantine (here). A site parser is a `Grammar` plus its header
reader; nothing in this module loops over lines, hands or actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl

from parsers.core import hooks
from parsers.core.actions import NEEDS_AMOUNT, build_actions
from parsers.core.additions import split_additions, with_additions
from parsers.core.card_lines import SplitLines
from parsers.core.distinct import with_per_distinct
from parsers.core.events import classify
from parsers.core.families import (
    family_hands,
    undeclared_families,
    without_button,
)
from parsers.core.grammar import Grammar
from parsers.core.hands import assemble_hands, summary_facts, summary_lines, table_facts
from parsers.core.keys import file_of_key
from parsers.core.lines import (
    SUMMARY,
    board_count_expr,
    board_without_streets,
)
from parsers.core.prefilter import rows_matching
from parsers.core.quarantine_reasons import name_unsupported_games
from parsers.core.seat_list import extract_seats
from parsers.core.seat_lookup import PAIR, pair_key, pair_rows
from parsers.core.sections import events_lines, header_lines, keyed_lines
from parsers.core.settlement import settle_conventions, settle_reported
from parsers.core.unseated import (
    mismatch_problems,
    placeholder_stack_hands,
    seat_rows,
    with_unknown_stacks,
)
from parsers.schema import conform, empty

#: Lines skipped as moving no chips, per file (parsers/core/events.py `_moves_chips`).
SKIPPED_SCHEMA = {"file_id": pl.Int32, "lines_skipped": pl.Int64}


@dataclass
class Tables:
    hands: pl.DataFrame
    seats: pl.DataFrame
    actions: pl.DataFrame
    quarantine: pl.DataFrame
    skipped: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=SKIPPED_SCHEMA))
    #: parsers/core/card_lines.py, filled by parsers.api for the formats that declare CardLines
    cards: pl.DataFrame = field(default_factory=lambda: empty("cards"))
    #: the lines as classify split them, for the card lines; parsers.api drops it once read
    split: SplitLines | None = None

    @staticmethod
    def empty() -> Tables:
        return Tables(empty("hands"), empty("seats"), empty("actions"), empty("quarantine"))


def skipped_per_file(skipped: pl.DataFrame) -> pl.DataFrame:
    """file_id, lines_skipped from skipped lines (hand_key, ...)."""
    file_of = file_of_key().alias("file_id")
    counts = skipped.group_by(file_of).agg(pl.len().cast(pl.Int64).alias("lines_skipped"))
    return counts.sort("file_id")


def _quote(text: pl.Expr, width: int = 80) -> pl.Expr:
    short = pl.when(text.str.len_chars() > width).then(text.str.slice(0, width) + "…")
    return pl.lit("'") + short.otherwise(text) + pl.lit("'")


def _with_text(rows: pl.DataFrame, text_of: pl.DataFrame) -> pl.DataFrame:
    """`rows` with the text of their line, looked up only when there is one (rare)."""
    empty = rows.with_columns(pl.lit(None, dtype=pl.String).alias("text"))
    return rows.join(text_of, on=["hand_key", "line_no"], how="left") if rows.height else empty


def _reason(frame: pl.DataFrame | pl.LazyFrame, message: pl.Expr) -> pl.LazyFrame:
    line = pl.lit("line ") + pl.col("line_no").cast(pl.String) + pl.lit(": ")
    return frame.lazy().select("hand_key", "line_no", (line + message).alias("reason"))


def _hand_problems(
    lines: pl.DataFrame,
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    actions: pl.DataFrame,
    bad: pl.DataFrame,
    grammar: Grammar,
    unseated: pl.DataFrame,
) -> pl.DataFrame:
    """Every reason to quarantine a hand, one row per (hand, offending line).

    `seats` are the listed seats; `unseated` the players acting without a seat line
    (parsers/core/unseated.py): read, unless the action lines do not match the seat list."""
    text_of = lines.select("hand_key", "line_no", "text")
    no_summary = (
        hands.lazy()
        .filter(~pl.col("has_summary") & grammar.summary_required)
        .select("hand_key", pl.col("last_line").alias("line_no"))
    )
    seat_key = pl.col("hand_key") * 1024 + pl.col("seat").cast(pl.Int64)
    seat_dups = seats.filter(seat_key.is_duplicated()).vstack(_player_seated_twice(seats))
    no_seats = hands.lazy().join(seats.lazy(), on="hand_key", how="anti")
    no_streets = board_without_streets(lines, grammar.board_line)
    if grammar.hooks.streets is not None:  # the site reads those streets itself
        no_streets = no_streets.clear()
    missing_amount = _with_text(actions.filter(
        (pl.col("kind").is_in(NEEDS_AMOUNT) & pl.col("amount").is_null())
        | ((pl.col("kind") == "raise") & pl.col("to_amount").is_null())
        | pl.col("kind").is_null()
    ), text_of)  # fmt: skip
    parts = [
        _reason(bad, pl.lit("unrecognised line ") + _quote(pl.col("text"))),
        _reason(_markers_after_summary(lines), pl.lit(AFTER_SUMMARY)),
        _reason(no_summary, pl.lit("hand has no *** SUMMARY *** (truncated?)")),
        *(
            _reason(rows_matching(lines, pattern), pl.lit(reason))
            for pattern, reason in grammar.void_hand
        ),
        _reason(
            hands.lazy().filter(pl.col("header_problem").is_not_null()),
            pl.col("header_problem"),
        ),
        _reason(
            _with_text(seats.filter(pl.col("stack").is_null()).drop("text", strict=False), text_of),
            pl.format("seat {} stack unreadable in ", "seat") + _quote(pl.col("text")),
        ),
        _reason(
            seat_dups,
            pl.lit("seat list names seat or player twice: ") + pl.col("player"),
        ),
        _reason(no_seats, pl.lit("hand has no seat lines")),
        _reason(no_streets, pl.lit("board shown but no street marker: streets unknowable")),
        _reason(missing_amount, pl.lit("amount unreadable in ") + _quote(pl.col("text"))),
        _reason(mismatch_problems(unseated, seats, actions), pl.col("message")),
    ]
    if "problem" in actions.columns:  # set by parsers/core/settlement.py
        problem = actions.lazy().filter(pl.col("problem").is_not_null())
        parts.append(_reason(problem, pl.col("problem")))
    # one lazy plan for every reason: a dozen small eager passes cost more than their work
    # stable: of two reasons on one line (a header naming an unsupported game, and no seat
    # lines) the one listed first above is given, the same in every run
    problems = pl.concat(parts).sort("hand_key", "line_no", maintain_order=True)
    return problems.unique("hand_key", keep="first").collect()


AFTER_SUMMARY = (
    "street marker after the summary: the lines of another hand without its header follow "
    "(cut or concatenated export)"
)


def _markers_after_summary(lines: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, line_no) of the first street marker after a hand's summary marker: every
    format ends a hand with its summary, so a later deal or street is another hand whose
    header was cut off (fpdb's "concatenated.partial" exports).

    A hand's lines are contiguous and in line order, and its first line (the header) opens
    PRE_DEAL (parsers/core/lines.py, sections 0..SUMMARY): a line is in section SUMMARY only
    if a summary marker of its hand comes at or before it, and every line from that marker to
    the next street marker is. So the first street marker after the summary follows a line of
    section SUMMARY, and any street marker that does is after the summary: the answer is the
    first street marker per hand whose line before (same hand) is in section SUMMARY, read in
    one pass over the columns instead of a join on the summary lines."""
    previous = pl.col("section").shift(1) == SUMMARY
    same_hand = pl.col("hand_key").shift(1) == pl.col("hand_key")
    after = (pl.col("marker") < SUMMARY) & previous & same_hand
    later = lines.lazy().select("hand_key", "line_no", after.alias("_after")).filter("_after")
    return later.group_by("hand_key").agg(pl.col("line_no").min()).collect()


def _player_seated_twice(seats: pl.DataFrame) -> pl.DataFrame:
    """The seat rows whose (hand_key, player) is on another seat row too, in seat-row order.

    Rows with a repeated hash of the pair are the candidates (a pair seated twice repeats its
    hash; a collision only adds candidates), and the exact group-by runs on those alone: none
    in most batches, so the group-by on both columns of every seat row is saved."""
    maybe = seats.filter(pair_key().is_duplicated())
    twice = maybe.group_by(*PAIR).agg(pl.len().alias("_n")).filter(pl.col("_n") > 1)
    return maybe.join(twice.select(*PAIR), on=PAIR, how="semi")


def _alt_locale(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """hand_key, alt_locale: the hand has a line matching `grammar.alt_locale_when` (only
    for grammars with an `alt_locale`)."""
    found = pl.col("text").str.contains(grammar.alt_locale_when).any()
    return lines.group_by("hand_key").agg(found.alias("alt_locale"))


def _with_stacks(seats: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """`stack` from `stack_s`, read once per distinct (text, scale, locale): stacks repeat
    across seat lists, and the amount regex costs more than the join that brings it back."""
    keys = ["stack_s", "scale", "alt_locale"]
    stack = grammar.amount(pl.col("stack_s"), pl.col("scale")).alias("stack")
    return with_per_distinct(
        seats, keys, lambda distinct: distinct.with_columns(stack), nulls_equal=True
    )


def parse_hands(lines: pl.DataFrame, grammar: Grammar, sources: pl.DataFrame) -> Tables:
    """Parse the hands of one format (lines of one or many files, hand_ix >= 0).

    `sources` maps file_id to source_file for the hands and quarantine tables.
    """
    lines = keyed_lines(lines, grammar)
    headers = header_lines(lines, grammar)
    header = name_unsupported_games(grammar.read_header(headers), headers)
    families = family_hands(header)
    header = undeclared_families(header, families, grammar)
    lines = events_lines(lines, grammar, families)
    summary = summary_lines(lines)
    facts = summary_facts(lines, grammar, summary)
    facts = facts.join(table_facts(lines, grammar), on="hand_key", how="left")
    header = header.join(facts, on="hand_key", how="left")
    if grammar.alt_locale is None or grammar.alt_locale_per_amount:  # no per-hand locale
        header = header.with_columns(alt_locale=pl.lit(False))
    else:
        header = header.join(_alt_locale(lines, grammar), on="hand_key", how="left")
    header = header.with_columns(
        pl.when(pl.col("play_money").fill_null(False))
        .then(pl.lit("play"))
        .otherwise(pl.col("currency"))
        .alias("currency"),
        pl.when(pl.col("play_money").fill_null(False))
        .then(pl.lit(1, dtype=pl.Int32))
        .otherwise(pl.col("scale"))
        .alias("scale"),
    )
    site = grammar.hooks
    context = hooks.Context(grammar, lines, families=families)
    raw_seats = hooks.run(site.seat_list, extract_seats(lines, grammar), context)
    amount_info = header.select("hand_key", "scale", "alt_locale")
    seats = _with_stacks(
        raw_seats.drop("_row", strict=False).join(amount_info, on="hand_key"), grammar
    )
    header = hooks.run(site.header, header, context)
    placeholder = placeholder_stack_hands(seats, header)
    context.header, context.seats, context.placeholder = header, seats, placeholder
    classified = classify(hooks.run(site.body, lines, context), raw_seats, grammar)
    events, additions = split_additions(hooks.run(site.events, classified.events, context), grammar)
    seats = seat_rows(classified.unseated, seats)
    context.seats = seats
    hand_info = header.select("hand_key", "scale", "alt_locale", "big_blind")
    actions = build_actions(events, dict(grammar.verbs), hand_info, context)
    hands = without_button(assemble_hands(header, actions, grammar), families)
    actions, hands = settle_reported(actions, hands, grammar)
    if site.hands is not None:
        actions, hands = site.hands(actions, hands, context)
    actions, hands, seats = settle_conventions(actions, hands, seats, grammar)
    context.hands, context.seats = hands, seats
    actions = hooks.run(site.actions, actions, context)
    listed = seats.filter(pl.col("seat") >= 0)  # without the unseated players' rows
    problems = _hand_problems(
        lines, header, listed, actions, classified.bad, grammar, classified.unseated
    )
    seats = hooks.run(site.seats, seats, context)
    seats = with_unknown_stacks(seats, placeholder)
    seats = with_additions(seats, additions, actions, amount_info, grammar)
    tables = _finish(hands, seats, actions, problems, grammar, sources)
    tables.skipped = skipped_per_file(classified.skipped)
    split = (classified.actors, classified.loose, classified.unnamed)
    tables.split = SplitLines(lines, summary, *split, grammar.actor_separator)
    return tables


def _finish(
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    actions: pl.DataFrame,
    problems: pl.DataFrame,
    grammar: Grammar,
    sources: pl.DataFrame,
) -> Tables:
    ids = hands.select("hand_key", "hand_id")
    file_of = file_of_key().alias("file_id")
    quarantine = problems.lazy().join(ids.lazy(), on="hand_key", how="left").with_columns(file_of)
    quarantine = quarantine.join(sources.lazy(), on="file_id", how="left").select(
        "file_id",
        pl.lit(grammar.site).alias("site"),
        "source_file",
        "line_no",
        "hand_id",
        "reason",
    )
    if problems.height:  # most batches have no bad hand: skip three anti-joins then
        keep = problems.select("hand_key")
        hands = hands.join(keep, on="hand_key", how="anti")
        seats = seats.join(keep, on="hand_key", how="anti")
        actions = actions.join(keep, on="hand_key", how="anti")
    hands = hands.with_columns(file_of).join(sources, on="file_id", how="left")
    seats = _with_hand_ids(seats, ids)
    seats = seats.with_columns(pl.lit(None, dtype=pl.Int64).alias("final_stack"))
    actions = (
        actions.rename({"all_in": "is_all_in"}).pipe(_with_hand_ids, ids).pipe(_with_seats, seats)
    )
    return Tables(
        hands=conform(_in_order(hands, "hand_key"), "hands"),
        seats=conform(_in_order(seats, "hand_key", "seat"), "seats"),
        actions=conform(_in_order(actions, "hand_key", "seq"), "actions"),
        quarantine=conform(quarantine.sort("file_id", "line_no").collect(), "quarantine"),
    )


def _with_seats(actions: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """`seat` of each action's player (left join on hand_key, player)."""
    rows = pair_rows(actions, seats)
    if rows is None:
        seat_of = seats.select(*PAIR, "seat")
        return actions.join(seat_of, on=PAIR, how="left", maintain_order="left")
    return actions.with_columns(seats.get_column("seat").gather(rows).alias("seat"))


def _with_hand_ids(frame: pl.DataFrame, ids: pl.DataFrame) -> pl.DataFrame:
    """Inner join on hand_key adding hand_id; with `ids` in increasing hand_key order (the
    usual case) a binary search and a gather, cheaper than a hash join."""
    keys = ids.get_column("hand_key")
    if _in_order(ids, "hand_key") is not ids or keys.is_empty():
        return frame.join(ids, on="hand_key", maintain_order="left")
    wanted = frame.get_column("hand_key")
    at = keys.search_sorted(wanted).clip(upper_bound=keys.len() - 1)
    known = keys.gather(at) == wanted
    if not known.all():  # rows of hands without an id go (a filter copies every column)
        frame, at = frame.filter(known), at.filter(known)
    return frame.with_columns(ids.get_column("hand_id").gather(at).alias("hand_id"))


def _in_order(frame: pl.DataFrame, first: str, second: str | None = None) -> pl.DataFrame:
    """`frame` sorted by its key columns; Polars sorts even sorted data, so rows already in
    strictly increasing key order (the usual case here) are returned as they are."""
    keys = [first] if second is None else [first, second]
    a = pl.col(first)
    increasing = a > a.shift(1)
    if second is not None:
        b = pl.col(second)
        increasing = increasing | ((a == a.shift(1)) & (b > b.shift(1)))
    in_order = increasing.fill_null(False) | (pl.int_range(pl.len()) == 0)
    if frame.select(in_order.all()).item():
        return frame
    return frame.sort(keys)


__all__ = ["Tables", "board_count_expr", "parse_hands"]
