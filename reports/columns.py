"""Column expressions shared by every report: decimal amounts, stakes labels, days, CSV safety."""

from __future__ import annotations

import polars as pl

from audit.violations import SEVERITIES

#: A spreadsheet may run a cell that starts with one of these (CSV/formula injection).
FORMULA_TRIGGERS: tuple[str, ...] = ("=", "+", "-", "@", "\t", "\r")
_FORMULA_PATTERN = "^[=+\\-@\\t\\r]"


def severity_rank(column: str = "severity") -> pl.Expr:
    """0 for a violation, 1 a warning, 2 info (the reports list the worst first)."""
    ranks = {name: index for index, name in enumerate(SEVERITIES)}
    return pl.col(column).cast(pl.String).replace_strict(ranks, default=9, return_dtype=pl.Int8)


def neutralize_formula(column: str | pl.Expr) -> pl.Expr:
    """Prefix a single quote to text that starts like a formula; everything else is unchanged.

    >>> pl.DataFrame({"p": ["=1+1", "Bob", None]}).select(neutralize_formula("p"))["p"].to_list()
    ["'=1+1", 'Bob', None]
    """
    expr = pl.col(column) if isinstance(column, str) else column
    return pl.when(expr.str.contains(_FORMULA_PATTERN)).then(pl.lit("'") + expr).otherwise(expr)


def neutralize_text_columns(frame: pl.LazyFrame) -> pl.LazyFrame:
    """Neutralize every String column of `frame` (names, ids, messages, file names)."""
    text = [name for name, dtype in frame.collect_schema().items() if dtype == pl.String]
    return frame.with_columns(neutralize_formula(name).alias(name) for name in text)


def decimal_amount(amount: str | pl.Expr, scale: str | pl.Expr = "scale") -> pl.Expr:
    """Integer minor units as text in the hand's own unit: 150 at scale 100 -> "1.50".

    Chips (scale 1) stay integers ("1500"). Works for any power-of-ten scale; null stays null.
    """
    amount = pl.col(amount) if isinstance(amount, str) else amount
    scale = pl.col(scale) if isinstance(scale, str) else scale
    scale = scale.cast(pl.Int64).fill_null(1)
    digits = scale.cast(pl.Float64).log10().round().cast(pl.Int64)
    magnitude = amount.abs()
    whole = (magnitude // scale).cast(pl.String)
    fraction = (magnitude % scale).cast(pl.String).str.zfill(digits)
    sign = pl.when(amount < 0).then(pl.lit("-")).otherwise(pl.lit(""))
    return (
        pl.when(amount.is_null())
        .then(pl.lit(None, dtype=pl.String))
        .when(scale <= 1)
        .then(amount.cast(pl.String))
        .otherwise(sign + whole + pl.lit(".") + fraction)
    )


def stakes_label() -> pl.Expr:
    """A readable stakes label from a hands frame, e.g. "NL 0.50/1.00 USD" or "FL 50/100 chips"."""
    blinds = decimal_amount("small_blind") + pl.lit("/") + decimal_amount("big_blind")
    label = pl.concat_str(
        [
            pl.col("structure").fill_null("?"),
            pl.lit(" "),
            blinds.fill_null("?"),
            pl.lit(" "),
            pl.col("currency").fill_null(""),
        ]
    )
    tournament = pl.col("is_tournament").fill_null(False)
    return pl.when(tournament).then(label + pl.lit(" (tournament)")).otherwise(label)


def start_day() -> pl.Expr:
    """The UTC day a hand started (a date; null without a start time)."""
    return pl.col("started_at").dt.date()


def day_label(day: pl.Expr | None = None) -> pl.Expr:
    """The UTC day a hand started, "YYYY-MM-DD", or "unknown"; `day`: start_day() read
    already (e.g. a grouped column)."""
    return (start_day() if day is None else day).cast(pl.String).fill_null("unknown")
