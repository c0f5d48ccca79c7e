"""The `cards` table (parsers/schema.py CARDS): every card a hand's lines show, per site.

A site declares its card lines once (`CardLines`, in parsers/sites/<site>/cards.py); this
shared step reads them for all hands of a batch at once: one regex pass per pattern (a loop
over the site's few patterns, never over lines) on the lines holding its literal text (the
lines with a card list's `[` are found once for all patterns that need one), the card tokens
split once per distinct card list, exploded with their place and normalized once per distinct
token by the one card helper (parsers/core/cards.py: localized ranks and suits, `10` for
`T`). A token no reader knows keeps its raw text and a null card: the audit skips the hand's
card rules and says why ("unreadable card"); the hand is still audited for betting.

Patterns are Rust regexes with named groups: `player` and `cards` (and optionally `label`, the
log's name of the hand) for hole cards; `player` for a muck without showing; `cards` (and
optionally `board`, the board's number word) for boards.

Which lines a pattern reads (`CardLines.reads`): every line of the hands by default, or one
class of the lines the parse already split (parsers/core/events.py `SplitLines`), so a card line
is looked for among a few lines of its kind, not among all of them again: the summary's lines,
the texts after an actor's name (the pattern then reads the text after `<name><separator>`, and
the actor is the `player`: the seated one classify found, else, for a line naming no seated
player, the text before the first separator), the body lines naming no seated actor, or the
street markers opening the first betting street (for `deal_marker`). Those classes hold the
text as the grammar reads it (after its keyword fixes and body hooks).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import polars as pl

from parsers.core.cards import canonical_card, card_tokens, is_hidden_card
from parsers.core.distinct import with_per_distinct
from parsers.core.groups import matching_groups
from parsers.core.hole_faces import family_games, with_hole_rounds
from parsers.core.prefilter import literal_prefixes, literal_rows, needs_literal, rows_matching
from parsers.core.seat_lookup import pair_rows
from parsers.games import FLOP, PREFLOP, RIVER, TURN
from parsers.schema import conform, empty


@dataclass
class SplitLines:
    """A parse's lines as the pipeline split them, for the steps that read one class of them
    (the card lines) instead of every line again: filled by parsers.core.pipeline."""

    lines: pl.DataFrame  # every line, with `section` and `marker` (parsers.core.pipeline)
    summary: pl.DataFrame  # the summary's lines: hand_key, line_no, text, _i (row in `lines`)
    actors: pl.DataFrame  # body lines of a seated actor: hand_key, line_no, player, rest
    loose: pl.DataFrame  # the other body lines: hand_key, line_no, text
    unnamed: pl.DataFrame  # those of the loose lines holding the separator
    separator: str  # Grammar.actor_separator, between an actor's name and the rest


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
STREET_OF_PLACE = (FLOP, FLOP, FLOP, TURN, RIVER)

#: The lines a card pattern reads (module docstring): every line, the summary section's lines,
#: the texts after an actor's name, the body lines naming no seated actor, the street markers
#: opening the first betting street (where the hole cards are dealt: for `deal_marker`).
Reads = Literal["line", "summary", "actor", "loose", "deal"]


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
    #: (pattern, the lines it reads) for the patterns that read one class of the split lines
    #: (`Reads`); every other pattern reads every line
    reads: tuple[tuple[str, Reads], ...] = ()
    #: The shown and mucked hole cards list a player's cards in the order dealt (stud: the
    #: round and the face of each follow from its place, parsers/core/hole_faces.py).
    shown_in_deal_order: bool = False

    def reads_of(self, pattern: str) -> Reads:
        return dict(self.reads).get(pattern, "line")


def _matching(lines: pl.DataFrame, pattern: str) -> pl.DataFrame:
    """The lines matching `pattern`, with its groups as columns: the regex runs once, on the
    lines holding the literal text it needs (a card line is a few lines per hand)."""
    return matching_groups(literal_rows(lines, pattern), pattern)


def _exploded(rows: pl.DataFrame) -> pl.DataFrame:
    """One row per card token of `cards`, with its 0-based `position` and canonical `card`; a
    hidden card ("[xx]") makes no row (`explode_tokens`). Card lists repeat (1,326 hold'em
    hands): the tokens are split once per distinct list."""

    def tokens(lists: pl.DataFrame) -> pl.DataFrame:
        return lists.with_columns(raw=card_tokens(pl.col("cards")))

    return explode_tokens(with_per_distinct(rows, ["cards"], tokens), canonical_card)


def explode_tokens(rows: pl.DataFrame, reader: Callable[[pl.Expr], pl.Expr]) -> pl.DataFrame:
    """One row per token of the list column `raw`, with its 0-based `position` in the list and
    its `card` read by `reader` (parsers/core/cards.py); hidden cards (`X`, `??`) dropped, the
    others keeping their place. Each distinct token (52 cards, a few others) is read once."""

    def read(tokens: pl.DataFrame) -> pl.DataFrame:
        raw = pl.col("raw")
        return tokens.with_columns(card=reader(raw), _hidden=is_hidden_card(raw))

    rows = rows.filter(pl.col("raw").list.len() > 0)
    rows = rows.with_columns(position=pl.int_ranges(pl.col("raw").list.len())).explode(
        "raw", "position"
    )
    rows = with_per_distinct(rows, ["raw"], read)
    return rows.filter(~pl.col("_hidden")).drop("_hidden")


def _hole_rows(candidates: dict[str, pl.DataFrame], spec: CardLines) -> list[pl.DataFrame]:
    """`candidates`: the lines each pattern is matched against (`_candidate_lines`). The
    matched lines of every hole pattern are exploded together (one pass, in pattern order)."""
    matched = []
    for pattern, source in spec.hole:
        rows = _matching(candidates[pattern], pattern)
        label = pl.col("label").str.strip_chars() if "label" in rows.columns else pl.lit(None)
        matched.append(
            rows.select(
                "hand_key",
                "line_no",
                pl.col("player").str.strip_chars(),
                "cards",
                source=pl.lit(source),
                label=label.cast(pl.String),
            )
        )
    parts = []
    if matched:
        rows = _exploded(pl.concat(matched))
        parts.append(
            rows.select(
                "hand_key",
                "line_no",
                "player",
                "source",
                board=pl.lit(None, pl.Int8),
                street=pl.lit(None, pl.Int8),
                position="position",
                card="card",
                raw="raw",
                label="label",
            )
        )
    for pattern in spec.conceded:
        rows = _matching(candidates[pattern], pattern)
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


def _board_rows(
    lines: pl.DataFrame, candidates: dict[str, pl.DataFrame], spec: CardLines
) -> list[pl.DataFrame]:
    """`candidates`: the lines (numbered in `lines`) each pattern is matched against."""
    parts = []
    offset = {FLOP: 0, TURN: 3, RIVER: 4}
    for pattern, street in spec.boards:
        matched = _matching(candidates[pattern], pattern)
        rows = _exploded(_with_word_before(lines, matched))
        number = pl.col("board") if "board" in rows.columns else pl.lit(None, pl.String)
        board = pl.coalesce(number, pl.col("_word"), pl.lit("")).str.strip_chars()
        board = board.str.to_uppercase().replace_strict(
            BOARD_NUMBERS, default=1, return_dtype=pl.Int8
        )
        # a further board may list only its own cards (GG: "SECOND Board [4d Qs]"): the last
        count = pl.len().over("hand_key", "line_no").cast(pl.Int64)
        own_only = pl.lit(street is None) & (board > 1) & (count < 5)
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


def _numbered(lines: pl.DataFrame) -> pl.DataFrame:
    """`lines` with `_i`, the row number (to find a matched line's previous line)."""
    return lines.with_row_index("_i")


#: A line that only names the board of a run (GG: "FIRST" on the line before "Board [...]").
BOARD_WORD = r"^\s*(FIRST|SECOND|THIRD)\s*$"


def _with_word_before(lines: pl.DataFrame, rows: pl.DataFrame) -> pl.DataFrame:
    """`rows` (matched lines of `lines`, with their row number `_i`) with `_word`: the board
    word (BOARD_WORD) of the line before in the same hand, else null. A hand's lines are
    contiguous, so that line is the row before when its hand_key is the same; only the
    matched rows' previous lines are read (not a shift over every line)."""
    before = (rows.get_column("_i").cast(pl.Int64) - 1).clip(lower_bound=0)
    previous = lines.select(
        pl.col("hand_key").gather(before).alias("_hand_before"),
        pl.col("text").gather(before).alias("_text_before"),
    )
    same_hand = (pl.col("_hand_before") == pl.col("hand_key")) & (pl.col("_i") > 0)
    word = pl.when(same_hand).then(pl.col("_text_before").str.extract(BOARD_WORD, 1))
    return (
        rows.hstack(previous)
        .with_columns(word.alias("_word"))
        .drop("_i", "_hand_before", "_text_before")
    )


#: The character that opens a card list ("[Ah Kd]"): the lines holding it are found once, and
#: each card pattern needing it (`needs_literal`) runs on those lines only.
CARD_LIST_OPENER = "["


def _candidate_lines(
    lines: pl.DataFrame, spec: CardLines, split: SplitLines | None = None
) -> dict[str, pl.DataFrame]:
    """Lines each card pattern of `spec` is matched against (the summary and every-line ones
    numbered `_i`): of the class it reads (`CardLines.reads`, from `split`); of those, the
    lines holding CARD_LIST_OPENER for the patterns that need it, when two or more of one
    class do."""
    patterns = [p for p, _ in spec.hole] + list(spec.conceded) + [p for p, _ in spec.boards]
    classes: dict[Reads, list[str]] = {}
    for pattern in patterns:
        classes.setdefault(spec.reads_of(pattern), []).append(pattern)
    candidates: dict[str, pl.DataFrame] = {}
    for reads, members in classes.items():
        rows = _class_lines(lines, reads, split)
        opened = [p for p in members if needs_literal(p, CARD_LIST_OPENER)]
        listed = rows
        if len(opened) >= 2:
            listed = rows.filter(pl.col("text").str.contains(CARD_LIST_OPENER, literal=True))
        candidates |= {p: listed if p in opened else rows for p in members}
    actor = [p for p in patterns if spec.reads_of(p) == "actor"]
    if actor:
        assert split is not None
        unseated = _unseated_texts(split, actor)
        candidates |= {p: pl.concat([candidates[p], unseated]) for p in actor}
    return candidates


def _class_lines(lines: pl.DataFrame, reads: Reads, split: SplitLines | None) -> pl.DataFrame:
    """The lines of one class (`Reads`): hand_key, line_no, text (and `_i`, the row in `lines`,
    for every line and the summary; `player` for the actors' texts)."""
    if reads == "line":
        return _numbered(lines)
    if split is None:
        raise ValueError(f"card lines reading {reads!r} lines need the parse's split lines")
    if reads == "actor":
        return split.actors.select("hand_key", "line_no", "player", text="rest")
    if reads == "loose":
        return split.loose
    if reads == "summary":
        return split.summary
    # the first betting street of the board games (parsers/games.py)
    deal = (pl.col("marker") == PREFLOP).alias("_in")
    return split.lines.select("hand_key", "line_no", "text", deal).filter("_in").drop("_in")


def _unseated_texts(split: SplitLines, patterns: list[str]) -> pl.DataFrame:
    """hand_key, line_no, player, text of the body lines naming no seated player that an
    actor-text pattern of `patterns` may match, split at the first separator (a player acting
    without a seat line shows cards too): the lines with the separator (`unnamed`) holding it
    followed by a pattern's literal prefix."""
    sep = split.separator
    needed = {sep + prefix for p in patterns for prefix in literal_prefixes(p) or [""]}
    text = pl.col("text")
    holds = pl.any_horizontal(text.str.contains(n, literal=True) for n in sorted(needed))
    parts = split.unnamed.filter(holds).with_columns(text.str.splitn(sep, 2).alias("_p"))
    return parts.select(
        "hand_key",
        "line_no",
        player=pl.col("_p").struct.field("field_0"),
        text=pl.col("_p").struct.field("field_1"),
    )


def _seat_of(rows: pl.DataFrame, seats: pl.DataFrame) -> pl.Series:
    """The listed seat of each row's (hand_key, player), null when none."""
    listed = seats.filter(pl.col("seat") >= 0).select("hand_key", "player", "seat")
    found = pair_rows(rows, listed)
    if found is not None:
        return listed.get_column("seat").gather(found)
    seat_of = listed.unique(["hand_key", "player"])
    joined = rows.join(seat_of, on=["hand_key", "player"], how="left", maintain_order="left")
    return joined.get_column("seat")


def read_card_lines(
    lines: pl.DataFrame,
    spec: CardLines | None,
    hands: pl.DataFrame,
    seats: pl.DataFrame,
    split: SplitLines | None = None,
) -> pl.DataFrame:
    """The cards table of the parsed `hands` from their `lines` (file_id, hand_ix, line_no,
    text) and the parse's `split` lines (`CardLines.reads`): the holder's seat from `seats`,
    the hand's id from `hands`."""
    if spec is None or hands.height == 0:
        return empty("cards")
    key = (pl.col("file_id").cast(pl.Int64) * (1 << 32)) + pl.col("hand_ix").cast(pl.Int64)
    lines = lines.select(key.alias("hand_key"), "line_no", "text")
    # every line is tested (the other hands' rows go in cards_table: fewer rows than lines)
    candidates = _candidate_lines(lines, spec, split)
    parts = _hole_rows(candidates, spec) + _board_rows(lines, candidates, spec)
    if not parts:
        return empty("cards")
    # a hostile line may list more cards than an Int8 holds: the position saturates (the card
    # rules count the cards, C-3, not their places)
    in_range = pl.col("position").clip(0, 127).cast(pl.Int8)
    rows = pl.concat([p.with_columns(in_range) for p in parts])
    if spec.deal_marker:
        deal_lines = _class_lines(lines, spec.reads_of(spec.deal_marker), split)
        marker = rows_matching(deal_lines, spec.deal_marker)  # no groups: the plain match test
        first = marker.group_by("hand_key").agg(_deal=pl.col("line_no").min())
        rows = rows.join(first, on="hand_key", how="left", maintain_order="left")
        before = (pl.col("source") == "dealt") & (pl.col("line_no") < pl.col("_deal"))
        rows = rows.filter(~before.fill_null(False)).drop("_deal")
    games = family_games(hands)
    if games.height:  # stud: each hole card's round and face (parsers/core/hole_faces.py)
        sections = None if split is None else split.lines.select("hand_key", "line_no", "section")
        rows = with_hole_rounds(rows, games, sections, spec.shown_in_deal_order)
    return cards_table(rows, hands, seats)


def cards_table(rows: pl.DataFrame, hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """The cards table from card rows (hand_key, line_no, player, source, board, street,
    position, card, raw, label) of any reader (the line patterns here, iPoker's `<cards>`
    elements, PHH's dealing actions): the rows of the parsed `hands` only, each holder's seat
    from `seats`, the hand's id from `hands`."""
    rows = rows.join(hands.select("hand_key"), on="hand_key", how="semi", maintain_order="left")
    rows = rows.with_columns(_seat_of(rows, seats).alias("seat"))
    rows = rows.join(hands.select("hand_key", "hand_id"), on="hand_key", how="left")
    # the seat, source and street order the rows of one line place by place (PHH's actions all
    # share one line); every line of the line-based sites has one holder or board
    order = ["hand_key", "line_no", "position", "seat", "source", "street"]
    return conform(rows.sort(order, nulls_last=True), "cards")
