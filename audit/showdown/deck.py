"""Deck integrity per hand (RULES.md §11 C-1 CARD-INVALID, C-2 CARD-DUP, C-3 CARD-COUNT).

`deck_problems(rows)` (rows from audit/showdown/known.card_rows) gives one row per hand that has
cards, with a sentence (or null) per code and `unreadable`, the first card text no reader knows:
such a hand is not judged by the card rules (the reason is kept for the counts), it is still
audited for betting. Hands of an unknown game are not judged either.
"""

from __future__ import annotations

import polars as pl

from audit.showdown.cards import SHORT_DECK_LOWEST_ID, card_text_expr
from audit.showdown.known import HOLE_COUNT, STREET_COUNT
from audit.showdown.own_cards import (
    comebacks,
    count_problems,
    draw_dup_rows,
    without_common_repeats,
)
from audit.showdown.values.games import VALUE_GAMES
from audit.state.prepare import join_or_nulls
from parsers.games import FLOP, RIVER, TURN

SHORT_DECK_GAMES = ("holdem_6plus", "shortdeck")
STREET_WORDS = {FLOP: "flop", TURN: "turn", RIVER: "river"}


def _holder() -> pl.Expr:
    """Who holds a card: the player, or one place of one board."""
    board_place = pl.concat_str(
        [pl.lit("board "), pl.col("board").cast(pl.String), pl.lit(" "), _street_word()]
    )
    return pl.when(pl.col("is_board")).then(board_place).otherwise(pl.col("player"))


def _street_word() -> pl.Expr:
    street = pl.col("street").fill_null(FLOP).clip(FLOP, RIVER)
    return street.replace_strict(STREET_WORDS, return_dtype=pl.String)


def _first_text(
    frame: pl.DataFrame, name: str, text: pl.Expr, order: tuple[str, ...] = ("line_no",)
) -> pl.DataFrame:
    """(hand_key, name): the first sentence of each hand's rows, in line order (`order`; ties
    in the frame's order)."""
    if frame.height == 0:
        return pl.DataFrame(schema={"hand_key": pl.Int64, name: pl.String})
    ordered = frame.sort("hand_key", *order, nulls_last=True, maintain_order=True)
    return ordered.group_by("hand_key", maintain_order=True).agg(text.first().alias(name))


def _invalid(rows: pl.DataFrame) -> pl.DataFrame:
    """C-1: a card of a short-deck game below a six."""
    short = pl.col("game").is_in(SHORT_DECK_GAMES)
    bad = rows.filter(short & (pl.col("card_id") < SHORT_DECK_LOWEST_ID))
    text = pl.concat_str(
        [pl.col("card"), pl.lit(" ("), _holder(), pl.lit(") is not a card of the 36-card deck")]
    )
    return _first_text(bad, "card_invalid", text)


def _duplicates(rows: pl.DataFrame, more: pl.DataFrame | None = None) -> pl.DataFrame:
    """C-2: one card at two places of one hand (two holders, or twice in one line); `more`:
    further (hand_key, card_id, line_no, position, holders) found elsewhere (a draw's
    discarded card seen again: own_cards.comebacks).

    Without rows (no hand of _may_repeat's, the usual case) there is nothing to word."""
    if rows.height == 0 and (more is None or more.height == 0):
        return _first_text(rows, "card_dup", pl.lit(None))
    known = rows.filter(pl.col("card_id").is_not_null()).with_columns(holder=_holder())
    places = known.with_columns(
        place=pl.when(pl.col("is_board"))
        .then(pl.concat_str([pl.col("holder"), pl.lit("#"), pl.col("position").cast(pl.String)]))
        .otherwise(pl.col("holder"))
    )
    # the same card twice in one listing of one player ("shows [Ah Ah]"): a line, and in it one
    # source (PHH's actions share one line: "d dh p1 AcKd" and "p1 sm AcKd" are two listings)
    in_line = (
        places.filter(~pl.col("is_board"))
        .group_by("hand_key", "line_no", "source", "player", "card_id")
        .agg(n=pl.len(), holder=pl.col("holder").first(), position=pl.col("position").min())
    )
    twice = in_line.filter(pl.col("n") > 1).select(
        "hand_key", "card_id", "line_no", "position", holders=pl.concat_list("holder", "holder")
    )
    # each place where it is first seen (a hole card is printed dealt, shown and in the
    # summary): the line and the holders read in the log's order
    first_seen = places.sort(
        "hand_key", "line_no", "position", nulls_last=True, maintain_order=True
    )
    across = (
        first_seen.unique(["hand_key", "place", "card_id"], keep="first", maintain_order=True)
        .group_by("hand_key", "card_id", maintain_order=True)
        .agg(
            pl.col("line_no", "position").first(),
            holders=pl.col("holder"),
            n=pl.col("place").n_unique(),
        )
        .filter(pl.col("n") > 1)
        .drop("n")
    )
    found = [across, twice.select(across.columns)]
    if more is not None and more.height:
        found.append(more.select(pl.col(name).cast(across.schema[name]) for name in across.columns))
    dups = pl.concat(found)
    text = pl.concat_str(
        [
            card_text_expr(pl.col("card_id")),
            pl.lit(" appears twice: "),
            pl.col("holders").list.slice(0, 2).list.join(" and "),
        ]
    )
    return _first_text(dups, "card_dup", text, ("line_no", "position"))


def _may_repeat(rows: pl.DataFrame) -> pl.DataFrame:
    """The rows of the hands where _duplicates can find a card twice: a card at two places
    told apart by numbers and names (board, street, position; the player), or twice for one
    player in one listing. Two places of different text differ in these too, so no hand with a
    duplicate is left out, and _duplicates words only these few hands (the places' text for
    every card cost most of the deck checks). Only a card on two or more rows of its hand can
    be either, so both counts run on those rows alone (a few % of the rows)."""
    repeated = pl.struct("hand_key", "card_id").is_duplicated()
    known = rows.filter(pl.col("card_id").is_not_null() & repeated)
    board = pl.col("is_board")
    place = pl.struct(
        board,
        pl.when(board).then(pl.col("board")),
        pl.when(board).then(pl.col("street").fill_null(FLOP).clip(FLOP, RIVER)),
        pl.when(board).then(pl.col("position")),
        pl.when(~board).then(pl.col("player")),
    )
    across = known.group_by("hand_key", "card_id").agg(n=place.n_unique())
    in_line = (
        known.filter(~board)
        .group_by("hand_key", "line_no", "source", "player", "card_id")
        .agg(n=pl.len())
    )
    keys = pl.concat(
        [frame.filter(pl.col("n") > 1).select("hand_key") for frame in (across, in_line)]
    ).get_column("hand_key")
    return rows.filter(pl.col("hand_key").is_in(keys.unique().implode()))


def _counts(rows: pl.DataFrame, values: bool = False) -> pl.DataFrame:
    """C-3: more hole cards than the game deals; a board street with the wrong number. With
    `values`, the stud and draw hands among `rows` are counted their way
    (own_cards.count_problems)."""
    own = None
    if values:
        own = count_problems(rows.filter(pl.col("game").is_in(VALUE_GAMES)))
        rows = rows.filter(~pl.col("game").is_in(VALUE_GAMES))
    dealt = pl.col("dealt")
    known = rows.filter(pl.col("card_id").is_not_null())
    hole = (
        known.filter(~pl.col("is_board"))
        .group_by("hand_key", "player")
        .agg(
            pl.col("game", "dealt").first(),
            pl.col("line_no").max(),
            n=pl.col("card_id").n_unique(),
        )
        .filter(pl.col("n") > dealt)
    )
    hole_text = pl.concat_str(
        [
            pl.col("player"),
            pl.lit(" shows "),
            pl.col("n").cast(pl.String),
            pl.lit(" hole cards; "),
            pl.col("game"),
            pl.lit(" deals "),
            dealt.cast(pl.String),
        ]
    )
    streets = known.filter(pl.col("is_board")).with_columns(
        street=pl.col("street").fill_null(FLOP).clip(FLOP, RIVER)
    )
    boards = (
        streets.group_by("hand_key", "board", "street")
        .agg(pl.col("line_no").min(), n=pl.col("card_id").n_unique())
        .with_columns(
            expected=pl.col("street").replace_strict(STREET_COUNT, return_dtype=pl.UInt32)
        )
        .filter(pl.col("n") != pl.col("expected"))
    )
    board_text = pl.concat_str(
        [
            pl.lit("board "),
            pl.col("board").cast(pl.String),
            pl.lit(": the "),
            _street_word(),
            pl.lit(" has "),
            pl.col("n").cast(pl.String),
            pl.lit(" cards, not "),
            pl.col("expected").cast(pl.String),
        ]
    )
    parts = [
        hole.select("hand_key", "line_no", text=hole_text),
        boards.select("hand_key", "line_no", text=board_text),
    ]
    if own is not None:
        parts.append(
            own.select(pl.col(name).cast(parts[0].schema[name]) for name in parts[0].columns)
        )
    return _first_text(pl.concat(parts), "card_count", pl.col("text"))


def deck_problems(rows: pl.DataFrame, no_reshuffle: pl.DataFrame | None = None) -> pl.DataFrame:
    """(hand_key, cards_unjudged, card_invalid, card_dup, card_count) per hand with cards.

    `cards_unjudged` is the reason the card rules skip the hand (null: judged): an unreadable
    card, or a game the rules do not know. The three sentences are null on skipped hands.
    `no_reshuffle`: given when `rows` holds stud or draw hands, the (hand_key) of the draw
    hands that cannot have used the whole deck (own_cards.cannot_reshuffle): only there is a
    discarded card seen again a second card.
    """
    reasons = _unjudged(rows)
    judged = rows.join(reasons, on="hand_key", how="anti") if reasons.height else rows
    frame = join_or_nulls(rows.select("hand_key").unique(), reasons)
    values = no_reshuffle is not None
    dup_rows, more = judged, None
    if no_reshuffle is not None:
        dup_rows = draw_dup_rows(without_common_repeats(judged), no_reshuffle)
        more = comebacks(judged, no_reshuffle)
    duplicates = _duplicates(_may_repeat(dup_rows), more)
    for part in (_invalid(judged), duplicates, _counts(judged, values)):
        frame = join_or_nulls(frame, part)
    return frame


def _unjudged(rows: pl.DataFrame) -> pl.DataFrame:
    """(hand_key, cards_unjudged): the first reason per hand the card rules skip it."""
    unreadable = rows.filter(pl.col("unreadable"))
    reason_unreadable = pl.concat_str(
        [pl.lit("unreadable card '"), pl.col("raw").fill_null(""), pl.lit("'")]
    )
    reasons = [
        _first_text(unreadable, "cards_unjudged", reason_unreadable),
        _first_text(
            rows.filter(~pl.col("game").is_in(list(HOLE_COUNT)) | pl.col("game").is_null()),
            "cards_unjudged",
            pl.lit("game unknown"),
        ),
    ]
    if not any(part.height for part in reasons):
        return reasons[0]
    return pl.concat(reasons).unique("hand_key", keep="first", maintain_order=True)
