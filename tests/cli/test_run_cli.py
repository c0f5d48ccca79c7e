"""`hhaudit run` end to end: outputs, counts, exit codes, archives, hostile names, atomicity."""

from __future__ import annotations

import csv
import gzip
import json
import zipfile
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from run_fixtures import HOSTILE_NAMES, TRUNCATED_HAND, stars_file

from hhaudit.cli import main

OUTPUTS = (
    "hands.parquet",
    "seats.parquet",
    "actions.parquet",
    "violations.parquet",
    "quarantine.parquet",
    "violations.csv",
    "summary.csv",
    "quarantine.csv",
    "report.html",
    "run.json",
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["run", *args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _rows(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    """Two clean files, one with two undersized raises, one with a truncated hand."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "clean.txt").write_text(stars_file(1000, 4))
    (folder / "raises.txt").write_text(stars_file(2000, 4, undersized_every=2))
    (folder / "broken.txt").write_text(stars_file(3000, 2) + TRUNCATED_HAND)
    (folder / "notes.md").write_text("# not a hand history\n")
    return folder


def test_outputs_columns_and_counts(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, stderr = run(str(inputs), "--out", str(out))
    assert code == 1 and stdout == ""
    assert "Report: " in stderr and "report.html" in stderr
    assert all((out / name).is_file() for name in OUTPUTS)
    record = json.loads((out / "run.json").read_text())
    totals = record["totals"]
    assert totals["hands_read"] == 11 == totals["hands_audited"] + totals["hands_quarantined"]
    assert (totals["hands_audited"], totals["hands_quarantined"]) == (10, 1)
    assert [f["path"].rsplit("/", 1)[-1] for f in record["files"]] == [
        "broken.txt", "clean.txt", "raises.txt"
    ]  # fmt: skip
    assert record["skipped_files"] == [str(inputs / "notes.md")]
    for entry in record["files"]:
        assert set(entry) >= {"path", "sha256", "size", "site", "encoding", "hands_read",
                              "hands_audited", "hands_quarantined", "error"}  # fmt: skip
        assert entry["hands_read"] == entry["hands_audited"] + entry["hands_quarantined"]
        assert entry["site"] == "pokerstars" and len(entry["sha256"]) == 64
    assert record["tool"]["name"] == "hhaudit" and "default" in record["options"]
    assert record["started_at"] <= record["finished_at"]

    hands = pl.read_parquet(out / "hands.parquet")
    assert hands.height == totals["hands_audited"] and hands["hand_key"].is_unique().all()
    actions = pl.read_parquet(out / "actions.parquet")
    assert {"to_call", "min_to", "max_to"} <= set(actions.columns)
    assert set(actions["hand_key"].unique()) <= set(hands["hand_key"])
    violations = pl.read_parquet(out / "violations.parquet")
    flagged = violations.filter(pl.col("code") == "RAISE-MIN")
    assert sorted(flagged["hand_id"].to_list()) == ["2000", "2002"]
    assert totals["violations"] == violations.filter(pl.col("severity") == "violation").height
    assert sum(totals["by_code"].values()) == totals["flags"] == violations.height

    csv_rows = _rows(out / "violations.csv")
    assert len(csv_rows) == violations.height
    raise_min = next(r for r in csv_rows if r["code"] == "RAISE-MIN")
    assert (raise_min["amount_to"], raise_min["min_to"]) == ("0.15", "0.20")
    assert raise_min["player"] == "Alice" and raise_min["source_file"].endswith("raises.txt")
    quarantine = _rows(out / "quarantine.csv")
    assert list(quarantine[0])[:5] == ["site", "source_file", "line_no", "hand_id", "hand_uid"]
    assert [q["hand_id"] for q in quarantine] == ["999000111"]
    summary = _rows(out / "summary.csv")
    assert {r["dimension"] for r in summary} >= {"code", "site", "stakes", "day"}


def test_exit_codes_clean_flagged_exit_zero(inputs: Path, tmp_path: Path) -> None:
    assert run(str(inputs / "clean.txt"), "--out", str(tmp_path / "a"))[0] == 0
    assert run(str(inputs / "raises.txt"), "--out", str(tmp_path / "b"))[0] == 1
    # a truncated hand fails the run only with --fail-on quarantine (#13: it used to exit 1)
    assert run(str(inputs / "broken.txt"), "--out", str(tmp_path / "c"))[0] == 0
    broken = (str(inputs / "broken.txt"), "--out", str(tmp_path / "c2"))
    assert run(*broken, "--fail-on", "quarantine")[0] == 1
    assert run(str(inputs), "--out", str(tmp_path / "d"), "--exit-zero")[0] == 0


def test_usage_and_io_errors_exit_2(inputs: Path, tmp_path: Path) -> None:
    assert run(str(tmp_path / "missing.txt"), "--out", str(tmp_path / "o"))[0] == 2
    assert run(str(inputs), "--out", str(tmp_path / "o"), "--no-such-option")[0] == 2
    assert run(str(inputs))[0] == 2  # --out is required
    bad_config = tmp_path / "bad.toml"
    bad_config.write_text("[nonsense]\nx = 1\n")
    assert run(str(inputs), "--out", str(tmp_path / "o"), "--config", str(bad_config))[0] == 2
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    code, _, stderr = run(str(inputs / "clean.txt"), "--out", str(blocker / "sub"))
    assert code == 2 and "error" in stderr


def test_archives_zip_gz_traversal_and_bomb(inputs: Path, tmp_path: Path) -> None:
    bundle = tmp_path / "bundle.zip"
    with zipfile.ZipFile(bundle, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("day/clean.txt", stars_file(5000, 2))
        archive.writestr("../escape.txt", stars_file(6000, 1))
        archive.writestr("bomb.txt", b"\0" * (30 << 20))
    gz = tmp_path / "raises.txt.gz"
    gz.write_bytes(gzip.compress((inputs / "raises.txt").read_bytes()))
    out = tmp_path / "out"
    code, _, _ = run(str(bundle), str(gz), "--out", str(out))
    assert code == 1
    record = json.loads((out / "run.json").read_text())
    by_path = {f["path"]: f for f in record["files"]}
    assert by_path[f"{bundle}!day/clean.txt"]["hands_audited"] == 2
    assert by_path[str(tmp_path / "raises.txt.gz")]["hands_audited"] == 4
    assert "'..'" in by_path[f"{bundle}!../escape.txt"]["error"]
    assert "ratio" in by_path[f"{bundle}!bomb.txt"]["error"]
    assert record["totals"]["files_with_errors"] == 2
    reasons = {q["source_file"]: q["reason"] for q in _rows(out / "quarantine.csv")}
    assert f"{bundle}!../escape.txt" in reasons and f"{bundle}!bomb.txt" in reasons
    assert not (tmp_path / "escape.txt").exists()
    hands = pl.read_parquet(out / "hands.parquet")
    assert hands["source_file"].str.starts_with(str(bundle)).sum() == 2


def test_hostile_names_escaped_in_html_neutralized_in_csv_raw_in_parquet(tmp_path: Path) -> None:
    source = tmp_path / "hostile.txt"
    source.write_text(stars_file(7000, 2, undersized_every=1, names=HOSTILE_NAMES))
    out = tmp_path / "out"
    assert run(str(source), "--out", str(out))[0] == 1
    rows = _rows(out / "violations.csv")
    assert rows and all(r["player"] == HOSTILE_NAMES[0] for r in rows if r["code"] == "RAISE-MIN")
    players = set(pl.read_parquet(out / "seats.parquet")["player"])
    assert players == set(HOSTILE_NAMES)  # Parquet keeps names raw
    with open(out / "violations.csv", encoding="utf-8") as handle:
        for cell in (c for row in csv.reader(handle) for c in row):
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    html = (out / "report.html").read_text()
    assert HOSTILE_NAMES[0] not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert html.count("<script") == 1


def test_failed_run_leaves_no_complete_looking_output(
    inputs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    assert run(str(inputs / "clean.txt"), "--out", str(out))[0] == 0
    before = {path.name: path.read_bytes() for path in out.iterdir()}

    def broken_render(*args: object, **kwargs: object) -> str:
        raise RuntimeError("renderer crashed")

    monkeypatch.setattr("reports.html.render_report", broken_render)
    code, _, stderr = run(str(inputs), "--out", str(out))
    assert code == 2 and "incomplete" in stderr
    # the new set never replaced the previous one (hhaudit/run/outdir.py): that one stays whole
    assert {path.name: path.read_bytes() for path in out.iterdir()} == before
    assert not list(out.glob(".*.partial")) and not list(out.glob("*.partial"))


def test_progress_goes_to_stderr_only_when_asked(inputs: Path, tmp_path: Path) -> None:
    _, stdout, stderr = run(str(inputs / "clean.txt"), "--out", str(tmp_path / "a"), "-q")
    assert stdout == "" and stderr == ""
    _, stdout, stderr = run(str(inputs / "clean.txt"), "--out", str(tmp_path / "b"), "--progress")
    assert stdout == "" and "files" in stderr and "hands" in stderr
    _, _, stderr = run(str(inputs), "--out", str(tmp_path / "c"), "-v")
    assert "raises.txt: audited, 4 hands" in stderr
