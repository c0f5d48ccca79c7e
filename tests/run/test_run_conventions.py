"""One accounting code on a large share of a file's hands: the run calls it a likely convention
of the export (hhaudit/run/conventions.py), per file and run-wide in run.json, and in the report."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from click.testing import CliRunner
from test_run_causes import WRONG_POT

from hhaudit.cli import main
from hhaudit.run.batch import FileEntry
from hhaudit.run.conventions import MIN_HANDS, MIN_SHARE, likely_conventions


def _flags(file: str, code: str, category: str, hands: int) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "source_file": [file] * hands,
            "hand_key": list(range(hands)),
            "code": [code] * hands,
            "category": [category] * hands,
        }
    )


def _entry(path: str, audited: int) -> FileEntry:
    return FileEntry(path=path, sha256="", size=0, hands_read=audited, hands_audited=audited)


def test_the_threshold_is_five_hands_and_a_fifth_of_the_file() -> None:
    assert (MIN_HANDS, MIN_SHARE) == (5, 0.20)
    entries = [_entry("a", 25), _entry("b", 10), _entry("c", 26), _entry("d", 5)]
    flags = pl.concat(
        [
            _flags("a", "POT-TOTAL", "accounting", 5),  # 5 of 25: yes
            _flags("b", "POT-TOTAL", "accounting", 4),  # 4 of 10: too few hands
            _flags("c", "POT-TOTAL", "accounting", 5),  # 5 of 26: under a fifth
            _flags("d", "RAISE-MIN", "betting", 5),  # a betting code: never
        ]
    )
    found = likely_conventions(entries, flags.lazy())
    assert [(item["file"], item["code"], item["hands"], item["audited"]) for item in found] == [
        ("a", "POT-TOTAL", 5, 25)
    ]
    assert found[0]["note"] == (
        "POT-TOTAL on 5 of 25 hands of this file: more likely a convention of the export "
        "than 5 faults"
    )


def test_a_hand_counts_once_per_code() -> None:
    flags = pl.concat([_flags("a", "POT-TOTAL", "accounting", 4)] * 3)
    assert likely_conventions([_entry("a", 4)], flags.lazy()) == []


def test_the_run_says_so_next_to_the_counts(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    hands = [WRONG_POT.replace("203600000000", f"20370000000{i}") for i in range(6)]
    (inputs / "pots.txt").write_text("\n\n".join(hands))
    (inputs / "one.txt").write_text(WRONG_POT)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["run", str(inputs), "--out", str(out), "--exit-zero"])
    assert result.exit_code == 0, result.output
    record = json.loads((out / "run.json").read_text())
    listed = record["totals"]["likely_conventions"]
    assert {(Path(item["file"]).name, item["code"], item["hands"]) for item in listed} == {
        ("pots.txt", "POT-TOTAL", 6),
        ("pots.txt", "CHIP-CONSERVATION", 6),
    }
    per_file = {Path(entry["path"]).name: entry["conventions"] for entry in record["files"]}
    assert per_file["one.txt"] == []
    assert [item["code"] for item in per_file["pots.txt"]] == ["CHIP-CONSERVATION", "POT-TOTAL"]
    note = "POT-TOTAL on 6 of 6 hands of this file: more likely a convention of the export"
    assert note in (out / "report.html").read_text()
    assert note in result.output
    assert record["totals"]["violations"] == 7  # the flags are all kept and counted
