"""`hhaudit parse`: tables and run.json written atomically, files and folders, bad files."""

from __future__ import annotations

import json

import polars as pl
from click.testing import CliRunner
from parse_samples import BASIC_HAND

from hhaudit.cli import main
from parsers.games import Street
from parsers.schema import POLARS_SCHEMAS


def test_parse_command_writes_tables_and_run_json(tmp_path):
    inputs = tmp_path / "in"
    (inputs / "sub").mkdir(parents=True)
    (inputs / "b.txt").write_text(BASIC_HAND + "\n\n" + BASIC_HAND.replace("#1001", "#1002"))
    (inputs / "sub" / "a.txt").write_text(BASIC_HAND.split("*** SUMMARY")[0])
    (inputs / "junk.bin").write_bytes(b"\x00\x01garbage")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["parse", str(inputs), "--out", str(out)])
    assert result.exit_code == 0, result.output
    run = json.loads((out / "run.json").read_text())
    assert (run["files"], run["hands_read"], run["hands_parsed"], run["hands_quarantined"]) == (
        3,
        3,
        2,
        1,
    )
    entries = {entry["path"].rsplit("/", 1)[-1]: entry for entry in run["inputs"]}
    assert [e["path"].rsplit("/", 1)[-1] for e in run["inputs"]] == ["b.txt", "junk.bin", "a.txt"]
    assert entries["junk.bin"]["error"].startswith("not a hand history")
    assert entries["a.txt"]["quarantined"] == 1 and entries["b.txt"]["parsed"] == 2
    assert set(entries["b.txt"]) == {
        "path",
        "sha256",
        "size",
        "site",
        "encoding",
        "hands",
        "parsed",
        "quarantined",
        "error",
    }
    for name, schema in POLARS_SCHEMAS.items():
        frame = pl.read_parquet(out / f"{name}.parquet")
        # the written tables name the street: the Street Enum of its ids (docs/tables.md)
        written = {**schema, **({"street": Street} if "street" in schema else {})}
        assert frame.schema == pl.Schema(written), name
    streets = pl.read_parquet(out / "actions.parquet").get_column("street")
    assert set(streets.cast(pl.String)) >= {"preflop", "showdown"}
    assert pl.read_parquet(out / "hands.parquet").height == 2
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temp files left


def test_parse_command_needs_out(tmp_path):
    (tmp_path / "a.txt").write_text(BASIC_HAND)
    result = CliRunner().invoke(main, ["parse", str(tmp_path / "a.txt")])
    assert result.exit_code == 2
