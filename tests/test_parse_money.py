"""The shared money helper: amount strings in every locale to exact Int64 minor units."""

from __future__ import annotations

from decimal import Decimal

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.money import CENTS, CHIPS, EN, EU, LOCALES, SPACE, currency_of, to_minor_units


def _read(values: list[str | None], scale: int = CENTS, locale=EN) -> list[int | None]:
    frame = pl.DataFrame({"a": values}, schema={"a": pl.String})
    return frame.select(to_minor_units(pl.col("a"), scale, locale).alias("v"))["v"].to_list()


@pytest.mark.parametrize(
    ("text", "locale", "scale", "expected"),
    [
        ("$1,492.66", EN, CENTS, 149266),
        ("€0.10", EN, CENTS, 10),
        ("$6", EN, CENTS, 600),
        ("$6.5", EN, CENTS, 650),
        ("Rs.100", EN, CENTS, 10000),
        ("CNY 5", EN, CENTS, 500),
        ("£5", EN, CENTS, 500),
        ("1 430", SPACE, CHIPS, 1430),
        ("1 430", EU, CHIPS, 1430),
        ("2,50 €", EU, CENTS, 250),
        ("1.492,66", EU, CENTS, 149266),
        ("300", EN, CHIPS, 300),
        ("1,000,000", EN, CHIPS, 1000000),
        ("$0.005", EN, CENTS, None),  # finer than a cent
        ("0.5", EN, CHIPS, None),  # half a chip
        ("1,49", EN, CENTS, None),  # not a thousands group
        ("12,34,567", EN, CENTS, None),
        ("1.2.3", EN, CENTS, None),
        ("abc", EN, CENTS, None),
        ("", EN, CENTS, None),
        (None, EN, CENTS, None),
    ],
)
def test_examples(text, locale, scale, expected):
    assert _read([text], scale, locale) == [expected]


def test_scale_can_be_a_column():
    frame = pl.DataFrame({"a": ["$1.25", "125"], "scale": [100, 1]})
    result = frame.select(to_minor_units(pl.col("a"), pl.col("scale")).alias("v"))["v"].to_list()
    assert result == [125, 125]


def test_currency_of_markers():
    frame = pl.DataFrame({"a": ["$1", "€1", "£1", "Rs.1", "¥1", "1 CNY", "1 EUR", "1", None]})
    codes = frame.select(currency_of(pl.col("a")).alias("v"))["v"].to_list()
    assert codes == ["USD", "EUR", "GBP", "INR", "CNY", "CNY", "EUR", None, None]


PREFIXES = ("", "$", "€", "£", "Rs.", "CNY ")
SUFFIXES = ("", " €", " $", " EUR")


@settings(max_examples=300, deadline=None)
@given(
    cents=st.integers(min_value=0, max_value=10**13),
    locale_name=st.sampled_from(sorted(LOCALES)),
    group=st.booleans(),
    frac_digits=st.sampled_from([0, 1, 2]),
    prefix=st.sampled_from(PREFIXES),
    suffix=st.sampled_from(SUFFIXES),
)
def test_random_amounts_round_trip_in_every_locale(
    cents, locale_name, group, frac_digits, prefix, suffix
):
    locale = LOCALES[locale_name]
    value = Decimal(cents) / 100
    if frac_digits < 2:  # drop digits the format cannot show, keep the value exact
        value = value.quantize(Decimal(1).scaleb(-frac_digits), rounding="ROUND_DOWN")
    units, _, frac = f"{value:.{frac_digits}f}".partition(".")
    text = prefix + locale.format(int(units), frac, group) + suffix
    assert _read([text], CENTS, locale) == [int(value * 100)], text
