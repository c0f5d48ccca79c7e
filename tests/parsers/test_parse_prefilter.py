"""parsers/core/prefilter.py: the literal tests that run before regexes must never drop a match."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from parsers.core import groups, prefilter
from parsers.core.grammar import Grammar
from parsers.core.prefilter import (
    literal_prefix,
    literal_prefixes,
    literal_rows,
    matches,
    needs_literal,
    required_literal,
    rows_matching,
    scattered,
)
from parsers.detect import FORMATS

SAMPLES = Path(__file__).resolve().parents[2] / "sample_data"


@pytest.mark.parametrize(
    ("pattern", "prefix"),
    [
        (r"^\*\*\* (FLOP|TURN)", "*** "),
        (r"^Total pot (?P<pot>\S+)", "Total pot "),
        (r"^Uncalled bet \((?P<amount>[^)]+)\)", "Uncalled bet ("),
        (r"^Hand cancelled$", "Hand cancelled"),
        (r"^a+b", "a"),  # one `a` is required, more may follow
        (r"^ab?c", "a"),  # `b` is optional
        (r"^ab*c", "a"),
        (r"^ab{2}", "a"),
        (r"^a\.b\d", "a.b"),
        (r"^ab[|]c", "ab"),  # a `|` in a class is no alternation
        (r"^ab(?P<x>c|d)", "ab"),
        (r"^abc|x", ""),  # top-level alternation: `x` needs no `abc`
        (r"^(?:a|b)c", ""),
        (r"^(?i)abc", ""),  # flags change what the text means
        (r"^ab(?x: c)", ""),
        (r"abc", ""),  # not anchored
        (r"^\d+", ""),
    ],
)
def test_literal_prefix(pattern: str, prefix: str) -> None:
    assert literal_prefix(pattern) == prefix


@pytest.mark.parametrize(
    ("pattern", "literal"),
    [
        (r"^(?P<player>.+) collected (?P<amount>\S+) from", " collected "),
        (r"^a+bc", "bc"),
        (r"ab?cd", "cd"),
        (r"x(?:yy)zz\d+ww", "zz"),
        (r"ab\.cd", "ab.cd"),
        (r"ab{2}cde", "cde"),
        (r"a|bcd", ""),
        (r"(?i)abc", ""),
        (r"abc\x41def", ""),  # \x41 is one character: give up rather than misread it
    ],
)
def test_required_literal(pattern: str, literal: str) -> None:
    assert required_literal(pattern) == literal


@pytest.mark.parametrize(
    ("pattern", "text", "needed"),
    [
        (r"^Dealt to (?P<player>.+?) \[(?P<cards>[^\]]+)\]$", "[", True),
        (r"^(?P<player>.+?): mucks hand", "[", False),
        (r"^(?:(?P<b>FIRST) )?Board \[(?P<cards>[^\]]+)\]", "[", True),
        (r"^x(?:\[)?y", "[", False),  # inside a group: optional
        (r"^x\[?y", "[", False),  # optional character
        (r"a|\[b", "[", False),  # one alternative needs no `[`
        (r"(?i)dealt \[", "[", False),
        (r"^Seat \d+: (?P<p>.+?) showed \[", " showed [", True),
    ],
)
def test_needs_literal(pattern: str, text: str, needed: bool) -> None:
    assert needs_literal(pattern, text) is needed


def test_alternatives_each_need_a_prefix() -> None:
    assert literal_prefixes(r"^\*\*\* SECOND |^Hand was run twice") == [
        "*** SECOND ",
        "Hand was run twice",
    ]
    assert literal_prefixes(r"^\*\*\* SECOND |Hand was run twice") == []


def _grammar_patterns() -> list[str]:
    patterns: set[str] = set()
    for site_format in FORMATS:
        grammar = site_format.grammar
        patterns.add(site_format.header)
        if not isinstance(grammar, Grammar):
            continue
        for name in ("street_marker", "table_line", "seat_line", "pot_line", "second_board"):
            patterns.add(getattr(grammar, name))
        patterns.update(pattern for _, pattern in grammar.named_lines)
        patterns.update(pattern for pattern, _ in grammar.void_hand)
        cards = site_format.cards
        if cards is not None:
            patterns.update(pattern for pattern, _ in (*cards.hole, *cards.boards))
            patterns.update((*cards.conceded, cards.deal_marker or ""))
    return sorted(p for p in patterns if p)


@pytest.fixture(scope="module")
def sample_lines() -> pl.DataFrame:
    texts = [
        line.strip()
        for path in sorted(SAMPLES.glob("*.txt"))
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
    ]
    texts += ["*** SECOND FLOP ***", "Hand cancelled", "", "***", "Total pot", "Seat 1: x"]
    return pl.DataFrame({"text": texts})


@pytest.mark.parametrize("pattern", _grammar_patterns())
def test_prefiltered_matching_equals_plain_regex(sample_lines: pl.DataFrame, pattern: str) -> None:
    text = pl.col("text")
    plain = sample_lines.select(text.str.contains(pattern)).to_series()
    assert rows_matching(sample_lines, pattern).equals(sample_lines.filter(plain))
    assert (
        literal_rows(sample_lines, pattern)
        .filter(text.str.contains(pattern))
        .equals(sample_lines.filter(plain))
    )
    assert matches(sample_lines, pattern).equals(plain, check_names=False)
    first = sample_lines.select(text.str.extract(pattern, 0)).to_series()
    found = scattered(sample_lines, pattern, lambda t: t.str.extract(pattern, 0), pl.String)
    assert found.equals(first, check_names=False)


def test_where_limits_the_rows(sample_lines: pl.DataFrame) -> None:
    only_first = pl.int_range(pl.len()) < 3
    found = matches(sample_lines, r"^\*\*\* ", where=only_first)
    assert found.len() == sample_lines.height
    assert found.sum() <= 3


def test_batch_with_decreasing_file_ids_parses_like_single_files() -> None:
    """Events are sorted by line rank (parsers.core.sections.line_rank): a batch listing its
    files with decreasing ids must still give every hand its own lines in order."""
    from polars.testing import assert_frame_equal

    from parsers.api import concat_tables, parse_bytes, parse_many

    first, second = (
        SAMPLES / name
        for name in ("NLHE-6max-USD-0.50-1.00.basic.txt", "NLHE-6max-EUR-1-2.run-it-twice.txt")
    )
    both = parse_many([(first.read_bytes(), "a", 1), (second.read_bytes(), "b", 0)])
    alone = concat_tables(
        [parse_bytes(second.read_bytes(), "b", 0), parse_bytes(first.read_bytes(), "a", 1)]
    )
    assert both.actions.height > 0
    for table in ("hands", "seats", "actions"):
        assert_frame_equal(getattr(both, table), getattr(alone, table))


@pytest.mark.parametrize(
    "data",
    [
        b"a\nb",
        b" a\nb",
        b"a \nb",
        b"a\n b",
        b"a\nb ",
        b"a\tb\n",
        b"a\x0cb",
        b"caf\xc3\xa9 \nb",
        b"\n\n",
    ],
)
def test_lines_are_stripped_exactly_when_needed(data: bytes) -> None:
    """parsers.core.lines.read_lines skips the strip when no line can need it (a byte test)."""
    from parsers.core.lines import read_lines

    stripped = pl.read_lines(data, name="text").select(pl.col("text").str.strip_chars())
    assert read_lines(data)["text"].equals(stripped["text"])


@pytest.mark.parametrize(
    "patterns",
    [[f.header for f in FORMATS], [r"^Seat \d+: ", r"(?i)^dealt to "], [r"^\S+ Poker - "]],
)
def test_any_matches_agrees_with_the_full_pass(patterns: list[str]) -> None:
    """The multi-literal search before the alternation never drops a match."""
    from parsers.core.prefilter import any_matches

    pattern = "|".join(f"(?:{p})" for p in patterns)
    texts = [
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2020/01/01 1:00:00 ET",
        "Table 'Alpha' 6-max Seat #1 is the button",
        "Seat 1: a (100 in chips)",
        "DEALT TO a [Ah Kh]",
        "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€)",
        "variant = 'NT'",
        '<game gamecode="1">',
        "a: folds",
        "",
    ]
    frame = pl.DataFrame({"text": texts})
    expected = frame.select(pl.col("text").str.contains(pattern)).to_series()
    assert any_matches(frame, patterns, pattern).to_list() == expected.to_list()


@pytest.mark.parametrize(
    ("pattern", "start", "after"),
    [
        ("(ab)c", 0, 4),
        ("(a(b)c)d", 0, 7),
        (r"(a\)b)c", 0, 6),  # an escaped parenthesis does not close the group
        ("(a[)]b)c", 0, 7),  # nor does one inside a class
        ("[]a]b", 0, 4),  # `]` first in a class is a member
        ("[^]a]b", 0, 5),
        ("(ab", 0, 3),  # never closed: the pattern's end
    ],
)
def test_skip_group_respects_escapes_classes_and_nesting(
    pattern: str, start: int, after: int
) -> None:
    assert prefilter._skip_group(pattern, start) == after


def test_top_level_alternatives_ignore_bars_in_groups_classes_and_escapes() -> None:
    pattern = r"^a(b|c)|[|]d|e\|f"
    assert prefilter._top_level_alternatives(pattern) == ["^a(b|c)", "[|]d", r"e\|f"]


def test_compacted_keeps_the_values_and_lazy_matching_groups_equals_matching_groups():
    texts = [f"Seat {i}: player{i} ($1 in chips)" if i % 7 else f"x{i}" for i in range(200)]
    lines = pl.DataFrame({"hand_key": range(200), "text": texts})
    lines = lines.filter(pl.col("hand_key") % 3 == 0)  # a sparse subset of the buffers
    copied = prefilter.compacted(lines)
    assert copied.equals(lines)
    pattern = r"^Seat (?P<seat>\d+): (?P<player>.+?) \("
    lazy = groups.lazy_matching_groups(copied.lazy(), pattern).collect()
    assert lazy.equals(groups.matching_groups(lines, pattern))
    assert lazy.height == sum(1 for t in lines["text"] if t.startswith("Seat "))
