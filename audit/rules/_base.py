"""The Rule record every rule module defines, and the expression helpers rules share.

A rule reads the betting-state columns (audit/state.py and friends; documented in
docs/rules.md) and never recomputes them. `violates` is true on violating rows (null counts as
no violation); `message` is a sentence a person understands, amounts in the hand's unit. Both
are row-wise (no window or aggregate): the checker evaluates an action rule's message, and its
test a second time, on the flagged rows only (audit/assemble.py, flagged_rows).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

NL_PL = ("NL", "PL", "CAP")
#: What a flag says went wrong: `betting` the game let an illegal action through, `accounting`
#: the chips do not add up, `log` the export contradicts itself (header, markers, labels).
CATEGORIES = ("betting", "accounting", "log")
KNOWN = ("NL", "PL", "FL", "CAP")


@dataclass(frozen=True)
class Rule:
    """One RULES.md code."""

    code: str
    category: str  # one of CATEGORIES
    severity: str  # RULES.md's severity (violation / warning / info)
    structures: tuple[str, ...] | None  # betting structures it applies to; None: all, UNKNOWN too
    citation: str  # RULES.md section and the rule books it rests on
    summary: str  # one line
    doc: str  # the module docstring: what it checks, one violating and one legal example
    violates: pl.Expr
    message: pl.Expr
    severity_option: str | None = None  # an Options field that overrides the severity
    hand_level: bool = False  # evaluated on the per-hand settlement frame (audit/hand_checks.py)

    def __post_init__(self) -> None:
        if self.category not in CATEGORIES:
            raise ValueError(f"{self.code}: category {self.category!r} is not one of {CATEGORIES}")


def col(name: str) -> pl.Expr:
    return pl.col(name)


#: A real betting action that is evaluated (not void, not a sentinel).
ACTING = col("is_betting") & ~col("void") & ~col("is_sentinel") & ~col("site_kill")
WAGER = ACTING & col("is_wager")
#: The actor's starting stack is known (audit/unknown_stack.py: rules that need it skip the rest).
KNOWN_STACK = ~col("stack_unknown")
TO = col("to_amount")


def money(amount: pl.Expr) -> pl.Expr:
    """An amount in the hand's unit: `scale` 100 -> "1.50", 1 -> "150"."""
    scale = col("scale").cast(pl.Int64).fill_null(1)
    magnitude = amount.abs()
    sign = pl.when(amount < 0).then(pl.lit("-")).otherwise(pl.lit(""))
    whole = pl.concat_str([sign, (magnitude // scale).cast(pl.String)])
    text = pl.when(scale <= 1).then(whole)
    for digits in (1, 2, 3, 4):
        fraction = (magnitude % scale).cast(pl.String).str.zfill(digits)
        text = text.when(scale == 10**digits).then(pl.concat_str([whole, pl.lit("."), fraction]))
    return text.otherwise((amount / scale).cast(pl.String))


def sentence(template: str, *parts: pl.Expr | str) -> pl.Expr:
    """`template` with each `{}` replaced by a part (null shows as "n/a").

    Built on concat_str: polars 2.1's `pl.format` panicked on multi-chunk string columns.
    """
    pieces = template.split("{}")
    if len(pieces) != len(parts) + 1:
        raise ValueError(f"{template!r} needs {len(pieces) - 1} parts, got {len(parts)}")
    exprs: list[pl.Expr] = [pl.lit(pieces[0])]
    for part, text in zip(parts, pieces[1:], strict=True):
        value = pl.col(part) if isinstance(part, str) else part
        exprs += [value.cast(pl.String).fill_null("n/a"), pl.lit(text)]
    return pl.concat_str(exprs)
