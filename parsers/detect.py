"""Which hand-history format a file (or a hand) is in: a registry of header patterns.

Every format has a hand-header pattern; formats with a `Grammar` are parsed by the shared
pipeline, the others (parsers/sites/unsupported.py) are recognised, so their hands are
counted and quarantined with a reason naming the format, until their parser lands. Add a site
by adding one line to FORMATS (docs/sites.md, "Add a site"; the first format whose header
matches takes the hand).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl

from parsers.core.card_lines import CardLines
from parsers.core.grammar import Grammar
from parsers.core.pipeline import Tables
from parsers.core.prefilter import required_literal
from parsers.documents.ipoker.reader import HEADER as IPOKER_HEADER
from parsers.documents.ipoker.reader import parse_ipoker
from parsers.documents.phh.reader import HEADER as PHH_HEADER
from parsers.documents.phh.reader import parse_phh
from parsers.sites.unsupported import UNSUPPORTED

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
    #: How a reason names the format ("no parser for OnGame hand histories yet"); `name`
    #: when empty.
    label: str = ""
    #: The format's card lines (parsers/core/card_lines.py); None: its cards are not read yet.
    cards: CardLines | None = None

    @property
    def title(self) -> str:
        return self.label or self.name


def grammar_site(name: str, grammar: str, folder: str = "", *, cards: str = "CARDS") -> SiteFormat:
    """The format of the `Grammar` named `grammar` in parsers/sites/<folder>/grammar.py
    (`folder` defaults to `name`): a grammar site is one line of FORMATS, its code all in its
    folder (docs/sites.md, "Add a site"). Its card lines are the `CardLines` named `cards` in
    the folder's cards.py, where there is one (parsers/core/card_lines.py)."""
    package = f"parsers.sites.{folder or name}"
    module = importlib.import_module(f"{package}.grammar")
    site_grammar: Grammar = getattr(module, grammar)
    card_lines = None
    if importlib.util.find_spec(f"{package}.cards") is not None:
        card_lines = getattr(importlib.import_module(f"{package}.cards"), cards)
    return SiteFormat(name, site_grammar.header, site_grammar, cards=card_lines)


FORMATS: tuple[SiteFormat, ...] = (
    grammar_site("pokerstars", "POKERSTARS"),
    grammar_site("winamax", "WINAMAX"),
    grammar_site("ggpoker", "GGPOKER"),
    grammar_site("wpn", "WPN"),
    grammar_site("wpn-old", "WPN_OLD", folder="wpn", cards="OLD_CARDS"),
    grammar_site("888poker", "P888", folder="p888"),
    grammar_site("partypoker", "PARTYPOKER"),
    grammar_site("bovada", "BOVADA"),
    SiteFormat("ipoker", IPOKER_HEADER, document=parse_ipoker),
    SiteFormat("phh", PHH_HEADER, document=parse_phh),
    # recognised, counted and quarantined per hand until their parser lands: after every
    # format with a parser, so they never take a header a parser reads
    *(SiteFormat(name, header, label=label) for name, label, header in UNSUPPORTED),
)


#: The formats' `file_lines` hooks (parsers/core/hooks.py), each once, in FORMATS order.
FILE_LINE_HOOKS = tuple(
    dict.fromkeys(
        f.grammar.hooks.file_lines
        for f in FORMATS
        if f.grammar is not None and f.grammar.hooks.file_lines is not None
    )
)


def prepare_file_lines(lines: pl.DataFrame) -> pl.DataFrame:
    """One file's lines through every format's `file_lines` hook, before hands are found (a
    rewrite that makes a format's headers readable, e.g. upper-case PokerStars exports)."""
    for hook in FILE_LINE_HOOKS:
        lines = hook(lines)
    return lines


def any_header_pattern(formats: Sequence[SiteFormat] = FORMATS) -> str:
    """One regex matching the hand header of any known format."""
    return "|".join(f"(?:{f.header})" for f in formats)


def unreadable_formats(data: bytes) -> frozenset[int]:
    """Indices in FORMATS of the formats whose header is not anchored at the line start and
    needs a byte that `data` (a decoded file) does not hold: no line of it can be such a header.

    An unanchored header (iPoker's `<game ... gamecode=`) makes the header search scan the whole
    of every line; a file without one of its bytes (one `memchr` each) is searched without it."""
    found = []
    for index, site_format in enumerate(FORMATS):
        if site_format.header.startswith("^"):
            continue
        needed = required_literal(site_format.header).encode()
        if any(bytes([byte]) not in data for byte in dict.fromkeys(needed)):
            found.append(index)
    return frozenset(found)


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
