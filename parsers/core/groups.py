"""Named groups of the lines a pattern matches, read once per candidate line.

`matching_groups` runs a pattern on the lines its literal test keeps (parsers/core/prefilter.py)
and returns its named groups as columns. Patterns of the form `^(?P<name>.+)<literal><rest>`
("X collected $1 from pot", "X re-buys and receives ...") are read by a split where that is
exact (`head_split`): capturing a greedy leading name is the costly part of the regex, since
the engine tries every end of the name from the line's end back (a lazy `.+?` name is cheap:
those keep the regex). On a line holding the literal once, the name can only end there: it is
the text before the literal (one `splitn`), and the
other groups are those of `rest` matched at the start of the text after it (a short text, read
without the name's backtracking). "Once" is counted on a part of the literal that cannot
overlap itself (`_core`: no prefix of it is also its suffix, so `count_matches` counts every
occurrence); each occurrence of the literal holds one of it. Lines holding it more than once,
and patterns with flags, a top-level alternation, unnamed groups after the name (their numbers
would change) or assertions looking before `rest` (`^`, `\\A`, `\\b`, `\\B`), take the
pattern itself. Lines never hold `\\n`, the one character `.` does not match.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import polars as pl

from parsers.core.prefilter import (
    _FLAGS,
    _first_test,
    _next_literal,
    _structure,
    _top_level_alternatives,
)

#: Name of the group `matching_groups` wraps a pattern in: it holds the whole match, so it is
#: set exactly on the rows that match (any group of the pattern itself may be optional).
WHOLE_MATCH = "_whole_match"


def matching_groups(frame: pl.DataFrame, pattern: str, column: str = "text") -> pl.DataFrame:
    """`rows_matching(frame, pattern, column)` with the pattern's named groups as columns.

    The regex runs once per candidate row: the match test reads the groups (a `contains`
    pass before `extract_groups` would run it twice). Unnamed groups are numbered from 2.
    No rows (a card pattern with no candidate line): the plain plan, the split's steps cost
    more than nothing."""
    if frame.is_empty():
        return _regex_groups(frame.lazy(), pattern, column).collect()
    return lazy_matching_groups(frame.lazy(), pattern, column).collect()


def lazy_matching_groups(frame: pl.LazyFrame, pattern: str, column: str = "text") -> pl.LazyFrame:
    """`matching_groups` as a lazy plan: several patterns over one frame collect at once."""
    first = candidate_test(pl.col(column), pattern)
    if first is not None:
        frame = frame.filter(first)
    return candidate_groups(frame, pattern, column)


def candidate_test(text: pl.Expr, pattern: str) -> pl.Expr | None:
    """The literal test of `pattern` (its prefixes, else the text it needs somewhere); None
    when it has neither (every row is a candidate)."""
    return _first_test(text, pattern, None)


def candidate_groups(frame: pl.LazyFrame, pattern: str, column: str = "text") -> pl.LazyFrame:
    """The rows of `frame` (that passed `candidate_test`) matching `pattern`, with its named
    groups as columns (`lazy_matching_groups` less the literal test)."""
    split = head_split(pattern)
    if split is None:
        return _regex_groups(frame, pattern, column)
    return _split_groups(frame, split, pattern, column)


def _regex_groups(frame: pl.LazyFrame, pattern: str, column: str) -> pl.LazyFrame:
    groups = pl.col(column).str.extract_groups(f"(?P<{WHOLE_MATCH}>{pattern})").alias(WHOLE_MATCH)
    found = frame.with_columns(groups).filter(
        pl.col(WHOLE_MATCH).struct.field(WHOLE_MATCH).is_not_null()
    )
    return found.unnest(WHOLE_MATCH).drop(WHOLE_MATCH)


@dataclass(frozen=True)
class HeadSplit:
    """`^(?P<name>.+)<literal><rest>`, read by `_split_groups` (module doc)."""

    name: str
    literal: str
    core: str  # a part of `literal` whose occurrences cannot overlap
    rest: str


_HEAD = re.compile(r"\^\(\?P<(?P<name>[A-Za-z_][A-Za-z0-9_]*)>\.\+\)")
_LOOKS_BEFORE = re.compile(r"(?<!\\)(?:\\\\)*\\[AbB]")
_REST_MATCH = "_rest_match"


def _core(literal: str) -> str:
    """`literal` stripped, or whole, whichever first has no prefix that is also its suffix."""
    for candidate in (literal.strip(), literal):
        if candidate and not any(candidate[:k] == candidate[-k:] for k in range(1, len(candidate))):
            return candidate
    return ""


def _rest_is_plain(rest: str) -> bool:
    """`rest` matched at the start of its own text gives the groups it gives in the pattern:
    no unnamed group (group numbers would change), nothing looking before its start."""
    if _LOOKS_BEFORE.search(rest):
        return False
    for at, c, _, in_class in _structure(rest):
        if not in_class and (c == "^" or (c == "(" and rest[at + 1 : at + 2] != "?")):
            return False
    return True


@cache
def head_split(pattern: str) -> HeadSplit | None:
    """The parts of `pattern` if it is `^(?P<name>.+)<literal><rest>` and may be read by a
    split (`_split_groups`), else None."""
    head = _HEAD.match(pattern)
    if head is None or _FLAGS.search(pattern) or len(_top_level_alternatives(pattern)) > 1:
        return None
    i, literal = head.end(), ""
    while i < len(pattern):
        char, width = _next_literal(pattern, i)
        after = pattern[i + width : i + width + 1]
        if not width or (after and after in "?*+{"):
            break  # not a literal character, or one that may repeat or be left out
        literal += char
        i += width
    core, rest = _core(literal), pattern[i:]
    if not core or not _rest_is_plain(rest):
        return None
    return HeadSplit(head.group("name"), literal, core, rest)


def _split_groups(frame: pl.LazyFrame, split: HeadSplit, pattern: str, column: str) -> pl.LazyFrame:
    """`_regex_groups` of a head-split pattern: on the rows holding `split.core` once, the
    name is the text before the literal and the other groups are `rest`'s at the start of the
    text after it; the other rows take the pattern (run on them only: a null text is skipped).
    Each regex runs once: the steps read columns, not a repeated expression."""
    text = pl.col(column)
    once = text.str.count_matches(split.core, literal=True) == 1
    frame = frame.with_columns(
        once.alias("_once"),
        pl.when(once).then(text).str.splitn(split.literal, 2).alias("_parts"),
        pl.when(~once)
        .then(text)
        .str.extract_groups(f"(?P<{WHOLE_MATCH}>{pattern})")
        .alias("_whole"),
    )
    rest = pl.col("_parts").struct.field("field_1")
    frame = frame.with_columns(
        rest.str.extract_groups(f"(?P<{_REST_MATCH}>^(?:{split.rest}))").alias("_rest")
    )
    name = pl.col("_parts").struct.field("field_0")
    fast = {split.name: name} | {
        g: pl.col("_rest").struct.field(g) for g in _group_names(split.rest)
    }
    whole = pl.col("_whole").struct
    matched = (
        pl.when("_once")
        .then((name.str.len_bytes() > 0) & pl.col("_rest").struct.field(_REST_MATCH).is_not_null())
        .otherwise(whole.field(WHOLE_MATCH).is_not_null())
    )
    groups = [
        pl.when("_once").then(value).otherwise(whole.field(g)).alias(g) for g, value in fast.items()
    ]
    return frame.filter(matched).with_columns(groups).drop("_once", "_parts", "_whole", "_rest")


def _group_names(pattern: str) -> list[str]:
    return re.findall(r"\(\?P<([A-Za-z_][A-Za-z0-9_]*)>", pattern)
