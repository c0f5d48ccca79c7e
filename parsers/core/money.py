"""Amount strings to Int64 minor units, as Polars expressions (shared by every site parser).

`$1,492.66`, `€0.10`, `1 430`, `2,50 €`, `Rs.100`, `CNY 5`, `£5`, `1.492,66`, `300` (chips),
`0,01\u00a0$` (a no-break space before the currency), `1\u202f430,50 €` (narrow no-break
thousands): strip the currency at either end, check the digit grouping against the locale, then
do exact integer arithmetic on the integer and fraction digits. Never floats. A string that
does not read as an amount in the locale, or has more decimals than the scale can hold, gives
null. Space-grouping locales take every space of `SPACES` as a separator; the currency text
around the number may hold any of them (it is not a digit).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import polars as pl

from parsers.core.markers import first_marker

#: The spaces clients put in amounts: a space, a no-break space (U+00A0, German, French and
#: Nordic clients between the number and the currency, and as thousands separator) and a narrow
#: no-break space (U+202F, the CLDR thousands separator of French and other locales).
SPACES = " \u00a0\u202f"
#: A currency symbol written after the number, with or without a space of `SPACES` between
#: ("0,01 $", "2.000€"): the mark of clients writing the continental number format.
CURRENCY_AFTER_NUMBER = rf"\d[{SPACES}]?(?:\$|€|£)(?:[^\d]|$)"
#: A bracketed amount that only the continental format reads: a decimal comma with cents
#: ("( $ 552,72 )") or dot thousands ("( $ 3.243 )"), whatever side the currency is on. The
#: English format never writes either (its thousands groups have three digits after a comma,
#: its decimals two after a point), so one such amount tells the hand's number format.
CONTINENTAL_AMOUNT = rf"[\[(][^\[\]()\d]*\d[\d.{SPACES}]*(?:,\d{{2}}|\.\d{{3}})[^\[\]()\d]*[\])]"

#: Scale for money games (cents) and for chip games.
CENTS = 100
CHIPS = 1
_FRACTION_DIGITS = 9  # fractions are read as nano-units before rescaling


@dataclass(frozen=True)
class NumberLocale:
    """How a site writes numbers: the decimal mark and the thousands separators it may use."""

    name: str
    decimal: str
    thousands: str

    def __post_init__(self) -> None:
        if self.decimal in self.thousands:
            raise ValueError(f"{self.name}: decimal mark {self.decimal!r} is also a separator")

    def format(self, units: int, frac: str, group: bool) -> str:
        """Write an amount the way this locale does (used by the tests and the generators)."""
        digits = f"{units:,}" if group else str(units)
        if group:
            digits = digits.replace(",", self.thousands[0])
        return f"{digits}{self.decimal}{frac}" if frac else digits


#: `1,492.66`: PokerStars and most English clients.
EN = NumberLocale("en", ".", ",")
#: `1.492,66`, `2,50 €`, `1 430,50`: continental European clients.
EU = NumberLocale("eu", ",", "." + SPACES + "'")
#: `1 430.50`: space-grouped with a decimal point.
SPACE = NumberLocale("space", ".", SPACES)

LOCALES: dict[str, NumberLocale] = {loc.name: loc for loc in (EN, EU, SPACE)}


def amount_pattern(locale: NumberLocale) -> str:
    """Currency text, then plain or three-grouped digits, optional decimals, currency text."""
    sep = "[" + re.escape(locale.thousands) + "]"
    dec = re.escape(locale.decimal)
    units = rf"\d{{1,3}}(?:{sep}\d{{3}})+|\d+"
    return rf"^[^0-9]*?(?P<units>{units})(?:{dec}(?P<frac>\d+))?[^0-9]*$"


def to_minor_units(
    amount: pl.Expr, scale: int | pl.Expr = CENTS, locale: NumberLocale = EN
) -> pl.Expr:
    """Int64 minor units from an amount string expression; null when unreadable.

    `scale` is the number of integer steps per currency unit (100 for cents, 1 for chips);
    it may be a column. A fraction finer than the scale (`$0.005` in cents) gives null.
    One regex reads the digits; the arithmetic is on integers (nano-units for the fraction).
    """
    # The regex runs once: the arithmetic reads the fields of its struct (`with_fields`);
    # referring to the struct several times made Polars run the regex once per reference.
    parts = amount.str.extract_groups(amount_pattern(locale))
    scale_expr = pl.lit(scale, dtype=pl.Int64) if isinstance(scale, int) else scale
    units = pl.field("units").str.replace_all("[" + re.escape(locale.thousands) + "]", "")
    frac = pl.field("frac").fill_null("").str.strip_chars_end("0")
    step = pl.field("_scale").cast(pl.Int64)
    frac_scaled = frac.str.pad_end(_FRACTION_DIGITS, "0").cast(pl.Int64, strict=False) * step
    exact = (frac.str.len_chars() <= _FRACTION_DIGITS) & (frac_scaled % 10**_FRACTION_DIGITS == 0)
    value = units.cast(pl.Int64, strict=False) * step + frac_scaled // 10**_FRACTION_DIGITS
    minor = pl.when(exact).then(value).otherwise(None).cast(pl.Int64)
    with_scale = parts.struct.with_fields(scale_expr.alias("_scale"))
    value_field = with_scale.struct.with_fields(minor.alias("_minor")).struct.field("_minor")
    return value_field.alias("units")  # the name the single-expression version had


def with_amounts(
    frame: pl.DataFrame,
    texts: Mapping[str, pl.Expr],
    read: Callable[[pl.Expr], pl.Expr],
    carry: Sequence[str] = ("scale",),
) -> pl.DataFrame:
    """`frame` plus one column per entry of `texts` (name -> amount string expression), every
    one `read(text)`, evaluated once over the texts stacked (with the `carry` columns that
    `read` looks at besides the text, e.g. scale and alt_locale).

    An evaluation of the amount expression costs about a millisecond whatever its rows, and
    the frames that read several amounts a row (distinct headers, distinct pot lines) are
    small: one evaluation instead of one per amount."""
    stacked = pl.concat(
        [frame.lazy().select(text.alias("_amount"), *carry) for text in texts.values()],
        how="vertical_relaxed",  # a text column of nulls only may have no string type
    )
    values = stacked.select(read(pl.col("_amount"))).collect().to_series()
    height = frame.height
    return frame.with_columns(
        values.slice(index * height, height).alias(name) for index, name in enumerate(texts)
    )


#: Currency markers in order of precedence (ISO codes first, then symbols).
CURRENCY_MARKERS: tuple[tuple[str, str], ...] = (
    ("USD", "USD"),
    ("EUR", "EUR"),
    ("GBP", "GBP"),
    ("INR", "INR"),
    ("CNY", "CNY"),
    ("CAD", "CAD"),
    ("Rs.", "INR"),
    ("₹", "INR"),
    ("¥", "CNY"),
    ("$", "USD"),
    ("€", "EUR"),
    ("£", "GBP"),
)


def currency_of(text: pl.Expr) -> pl.Expr:
    """The ISO code of the first currency marker found in `text`, else null."""
    return first_marker(text, CURRENCY_MARKERS)
