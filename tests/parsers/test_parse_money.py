"""The shared money helper: amount strings in every locale to exact Int64 minor units."""

from __future__ import annotations

from decimal import Decimal

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.core.money import (
    CENTS,
    CHIPS,
    CONTINENTAL_FORM,
    EN,
    EU,
    LOCALES,
    SPACE,
    currency_of,
    to_minor_units,
    to_minor_units_in_own_form,
    with_amounts,
)


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
        ("0,01\u00a0$", EU, CENTS, 1),  # German client: no-break space before the currency
        ("1\u202f430,50\u00a0€", EU, CENTS, 143050),  # narrow no-break thousands
        ("1\u00a0430", SPACE, CHIPS, 1430),
        ("$ 3.243", EU, CENTS, 324300),  # Dutch client: currency first, dot thousands
        ("$ 552,72", EU, CENTS, 55272),
        ("0,01\u00a0$", EN, CENTS, None),  # a decimal comma is never read as English
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


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("₹10", "INR"),
        ("Rs. 10", "INR"),
        ("10 INR", "INR"),
        ("25 kr", "SEK"),
        ("25 SEK", "SEK"),
        ("25 kr NOK", "NOK"),  # a code wins over the symbol beside it
        ("0,50 zł", "PLN"),
        ("R$ 0,50", "BRL"),  # not dollars
        ("C$0.50", "CAD"),
        ("50 ₽", "RUB"),
        ("50 руб.", "RUB"),
        ("¥2", "CNY"),
        ("2 元", "CNY"),
        ("0,50 PLN", "PLN"),
        ("1 BRL", "BRL"),
    ],
)
def test_currency_of_every_symbol_and_word(text, code):
    frame = pl.DataFrame({"a": [text]})
    assert frame.select(currency_of(pl.col("a"))).item() == code


PREFIXES = ("", "$", "€", "£", "Rs.", "CNY ", "R$ ", "₹")
SUFFIXES = ("", " €", " $", " EUR", " kr", " zł", " ₽")


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


@pytest.mark.parametrize(
    ("text", "continental"),
    [
        ("0,01\u00a0$", True),  # the currency after the number
        ("2.000 €", True),
        ("25 $", True),
        ("$ 552,72", True),  # a decimal comma, the currency first
        ("R$ 0,5", True),
        ("$ 3.243", True),  # dot thousands
        ("$1,492.66", False),  # English thousands and decimals
        ("$1,000", False),
        ("$0.25", False),
        ("1 123 698", False),  # either form: read alike
        ("$2", False),
    ],
)
def test_continental_form_is_read_from_the_amount_itself(text, continental):
    found = pl.DataFrame({"t": [text]}).select(pl.col("t").str.contains(CONTINENTAL_FORM))
    assert found.item() == continental


def test_a_client_switching_locale_is_read_amount_by_amount():
    """888's localized clients write "0,02 $" and then "$0.08" in one hand: each amount in the
    form its text shows, the English one no longer null in the continental locale."""
    texts = ["0,02\u00a0$", "$0.08", "$1,492.66", "1.492,66 $", "2 $", "$ 3.243", "1,430"]
    frame = pl.DataFrame({"a": texts})
    read = to_minor_units_in_own_form(pl.col("a"), CENTS, EN, EU)
    expected = [2, 8, 149266, 149266, 200, 324300, 143000]
    assert frame.select(read.alias("v"))["v"].to_list() == expected


@pytest.mark.parametrize(
    ("text", "scale", "expected"),
    [
        ("3.37k", CHIPS, 3370),  # Winamax's abbreviated pot
        ("17K", CHIPS, 17000),
        ("1.5M", CHIPS, 1500000),
        ("$2.5k", CENTS, 250000),
        ("5k chips", CHIPS, 5000),
        ("5kr", CENTS, 500),  # kronor, not thousands
        ("2 kr", CENTS, 200),
        ("100 MXN", CENTS, 10000),
        ("0.0005k", CHIPS, None),  # half a chip
    ],
)
def test_thousands_and_millions_suffixes(text, scale, expected):
    assert _read([text], scale, EN) == [expected]


def test_with_amounts_reads_each_text_as_to_minor_units_does():
    frame = pl.DataFrame(
        {
            "a": ["$1,492.66", None, "0.5", "x"],
            "b": ["$0.01", "3", None, "$0.005"],
            "scale": [CENTS, CHIPS, CENTS, CENTS],
        },
        schema={"a": pl.String, "b": pl.String, "scale": pl.Int32},
    )
    texts = {"va": pl.col("a"), "vb": pl.coalesce("b", "a")}
    read = lambda text: to_minor_units(text, pl.col("scale"), EN)  # noqa: E731
    got = with_amounts(frame, texts, read)
    assert got["va"].to_list() == [149266, None, 50, None]
    assert got["vb"].to_list() == [1, 3, 50, None]
    expected = frame.with_columns(read(e).alias(n) for n, e in texts.items())
    assert got.equals(expected)
    assert with_amounts(frame.clear(), texts, read).columns == expected.columns
