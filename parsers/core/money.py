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

#: The continental form in one amount's own text: the currency written after the number
#: ("0,02 $", "2.000 €", "1,50 zł"), a decimal comma ("$ 552,72", "R$ 0,50") or dot thousands
#: ("$ 3.243"). The English form writes none of them (its thousands groups come after a comma,
#: its one or two decimals after a point), so a client that switches locale inside a file (888:
#: "0,02 $" in one hand, "$0.08" in the next or on the next line) is read amount by amount.
CONTINENTAL_FORM = rf"\d[{SPACES}]?(?:\$|€|£)|\d,\d{{1,2}}(?:[^\d]|$)|\d\.\d{{3}}(?:[^\d]|$)"

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


#: A thousands or millions suffix right after the number ("17K", "3.37k", "1.5M"; Winamax's
#: abbreviated pots, tournament level and prize texts): the amount times its multiplier. A
#: letter after it makes it a word ("5 kr", "2kr", "100 MXN" are not multiplied).
SUFFIXES = {"k": 1_000, "K": 1_000, "m": 1_000_000, "M": 1_000_000}


def amount_pattern(locale: NumberLocale) -> str:
    """Currency text, then plain or three-grouped digits, optional decimals, an optional
    multiplier suffix (SUFFIXES), currency text."""
    sep = "[" + re.escape(locale.thousands) + "]"
    dec = re.escape(locale.decimal)
    units = rf"\d{{1,3}}(?:{sep}\d{{3}})+|\d+"
    suffix = "[" + "".join(SUFFIXES) + "]"
    tail = rf"(?:(?P<mult>{suffix})(?:[^0-9A-Za-z][^0-9]*)?|[^0-9]*)"
    return rf"^[^0-9]*?(?P<units>{units})(?:{dec}(?P<frac>\d+))?{tail}$"


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
    multiplier = pl.field("mult").replace_strict(SUFFIXES, default=1, return_dtype=pl.Int64)
    step = pl.field("_scale").cast(pl.Int64) * multiplier
    frac_scaled = frac.str.pad_end(_FRACTION_DIGITS, "0").cast(pl.Int64, strict=False) * step
    exact = (frac.str.len_chars() <= _FRACTION_DIGITS) & (frac_scaled % 10**_FRACTION_DIGITS == 0)
    value = units.cast(pl.Int64, strict=False) * step + frac_scaled // 10**_FRACTION_DIGITS
    minor = pl.when(exact).then(value).otherwise(None).cast(pl.Int64)
    with_scale = parts.struct.with_fields(scale_expr.alias("_scale"))
    value_field = with_scale.struct.with_fields(minor.alias("_minor")).struct.field("_minor")
    return value_field.alias("units")  # the name the single-expression version had


def to_minor_units_in_own_form(
    amount: pl.Expr, scale: int | pl.Expr, english: NumberLocale, continental: NumberLocale
) -> pl.Expr:
    """`to_minor_units` in the locale each amount's own text shows: `continental` where it has
    the CONTINENTAL_FORM, else `english` (clients that switch locale inside a file)."""
    in_continental = amount.str.contains(CONTINENTAL_FORM).fill_null(False)
    read_continental = to_minor_units(amount, scale, continental)
    return (
        pl.when(in_continental)
        .then(read_continental)
        .otherwise(to_minor_units(amount, scale, english))
    )


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


#: The ISO codes clients write after amounts or in headers ("($0.01/$0.02 USD)", "0,50 PLN",
#: iPoker's <tablecurrency>): a code names the currency whatever symbol is beside it.
ISO_CODES = (
    "USD", "EUR", "GBP", "CAD", "AUD", "INR", "CNY", "SEK", "NOK", "DKK", "PLN", "BRL", "RUB",
    "CHF", "CZK", "HUF", "RON", "BGN", "RSD", "UAH", "KZT", "MXN", "ARS", "JPY", "TRY",
)  # fmt: skip
#: Currency symbols and words -> ISO code, the longer before the shorter they contain ("R$"
#: reais and "C$" Canadian dollars before "$"): rupees "Rs."/"₹", yuan "¥"/"元", złoty "zł",
#: rubles "₽"/"руб", kronor "kr" (Swedish: the Norwegian and Danish clients write their code).
CURRENCY_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("R$", "BRL"),
    ("C$", "CAD"),
    ("A$", "AUD"),
    ("US$", "USD"),
    ("Rs.", "INR"),
    ("₹", "INR"),
    ("¥", "CNY"),
    ("元", "CNY"),
    ("zł", "PLN"),
    ("₽", "RUB"),
    ("руб", "RUB"),
    ("kr", "SEK"),
    ("Kč", "CZK"),
    ("₴", "UAH"),
    ("₸", "KZT"),
    ("$", "USD"),
    ("€", "EUR"),
    ("£", "GBP"),
)
#: Currency markers in order of precedence (ISO codes first, then symbols).
CURRENCY_MARKERS: tuple[tuple[str, str], ...] = (
    *((code, code) for code in ISO_CODES),
    *CURRENCY_SYMBOLS,
)
#: One of ISO_CODES as a word (a regex alternation for header readers).
ISO_CODE_WORD = r"\b(?:" + "|".join(ISO_CODES) + r")\b"


def currency_of(text: pl.Expr) -> pl.Expr:
    """The ISO code of the first currency marker found in `text`, else null."""
    return first_marker(text, CURRENCY_MARKERS)
