"""The columns a run adds to the canonical tables, in two places (docs/tables.md, "Run columns").

* Per unit (`part_columns`, hhaudit.run.batch, in the workers): what needs one parse's hands and
  actions together — `hand_uid` in every table and stable flag ids (hhaudit.run.identity), and
  the hand's `currency` and `scale` on each violation, so violations.parquet is readable alone.
* When the parts are combined (`combined_columns`, hhaudit.run.parts.sink_combined): what is the
  same for the whole run or a pure cast — `run_id`, and `street` as the one `Street` Enum
  (parsers/games.py) in actions, cards and violations (the audit works on the id; the outputs
  carry names).

A column derived from the whole run's hands (a session id, #16) belongs to the combined step:
compute it from the combined hands after `drop_duplicates` and join it on `hand_key` here.
"""

from __future__ import annotations

import os
import re
import uuid
from datetime import datetime

import polars as pl

from hhaudit.run.identity import with_hand_uids
from parsers.games import Street, street_enum

CURRENCY_COLUMNS = ("currency", "scale")  # from hands, on every violation


RUN_ID_ENV = "HHAUDIT_RUN_ID"  # a scheduler's own id for the run (Airflow's run_id, a job id)
RUN_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:+-]{0,127}")


def new_run_id(started: datetime) -> str:
    """A run's id: $HHAUDIT_RUN_ID when set, else its UTC start and 8 random hex digits, e.g.
    "20261201T121744Z-3f2a9c1d" (sorts by start; unique without coordination; a --resume run
    gets its own)."""
    given = os.environ.get(RUN_ID_ENV, "")
    if given:
        if not RUN_ID_PATTERN.fullmatch(given):
            raise ValueError(f"{RUN_ID_ENV}={given!r}: letters, digits and _.:+- only, ≤ 128")
        return given
    return f"{started:%Y%m%dT%H%M%SZ}-{uuid.uuid4().hex[:8]}"


def with_currency(violations: pl.DataFrame, hands: pl.DataFrame) -> pl.DataFrame:
    """Each flag with its hand's currency and scale (amounts are minor units of those)."""
    currency = hands.select("hand_key", *CURRENCY_COLUMNS)
    return violations.drop(CURRENCY_COLUMNS, strict=False).join(
        currency, on="hand_key", how="left", maintain_order="left"
    )


def part_columns(tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame]:
    """One parse's tables with hand_uid everywhere and the currency on the violations."""
    out = with_hand_uids(tables)
    out["violations"] = with_currency(out["violations"], tables["hands"])
    return out


def named_street(frame: pl.LazyFrame) -> pl.Expr | None:
    """`street` as the Street Enum, from the audit's id (actions, cards) or name (violations)."""
    dtype = frame.collect_schema().get("street")
    if dtype is None or dtype == Street:
        return None
    if dtype == pl.String:
        return pl.col("street").cast(Street)
    # parsers.games' when/then chain, not replace_strict: that made the streaming sink of the
    # combine hold the whole column (the actions' combine peaked at 1.09 GB at 400k hands)
    return street_enum(pl.col("street"))


def combined_columns(frame: pl.LazyFrame, run_id: str) -> pl.LazyFrame:
    """The run-wide columns of one combined table: street named, run_id last."""
    street = named_street(frame)
    if street is not None:
        frame = frame.with_columns(street.alias("street"))
    return frame.with_columns(pl.lit(run_id, dtype=pl.String).alias("run_id"))
