"""Classify a text column by the first literal marker it contains (games, currencies, ...)."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl


def first_marker(
    text: pl.Expr, rules: Sequence[tuple[str, str]], default: str | None = None
) -> pl.Expr:
    """The value of the first (marker, value) rule whose marker `text` contains, else `default`.

    Rules are tried in order, so list the more specific markers first ("5 Card Omaha" before
    "Omaha").
    """
    expr = pl.lit(default, dtype=pl.String)
    for marker, value in reversed(rules):
        expr = pl.when(text.str.contains(marker, literal=True)).then(pl.lit(value)).otherwise(expr)
    return expr
