"""Text to a lines table, and the first shared stages: hand segmentation and sections.

A lines frame has one row per physical line: `line_no` (1-based, Int32) and `text` (stripped of
surrounding whitespace). Segmentation adds `hand_ix` (0-based index of the hand in the file,
-1 before the first header); sections add `section` (-1 before the deal, the Street id of a
betting round or SHOWDOWN, SUMMARY the summary: parsers/games.py) by a `when/then` chain and one
forward fill.
"""

from __future__ import annotations

from collections.abc import Mapping

import polars as pl

from parsers.games import FLOP, RIVER, SHOWDOWN

#: Section numbers: the Street ids (parsers/games.py, PREFLOP..SHOWDOWN) plus these two.
PRE_DEAL, SUMMARY = -1, SHOWDOWN + 1


LINES_SCHEMA = {"file_id": pl.Int32, "line_no": pl.Int32, "text": pl.String}


def read_lines(data: bytes, file_id: int = 0, first_line: int = 1) -> pl.DataFrame:
    """UTF-8 bytes with `\\n` line ends to (file_id, line_no, text); text stripped both ends.

    `first_line` numbers the first line (a chunk of a big file keeps the file's line numbers).
    """
    if not data:
        return pl.DataFrame(schema=LINES_SCHEMA)
    frame = pl.read_lines(data, name="text")
    text = pl.col("text")
    return frame.select(
        pl.lit(file_id, dtype=pl.Int32).alias("file_id"),
        pl.int_range(first_line, pl.len() + first_line, dtype=pl.Int32).alias("line_no"),
        text.str.strip_chars() if _may_need_strip(data, frame["text"]) else text,
    )


#: ASCII characters `str.strip_chars()` removes besides the line end (Rust's White_Space).
_ASCII_SPACES = (b" ", b"\t", b"\x0b", b"\x0c", b"\r")


def _may_need_strip(data: bytes, lines: pl.Series) -> bool:
    """Some line of `data` (split into `lines`) may start or end with whitespace: cheaper
    than stripping every line. Conservative: any non-ASCII text, tab or form feed says yes.

    Spaces are looked for per line (`starts_with`/`ends_with`): the two-byte searches
    `b"\\n " in data` are slow in CPython (docs/history/parsing-speed.md).
    """
    if not data.isascii() or any(c in data for c in _ASCII_SPACES[1:]):
        return True
    return bool(lines.str.starts_with(" ").any() or lines.str.ends_with(" ").any())


def segment(lines: pl.DataFrame, is_header: pl.Expr | pl.Series) -> pl.DataFrame:
    """Add `is_header` and `hand_ix` (cumulative count of header lines in the file, minus one).

    A file's lines are contiguous, so the count is one cumulative sum over the whole column
    less its value where the file starts (no window over file_id).
    """
    headers = pl.col("is_header").cast(pl.Int32)
    total = headers.cum_sum()
    lines = lines.with_columns(is_header.alias("is_header"))
    if _one_file(lines):  # nothing before the file: the count itself
        return lines.with_columns((total - 1).cast(pl.Int32).alias("hand_ix"))
    starts = (pl.col("file_id") != pl.col("file_id").shift(1)).fill_null(True)
    before_file = pl.when(starts).then(total - headers).forward_fill()
    return lines.with_columns((total - before_file - 1).cast(pl.Int32).alias("hand_ix"))


def _one_file(lines: pl.DataFrame) -> bool:
    """All lines are of one file (the usual batch: one file, or a chunk of one)."""
    low, high = lines.select(pl.col("file_id").min(), pl.col("file_id").max().alias("_max")).row(0)
    return low == high


def marker_expr(pattern: str, streets: Mapping[str, int]) -> pl.Expr:
    """Section a street-marker line opens (one regex pass), null on other lines."""
    word = pl.col("text").str.extract(pattern, 1)
    return word.replace_strict(dict(streets), default=None, return_dtype=pl.Int8)


def board_deal_marker(deal: pl.Expr) -> pl.Expr:
    """`marker` where the format has no street markers (Grammar.board_deal_line): the n-th
    board deal line of a hand (`deal` true) opens its n-th street (flop, turn, river)."""
    nth = deal.cast(pl.Int8).cum_sum().over("hand_key").clip(upper_bound=RIVER)
    return pl.when(deal).then(nth).otherwise(pl.col("marker")).alias("marker")


def section_expr() -> pl.Expr:
    """Section of every line from the `marker` column: the header opens PRE_DEAL."""
    opened = pl.when(pl.col("is_header")).then(pl.lit(PRE_DEAL, dtype=pl.Int8))
    return opened.otherwise(pl.col("marker")).forward_fill()


def board_count_expr(second: str, third: str) -> pl.Expr:
    """Per-line board number: 3 or 2 when the line says so (run it twice / three times), else 1."""
    text = pl.col("text")
    return (
        pl.when(text.str.contains(third))
        .then(pl.lit(3, dtype=pl.Int8))
        .when(text.str.contains(second))
        .then(pl.lit(2, dtype=pl.Int8))
        .otherwise(pl.lit(1, dtype=pl.Int8))
    )


def board_without_streets(lines: pl.DataFrame, board_line: str) -> pl.DataFrame:
    """(hand_key, line_no of the board) of the hands with a `board_line` (`Grammar.board_line`)
    and no line past preflop: their streets are unknowable from the markers."""
    if not board_line:
        return lines.select("hand_key", "line_no").clear()
    later = lines.filter(pl.col("section").is_between(FLOP, SHOWDOWN)).select("hand_key").unique()
    boards = lines.filter(pl.col("text").str.contains(board_line))
    return boards.join(later, on="hand_key", how="anti").select("hand_key", "line_no")


def split_matching(lines: pl.DataFrame, pattern: str) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(lines whose `text` matches `pattern`, the others); no match when `pattern` is empty."""
    if not pattern or lines.is_empty():
        return lines.clear(), lines
    found = lines.select(pl.col("text").str.contains(pattern)).to_series()
    return lines.filter(found), lines.filter(~found)
