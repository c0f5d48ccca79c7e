"""The check's shortcuts of the eighth round (#18, docs/audit-speed.md) give exactly what the
plain forms they replaced give: money() with one branch for the decimal scales."""

from __future__ import annotations

import random

import polars as pl
import pytest

from audit.text import money


def money_per_scale(amount: pl.Expr) -> pl.Expr:
    """The plain form money() replaced: one when/then branch and a zfill per decimal scale."""
    scale = pl.col("scale").cast(pl.Int64).fill_null(1)
    magnitude = amount.abs()
    sign = pl.when(amount < 0).then(pl.lit("-")).otherwise(pl.lit(""))
    whole = pl.concat_str([sign, (magnitude // scale).cast(pl.String)])
    text = pl.when(scale <= 1).then(whole)
    for digits in (1, 2, 3, 4):
        fraction = (magnitude % scale).cast(pl.String).str.zfill(digits)
        text = text.when(scale == 10**digits).then(pl.concat_str([whole, pl.lit("."), fraction]))
    return text.otherwise((amount / scale).cast(pl.String))


SCALES = [None, -10, 0, 1, 2, 7, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 25]


def _amounts(seed: int) -> list[int | None]:
    rng = random.Random(seed)
    edges = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, 10_001, (1 << 40) - 1, -(1 << 39)]
    drawn = [rng.randint(-(1 << 40), 1 << 40) for _ in range(200)]
    small = [rng.randint(-20_000, 20_000) for _ in range(200)]
    return [*edges, *drawn, *small, None]


@pytest.mark.parametrize("dtype", [pl.Int64, pl.Int32, pl.UInt32, pl.Int16])
@pytest.mark.parametrize("scale_dtype", [pl.Int64, pl.Int32, pl.Int16])
def test_money_matches_the_branch_per_scale(dtype: pl.DataType, scale_dtype: pl.DataType) -> None:
    amounts = _amounts(7)
    rows = [(a, s) for a in amounts for s in SCALES]
    frame = pl.DataFrame(
        {"amount": [a for a, _ in rows], "scale": [s for _, s in rows]},
        schema={"amount": pl.Int64, "scale": pl.Int64},
    ).with_columns(
        pl.col("amount").cast(dtype, strict=False), pl.col("scale").cast(scale_dtype, strict=False)
    )
    got = frame.select(
        new=money(pl.col("amount")),
        old=money_per_scale(pl.col("amount")),
        shifted_new=money(pl.col("amount").cast(pl.Int64) - 3),
        shifted_old=money_per_scale(pl.col("amount").cast(pl.Int64) - 3),
    )
    assert got.get_column("new").null_count() < got.height  # the test compares texts
    assert got.get_column("new").equals(got.get_column("old"), check_names=False)
    assert got.get_column("shifted_new").equals(got.get_column("shifted_old"), check_names=False)


def test_money_texts() -> None:
    frame = pl.DataFrame(
        {"amount": [150, -1205, 5, 12345, 3, 10, None], "scale": [100, 100, 10, 10_000, 1, 7, 100]}
    )
    texts = frame.select(money(pl.col("amount"))).to_series().to_list()
    assert texts == ["1.50", "-12.05", "0.5", "1.2345", "3", "1.4285714285714286", None]
