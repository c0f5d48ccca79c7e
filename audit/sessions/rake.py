"""Rake schedules (RULES.md §12 R-1..R-3): data, not code, from `[site.<name>.rake]`.

    [site.examplepoker.rake]
    source = "https://example.com/rake (schedule of 2024-03-01, read 2026-12-01)"
    currency = "USD"            # optional: hands in another currency are not judged
    valid_from = 2024-03-01     # optional: hands started before / after are not judged
    valid_until = 2025-12-31
    rate = 0.05                 # of the pot (a number, or "5%")
    increment = 1               # the rake is a multiple of this (minor units: cents)
    rounding = "down"           # down | half_even | up, to the increment
    no_flop_no_drop = true
    caps = [                    # minor units; players dealt in: "2", "3-4", "5+"
      { big_blind = 2, players = "2", cap = 30 },
      { big_blind = 2, players = "3+", cap = 50, structures = ["NL", "PL"] },
    ]

A schedule applies to the cash hands of its site (tournaments take no rake from pots) that
report their rake; R-1 needs a cap row for the hand's big blind and players dealt in, R-3 a
reported total pot (the pot the rake is taken from, rake included, as the sites print it).
No schedule ships with hhaudit: the public pages found (PokerStars' and Bodog's rake pages)
give no date from which their figures apply, and the corpus spans 2007-2022 under other
schedules (PokerStars' pre-2012 rake was 5 cents per whole dollar). A site without a schedule
gets no rake flag, and run.json `totals.rake` says it was not audited.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction
from typing import Any

ROUNDINGS = ("down", "half_even", "up")
KEYS = ("source", "currency", "valid_from", "valid_until", "rate", "increment", "rounding",
        "no_flop_no_drop", "caps")  # fmt: skip
CAP_KEYS = ("big_blind", "players", "cap", "structures")
_PLAYERS = re.compile(r"^(\d+)(?:-(\d+)|(\+))?$")


@dataclass(frozen=True)
class RakeCap:
    big_blind: int  # the stakes' big blind, minor units
    players_min: int
    players_max: int | None  # None: no upper bound
    cap: int
    structures: tuple[str, ...] | None = None  # None: every structure

    def to_dict(self) -> dict[str, Any]:
        top = "+" if self.players_max is None else f"-{self.players_max}"
        players = (
            str(self.players_min) if top == f"-{self.players_min}" else f"{self.players_min}{top}"
        )
        return {"big_blind": self.big_blind, "players": players, "cap": self.cap,
                "structures": list(self.structures) if self.structures else None}  # fmt: skip


@dataclass(frozen=True)
class RakeSchedule:
    site: str
    source: str
    rate: Fraction
    increment: int = 1
    rounding: str = "down"
    no_flop_no_drop: bool = True
    caps: tuple[RakeCap, ...] = ()
    currency: str | None = None
    valid_from: date | None = None
    valid_until: date | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """For run.json and `hhaudit rake-schedule`."""
        return {
            "site": self.site, "source": self.source, "currency": self.currency,
            "valid_from": self.valid_from.isoformat() if self.valid_from else None,
            "valid_until": self.valid_until.isoformat() if self.valid_until else None,
            "rate": str(self.rate), "rate_percent": float(self.rate * 100),
            "increment": self.increment, "rounding": self.rounding,
            "no_flop_no_drop": self.no_flop_no_drop, "caps": [c.to_dict() for c in self.caps],
        }  # fmt: skip


def _rate(value: Any, where: str) -> Fraction:
    if isinstance(value, str) and value.strip().endswith("%"):
        return Fraction(value.strip()[:-1]) / 100
    if isinstance(value, (int, float, str)) and not isinstance(value, bool):
        rate = Fraction(str(value))
        if 0 <= rate <= 1:
            return rate
    raise ValueError(f'{where}.rate: expected a fraction of the pot (0.05 or "5%"), got {value!r}')


def _day(value: Any, where: str) -> date | None:
    if value is None or (isinstance(value, date) and not isinstance(value, datetime)):
        return value
    raise ValueError(f"{where}: expected a date (2024-03-01), got {value!r}")


def _cap(row: Any, where: str) -> RakeCap:
    if not isinstance(row, Mapping):
        raise ValueError(f"{where}: expected a table {{ big_blind, players, cap }}, got {row!r}")
    unknown = sorted(set(row) - set(CAP_KEYS))
    if unknown:
        raise ValueError(f"{where}: unknown key(s) {unknown}; known: {list(CAP_KEYS)}")
    match = _PLAYERS.match(str(row.get("players", "2+")))
    if not match:
        raise ValueError(
            f'{where}.players: expected "2", "3-4" or "5+", got {row.get("players")!r}'
        )
    low = int(match[1])
    high = None if match[3] else int(match[2] or low)
    for key in ("big_blind", "cap"):
        if not isinstance(row.get(key), int) or isinstance(row.get(key), bool) or row[key] < 0:
            raise ValueError(
                f"{where}.{key}: expected an integer >= 0 (minor units), got {row.get(key)!r}"
            )
    structures = row.get("structures")
    return RakeCap(
        row["big_blind"], low, high, row["cap"], tuple(structures) if structures else None
    )


def schedule_from_table(site: str, table: Mapping[str, Any]) -> RakeSchedule:
    """One [site.<name>.rake] table, checked (ValueError names the key and what was wrong)."""
    where = f"[site.{site}.rake]"
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ValueError(f"{where}: unknown key(s) {unknown}; known: {list(KEYS)}")
    if not str(table.get("source", "")).strip():
        raise ValueError(f"{where}.source: name the public source and date of the schedule")
    rounding = table.get("rounding", "down")
    if rounding not in ROUNDINGS:
        raise ValueError(f"{where}.rounding: expected one of {ROUNDINGS}, got {rounding!r}")
    increment = table.get("increment", 1)
    if not isinstance(increment, int) or isinstance(increment, bool) or increment < 1:
        raise ValueError(f"{where}.increment: expected an integer >= 1, got {increment!r}")
    caps = tuple(_cap(row, f"{where}.caps[{i}]") for i, row in enumerate(table.get("caps", [])))
    return RakeSchedule(
        site=site.lower(), source=str(table["source"]), rate=_rate(table.get("rate", 0), where),
        increment=increment, rounding=rounding,
        no_flop_no_drop=bool(table.get("no_flop_no_drop", True)), caps=caps,
        currency=table.get("currency"),
        valid_from=_day(table.get("valid_from"), f"{where}.valid_from"),
        valid_until=_day(table.get("valid_until"), f"{where}.valid_until"),
    )  # fmt: skip


def schedules_from_sites(site_tables: Mapping[str, Any]) -> dict[str, RakeSchedule]:
    """{site: schedule} of the [site.<name>.rake] tables of an options file."""
    return {
        name.lower(): schedule_from_table(name, table["rake"])
        for name, table in site_tables.items()
        if isinstance(table, Mapping) and "rake" in table
    }
