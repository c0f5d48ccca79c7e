"""Shared pipeline, stage 2: every body line classified as an event, ignored or bad (the seat
lines before it: parsers/core/seat_list.py).

Players are identified from the seat list, never by splitting at the first colon alone: a line
`<name>: <verb>` is matched against the seated names of its hand. When no seated name of the
hand contains ": ", the name must end at the first ": ", so one join on (hand_key, name) is
exact; hands with such names (rare) take a slower path that tries every seated name as a
prefix and keeps the longest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import polars as pl

from parsers.core.distinct import with_per_distinct
from parsers.core.draws import count_columns
from parsers.core.grammar import Grammar
from parsers.core.groups import candidate_groups, candidate_test
from parsers.core.lines import PRE_DEAL, SUMMARY, split_matching
from parsers.core.prefilter import compacted
from parsers.core.seat_list import clean_name
from parsers.core.seat_lookup import PAIR, pair_rows
from parsers.games import PREFLOP, SHOWDOWN

#: A line is identified by its hand (which carries the file) and its line number.
LINE_KEY = ["hand_key", "line_no"]
EVENT_COLUMNS = ["hand_key", "line_no", "section", "player", "verb", "amount_s", "to_s", "all_in"]


def _body(lines: pl.DataFrame, seats: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Lines that may hold events: not header, marker, table, seat, summary or blank."""
    if grammar.header_span > 1:  # the lines read by the header reader are not events
        start = pl.col("line_no").filter(pl.col("is_header")).min().over("hand_key")
        lines = lines.filter((pl.col("line_no") >= start + grammar.header_span).fill_null(True))
    # `is_table` (parsers.core.pipeline): pre-deal lines matching `table_line`
    keep = ~pl.col("is_header") & ~pl.col("is_marker") & (pl.col("text") != "")
    keep = keep & ~pl.col("is_table")
    keep = keep & ((pl.col("section") != SUMMARY) | grammar.summary_events)
    by_row = "_row" in seats.columns and "_row" in lines.columns
    if by_row:  # one integer per line: the seat lines go without a join
        keep = keep & ~pl.col("_row").is_in(seats["_row"].implode())
    # only the columns the later stages read are kept (a filter copies every column)
    columns = [c for c in (*LINE_KEY, "section", "text", "_row") if c in lines.columns]
    body = lines.select(*columns, keep.alias("_keep")).filter("_keep").drop("_keep")
    if by_row:
        return body
    return body.join(seats.select(LINE_KEY), on=LINE_KEY, how="anti")


def _resolve_simple(colon: pl.DataFrame, seats: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Name = text before the first separator when it is a seated name of the hand."""
    # one split gives both sides (the struct is stored once, not recomputed per field)
    parts = colon.with_columns(pl.col("text").str.splitn(grammar.actor_separator, 2).alias("_p"))
    raw = pl.col("_p").struct.field("field_0")
    named = parts.with_columns(
        clean_name(raw, grammar.player_cleanup).alias("player"),
        pl.col("_p").struct.field("field_1").alias("rest"),
    ).drop("_p")
    rows = pair_rows(named, seats)
    if rows is not None:  # True where seated, else null: what the join below gives
        return named.with_columns(pl.when(rows.is_not_null()).then(True).alias("seated"))
    return named.join(
        seats.select("hand_key", "player", pl.lit(True).alias("seated")),
        on=["hand_key", "player"],
        how="left",
        maintain_order="left",
    )


def _resolve_by_prefix(colon: pl.DataFrame, seats: pl.DataFrame, sep: str) -> pl.DataFrame:
    """Longest seated name `n` of the hand such that the line starts with `n + sep`."""
    candidates = colon.join(seats.select("hand_key", "player"), on="hand_key").filter(
        pl.col("text").str.starts_with(pl.col("player") + sep)
    )
    best = (
        candidates.sort(pl.col("player").str.len_chars(), descending=True)
        .unique(subset=LINE_KEY, keep="first")
        .select(*LINE_KEY, "player", pl.lit(True).alias("seated"))
    )
    rest = pl.col("text").str.slice(pl.col("player").str.len_chars() + len(sep))
    resolved = colon.join(best, on=LINE_KEY, how="left").with_columns(rest.alias("rest"))
    return resolved.select(*colon.columns, "player", "rest", "seated")


def resolve_actors(
    body: pl.DataFrame, seats: pl.DataFrame, grammar: Grammar
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(actors, loose, unnamed): body lines with `player` (seated name at the start of a
    `<name><separator>...` line) and `rest`, the other body lines (player null), and of those
    the lines holding the separator (hand_key, line_no, text)."""
    sep = grammar.actor_separator
    has_colon = body.select(pl.col("text").str.contains(sep, literal=True)).to_series()
    colon = body.filter(has_colon)
    others = body.filter(~has_colon).with_columns(
        pl.lit(None, dtype=pl.String).alias("player"),
        pl.lit(None, dtype=pl.String).alias("rest"),
        pl.lit(None, dtype=pl.Boolean).alias("seated"),
    )
    odd_hands = seats.filter(pl.col("player").str.contains(sep, literal=True))["hand_key"]
    if odd_hands.is_empty():
        resolved = _resolve_simple(colon, seats, grammar)
    else:
        in_odd = pl.col("hand_key").is_in(odd_hands.implode())
        resolved = pl.concat(
            [
                _resolve_simple(colon.filter(~in_odd), seats, grammar),
                _resolve_by_prefix(colon.filter(in_odd), seats, sep),
            ]
        )
    seated = pl.col("seated").fill_null(False)
    resolved = resolved.with_columns(
        pl.when(seated).then(pl.col("player")).otherwise(None).alias("player"),
        pl.when(seated).then(pl.col("rest")).otherwise(None).alias("rest"),
    )
    # split here rather than filter the whole body twice: the lines without a separator
    # have no player
    named = pl.col("player").is_not_null()
    unnamed = resolved.filter(~named)
    loose = pl.concat([unnamed, others.select(resolved.columns)])
    return resolved.filter(named), loose, unnamed.select(*LINE_KEY, "text")


def _strip_prefix(body: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """`Grammar.actor_prefix`: drop it from the start of body lines ("Player X folds")."""
    if not grammar.actor_prefix:
        return body
    return body.with_columns(pl.col("text").str.replace(f"^(?:{grammar.actor_prefix})", ""))


def _actor_events(actors: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """The action pattern runs once per distinct text after the name ("folds", "calls $1"
    repeat across hands), and the groups come back with one join."""
    groups = pl.col("rest").str.extract_groups(grammar.actor_action)

    def read(distinct: pl.DataFrame) -> pl.DataFrame:
        return (
            distinct.with_columns(groups.alias("g"))
            .unnest("g")
            .with_columns(pl.col("all_in").is_not_null())
            .rename({"amount": "amount_s", "to": "to_s"})
            .with_columns(_verb_with_suffix(grammar))
        )

    return with_per_distinct(actors, ["rest"], read)


def _verb_with_suffix(grammar: Grammar) -> pl.Expr:
    """An optional `suffix` group of `actor_action` is part of the verb ("posts small blind"
    + " out of position"), so one pattern can name kinds that differ only by a trailing phrase."""
    if "(?P<suffix>" not in grammar.actor_action:
        return pl.col("verb")
    return pl.col("verb") + pl.col("suffix").fill_null("")


def _named_events(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Lines like "Uncalled bet (x) returned to X": kind, player and amount from one pattern.

    The lines' texts are copied together first (the loose lines are a sparse subset of the
    file); every pattern's literal test runs in one pass, and the patterns no line may match
    are left out of the one lazy plan that reads the others."""
    order = ["_row"] if "_row" in lines.columns else []
    lines = compacted(lines.select("hand_key", "line_no", "section", *order, "text"))
    tests = [candidate_test(pl.col("text"), pattern) for _, pattern in grammar.named_lines]
    flags = lines.select(*(t.alias(f"_{i}") for i, t in enumerate(tests) if t is not None))
    parts = []
    for index, (kind, pattern) in enumerate(grammar.named_lines):
        candidates = lines
        if tests[index] is not None:
            mask = flags.get_column(f"_{index}")
            if not mask.any():
                continue
            candidates = lines.filter(mask)
        parts.append(_named_part(candidate_groups(candidates.lazy(), pattern), kind, order))
    if not parts:  # no line may be a named line: the columns the plan would give
        empty = lines.clear().with_columns(pl.lit(None, dtype=pl.String).alias(n) for n in NAMED)
        return _named_part(empty.lazy(), "", order).collect()
    return pl.concat(parts).collect()


NAMED = ("player", "amount")


def _named_part(found: pl.LazyFrame, kind: str, order: list[str]) -> pl.LazyFrame:
    return found.select(
        "hand_key",
        "line_no",
        "section",
        *order,
        "player",
        pl.lit(kind).alias("verb"),
        pl.col("amount").alias("amount_s"),
        pl.lit(None, dtype=pl.String).alias("to_s"),
        pl.lit(False).alias("all_in"),
    )


def _seated_only(named: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """The rows of `named` whose player is seated in their hand (a semi join)."""
    rows = pair_rows(named, seats)
    if rows is None:
        return named.join(seats.select(PAIR), on=PAIR, how="semi")
    return named.filter(rows.is_not_null())


#: What makes a line that the grammar cannot read one that moves chips (docs/parsing.md, "Lines
#: that move no chips"): an amount, i.e. a number marked as money (currency sign or code,
#: "chips"), a number in brackets or parentheses, or any number standing as its own word.
AMOUNT = (
    r"[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹]|USD|EUR|GBP|CAD|chips?\b)|[(\[]\s?[$€£]?\s?\d"
    r"|(?:^|[^\w.,])\d+(?:[.,]\d+)*(?:[^\w.,]|[.,](?:\W|$)|$)"
)


def verb_words(grammar: Grammar) -> str:
    """Alternatives of a regex matching any verb of the grammar (as written in `verbs`)."""
    words = sorted({w for verb in grammar.verbs for w in [verb.strip()] if "_" not in w}, key=len)
    return "|".join(re.escape(word) for word in reversed(words))


def _split_name(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """`player` (text before the first separator, cleaned) and `rest` of each line."""
    parts = pl.col("text").str.splitn(grammar.actor_separator, 2)
    return lines.with_columns(
        clean_name(parts.struct.field("field_0"), grammar.player_cleanup).alias("player"),
        parts.struct.field("field_1").alias("rest"),
    )


def _unseated_actor_events(
    leftover: pl.DataFrame, grammar: Grammar
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(events, remaining lines): the unread lines `<name><separator><action>` whose name has
    no seat line but whose action the grammar reads ("Player8 posts big blind [$0.04 USD]."
    after Player8 joined the table): the player is audited with an unknown stack. As for a
    seated player the action pattern comes first: a line it does not read may still be one
    that moves no chips (`actor_ignored`, then `_moves_chips`)."""
    named = _split_name(leftover, grammar).filter(pl.col("rest").is_not_null())
    read = _actor_events(named, grammar).filter(pl.col("verb").is_not_null())
    events = read.select(*EVENT_COLUMNS, *(["_row"] if "_row" in read.columns else []))
    return events, leftover.join(read.select(LINE_KEY), on=LINE_KEY, how="anti")


def _names_a_player(lines: pl.DataFrame, players: pl.DataFrame) -> pl.Series:
    """Per line of `lines`, whether its text contains the name of a player of its hand."""
    keyed = lines.select(*LINE_KEY, "text").with_row_index("_i")
    named = players.filter(pl.col("player").str.len_chars() > 0)
    found = keyed.join(named, on="hand_key").filter(
        pl.col("text").str.contains(pl.col("player"), literal=True)
    )
    return keyed.get_column("_i").is_in(found.get_column("_i").implode())


def _moves_chips(
    unmatched_actor: pl.DataFrame, leftover: pl.DataFrame, players: pl.DataFrame, grammar: Grammar
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(bad, skipped) of the lines the grammar did not read (hand_key, line_no, text);
    `players`: hand_key, player of the seated players and of those acting without a seat.

    Must be read (bad): a seated player's name at the start followed by a verb of the grammar or
    an amount, or, on a betting street of a format whose actor separator is more than a space
    ("X: flurbs", "Big Blind : Foo"), by anything (the shape of an action line that the grammar
    does not know: it may move chips); an amount anywhere on a line that names a player of the
    hand; a line starting with a verb of the grammar, or with one after its first name (an
    action not read, by a player printed without a name or not known); a seat line before the
    deal that the seat pattern did not read, with an amount ("Seat 2:  ( $895 )"). The rest
    moves no chips and is skipped (announcements, prizes, table messages, summary lines
    without amounts).
    """
    verbs, columns = verb_words(grammar), ["hand_key", "line_no", "section", "text"]
    any_verb = rf"(?i)(?:^|\W)(?:{verbs})(?:\W|$)"
    actor_bad = pl.col("rest").str.contains(any_verb) | pl.col("rest").str.contains(AMOUNT)
    if grammar.actor_separator.strip():  # "X: flurbs": the shape of an action line
        actor_bad = actor_bad | pl.col("section").is_between(PREFLOP, SHOWDOWN)
    actors = unmatched_actor.with_columns(actor_bad.fill_null(True).alias("_bad"))
    loose = _split_name(leftover.select(*columns), grammar)
    verb_first = rf"(?i)^(?:{verbs})(?:\W|$)"
    loose = loose.with_columns(
        _names_a_player(loose, players).alias("_named"),
        (pl.col("rest").str.contains(verb_first) | pl.col("text").str.contains(verb_first)).alias(
            "_verb_first"
        ),
        ((pl.col("section") == PRE_DEAL) & pl.col("text").str.contains(r"^Seat \d+:")).alias(
            "_seat_line"
        ),
    )
    has_amount = pl.col("text").str.contains(AMOUNT)
    loose_bad = ((pl.col("_named") | pl.col("_seat_line")) & has_amount) | pl.col("_verb_first")
    loose = loose.with_columns(loose_bad.fill_null(False).alias("_bad"))
    columns = ["hand_key", "line_no", "text"]
    both = pl.concat([actors.select(*columns, "_bad"), loose.select(*columns, "_bad")])
    return both.filter("_bad").drop("_bad"), both.filter(~pl.col("_bad")).drop("_bad")


@dataclass
class Classified:
    """What `classify` makes of the body lines."""

    events: pl.DataFrame  # EVENT_COLUMNS, in line order
    bad: pl.DataFrame  # hand_key, line_no, text: lines that move chips and were not read
    skipped: pl.DataFrame  # hand_key, line_no, text: lines that move no chips
    unseated: pl.DataFrame  # hand_key, player, line_no: players acting without a seat line
    #: the body split as read, for the card lines (parsers/core/card_lines.py): lines of a
    #: seated actor (hand_key, line_no, player, rest), the others (hand_key, line_no, text),
    #: and of those the ones holding the actor separator
    actors: pl.DataFrame
    loose: pl.DataFrame
    unnamed: pl.DataFrame


def _first_lines(events: pl.DataFrame) -> pl.DataFrame:
    """hand_key, player, line_no of each (hand, player)'s first event."""
    return (
        events.group_by("hand_key", "player")
        .agg(pl.col("line_no").min())
        .sort("hand_key", "line_no")
        .select("hand_key", "player", "line_no")
    )


def classify(lines: pl.DataFrame, seats: pl.DataFrame, grammar: Grammar) -> Classified:
    """Events, lines that move chips but were not read, lines skipped, unseated players."""
    body = _strip_prefix(_body(lines, seats, grammar), grammar)
    actors, loose, unnamed = resolve_actors(body, seats, grammar)
    actor_events = _actor_events(actors, grammar)
    # `_row` (parsers.core.pipeline: the line's rank in (hand_key, line_no) order) sorts the
    # events on one integer instead of two columns
    order = ["_row"] if "_row" in lines.columns else []
    found = actor_events.filter(pl.col("verb").is_not_null())
    counts = count_columns(found)  # a draw's count (parsers/core/draws.py), where one is read
    matched = found.select(*EVENT_COLUMNS, *counts, *order)
    unmatched_actor = actor_events.filter(pl.col("verb").is_null()).filter(
        ~pl.col("rest").str.contains(grammar.actor_ignored)
    )
    named = _named_events(loose, grammar)
    named_ok = _seated_only(named, seats)
    void = "|".join(f"(?:{pattern})" for pattern, _ in grammar.void_hand)
    leftover = loose.join(named_ok.select(LINE_KEY), on=LINE_KEY, how="anti").filter(
        ~pl.col("text").str.contains(grammar.ignored) & ~pl.col("text").str.contains(void)
    )
    # `Grammar.no_chips`: lines the client adds that move no chips, skipped and counted
    known_actor, unmatched_actor = split_matching(unmatched_actor, grammar.no_chips)
    known_loose, leftover = split_matching(leftover, grammar.no_chips)
    if leftover.height:
        unseated_events, leftover = _unseated_actor_events(leftover, grammar)
    else:  # every line was read (the usual batch): no player without a seat line
        unseated_events = matched.clear()
    unseated = _first_lines(unseated_events)
    if unseated.height:
        # "Uncalled bet ($0.08) returned to X", "X collected $0.16 from pot" of such a player
        of_unseated = named.join(unseated.select(PAIR), on=PAIR, how="semi")
        of_unseated = of_unseated.join(unseated_events.select(LINE_KEY), on=LINE_KEY, how="anti")
        named_ok = pl.concat([named_ok, of_unseated])
        leftover = leftover.join(named_ok.select(LINE_KEY), on=LINE_KEY, how="anti")
    if leftover.height or unmatched_actor.height:
        players = pl.concat([seats.select(PAIR), unseated.select(PAIR)])
        bad, skipped = _moves_chips(unmatched_actor, leftover, players, grammar)
    else:  # nothing unread: no line to judge
        bad = skipped = unmatched_actor.select("hand_key", "line_no", "text")
    skipped = pl.concat([skipped, *(k.select(skipped.columns) for k in (known_actor, known_loose))])
    named_part = named_ok.select(*EVENT_COLUMNS, *order)
    parts = [matched, named_part, unseated_events.select(*EVENT_COLUMNS, *order)]
    split = (actors.select(*LINE_KEY, "player", "rest"), loose.select(*LINE_KEY, "text"), unnamed)
    if not order:
        events = pl.concat(parts, how="diagonal")  # the actor events alone may read counts
        return Classified(events.sort(LINE_KEY), bad, skipped, unseated, *split)
    # One sort on the line rank puts the named events among the actor events: cheaper
    # than `merge_sorted` of the two (which also needs both sides sorted first).
    events = pl.concat(parts, how="diagonal").sort("_row", maintain_order=True)
    return Classified(events.drop("_row"), bad, skipped, unseated, *split)
