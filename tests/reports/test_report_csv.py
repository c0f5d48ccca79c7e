"""CSV outputs: formula neutralization, decimal amounts, columns and counts."""

from __future__ import annotations

import csv
from pathlib import Path

import polars as pl
import pytest
import report_frames as rf

from reports.columns import decimal_amount, neutralize_formula, stakes_label
from reports.csv import (
    QUARANTINE_CSV_COLUMNS,
    VIOLATION_CSV_COLUMNS,
    quarantine_csv_frame,
    violations_csv_frame,
    write_csv,
)
from reports.summary import summary_table


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("+SUM(A1)", "'+SUM(A1)"),
        ("-2+3", "'-2+3"),
        ("@cmd", "'@cmd"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Bob=1", "Bob=1"),
        ("  =x", "  =x"),
        ("Ørjan", "Ørjan"),
        ("", ""),
        (None, None),
    ],
)
def test_neutralize_formula(cell: str | None, expected: str | None) -> None:
    frame = pl.DataFrame({"c": [cell]}, schema={"c": pl.String})
    assert frame.select(neutralize_formula("c")).item() == expected


@pytest.mark.parametrize(
    ("amount", "scale", "expected"),
    [(150, 100, "1.50"), (5, 100, "0.05"), (-250, 100, "-2.50"), (1500, 1, "1500"),
     (0, 100, "0.00"), (7, 1000, "0.007"), (None, 100, None)],
)  # fmt: skip
def test_decimal_amount(amount: int | None, scale: int, expected: str | None) -> None:
    frame = pl.DataFrame(
        {"a": [amount], "scale": [scale]}, schema={"a": pl.Int64, "scale": pl.Int32}
    )
    assert frame.select(decimal_amount("a")).item() == expected


def test_stakes_label_cash_and_tournament() -> None:
    labels = rf.hands().select(stakes_label()).to_series().to_list()
    assert labels == ["NL 0.50/1.00 USD", "NL 0.50/1.00 USD", "NL 50/100 chips (tournament)"]


def _read(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_violations_csv_columns_amounts_and_neutralized_names(tmp_path: Path) -> None:
    path = tmp_path / "violations.csv"
    write_csv(violations_csv_frame(rf.violations().lazy(), rf.hands().lazy()), path)
    rows = _read(path)
    assert list(rows[0]) == list(VIOLATION_CSV_COLUMNS)
    assert len(rows) == rf.violations().height
    # triage order: the betting violations (lines 12, 32, 52), the accounting one, the warning
    cash, chips = rows[0], rows[2]
    assert (cash["amount_to"], cash["to_call"], cash["min_to"]) == ("1.50", "1.00", "2.00")
    assert (chips["amount_to"], chips["min_to"], chips["currency"]) == ("150", "200", "chips")
    assert cash["player"] == "'" + rf.FORMULA_PLAYER
    assert rows[3]["player"] == "'" + rf.TAB_PLAYER
    assert chips["message"] == "'+1 short raise"
    assert rows[1]["player"] == rf.XSS_PLAYER  # not a formula: kept as is
    hand_level = rows[4]
    assert hand_level["seq"] == "" and hand_level["code"] == "POT-TOTAL"
    hands = rf.hands().row(0, named=True)  # the hand's context, readable without a join
    assert cash["started_at"] == hands["started_at"].strftime("%Y-%m-%dT%H:%M:%SZ")
    assert (cash["table_name"], cash["game"]) == (hands["table_name"], hands["game"])
    assert (cash["stakes"], chips["stakes"]) == ("NL 0.50/1.00 USD", "NL 50/100 chips (tournament)")
    for row in rows:
        assert not any(value.startswith(("=", "+", "-", "@", "\t", "\r")) for value in row.values())


def test_quarantine_csv(tmp_path: Path) -> None:
    path = tmp_path / "quarantine.csv"
    hostile = rf.quarantine().with_columns(hand_id=pl.lit("=evil()"))
    write_csv(quarantine_csv_frame(hostile.lazy()), path)
    rows = _read(path)
    assert list(rows[0]) == list(QUARANTINE_CSV_COLUMNS)
    assert {"site", "reason_code", "hand_uid", "run_id"} <= set(rows[0])
    assert rows[0]["site"] == rf.quarantine()["site"][0]
    assert rows[0]["reason_code"] == "damaged"  # a seat line naming a player twice
    assert rows[0]["hand_id"] == "'=evil()" and rows[0]["line_no"] == "90"


def test_summary_counts_by_code_site_stakes_day() -> None:
    table = summary_table(rf.violations().lazy(), rf.hands().lazy())
    by = {(row["dimension"], row["key"]): row for row in table.to_dicts()}
    assert set(table["dimension"].unique()) == {"category", "code", "site", "stakes", "day"}
    assert by[("category", "betting")]["flags"] == 3
    assert by[("category", "accounting")]["flags"] == 2
    assert by[("code", "RAISE-MIN")]["flags"] == 3 and by[("code", "RAISE-MIN")]["violation"] == 3
    assert by[("code", "POT-TOTAL")]["warning"] == 1
    assert by[("site", "pokerstars")]["hands"] == 3 and by[("site", "pokerstars")]["flags"] == 5
    assert by[("stakes", "NL 50/100 chips (tournament)")]["hands_flagged"] == 1
    assert by[("day", "2024-06-01")]["flags"] == 3 and by[("day", "2024-06-02")]["flags"] == 2
    for dimension in ("category", "code", "site", "stakes", "day"):
        rows = table.filter(pl.col("dimension") == dimension)
        assert rows["flags"].sum() == rf.violations().height


def test_summary_counts_hands_without_flags() -> None:
    table = summary_table(rf.violations().head(0).lazy(), rf.hands().lazy())
    site = table.filter(pl.col("dimension") == "site").to_dicts()
    assert site == [{"dimension": "site", "key": "pokerstars", "hands": 3, "hands_flagged": 0,
                     "flags": 0, "violation": 0, "warning": 0, "info": 0,
                     "consequences": 0}]  # fmt: skip


def test_summary_counts_root_causes_and_their_consequences() -> None:
    violations = rf.violations()
    cause = violations.filter(pl.col("code") == "CALL-AMOUNT")["flag_id"].item()
    linked = violations.with_columns(
        caused_by=pl.when(pl.col("code") == "POT-TOTAL").then(pl.lit(cause))
    )
    table = summary_table(linked.lazy(), rf.hands().lazy())
    by = {(row["dimension"], row["key"]): row for row in table.to_dicts()}
    assert (by[("code", "POT-TOTAL")]["flags"], by[("code", "POT-TOTAL")]["warning"]) == (0, 0)
    assert by[("code", "POT-TOTAL")]["consequences"] == 1
    assert by[("site", "pokerstars")]["flags"] == violations.height - 1
    assert by[("category", "accounting")]["consequences"] == 1


def test_violations_csv_carries_category_flag_id_and_cause(tmp_path: Path) -> None:
    path = tmp_path / "violations.csv"
    write_csv(violations_csv_frame(rf.violations().lazy(), rf.hands().lazy()), path)
    rows = _read(path)
    assert [row["category"] for row in rows] == ["betting"] * 3 + ["accounting"] * 2
    assert len({row["flag_id"] for row in rows}) == len(rows)
    assert all(row["caused_by"] == "" for row in rows)


def test_violations_csv_is_in_triage_order(tmp_path: Path) -> None:
    """Severity first (violations, warnings, info), then category in the registry's order, then
    file and line; a hand-level flag after the action flags of its line. The table's own order
    (by hand, as the audit wrote it) is shuffled first, so the order comes from the writer."""
    base = rf.violations().head(1)
    rows = [  # severity, category, code, file, line, seq
        ("info", "log", "FOLD-NO-BET", "a.txt", 5, 1),
        ("warning", "betting", "RAISE-NO-OPP", "a.txt", 9, 2),
        ("violation", "session", "STACK-CARRY", "a.txt", 1, None),
        ("violation", "betting", "RAISE-MIN", "b.txt", 3, 2),
        ("violation", "accounting", "POT-TOTAL", "a.txt", 7, None),
        ("violation", "betting", "RAISE-MIN", "a.txt", 30, 4),
        ("violation", "betting", "REOPEN", "a.txt", 30, 3),
        ("violation", "accounting", "CALL-AMOUNT", "a.txt", 7, 5),
        ("warning", "betting", "RAISE-NO-OPP", "a.txt", 2, 2),
    ]
    frames = [
        base.with_columns(
            severity=pl.lit(sev).cast(base.schema["severity"]), category=pl.lit(category),
            code=pl.lit(code), source_file=pl.lit(name), line_no=pl.lit(line, dtype=pl.Int32),
            seq=pl.lit(seq, dtype=pl.Int32), flag_id=pl.lit(f"0:{seq or 'h'}:{code}:{n}"),
        )
        for n, (sev, category, code, name, line, seq) in enumerate(rows)
    ]  # fmt: skip
    flags = pl.concat(frames).sample(fraction=1.0, shuffle=True, seed=7)
    path = tmp_path / "violations.csv"
    write_csv(violations_csv_frame(flags.lazy(), rf.hands().lazy()), path)
    got = [(r["severity"], r["category"], r["source_file"], r["line_no"], r["code"])
           for r in _read(path)]  # fmt: skip
    assert got == [
        ("violation", "betting", "a.txt", "30", "REOPEN"),
        ("violation", "betting", "a.txt", "30", "RAISE-MIN"),
        ("violation", "betting", "b.txt", "3", "RAISE-MIN"),
        ("violation", "accounting", "a.txt", "7", "CALL-AMOUNT"),
        ("violation", "accounting", "a.txt", "7", "POT-TOTAL"),
        ("violation", "session", "a.txt", "1", "STACK-CARRY"),
        ("warning", "betting", "a.txt", "2", "RAISE-NO-OPP"),
        ("warning", "betting", "a.txt", "9", "RAISE-NO-OPP"),
        ("info", "log", "a.txt", "5", "FOLD-NO-BET"),
    ]
