"""What a site format is made of: a grammar of line patterns plus small overrides.

A site parser declares one `Grammar`; the shared pipeline (parsers/pipeline.py) does the rest.
Patterns are Rust regexes (Polars `str.contains` / `str.extract_groups`) with named groups:
`player`, `amount`, `to`, `all_in`, `seat`, `stack`, `verb`. Keep site modules declarative:
what differs between sites is data here, not code paths in the pipeline.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import polars as pl

from parsers.money import EN, NumberLocale

#: Reads the header lines of a format's hands (columns hand_key, line_no, text) and returns
#: one row per hand with the hand-level columns it can fill (see parsers.pipeline.HEADER_COLUMNS).
HeaderReader = Callable[[pl.DataFrame], pl.DataFrame]


@dataclass(frozen=True)
class Grammar:
    """The line patterns of one hand-history format."""

    site: str
    #: A hand header line (also used to count hands and to detect the format).
    header: str
    read_header: HeaderReader
    #: A street marker line; its first group is a key of `streets`.
    street_marker: str
    #: Marker word -> section: 0..4 the streets, 5 the summary.
    streets: Mapping[str, int]
    #: Markers of a second / third board (run it twice / three times).
    second_board: str
    third_board: str
    #: Pre-deal line naming the table (groups table, max_seats, button, play_money).
    table_line: str
    #: Pre-deal seat line (groups seat, player, stack, tail).
    seat_line: str
    #: Seat-line tail meaning the player is not dealt in.
    sitting_out: str
    #: After "<player>: ": the action (groups verb, amount, to, all_in).
    actor_action: str
    #: verb as written -> raw action kind (posts are refined by the pipeline).
    verbs: Mapping[str, str]
    #: After "<player>: ": lines that carry no chips (shows, mucks, sits out, ...).
    actor_ignored: str
    #: Whole lines that name a player elsewhere than at the start: (kind, pattern with
    #: groups player and amount), e.g. "Uncalled bet ($1) returned to X".
    named_lines: tuple[tuple[str, str], ...]
    #: Whole lines with no effect on the tables (chat, connection notices, dealt cards...).
    ignored: str
    #: (pattern, reason): lines that make the whole hand unusable (quarantined with the reason).
    void_hand: tuple[tuple[str, str], ...]
    #: Summary line with the total pot (groups pot, rake, jackpot, stp: money the site added).
    pot_line: str
    locale: NumberLocale = EN
    #: Optional whole-text rewrite for odd exports (upper-case files); None when unused.
    keyword_fixes: tuple[tuple[str, str], ...] = field(default_factory=tuple)
