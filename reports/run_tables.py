"""The run's tables read back as the audit's canonical ones, for the few shown hands a report
view judges again (reports/showdown_view.py, reports/session_view.py).

A run's Parquet tables carry the `street` as the Street Enum and extra columns (hand_uid,
run_id, the betting state); the audit's functions read the canonical schemas
(parsers/schema.py). `canonical` selects `keys`' rows first (a filter pushed into the scan), so
only the flagged hands are read, and casts them; a column a table lacks (an older or
hand-built one) becomes nulls, which the audit reads as "not known".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from audit.options import Options, option_names, options_from_tables
from parsers.schema import POLARS_SCHEMAS


def canonical(frame: pl.LazyFrame, table: str, keys: pl.Series) -> pl.DataFrame:
    """`frame`'s rows of the hands in `keys`, in the canonical schema of `table`."""
    present = frame.collect_schema()
    rows = frame.filter(pl.col("hand_key").is_in(keys.implode()))
    if isinstance(present.get("street"), pl.Enum):  # the run's names, in STREET_NAMES order
        rows = rows.with_columns(pl.col("street").to_physical())
    schema = POLARS_SCHEMAS[table]
    return rows.select(
        (pl.col(name) if name in present else pl.lit(None)).cast(dtype).alias(name)
        for name, dtype in schema.items()
    ).collect()


def _known(values: Mapping[str, Any] | None) -> dict[str, Any]:
    names = set(option_names())
    return {name: value for name, value in (values or {}).items() if name in names}


def run_options(run: Mapping[str, Any]) -> tuple[Options, dict[str, Options]]:
    """The options the run audited with, from run.json `options` (`default` and per-`sites`,
    each every option's value); a record without them: the defaults and the site profiles."""
    recorded = run.get("options") or {}
    if not recorded.get("default"):
        return options_from_tables({}, {})
    default = Options().replace(**_known(recorded["default"]))
    sites = {
        str(site): Options().replace(**_known(values))
        for site, values in (recorded.get("sites") or {}).items()
    }
    return default, sites
