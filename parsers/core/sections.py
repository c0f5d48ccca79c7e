"""The lines of a batch read into sections: each hand's key, its street markers (the board
games' from `Grammar.streets`, the games without a board from their family's format,
parsers/core/families.py), the section of every line and its rank, and the header lines."""

from __future__ import annotations

import polars as pl

from parsers.core.draws import draw_opened_sections
from parsers.core.families import family_markers
from parsers.core.grammar import Grammar
from parsers.core.keys import hand_key
from parsers.core.lines import PRE_DEAL, board_deal_marker, marker_expr, section_expr
from parsers.core.prefilter import matches, scattered


def keyed_lines(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """The lines as the grammar reads them (its keyword fixes), with their `hand_key`."""
    for old, new in grammar.keyword_fixes:
        lines = lines.with_columns(pl.col("text").str.replace_all(old, new, literal=True))
    return lines.with_columns(hand_key().alias("hand_key"))


def events_lines(lines: pl.DataFrame, grammar: Grammar, families: pl.DataFrame) -> pl.DataFrame:
    """`lines` (keyed) with their markers and sections; the hands of `families` (the games
    without a board) marked by their family's format (parsers/core/families.py)."""
    marker = scattered(
        lines,
        grammar.street_marker,
        lambda _: marker_expr(grammar.street_marker, grammar.streets),
        pl.Int8,
        per_distinct=True,  # the marker lines repeat ("*** SUMMARY ***"); captures are costly
    )
    if families.height:
        marker = family_markers(lines, marker, families, grammar)
    lines = lines.with_columns(pl.lit(marker).alias("marker"))
    if grammar.board_deal_line:
        lines = lines.with_columns(matches(lines, grammar.board_deal_line).alias("_deal"))
        lines = lines.with_columns(board_deal_marker(pl.col("_deal"))).drop("_deal")
    lines = lines.with_columns(
        section_expr().alias("section"),
        pl.col("marker").is_not_null().alias("is_marker"),
        line_rank(lines).alias("_row"),
    )
    if families.height:  # a draw line opening its round (parsers/core/draws.py)
        lines = draw_opened_sections(lines, families, grammar)
    # read once here for the table facts (parsers.core.hands) and the body (parsers.core.events)
    is_table = matches(lines, grammar.table_line, where=pl.col("section") == PRE_DEAL)
    return lines.with_columns(is_table.alias("is_table"))


def line_rank(lines: pl.DataFrame) -> pl.Series:
    """Rank of each line in (hand_key, line_no) order, so later stages sort on one integer.

    Lines arrive in file order, one file after the other: that is (hand_key, line_no) order
    unless a batch lists its files with decreasing ids (parse_many callers may)."""
    rows = pl.int_range(pl.len(), dtype=pl.UInt32)
    if lines["hand_key"].is_sorted():
        return lines.select(rows).to_series()
    order = lines.select(pl.arg_sort_by("hand_key", "line_no")).to_series()
    return pl.repeat(0, lines.height, dtype=pl.UInt32, eager=True).scatter(
        order, lines.select(rows).to_series()
    )


def header_lines(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """hand_key, line_no, text of each header; with `header_span` > 1 the text is the header
    line and the lines after it, joined by "\n"."""
    headers = lines.filter(pl.col("is_header")).select("hand_key", "line_no", "text")
    if grammar.header_span <= 1:
        return headers
    start = headers.select("hand_key", pl.col("line_no").alias("_start"))
    span = lines.join(start, on="hand_key").filter(
        pl.col("line_no") < pl.col("_start") + grammar.header_span
    )
    joined = (
        span.sort("hand_key", "line_no").group_by("hand_key").agg(pl.col("text").str.join("\n"))
    )
    return headers.drop("text").join(joined, on="hand_key", how="left")
