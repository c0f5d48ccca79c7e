"""Cheap literal tests before regexes: most lines cannot match most patterns.

A regex pass over every line of a batch costs several times a literal `str.starts_with` even
when it matches a handful (docs/history/parsing-speed.md). Patterns anchored with a literal
(`^\\*\\*\\* `, `^Table `, `^Total pot `) can only match lines starting with that literal, so the
regex runs on those lines only. The literal is read from the pattern itself (`literal_prefix`), so
grammars stay plain regexes and a pattern without such a prefix simply takes the full pass.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from itertools import pairwise

import polars as pl
from polars._typing import PolarsDataType

from parsers.core.distinct import with_per_distinct

_META = set(".^$*+?{}[]()|")
_QUANTIFIERS = set("?*{")
_FLAGS = re.compile(r"\(\?[a-zA-Z-]+[:)]")
_LONG_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\[xuUpPk0-9]")


def _structure(pattern: str, start: int = 0) -> Iterator[tuple[int, str, int, int]]:
    """(index, character, group depth, class nesting) for each unescaped character of `pattern`
    from `start`, the depth and nesting as they stand after that character. A `]` right after
    `[` or `[^` is a literal member of the class. The one scanner behind splitting at top-level
    `|` and skipping a group."""
    depth = in_class = 0
    i = start
    while i < len(pattern):
        at, c = i, pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class += {"[": 1, "]": -1}.get(c, 0)
        elif c == "[":
            in_class = 1
            if pattern[i + 1 : i + 2] == "^":
                i += 1
            if pattern[i + 1 : i + 2] == "]":
                i += 1
        else:
            depth += {"(": 1, ")": -1}.get(c, 0)
        yield at, c, depth, in_class
        i += 1


def _top_level_alternatives(pattern: str) -> list[str]:
    """`pattern` split at every `|` outside groups and character classes."""
    cuts = [i for i, c, depth, in_class in _structure(pattern)
            if c == "|" and depth <= 0 and not in_class]  # fmt: skip
    bounds = [-1, *cuts, len(pattern)]
    return [pattern[a + 1 : b] for a, b in pairwise(bounds)]


def _next_literal(pattern: str, i: int) -> tuple[str, int]:
    """(the literal character at `i`, its length in the pattern); ("", 0) when not a literal."""
    c = pattern[i]
    if c == "\\":
        escaped = pattern[i + 1 : i + 2]
        if escaped and not escaped.isalnum():
            return escaped, 2
        return "", 0  # \d, \s, \b, \x41, \n ...: a class or an assertion, not one character
    if c in _META:
        return "", 0
    return c, 1


def _anchored_literal(pattern: str) -> str:
    """The literal text right after a leading `^` of a pattern without alternation, else ""."""
    if not pattern.startswith("^"):
        return ""
    prefix: list[str] = []
    i = 1
    while i < len(pattern):
        char, width = _next_literal(pattern, i)
        if not width:
            break
        after = pattern[i + width : i + width + 1]
        if after and after in _QUANTIFIERS:
            break  # optional or counted: not required as written
        prefix.append(char)
        if after == "+":
            break  # required once, but what follows may be more of it
        i += width
    return "".join(prefix)


def literal_prefixes(pattern: str) -> list[str]:
    """Texts such that every match of `pattern` starts with one of them (one per top-level
    alternative, `^`-anchored literals only); [] when some alternative has none."""
    return list(_prefixes_of(pattern))


@cache  # a grammar's few patterns are read on every batch: the scan is done once each
def _prefixes_of(pattern: str) -> tuple[str, ...]:
    if _FLAGS.search(pattern):
        return ()  # (?i) or (?x) change what the literal text means
    prefixes = [_anchored_literal(part) for part in _top_level_alternatives(pattern)]
    return () if not all(prefixes) else tuple(prefixes)


def literal_prefix(pattern: str) -> str:
    """Text every match of `pattern` starts with (its `^`-anchored leading literal), else ""."""
    prefixes = literal_prefixes(pattern)
    return prefixes[0] if len(prefixes) == 1 else ""


def _skip_group(pattern: str, i: int) -> int:
    """Index just past the group or class opening at `i` (escapes, nesting and classes
    respected); the pattern's length when it never closes."""
    for at, _, depth, in_class in _structure(pattern, i):
        if depth == 0 and not in_class:
            return at + 1
    return len(pattern)


@cache  # a grammar's few patterns are read on every batch: the scan is done once each
def _literal_runs(pattern: str) -> tuple[str, ...]:
    """The runs of literal text every match of `pattern` contains (outside its groups, in
    order); none for patterns whose literal text cannot be read (flags, alternation, long
    escapes)."""
    if _FLAGS.search(pattern) or len(_top_level_alternatives(pattern)) > 1:
        return ()
    if _LONG_ESCAPE.search(pattern):
        return ()  # \\x41, \\u{..}, \\p{..}: escapes longer than two characters
    runs: list[str] = []
    run = ""
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c in "([":
            runs.append(run)
            run = ""
            i = _skip_group(pattern, i)
            continue
        char, width = _next_literal(pattern, i)
        if not width:
            runs.append(run)
            run = ""
            i += 2 if c == "\\" else 1
            continue
        after = pattern[i + width : i + width + 1]
        if after and after in _QUANTIFIERS:
            runs.append(run)  # this character is optional
            run = ""
        elif after == "+":
            runs.append(run + char)
            run = ""
        else:
            run += char
        i += width
    return tuple(r for r in [*runs, run] if r)


def required_literal(pattern: str) -> str:
    """The longest literal text every match of `pattern` contains (outside its groups), else
    "": `^(?P<player>.+) collected (?P<amount>\\S+)` needs " collected "."""
    return max(_literal_runs(pattern), key=len, default="")


def needs_literal(pattern: str, text: str) -> bool:
    """Every match of `pattern` contains `text` (inside one of its literal runs)."""
    return any(text in run for run in _literal_runs(pattern))


def _starts_with_any(text: pl.Expr, pattern: str) -> pl.Expr | None:
    """True on every row `pattern` can match; None when no literal prefix is known."""
    prefixes = sorted(set(literal_prefixes(pattern)), key=len)
    # "*** " covers "*** SECOND ": keep the shortest of prefixes that start alike
    kept = [p for i, p in enumerate(prefixes) if not any(p.startswith(q) for q in prefixes[:i])]
    if not kept:
        return None
    condition = text.str.starts_with(kept[0])
    for prefix in kept[1:]:
        condition = condition | text.str.starts_with(prefix)
    return condition


def candidates(text: pl.Expr, pattern: str) -> pl.Expr:
    """A cheap condition true on every row `pattern` can match (all rows when none is known)."""
    condition = _starts_with_any(text, pattern)
    return pl.repeat(True, pl.len()) if condition is None else condition


def literal_rows(frame: pl.DataFrame, pattern: str, column: str = "text") -> pl.DataFrame:
    """The rows of `frame` that may match `pattern` by its literal text: those starting with
    one of its literal prefixes, then, of those, the ones holding the literal text it needs
    somewhere ("^Seat \\d+: .+? showed \\[": "Seat " first, then " showed ["; seat lines are
    many, showed lines few). Each test runs on the rows the one before kept; no test (every
    row) when the pattern has neither literal."""
    text = pl.col(column)
    prefixed = _starts_with_any(text, pattern)
    if prefixed is not None:
        frame = frame.filter(prefixed)
    needed = required_literal(pattern)
    prefixes = literal_prefixes(pattern)
    if needed and not (prefixes and all(needed in prefix for prefix in prefixes)):
        frame = frame.filter(text.str.contains(needed, literal=True))
    return frame


def _first_test(text: pl.Expr, pattern: str, where: pl.Expr | None) -> pl.Expr | None:
    """`where` and the literal test of `pattern` (its prefixes, else the text it needs
    somewhere), whichever exist (None: every row)."""
    condition = _starts_with_any(text, pattern)
    if condition is None and (needed := required_literal(pattern)):
        condition = text.str.contains(needed, literal=True)
    if where is None:
        return condition
    return where if condition is None else where & condition


def rows_matching(
    frame: pl.DataFrame, pattern: str, column: str = "text", where: pl.Expr | None = None
) -> pl.DataFrame:
    """Rows of `frame` (those where `where` holds) whose `column` matches `pattern`, in order;
    the regex runs only on the rows that start with one of its literal prefixes."""
    text = pl.col(column)
    first = _first_test(text, pattern, where)
    if first is not None:
        frame = frame.filter(first)
    return frame.filter(text.str.contains(pattern))


def compacted(frame: pl.DataFrame, column: str = "text") -> pl.DataFrame:
    """`frame` with the strings of `column` copied next to each other.

    A subset of the lines (a filter keeps every n-th line) still points into the buffers of
    the whole file, so each row read is a cache miss; when several passes run over a sparse
    subset, one copy costs less than those misses. The copy is Polars' own (a concatenation
    writes new strings): no pyarrow, which a worker does not import (docs/scale.md)."""
    return frame.with_columns(pl.concat_str([pl.col(column), pl.lit("")]).alias(column))


def matches(
    frame: pl.DataFrame, pattern: str, column: str = "text", where: pl.Expr | None = None
) -> pl.Series:
    """Boolean Series: `where` holds and `column` matches `pattern` (regex on candidates)."""
    return scattered(
        frame, pattern, lambda text: text.str.contains(pattern), pl.Boolean, column, where
    )


def scattered(
    frame: pl.DataFrame,
    pattern: str,
    compute: Callable[[pl.Expr], pl.Expr],
    dtype: PolarsDataType,
    column: str = "text",
    where: pl.Expr | None = None,
    per_distinct: bool = False,
) -> pl.Series:
    """`compute(pl.col(column))` evaluated only on the rows where `where` holds and that may
    match `pattern`; every other row gets null (False for a Boolean), so `compute` must give
    that on the rows that do not match `pattern`. `per_distinct`: `compute` runs once per
    distinct text of those rows (a regex with captures on texts that repeat, e.g. the street
    markers) and the values come back by a join (`compute` must read `column` alone)."""
    text = pl.col(column)
    first = _first_test(text, pattern, where)
    if first is None:
        return _computed(frame.select(text), column, compute, dtype, per_distinct)
    rows = frame.select(pl.arg_where(first)).to_series()
    out = pl.repeat(False if dtype == pl.Boolean else None, frame.height, dtype=dtype, eager=True)
    if rows.len():
        values = _computed(frame.select(text.gather(rows)), column, compute, dtype, per_distinct)
        out = out.scatter(rows, values)
    return out


def _computed(
    texts: pl.DataFrame,
    column: str,
    compute: Callable[[pl.Expr], pl.Expr],
    dtype: PolarsDataType,
    per_distinct: bool,
) -> pl.Series:
    """`compute(pl.col(column))` on `texts` (that one column), per row or per distinct text."""
    value = compute(pl.col(column)).cast(dtype)
    if not per_distinct:
        return texts.select(value).to_series()
    read = with_per_distinct(
        texts,
        [column],
        lambda distinct: distinct.with_columns(value.alias("_value")),
        nulls_equal=True,
    )
    return read.get_column("_value").alias(column)


def any_matches(frame: pl.DataFrame, patterns: list[str], pattern: str) -> pl.Series:
    """Boolean Series: `column` "text" matches `pattern`, the alternation of `patterns`.

    When every one of `patterns` needs some literal text, one multi-literal search finds the
    candidate rows and the regex runs on those only; else the full pass."""
    needed = [required_literal(p) for p in patterns]
    if not all(needed):
        return frame.select(pl.col("text").str.contains(pattern)).to_series()
    needed = sorted(set(needed), key=len)
    # a literal containing a shorter kept one adds no candidates
    kept = [n for i, n in enumerate(needed) if not any(q in n for q in needed[:i])]
    where = pl.col("text").str.contains("|".join(re.escape(n) for n in kept))
    # the pattern "" adds no literal test of its own: `where` selects the rows
    return scattered(frame, "", lambda text: text.str.contains(pattern), pl.Boolean, where=where)
