"""How flags speak: amounts in the hand's unit, sentences built from columns, street names.

Shared by the rules' messages (audit/rules/_base.py re-exports them) and the state modules
that word a fact once for its rule (audit/state/stakes.py, audit/state/settlement.py).
"""

from __future__ import annotations

import polars as pl

from parsers.games import street_name

#: The scales whose amounts are written with that many decimals (10**1 .. 10**4); any other
#: scale above 1 is written as the quotient's float text.
DECIMAL_SCALES = (10, 100, 1_000, 10_000)


def money(amount: pl.Expr) -> pl.Expr:
    """An amount in the hand's unit: `scale` 100 -> "1.50", 1 -> "150".

    The fraction of a power-of-ten scale is `magnitude % scale + scale` written without its
    leading "1" (105 -> "05"): one branch for the four decimal scales, where a branch per
    scale with `zfill` planned about twice the expression nodes (`money_text`, the plain
    form, in audit/reference/rules.py).
    """
    scale = pl.col("scale").cast(pl.Int64).fill_null(1)
    magnitude = amount.abs()
    sign = pl.when(amount < 0).then(pl.lit("-")).otherwise(pl.lit(""))
    whole = pl.concat_str([sign, (magnitude // scale).cast(pl.String)])
    fraction = ((magnitude % scale) + scale).cast(pl.String).str.slice(1)
    return (
        pl.when(scale <= 1)
        .then(whole)
        .when(scale.is_in(DECIMAL_SCALES))
        .then(pl.concat_str([whole, pl.lit("."), fraction]))
        .otherwise((amount / scale).cast(pl.String))
    )


def sentence(template: str, *values: pl.Expr | str) -> pl.Expr:
    """`template` with each `{}` replaced by a value, a column name or an expression (null
    shows as "n/a").

    Built on concat_str: polars 2.1's `pl.format` panicked on multi-chunk string columns.
    """
    pieces = template.split("{}")
    if len(pieces) != len(values) + 1:
        raise ValueError(f"{template!r} needs {len(pieces) - 1} values, got {len(values)}")
    exprs: list[pl.Expr] = [pl.lit(pieces[0])]
    for given, text in zip(values, pieces[1:], strict=True):
        value = pl.col(given) if isinstance(given, str) else given
        exprs += [value.cast(pl.String).fill_null("n/a"), pl.lit(text)]
    return pl.concat_str(exprs)


__all__ = ["DECIMAL_SCALES", "money", "sentence", "street_name"]  # street_name: parsers/games.py
