"""The sessions step in table groups (whole tables: hhaudit/run/sessions.py): the sessions
and session flags of a run do not depend on the group size, nor on where the per-hand facts come
from (the units' hands columns, or the run's actions)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from scale_corpus import CHUNK, make_corpus, run_corpus

from audit.sessions.facts import FACT_COLUMNS
from audit.sessions.flags import session_rules
from audit.sessions.group import table_groups
from hhaudit.run.sessions import find_in_table_groups
from hhaudit.run.settings import AuditSettings

FLAG_KEY = ("hand_key", "code", "player", "message", "session_id", "severity")


@pytest.fixture(scope="module")
def run_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    corpus = make_corpus(tmp_path_factory.mktemp("sessions-corpus"))
    out = tmp_path_factory.mktemp("sessions-out")
    run_corpus(corpus, out, chunk_bytes=CHUNK)
    return out


def _written(out: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The run's sessions (placed hands) and session flags, as written."""
    hands = pl.read_parquet(out / "hands.parquet")
    sessions = hands.select("hand_key", "session_id", "session_seq").drop_nulls("session_id")
    codes = [rule.code for rule in session_rules()]
    flags = pl.read_parquet(out / "violations.parquet").filter(pl.col("code").is_in(codes))
    return sessions.sort("hand_key"), flags.select(FLAG_KEY).sort(FLAG_KEY, nulls_last=True)


def test_the_units_facts_are_not_left_in_the_hands(run_out: Path) -> None:
    names = pl.read_parquet_schema(run_out / "hands.parquet")
    assert not set(FACT_COLUMNS[1:]) & set(names)
    assert {"session_id", "session_seq"} <= set(names)


@pytest.mark.parametrize("group_hands", [1, 7, 10**9])
def test_any_table_group_size_finds_the_written_sessions_and_flags(
    run_out: Path, group_hands: int
) -> None:
    """Recomputed from the written tables (the hands no longer carry the units' facts, so
    these come from the actions) in table groups of one table, a few, or one group for the run."""
    sessions, flags = _written(run_out)
    assert sessions.height and flags.height  # the corpus has sessions and session flags
    found = find_in_table_groups(run_out, AuditSettings(), group_hands)
    assert found.sessions.sort("hand_key").equals(sessions)
    again = found.flags.select(FLAG_KEY).sort(FLAG_KEY, nulls_last=True)
    assert again.equals(flags.cast(again.schema))  # type: ignore[arg-type]


def test_table_groups_are_whole_tables_in_session_order(run_out: Path) -> None:
    hands = pl.scan_parquet(run_out / "hands.parquet")
    groups = table_groups(hands, 1)
    assert groups.get_column("table_group").n_unique() > 1
    tables = hands.select("hand_key", "site", "table_name", "is_tournament").collect()
    per_table = (
        tables.join(groups, on="hand_key")
        .group_by("site", "table_name", "is_tournament")
        .agg(pl.col("table_group").n_unique().alias("n"), pl.col("table_group").first())
    )
    assert (per_table.get_column("n") == 1).all()
    placed = pl.read_parquet(run_out / "hands.parquet").drop_nulls("session_id")
    order = (
        placed.join(groups, on="hand_key").group_by("session_id").agg(pl.col("table_group").first())
    )
    ordered = order.sort("session_id").get_column("table_group")
    assert ordered.equals(ordered.sort())  # session ids rise with the table groups
