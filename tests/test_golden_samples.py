"""Golden tests: every sample_data file parses to exactly its tests/golden/<stem>.json tables,
and the audit flags exactly what sample_data/README.md (and the golden file) says.

Regenerate with `.venv/bin/python -m tests.golden.regenerate` and read the diff.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from golden.regenerate import (
    EXPECTED,
    EXPECTED_QUARANTINE,
    SAMPLE_DATA,
    TABLES,
    golden_path,
    parsed_rows,
    sample_files,
)

SAMPLES = sample_files()
README = (SAMPLE_DATA / "README.md").read_text(encoding="utf-8")


def load_golden(sample: Path) -> dict[str, Any]:
    return json.loads(golden_path(sample).read_text(encoding="utf-8"))


def first_difference(expected: list[dict], actual: list[dict]) -> str:
    for index, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want != got:
            changed = {k: (want.get(k), got.get(k)) for k in want.keys() | got.keys()
                       if want.get(k) != got.get(k)}  # fmt: skip
            return f"row {index}: (expected, parsed) {changed}"
    return f"{len(expected)} rows expected, {len(actual)} parsed"


def test_there_are_samples_and_each_has_a_golden_file_and_a_readme_entry() -> None:
    assert len(SAMPLES) >= 25
    for sample in SAMPLES:
        assert golden_path(sample).exists(), f"no golden file for {sample.name}"
        assert f"`{sample.name}`" in README, f"{sample.name} is not described in README.md"


def readme_row(sample_name: str) -> str:
    return next(line for line in README.splitlines() if line.startswith(f"| `{sample_name}`"))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.stem)
def test_readme_names_the_expected_codes(sample: Path) -> None:
    """README's row for a file with violations names each expected code, and sits in the
    violations table; legal files sit in the legal table."""
    row = readme_row(sample.name)
    legal_part, violations_part = README.split("## Hands with real rule violations")
    expected = {code for _, _, code in EXPECTED.get(sample.stem, [])}
    assert all(code in row for code in expected), row
    in_violations_table = row in violations_part
    assert in_violations_table == bool(expected or sample.stem in EXPECTED_QUARANTINE)
    assert in_violations_table != (row in legal_part)


def test_expectations_name_existing_samples() -> None:
    stems = {sample.stem for sample in SAMPLES}
    assert set(EXPECTED) <= stems
    assert set(EXPECTED_QUARANTINE) <= stems


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.stem)
def test_sample_parses_to_its_golden_tables(sample: Path) -> None:
    golden = load_golden(sample)
    parsed = parsed_rows(sample)
    for table in TABLES:
        assert parsed[table] == golden[table], (
            f"{table}: {first_difference(golden[table], parsed[table])}"
        )


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.stem)
def test_golden_expectations_match_the_readme_table(sample: Path) -> None:
    """The golden file's expected flags are the hand-written ones, not a recording."""
    golden = load_golden(sample)
    want = [list(item) for item in EXPECTED.get(sample.stem, [])]
    assert [[v["hand_id"], v["seq"], v["code"]] for v in golden["expected_violations"]] == want
    assert golden["expected_quarantine"] == EXPECTED_QUARANTINE.get(sample.stem, [])
    quarantined = [row["hand_id"] for row in golden["quarantine"]]
    assert quarantined == golden["expected_quarantine"]


@cache
def audit_flags() -> pl.DataFrame:
    """Every flag the checker raises on the whole of sample_data (one run, cards included: the
    RULES.md §11 card and showdown rules judge the samples too)."""
    audit = pytest.importorskip("audit", reason="audit.check has not landed yet")
    if not hasattr(audit, "check"):
        pytest.skip("audit.check has not landed yet")
    from parsers import parse_paths

    tables = parse_paths([SAMPLE_DATA])
    result = audit.check(
        tables.hands, tables.seats, tables.actions, audit.Options(), cards=tables.cards
    )
    return result.violations.with_columns(
        pl.col("source_file").str.split("/").list.last().alias("file")
    )


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.stem)
def test_audit_flags_exactly_the_expected_violations(sample: Path) -> None:
    flags = audit_flags().filter(pl.col("file") == sample.name)
    found = sorted(
        (row["hand_id"], row["seq"], row["code"], str(row["severity"]))
        for row in flags.iter_rows(named=True)
    )
    expected = [(h, s, c, "violation") for h, s, c in EXPECTED.get(sample.stem, [])]
    assert found == sorted(expected)
