"""Warehouse-ready tables (#13 point 6): hand_uid stable across runs and orders, in every
table; run_id; one dtype per column name across the output tables; violations readable alone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from conftest import SAMPLE_DATA
from run_fixtures import stars_hand

from hhaudit.cli import main
from hhaudit.run.derived import RUN_ID_ENV, Street

TABLES = ("hands", "seats", "actions", "cards", "violations", "quarantine")
UID = "^[0-9a-f]{32}$"


def _run(out: Path, *paths: Path | str) -> dict:
    result = CliRunner().invoke(main, ["run", *map(str, paths), "--out", str(out), "-q"])
    assert result.exit_code in (0, 1), result.output
    return json.loads((out / "run.json").read_text("utf-8"))


def _tables(out: Path) -> dict[str, pl.DataFrame]:
    return {name: pl.read_parquet(out / f"{name}.parquet") for name in TABLES}


@pytest.fixture(scope="module")
def sample_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tables") / "out"
    _run(out, SAMPLE_DATA)
    return out


def test_hand_uid_is_the_same_for_a_run_of_the_files_in_another_order(tmp_path: Path) -> None:
    files = sorted(SAMPLE_DATA.glob("*.txt"))
    elsewhere = tmp_path / "renamed"
    elsewhere.mkdir()
    moved = [shutil.copy(path, elsewhere / f"night-{k}.txt") for k, path in enumerate(files)]
    _run(tmp_path / "a", *files)
    _run(tmp_path / "b", *reversed(moved))  # other names, other order: other hand_keys
    a, b = _tables(tmp_path / "a"), _tables(tmp_path / "b")
    ident = ["site", "hand_id", "hand_uid"]
    assert a["hands"].select(ident).sort(ident).equals(b["hands"].select(ident).sort(ident))
    assert (
        not a["hands"].sort("hand_uid")["hand_key"].equals(b["hands"].sort("hand_uid")["hand_key"])
    ), "the orders differ, so do the hand keys: the uid does not depend on them"
    assert sorted(a["violations"]["flag_id"]) == sorted(b["violations"]["flag_id"])
    assert sorted(a["violations"]["caused_by"].drop_nulls()) == sorted(
        b["violations"]["caused_by"].drop_nulls()
    )
    quarantine = ["hand_id", "hand_uid", "reason_code"]
    assert (
        a["quarantine"]
        .select(quarantine)
        .sort("hand_id")
        .equals(b["quarantine"].select(quarantine).sort("hand_id"))
    )


def test_every_table_carries_the_hand_uid_of_its_hand(sample_run: Path) -> None:
    tables = _tables(sample_run)
    hands = tables["hands"]
    assert hands["hand_uid"].str.contains(UID).all() and hands["hand_uid"].is_unique().all()
    uid_of = hands.select("hand_key", pl.col("hand_uid").alias("expected"))
    for name in ("seats", "actions", "violations"):
        joined = tables[name].join(uid_of, on="hand_key", how="left")
        assert joined.height and (joined["hand_uid"] == joined["expected"]).all(), name
    flags = tables["violations"]
    assert flags["flag_id"].str.starts_with(flags["hand_uid"] + ":").all()
    quarantine = tables["quarantine"]
    with_id = quarantine.filter(pl.col("hand_id").is_not_null())
    assert with_id.height and with_id["hand_uid"].str.contains(UID).all()
    assert not set(with_id["hand_uid"]) & set(hands["hand_uid"])


def test_a_reused_id_gets_two_uids_and_a_copy_its_first_copys(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(stars_hand(500, undersized=False))
    (folder / "b.txt").write_text(stars_hand(500, undersized=True) + stars_hand(501))
    (folder / "c.txt").write_text(stars_hand(501))  # a true copy of b.txt's second hand
    _run(tmp_path / "out", folder)
    tables = _tables(tmp_path / "out")
    hands = tables["hands"]
    assert hands.filter(pl.col("hand_id") == "500")["hand_uid"].n_unique() == 2
    copy = tables["quarantine"].filter(pl.col("reason_code") == "duplicate")
    first = hands.filter(pl.col("hand_id") == "501")
    assert copy["hand_uid"].to_list() == first["hand_uid"].to_list()


def test_one_dtype_per_column_name_across_the_output_tables(sample_run: Path) -> None:
    seen: dict[str, tuple[str, pl.DataType]] = {}
    for name in TABLES:
        for column, dtype in pl.read_parquet_schema(sample_run / f"{name}.parquet").items():
            first = seen.setdefault(column, (name, dtype))
            assert dtype == first[1], f"{column}: {first[0]} {first[1]}, {name} {dtype}"
    assert seen["street"][1] == Street  # actions and violations alike
    assert {"hand_uid", "run_id", "hand_id", "site"} <= set(seen)


def test_violations_carry_their_hands_currency_and_scale(sample_run: Path) -> None:
    tables = _tables(sample_run)
    units = tables["hands"].select("hand_key", "currency", "scale")
    joined = tables["violations"].join(units, on="hand_key", suffix="_hand")
    assert joined.height == tables["violations"].height > 0
    assert (joined["currency"] == joined["currency_hand"]).all()
    assert (joined["scale"] == joined["scale_hand"]).all()


def test_run_id_is_in_every_table_and_run_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(RUN_ID_ENV, raising=False)
    first, second = _run(tmp_path / "a", SAMPLE_DATA), _run(tmp_path / "b", SAMPLE_DATA)
    assert first["run_id"] != second["run_id"]
    stamp = first["started_at"][:19].replace("-", "").replace(":", "")
    assert first["run_id"].startswith(stamp + "Z-")
    for name, frame in _tables(tmp_path / "a").items():
        assert frame["run_id"].unique().to_list() == [first["run_id"]], name
    monkeypatch.setenv(RUN_ID_ENV, "airflow__2026-12-01")
    assert _run(tmp_path / "c", SAMPLE_DATA)["run_id"] == "airflow__2026-12-01"


def test_the_cards_of_the_audited_hands_are_written_and_shown(sample_run: Path) -> None:
    tables = _tables(sample_run)
    cards = tables["cards"]
    assert cards.height > 0
    assert set(cards["hand_uid"]) <= set(tables["hands"]["hand_uid"])
    assert cards["run_id"].n_unique() == 1
    boards = cards.filter(pl.col("source") == "board")
    assert boards.height > 0
    page = (sample_run / "report.html").read_text("utf-8")
    assert 'class="cards"' in page, "the replay shows the boards of the flagged hands"
