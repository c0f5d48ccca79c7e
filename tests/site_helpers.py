"""Helpers for the per-site tests: parse a site's samples or a corpus folder, audit them, compact
views of the tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

import audit
from parsers import ParsedTables, parse_paths
from parsers.games import FIFTH, FOURTH, SEVENTH, SIXTH, THIRD

SITES = Path(__file__).resolve().parent / "sites"
#: The columns of one action row in the compact views below.
#: A seven-card stud hand's cards as dealt, (round, face): two down and one up on third street,
#: one up on each of fourth to sixth, the last down on seventh (the game table, parsers/games.py).
SEVEN_CARD_STUD_DEAL = [
    (THIRD, "down"),
    (THIRD, "down"),
    (THIRD, "up"),
    (FOURTH, "up"),
    (FIFTH, "up"),
    (SIXTH, "up"),
    (SEVENTH, "down"),
]
ACTION_VIEW = ["street", "player", "kind", "amount", "to_amount", "is_all_in"]


def is_sample(path: Path) -> bool:
    """A sample hand-history file of tests/sites/<site>/, not the site's test module or its
    bytecode (tests/sites/<site>/test_site_<site>.py sits beside its samples)."""
    return path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts


def sample_files(site: str) -> list[Path]:
    """The sample files of tests/sites/<site>/, sorted."""
    return sorted(p for p in (SITES / site).iterdir() if is_sample(p))


def parse_site_samples(site: str) -> ParsedTables:
    return parse_paths(sample_files(site))


def parse_site_file(site: str, name: str) -> ParsedTables:
    """One sample file of tests/sites/<site>/."""
    return parse_paths([SITES / site / name])


def hand_row(tables: ParsedTables, hand_id: str) -> dict[str, Any]:
    """The hands-table row of one hand, by column name."""
    return tables.hands.filter(pl.col("hand_id") == hand_id).row(0, named=True)


def _hand_actions(tables: ParsedTables, hand_id: str) -> pl.DataFrame:
    return tables.actions.filter(pl.col("hand_id") == hand_id).sort("seq").select(ACTION_VIEW)


def actions_of(tables: ParsedTables, hand_id: str) -> list[tuple]:
    """(street, player, kind, amount, to_amount, is_all_in) of one hand, in seq order."""
    return list(_hand_actions(tables, hand_id).iter_rows())


def action_rows(tables: ParsedTables, hand_id: str) -> list[tuple]:
    """`actions_of` with every value as a string ("1", "raise", "55", "false"), None kept."""
    frame = _hand_actions(tables, hand_id)
    return list(frame.select(pl.all().cast(pl.String)).iter_rows())


def card_rows(
    tables: ParsedTables,
    columns: tuple[str, ...],
    order: tuple[str, ...] = ("line_no", "position"),
    **equal: str,
) -> list[tuple]:
    """`columns` of the card rows whose columns equal the `equal` values (hand_id="7", player=
    "Bob", source="dealt"), in `order` (the log's order by default)."""
    rows = tables.cards.filter(*(pl.col(name) == value for name, value in equal.items()))
    return rows.sort(*order).select(*columns).rows()


def violations(tables: ParsedTables) -> pl.DataFrame:
    return audit.check(tables.hands, tables.seats, tables.actions).violations


def violation_codes(tables: ParsedTables, severity: str = "violation") -> list[tuple[str, str]]:
    """Sorted (hand_id, code) of the flags of one severity."""
    found = violations(tables).filter(pl.col("severity") == severity)
    return sorted(zip(found["hand_id"].to_list(), found["code"].to_list(), strict=True))


def _hands_read(tables: ParsedTables) -> int:
    return sum(report.hands_read for report in tables.files)


def corpus_numbers(folder: Path) -> tuple[ParsedTables, int, pl.DataFrame]:
    """(tables, hands read, violation-severity flags) for one corpus folder."""
    tables = parse_paths([folder])
    flags = violations(tables).filter(pl.col("severity") == "violation")
    return tables, _hands_read(tables), flags


def corpus_headers(folder: Path) -> int:
    """Hand headers of every file below a corpus folder, counted independently of the parsers
    (tests/header_count.py): what hands_read must be, however the corpus grows."""
    from header_count import count_file

    return sum(count_file(path) for path in folder.rglob("*") if path.is_file())


def corpus_accounting(folder: Path) -> tuple[ParsedTables, int, int]:
    """(tables, hands read, parsed + quarantined) for every file below a corpus folder."""
    tables = parse_paths(sorted(p for p in folder.rglob("*") if p.is_file()))
    # one quarantine row per hand (hand ids may be unreadable: null, so not a count of ids)
    accounted = tables.hands.height + tables.quarantine.height
    return tables, _hands_read(tables), accounted


def card_view(tables: ParsedTables, hand_id: str) -> list[tuple]:
    """(player, source, street, position, card, raw) of one hand's cards, in table order."""
    columns = ["player", "source", "street", "position", "card", "raw"]
    return list(tables.cards.filter(pl.col("hand_id") == hand_id).select(columns).iter_rows())


def showdown_flags(tables: ParsedTables) -> list[tuple[str, str]]:
    """Sorted (hand_id, code) of the RULES.md §11 flags, audited with the parsed cards and the
    default options (site profiles included)."""
    from audit.options import load_options
    from audit.rules import SHOWDOWN_CODES

    default, per_site = load_options(None)
    found = audit.check(
        tables.hands, tables.seats, tables.actions, default, per_site, cards=tables.cards
    ).violations.filter(pl.col("code").is_in(SHOWDOWN_CODES))
    return sorted(zip(found["hand_id"].to_list(), found["code"].to_list(), strict=True))


def not_judged(tables: ParsedTables) -> dict[str, str | None]:
    """{hand_id: why its showdown is not judged, None when judged} of the showdown hands."""
    from audit.options import load_options
    from audit.showdown.judge import showdown
    from audit.showdown.pots import player_money, showdown_hands

    default, per_site = load_options(None)
    result = showdown(tables.hands, tables.actions, tables.cards, default, per_site, tables.seats)
    hands = showdown_hands(player_money(tables.actions)).select("hand_key").unique()
    frame = result.hands.join(hands, on="hand_key").join(
        tables.hands.select("hand_key", "hand_id"), on="hand_key"
    )
    return dict(zip(frame["hand_id"].to_list(), frame["not_judged"].to_list(), strict=True))
