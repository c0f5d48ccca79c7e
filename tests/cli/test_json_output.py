"""`--output-format json` (run, check) and `hhaudit rules --format json`, against their schema."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import polars as pl
import pytest
from click.testing import CliRunner
from run_fixtures import TRUNCATED_HAND, stars_file, stars_hand

from audit.rules import RULES
from hhaudit.cli import main
from hhaudit.cli.json_output import FLAG_SCHEMA, SUMMARY_SCHEMA

FLAG = jsonschema.Draft202012Validator(FLAG_SCHEMA)
SUMMARY = jsonschema.Draft202012Validator(SUMMARY_SCHEMA)


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _lines(stdout: str) -> list[dict]:
    lines = [json.loads(line) for line in stdout.splitlines()]  # each line one JSON object
    assert lines and lines[-1]["type"] == "summary"
    assert all(line["type"] == "flag" for line in lines[:-1])
    for line in lines[:-1]:
        FLAG.validate(line)
    SUMMARY.validate(lines[-1])
    return lines


def _in_chips(text: str) -> str:
    """Dollar amounts as chips, one chip a cent: $0.15 -> 15, $10 -> 1000."""
    cents = re.sub(r"\$(\d+)\.(\d\d)", lambda m: str(int(m[1]) * 100 + int(m[2])), text)
    return re.sub(r"\$(\d+)", lambda m: str(int(m[1]) * 100), cents)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("json")
    (folder / "raises.txt").write_text(stars_file(2000, 4, undersized_every=2))
    chips = stars_hand(2500, undersized=True).replace("($0.05/$0.10 USD)", "(5/10)")
    (folder / "chips.txt").write_text(_in_chips(chips))
    label = stars_hand(3000).replace("raises $0.20 to $0.30", "bets $0.30")
    (folder / "label.txt").write_text(label + TRUNCATED_HAND)
    return folder


def test_run_json_lines_validate_and_match_the_tables(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, stdout, stderr = _invoke("run", str(inputs), "--out", str(out), "--workers", "1",
                                   "--output-format", "json")  # fmt: skip
    assert code == 1 and "Report: " in stderr  # the text summary stays on stderr
    lines = _lines(stdout)
    flags, summary = lines[:-1], lines[-1]
    violations = pl.read_parquet(out / "violations.parquet")
    assert [f["flag_id"] for f in flags] == violations["flag_id"].to_list()
    record = json.loads((out / "run.json").read_text("utf-8"))
    totals = record["totals"]
    assert {k: summary[k] for k in totals} == totals
    if "run_id" in record:  # the warehouse keys of the tables (docs/tables.md)
        assert summary["run_id"] == record["run_id"]
        assert {f["run_id"] for f in flags} == {record["run_id"]}
        assert [f["hand_uid"] for f in flags] == violations["hand_uid"].to_list()
    assert (summary["command"], summary["fail_on"], summary["exit_status"]) == (
        "run",
        "violation",
        1,
    )
    assert summary["quarantine_by_code"] == {"truncated": 1}
    assert summary["additions"]["lines"] == 0  # no top-up, rebuy or add-on line in the inputs

    raise_min = [f for f in flags if f["code"] == "RAISE-MIN" and f["currency"] == "USD"]
    assert [f["hand_id"] for f in raise_min] == ["2000", "2002"]
    first = raise_min[0]
    assert (first["amount_to"], first["min_to"], first["to_call"]) == ("0.15", "0.20", "0.10")
    assert first["file"] == str(inputs / "raises.txt") and first["line"] == 9
    assert (first["player"], first["category"], first["severity"]) == (
        "Alice",
        "betting",
        "violation",
    )
    assert "minimum raise" in first["message"] and first["caused_by"] is None
    chips = next(f for f in flags if f["hand_id"] == "2500")
    assert chips["code"] == "RAISE-MIN" and (chips["amount_to"], chips["min_to"]) == ("15", "20")
    label = next(f for f in flags if f["code"] == "LABEL")
    assert label["severity"] == "warning" and label["category"] == "log"


def test_run_json_without_flags_is_one_summary_line(inputs: Path, tmp_path: Path) -> None:
    clean = tmp_path / "clean.txt"
    clean.write_text(stars_file(9000, 2))
    code, stdout, _ = _invoke("run", str(clean), "--out", str(tmp_path / "o"), "-q",
                              "--workers", "1", "--output-format", "json")  # fmt: skip
    (summary,) = _lines(stdout)
    assert code == 0 and summary["flags"] == 0 and summary["exit_status"] == 0


def test_text_format_prints_nothing_on_stdout(inputs: Path, tmp_path: Path) -> None:
    code, stdout, _ = _invoke("run", str(inputs / "raises.txt"), "--out", str(tmp_path / "o"),
                              "--workers", "1")  # fmt: skip
    assert code == 1 and stdout == ""


def test_check_json_lines(inputs: Path, tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    assert _invoke("parse", str(inputs), "--out", str(tables))[0] == 0
    code, stdout, _ = _invoke("check", str(tables), "--output-format", "json",
                              "--fail-on", "quarantine", "--ignore", "RAISE-MIN")  # fmt: skip
    lines = _lines(stdout)
    assert [f["code"] for f in lines[:-1]] == ["LABEL"]
    summary = lines[-1]
    assert summary["command"] == "check" and summary["by_code"] == {"LABEL": 1}
    assert summary["quarantine_by_code"] == {"truncated": 1}
    assert code == 1 == summary["exit_status"]


def test_the_schema_rejects_what_it_should() -> None:
    good = {
        "type": "flag", "code": "RAISE-MIN", "category": "betting", "severity": "violation",
        "site": "pokerstars", "hand_id": "1", "file": "a.txt", "line": 9, "street": "preflop",
        "seq": 2, "player": "A", "action": "raise", "amount_to": "0.15", "to_call": "0.10",
        "min_to": "0.20", "max_to": None, "currency": "USD", "message": "m", "flag_id": "0:2:X",
        "caused_by": None,
    }  # fmt: skip
    FLAG.validate(good)
    for bad in ({"amount_to": 0.15}, {"amount_to": "1,5"}, {"severity": "fatal"}, {"extra": 1}):
        assert not FLAG.is_valid({**good, **bad}), bad
    assert not FLAG.is_valid({k: v for k, v in good.items() if k != "currency"})
    summary = {
        "type": "summary", "command": "run", "flags": 0, "consequences": 0, "violations": 0,
        "warnings": 0, "infos": 0, "by_code": {}, "quarantine_by_code": {},
        "fail_on": "violation", "exit_status": 0,
        "additions": {"lines": 1, "by_kind": {"rebuy": 1}, "by_site": {"pokerstars": {"rebuy": 1}}},
    }  # fmt: skip
    SUMMARY.validate(summary)
    for bad in ({"lines": -1}, {"by_kind": {"rebuy": "1"}}, {"by_site": {"pokerstars": 1}}):
        assert not SUMMARY.is_valid({**summary, "additions": {**summary["additions"], **bad}}), bad


def test_rules_format_json() -> None:
    code, stdout, _ = _invoke("rules", "--format", "json")
    assert code == 0
    records = json.loads(stdout)
    assert [r["code"] for r in records] == list(RULES)
    reopen = next(r for r in records if r["code"] == "REOPEN")
    assert reopen["category"] == "betting" and reopen["structures"] == ["NL", "PL", "FL", "CAP"]
    fold = next(r for r in records if r["code"] == "FOLD-NO-BET")
    assert fold["severity_option"] == "fold_without_bet"
    assert all(set(r) == {"code", "category", "severity", "severity_option", "structures",
                          "citation", "spec", "summary"} for r in records)  # fmt: skip
    assert reopen["citation"].startswith("spec B-3; ") and reopen["spec"] == ["docs/spec.md#b-3"]
