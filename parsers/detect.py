"""Which hand-history format a file (or a hand) is in: a registry of header patterns.

Every format has a hand-header pattern; formats with a `Grammar` are parsed by the shared
pipeline, the others are recognised (so their hands are counted and quarantined with a clear
reason) until their parser lands. Add a site by appending a `SiteFormat` to FORMATS.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl

from parsers.bovada import BOVADA
from parsers.ggpoker import GGPOKER
from parsers.grammar import Grammar
from parsers.ipoker import HEADER as IPOKER_HEADER
from parsers.ipoker import parse_ipoker
from parsers.p888 import P888
from parsers.partypoker import PARTYPOKER
from parsers.phh import HEADER as PHH_HEADER
from parsers.phh import parse_phh
from parsers.pipeline import Tables
from parsers.pokerstars import POKERSTARS
from parsers.winamax import WINAMAX
from parsers.wpn import WPN, WPN_OLD

DETECT_LINES = 50


@dataclass(frozen=True)
class SiteFormat:
    name: str
    header: str  # regex matching one hand-header line (whitespace-stripped)
    grammar: Grammar | None = None
    #: Whole-document formats (XML, TOML): (lines of whole files, sources) -> tables. The
    #: lines carry file_id, line_no, text, is_header and hand_ix; every header line must come
    #: back as one hand or one quarantine row.
    document: Callable[[pl.DataFrame, pl.DataFrame], Tables] | None = None


FORMATS: tuple[SiteFormat, ...] = (
    SiteFormat("pokerstars", POKERSTARS.header, POKERSTARS),
    SiteFormat("fulltilt", r"^(?:Full Tilt Poker|FullTiltPoker) Game #\d+"),
    SiteFormat("winamax", WINAMAX.header, WINAMAX),
    SiteFormat("ggpoker", GGPOKER.header, GGPOKER),
    SiteFormat("wpn", WPN.header, WPN),
    SiteFormat("wpn-old", WPN_OLD.header, WPN_OLD),
    SiteFormat("888poker", P888.header, P888),
    SiteFormat("partypoker", PARTYPOKER.header, PARTYPOKER),
    SiteFormat("bovada", BOVADA.header, BOVADA),
    SiteFormat("everest", r"^EverestPoker Game #"),
    SiteFormat("merge", r"^(?:MERGE_GAME|Merge Game) #"),
    SiteFormat("pokertracker-ipoker", r"^GAME #\d+: "),
    SiteFormat("pokertracker-microgaming", r"^\*\* Game ID \d+ "),
    SiteFormat("ipoker", IPOKER_HEADER, document=parse_ipoker),
    SiteFormat("phh", PHH_HEADER, document=parse_phh),
)


def any_header_pattern(formats: Sequence[SiteFormat] = FORMATS) -> str:
    """One regex matching the hand header of any known format."""
    return "|".join(f"(?:{f.header})" for f in formats)


def format_index_expr(text: pl.Expr, formats: Sequence[SiteFormat] = FORMATS) -> pl.Expr:
    """Index in `formats` of the format whose header `text` is, else null."""
    expr = pl.lit(None, dtype=pl.Int16)
    for index in reversed(range(len(formats))):
        matches = text.str.contains(formats[index].header)
        expr = pl.when(matches).then(pl.lit(index, dtype=pl.Int16)).otherwise(expr)
    return expr


def detect_format(head: Sequence[str]) -> SiteFormat | None:
    """The format of the first hand header among the first DETECT_LINES lines, else None."""
    if not head:
        return None
    frame = pl.DataFrame({"text": [line.strip() for line in head[:DETECT_LINES]]})
    found = frame.select(format_index_expr(pl.col("text")).drop_nulls().first()).item()
    return None if found is None else FORMATS[found]
