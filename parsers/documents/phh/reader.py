"""PHH, the Poker Hand History standard (TOML; `.phh` one hand, `.phhs` many `[n]` tables).

Reading: each hand's TOML text (one `[name]` table of a `.phhs`, or a whole `.phh`) is parsed
with `tomllib` and flattened into columns (one row per hand, list columns for the per-player
values and the actions); parsers/documents/phh/build.py does the semantics as Polars expressions.

Conventions (PokerKit's, which wrote the corpus files):
- players p1..pn in posting order: p1 the small blind, p2 the big blind, pn the button; heads-up
  PokerKit swaps the blinds (p1 posts `blinds_or_straddles[1]`, p2 is the button and posts
  `[0]`). Seats are `seats` when given, else 1..n; the button is pn (p2 heads-up).
- `antes` and `blinds_or_straddles` may be one number (everyone) or shorter than the players
  (the rest are 0), as PokerKit reads them. `blinds_or_straddles[i] > 0` at i >= 2 is a
  straddle; a negative entry is a live post of its
  size that does not open the betting (a returning player's post).
- `pi cbr X`: bet or raise TO X (street total); `pi cc`: check or call; `pi f`: fold; `pi sm`:
  show or muck; `d dh`: hole cards; `d db`: board cards (each opens the next street). The
  cards of `dh`, `db` and `sm` are the cards table (parsers/documents/phh/cards.py).
- `inf` stacks (unknown) are read as UNKNOWN_STACK. Amounts may be TOML floats (`609.75`):
  a hand with a currency symbol or a fractional amount is read in cents, others in chips.
  Files written by `hhaudit convert` hold integer minor units and say so (`_hhaudit_scale`).
- The hand's line is its `[name]` table line (or the first key line of a `.phh`).
- Settlement (parsers/documents/phh/settle.py): `winnings` (the pots each player collected, after
the
  rake) and `finishing_stacks`; PHH states no pot and no rake (files written by `hhaudit
  convert` carry the source's as `_hhaudit_total_pot` and `_hhaudit_rake`).
"""

from __future__ import annotations

import datetime as dt
import math
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from parsers.core.keys import hand_key
from parsers.core.pipeline import Tables
from parsers.documents.phh.build import build_tables
from parsers.documents.phh.settle import UNKNOWN_STACK

SITE = "phh"
#: One `variant = ...` key per hand (the hand-header line used to count hands).
HEADER = r"^variant\s*=\s*['\"]"
_TABLE = re.compile(r"^\[[^\[\]]+\]\s*(?:#.*)?$")
_ACTIONS_KEY = re.compile(r"^actions\s*=")
_LIST_KEYS = (
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "actions",
    "players",
    "seats",
    "winnings",
    "finishing_stacks",
)
#: Keys PokerKit also takes as one number for every player.
_UNIFORM_KEYS = ("antes", "blinds_or_straddles")
_VALUE_KEYS = (
    "min_bet",
    "small_bet",
    "big_bet",
    "seat_count",
    "_hhaudit_scale",
    "_hhaudit_total_pot",
    "_hhaudit_rake",
)
_TEXT_KEYS = ("variant", "hand", "table", "currency_symbol", "currency")


@dataclass
class PhhColumns:
    """One row per hand header (variant line); list columns hold per-player values as text."""

    rows: dict[str, list[Any]] = field(default_factory=dict)

    def add(self, row: dict[str, Any]) -> None:
        for key, value in row.items():
            self.rows.setdefault(key, []).append(value)


def _text(value: Any) -> str | None:
    """A TOML scalar as the text the money helper reads (`609.75`, `300`); else None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isinf(value) and value > 0:
            return UNKNOWN_STACK
        text = repr(value)
        return text[:-2] if text.endswith(".0") else text
    return str(value)


def _started(doc: dict[str, Any]) -> dt.datetime | None:
    try:
        day = dt.date(int(doc["year"]), int(doc["month"]), int(doc["day"]))
    except (KeyError, TypeError, ValueError):
        return None
    clock = doc.get("time")
    clock = clock if isinstance(clock, dt.time) else dt.time()
    return dt.datetime.combine(day, clock.replace(tzinfo=None), tzinfo=dt.UTC)


def _flatten(doc: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for key in _LIST_KEYS:
        value = doc.get(key)
        if key in _UNIFORM_KEYS and isinstance(value, int | float) and not isinstance(value, bool):
            value = [value] * len(doc.get("starting_stacks") or [])  # one value for everyone
        row[key] = [_text(v) for v in value] if isinstance(value, list) else None
    for key in _VALUE_KEYS:
        row[key] = _text(doc.get(key))
    row["minor_scale"] = row.pop("_hhaudit_scale")
    row["stated_pot"] = row.pop("_hhaudit_total_pot")
    row["stated_rake"] = row.pop("_hhaudit_rake")
    for key in _TEXT_KEYS:
        value = doc.get(key)
        row[key] = None if value is None else str(value)
    row["started_at"] = _started(doc)
    row["is_tournament"] = any(k in doc for k in ("event", "tournament", "level"))
    return row


@dataclass
class _Chunk:
    """One hand's lines: the TOML text and where it starts."""

    name: str | None
    start: int  # line of the [name] table, or of the first line
    lines: list[tuple[int, str]]


def _chunks(numbered: list[tuple[int, str]]) -> list[_Chunk]:
    chunks = [_Chunk(None, numbered[0][0] if numbered else 1, [])]
    for line_no, text in numbered:
        if _TABLE.match(text):
            chunks.append(_Chunk(text.split("]")[0].lstrip("["), line_no, []))
        else:
            chunks[-1].lines.append((line_no, text))
    return chunks


def _read_chunk(chunk: _Chunk, cols: PhhColumns, file_id: int) -> None:
    variant_lines = [n for n, t in chunk.lines if re.match(HEADER, t)]
    if not variant_lines:
        return
    actions_line = next((n for n, t in chunk.lines if _ACTIONS_KEY.match(t)), chunk.start)
    base = {
        "file_id": file_id,
        "header_line": variant_lines[0],
        "hand_line": chunk.start if chunk.name is not None else variant_lines[0],
        "actions_line": actions_line,
        "name": chunk.name,
        "error": None,
    }
    try:
        doc = tomllib.loads("\n".join(t for _, t in chunk.lines))
    except tomllib.TOMLDecodeError as exc:
        cols.add(base | {"error": f"TOML error in the hand: {exc}"} | _flatten({}))
        return
    cols.add(base | _flatten(doc))


def read_phh(cols: PhhColumns, numbered: list[tuple[int, str]], file_id: int) -> None:
    """Flatten one file's (line_no, text) lines into `cols`, one row per hand."""
    for chunk in _chunks(numbered):
        _read_chunk(chunk, cols, file_id)


def parse_phh(lines: pl.DataFrame, sources: pl.DataFrame) -> Tables:
    """Lines of whole PHH files (file_id, line_no, text, is_header, hand_ix) -> tables."""
    cols = PhhColumns()
    ordered = lines.sort("file_id", "line_no")
    for (file_id,), part in ordered.group_by("file_id", maintain_order=True):
        numbered = list(zip(part["line_no"].to_list(), part["text"].to_list(), strict=True))
        read_phh(cols, numbered, int(file_id))
    key = hand_key()
    headers = lines.filter(pl.col("is_header")).select(
        "file_id", pl.col("line_no").alias("header_line"), key.alias("hand_key")
    )
    return build_tables(cols.rows, headers, sources)
