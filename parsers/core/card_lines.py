"""The `cards` table (parsers/schema.py CARDS): every card a hand's lines show, per site.

A site declares its card lines once (`CardLines`, in parsers/sites/<site>/cards.py); this
shared step reads them for all hands of a batch at once: one regex pass per pattern (a loop
over the site's few patterns, never over lines), the card tokens split, exploded with their
place and normalized by the one card helper (parsers/core/cards.py: localized ranks and suits,
`10` for `T`). A token no reader knows keeps its raw text and a null card: the audit skips the
hand's card rules and says why ("unreadable card"); the hand is still audited for betting.

Patterns are Rust regexes with named groups: `player` and `cards` (and optionally `label`, the
log's name of the hand) for hole cards; `player` for a muck without showing; `cards` (and
optionally `board`, the board's number word) for boards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import polars as pl

from parsers.core.cards import canonical_card, card_tokens, is_hidden_card
from parsers.schema import conform, empty

#: The board's number as printed ("FIRST Board [...]", "Board 2 [...]") -> 1..3.
BOARD_NUMBERS: dict[str, int] = {
    "": 1,
    "FIRST": 1,
    "SECOND": 2,
    "THIRD": 3,
    "1": 1,
    "2": 2,
    "3": 3,
}
#: The street of each place of a whole board (flop, flop, flop, turn, river).
STREET_OF_PLACE = (1, 1, 1, 2, 3)


@dataclass(frozen=True)
class CardLines:
    """A site's card lines: (pattern, source) for hole cards (source one of `dealt`, `shown`,
    `mucked`), patterns of a muck without showing, (pattern, street) for boards: street None
    for a whole board (places 0-4: flop, turn, river), else the street the line's cards are
    dealt on (the cards of its `cards` group, after the cards of the earlier streets)."""

    hole: tuple[tuple[str, str], ...] = ()
    conceded: tuple[str, ...] = ()
    boards: tuple[tuple[str, int | None], ...] = ()
    #: The line the hole cards are dealt after: cards "dealt" before it belong to another deal
    #: (WPN tournaments draw for the button: "Dealt to Hero [4s]" before "*** HOLE CARDS ***").
    deal_marker: str | None = None


def _matching(lines: pl.DataFrame, pattern: str) -> pl.DataFrame:
    hits = lines.filter(pl.col("text").str.contains(pattern))
    return hits.with_columns(pl.col("text").str.extract_groups(pattern).alias("_g")).unnest("_g")


def _exploded(rows: pl.DataFrame) -> pl.DataFrame:
    """One row per card token of `cards`, with its 0-based `position` and canonical `card`; a
    hidden card ("[xx]") makes no row (`explode_tokens`)."""
    return explode_tokens(rows.with_columns(raw=card_tokens(pl.col("cards"))), canonical_card)


def explode_tokens(rows: pl.DataFrame, reader: Callable[[pl.Expr], pl.Expr]) -> pl.DataFrame:
    """One row per token of the list column `raw`, with its 0-based `position` in the list and
    its `card` read by `reader` (parsers/core/cards.py); hidden cards (`X`, `??`) dropped, the
    others keeping their place."""
    rows = rows.filter(pl.col("raw").list.len() > 0)
    rows = rows.with_columns(position=pl.int_ranges(pl.col("raw").list.len())).explode(
        "raw", "position"
    )
    rows = rows.filter(~is_hidden_card(pl.col("raw")))
    return rows.with_columns(card=reader(pl.col("raw")))


def _hole_rows(lines: pl.DataFrame, spec: CardLines) -> list[pl.DataFrame]:
    parts = []
    for pattern, source in spec.hole:
        rows = _matching(lines, pattern)
        label = pl.col("label").str.strip_chars() if "label" in rows.columns else pl.lit(None)
        rows = _exploded(rows.with_columns(label=label.cast(pl.String)))
        parts.append(
            rows.select(
                "hand_key",
                "line_no",
                pl.col("player").str.strip_chars(),
                source=pl.lit(source),
                board=pl.lit(None, pl.Int8),
                street=pl.lit(None, pl.Int8),
                position="position",
                card="card",
                raw="raw",
                label="label",
            )
        )
    for pattern in spec.conceded:
        rows = _matching(lines, pattern)
        parts.append(
            rows.select(
                "hand_key",
                "line_no",
                pl.col("player").str.strip_chars(),
                source=pl.lit("conceded"),
                board=pl.lit(None, pl.Int8),
                street=pl.lit(None, pl.Int8),
                position=pl.lit(0, pl.Int64),
                card=pl.lit(None, pl.String),
                raw=pl.lit(None, pl.String),
                label=pl.lit(None, pl.String),
            )
        )
    return parts


def _board_rows(lines: pl.DataFrame, spec: CardLines) -> list[pl.DataFrame]:
    parts = []
    offset = {1: 0, 2: 3, 3: 4}
    # GG prints a run's board number on the line before its board ("FIRST" / "Board [...]")
    lines = lines.with_columns(
        _word=pl.col("text")
        .shift(1)
        .over("hand_key")
        .str.extract(r"^\s*(FIRST|SECOND|THIRD)\s*$", 1)
    )
    for pattern, street in spec.boards:
        rows = _exploded(_matching(lines, pattern))
        number = pl.col("board") if "board" in rows.columns else pl.lit(None, pl.String)
        board = pl.coalesce(number, pl.col("_word"), pl.lit("")).str.strip_chars()
        board = board.str.to_uppercase().replace_strict(
            BOARD_NUMBERS, default=1, return_dtype=pl.Int8
        )
        # a further board may list only its own cards (GG: "SECOND Board [4d Qs]"): the last
        count = pl.len().over("hand_key", "line_no")
        own_only = pl.lit(street is None) & (board > 1)
        place = pl.col("position") + (
            offset[street] if street else pl.when(own_only).then(5 - count).otherwise(0)
        )
        street_of = (
            pl.lit(street, pl.Int8)
            if street
            else place.clip(upper_bound=4).replace_strict(
                dict(enumerate(STREET_OF_PLACE)), return_dtype=pl.Int8
            )
        )
        parts.append(
            rows.select(
                "hand_key",
                "line_no",
                player=pl.lit(None, pl.String),
                source=pl.lit("board"),
                board=board,
                street=street_of,
                position=place,
                card="card",
                raw="raw",
                label=pl.lit(None, pl.String),
            )
        )
    return parts


def read_card_lines(
    lines: pl.DataFrame, spec: CardLines | None, hands: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """The cards table of the parsed `hands` from their `lines` (file_id, hand_ix, line_no,
    text): the holder's seat from `seats`, the hand's id from `hands`."""
    if spec is None or hands.height == 0:
        return empty("cards")
    key = (pl.col("file_id").cast(pl.Int64) * (1 << 32)) + pl.col("hand_ix").cast(pl.Int64)
    lines = lines.select(key.alias("hand_key"), "line_no", "text")
    lines = lines.join(hands.select("hand_key"), on="hand_key", how="semi")
    parts = _hole_rows(lines, spec) + _board_rows(lines, spec)
    if not parts:
        return empty("cards")
    rows = pl.concat([p.with_columns(pl.col("position").cast(pl.Int8)) for p in parts])
    if spec.deal_marker:
        marker = lines.filter(pl.col("text").str.contains(spec.deal_marker))
        first = marker.group_by("hand_key").agg(_deal=pl.col("line_no").min())
        rows = rows.join(first, on="hand_key", how="left")
        before = (pl.col("source") == "dealt") & (pl.col("line_no") < pl.col("_deal"))
        rows = rows.filter(~before.fill_null(False)).drop("_deal")
    return cards_table(rows, hands, seats)


def cards_table(rows: pl.DataFrame, hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """The cards table from card rows (hand_key, line_no, player, source, board, street,
    position, card, raw, label) of any reader (the line patterns here, iPoker's `<cards>`
    elements, PHH's dealing actions): the rows of the parsed `hands` only, each holder's seat
    from `seats`, the hand's id from `hands`."""
    rows = rows.join(hands.select("hand_key"), on="hand_key", how="semi")
    seat_of = seats.filter(pl.col("seat") >= 0).select("hand_key", "player", "seat")
    rows = rows.join(seat_of.unique(["hand_key", "player"]), on=["hand_key", "player"], how="left")
    rows = rows.join(hands.select("hand_key", "hand_id"), on="hand_key", how="left")
    # the seat, source and street order the rows of one line place by place (PHH's actions all
    # share one line); every line of the line-based sites has one holder or board
    order = ["hand_key", "line_no", "position", "seat", "source", "street"]
    return conform(rows.sort(order, nulls_last=True), "cards")
