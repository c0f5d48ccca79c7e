"""Street markers read per distinct text and markers after the summary found from the
sections must give what the row-by-row regex and the join on the summary lines give."""

from __future__ import annotations

import polars as pl
from polars.testing import assert_frame_equal

from parsers.core.lines import SUMMARY, marker_expr, section_expr
from parsers.core.pipeline import _markers_after_summary
from parsers.core.prefilter import scattered
from parsers.games import SHOWDOWN
from parsers.sites.pokerstars.grammar import STREET_MARKER, STREETS

TEXTS = [
    "*** HOLE CARDS ***",
    "*** HOLE CARDS *** x",
    "x *** HOLE CARDS ***",
    "*** PRE-FLOP ***",
    "*** DEALING HANDS ***",
    "*** DEALING HANDS",
    "*** FLOP *** [Ah Kd 2c]",
    "*** SECOND FLOP *** [Ah Kd 2c]",
    "*** FLOP 2 *** [Ah Kd 2c]",
    "*** SUMMARY ***",
    "*** summary ***",
    "Hand cancelled",
    "Hand cancelled ",
    "Hand cancelledx",
    "a",
    "ac",
    "bd",
    "b",
    "abc",
    "a\\",
    "a$",
    "",
    "é*",
]


def test_scattered_per_distinct_equals_the_row_pass() -> None:
    texts = [*TEXTS, *TEXTS[:9], None, "*** TURN *** [Ah Kd 2c] [3s]", None]
    frame = pl.DataFrame({"text": texts}, schema={"text": pl.String})
    compute = lambda _: marker_expr(STREET_MARKER, STREETS)  # noqa: E731
    plain = frame.select(marker_expr(STREET_MARKER, STREETS)).to_series()
    distinct = scattered(frame, STREET_MARKER, compute, pl.Int8, per_distinct=True)
    assert distinct.equals(plain, check_names=False)
    # a compute that gives a value on a null text: the null rows get it too
    filled = scattered(frame, "", lambda t: t.fill_null("n"), pl.String, per_distinct=True)
    assert filled.equals(frame.select(pl.col("text").fill_null("n")).to_series())


def _after_summary_by_join(lines: pl.DataFrame) -> pl.DataFrame:
    """The plain form: the first street marker past each hand's first summary marker."""
    markers = lines.filter(pl.col("marker").is_not_null())
    summaries = (
        markers.filter(pl.col("marker") == SUMMARY)
        .group_by("hand_key")
        .agg(pl.col("line_no").min().alias("_summary"))
    )
    streets = markers.filter(pl.col("marker") < SUMMARY)
    later = streets.join(summaries, on="hand_key").filter(pl.col("line_no") > pl.col("_summary"))
    return later.group_by("hand_key").agg(pl.col("line_no").min())


def test_markers_after_summary_like_the_join() -> None:
    # per hand: header (None, the header opens PRE_DEAL), then markers (None: other lines)
    S = SUMMARY
    hands = [
        [None, 0, None, 1, S, None],  # no marker after the summary
        [None, 0, S, None, 1, 2, S, 3],  # FLOP after the summary: its line is found
        [None, S, S, None, 0],  # two summaries, then a deal
        [None, None, 1, None],  # no summary: the next hand's summary does not count
        [None, S],
        [None, 0, S, SHOWDOWN, None, 0],
        [None],
    ]
    rows = [
        {"hand_key": key, "line_no": 10 * key + at, "marker": marker, "is_header": at == 0}
        for key, markers in enumerate(hands)
        for at, marker in enumerate(markers)
    ]
    lines = pl.DataFrame(rows, schema_overrides={"marker": pl.Int8, "line_no": pl.Int32})
    lines = lines.with_columns(section_expr().alias("section"))
    found = _markers_after_summary(lines).sort("hand_key")
    expected = _after_summary_by_join(lines).sort("hand_key")
    assert_frame_equal(found, expected)
    assert found["hand_key"].to_list() == [1, 2, 5]
