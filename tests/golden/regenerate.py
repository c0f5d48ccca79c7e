"""Rewrite tests/golden/<sample stem>.json from today's parser output.

    .venv/bin/python -m tests.golden.regenerate [FILE ...]

The tables come from `parsers.parse_file`; the expected violations come from EXPECTED below,
which is written by hand from sample_data/README.md, never from the checker's output. Read the
diff (`git diff tests/golden`) before committing: a golden file that merely records today's
output proves nothing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import polars as pl

REPO = Path(__file__).resolve().parents[2]
SAMPLE_DATA = REPO / "sample_data"
GOLDEN = Path(__file__).resolve().parent
TABLES = ("hands", "seats", "actions", "quarantine")

#: (hand_id, seq or None for hand-level, code): every flag the audit must raise, per file stem.
#: Files not listed must raise nothing at all (no violation, warning or info).
EXPECTED: dict[str, list[tuple[str, int | None, str]]] = {
    "NLHE-6max-USD-0.50-1.00.undersized-raise": [
        ("203100000000", 3, "RAISE-MIN"),
        ("203100000001", 2, "RAISE-MIN"),
        ("203100000002", 2, "RAISE-MIN"),
    ],
    "NLHE-6max-USD-0.50-1.00.short-allin-reopen": [
        ("210700000017", 8, "REOPEN"),
        ("210700000166", 8, "REOPEN"),
    ],
    "PLO-6max-USD-0.50-1.00.pl-overbet": [
        ("203300000000", 3, "PL-MAX"),
        ("203300000001", 3, "PL-MAX"),
        ("203300000002", 3, "PL-MAX"),
    ],
    "FLHE-6max-USD-1-2.wrong-size": [
        ("203400000000", 2, "FL-SIZE"),
        ("203400000001", 4, "FL-SIZE"),
        ("203400000002", 2, "FL-SIZE"),
    ],
    "FLHE-6max-USD-1-2.over-cap": [
        ("203700000001", 12, "FL-CAP"),
        ("203700000003", 7, "FL-CAP"),
    ],
    "NLHE-6max-USD-0.50-1.00.out-of-turn": [
        ("203500000000", 2, "ORDER"),
        ("203500000001", 2, "ORDER"),
        ("203500000002", 3, "ORDER"),
    ],
    "NLHE-6max-USD-0.50-1.00.misreported-pot": [
        ("203600000000", None, "POT-TOTAL"),
        ("203600000001", None, "POT-TOTAL"),
    ],
    "NLHE-6max-USD-0.50-1.00.wrong-winner": [
        ("212000000000", None, "SHOWDOWN-WINNER"),
    ],
}
#: Hands that must be quarantined (hand_id), per file stem; no other hand may be.
EXPECTED_QUARANTINE: dict[str, list[str]] = {
    "NLHE-6max-USD-0.50-1.00.corrupted-truncated": ["299100000003"],
}


def sample_files() -> list[Path]:
    return sorted(SAMPLE_DATA.glob("*.txt"))


def golden_path(sample: Path) -> Path:
    return GOLDEN / f"{sample.stem}.json"


def plain(value: Any) -> Any:
    """JSON-friendly scalars: timestamps as ISO text."""
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def table_rows(frame: pl.DataFrame) -> list[dict[str, Any]]:
    """Rows as dicts, with `source_file` reduced to the file name (runs differ in paths)."""
    if "source_file" in frame.columns:
        frame = frame.with_columns(pl.col("source_file").str.split("/").list.last())
    return [{k: plain(v) for k, v in row.items()} for row in frame.iter_rows(named=True)]


def parsed_rows(sample: Path) -> dict[str, list[dict[str, Any]]]:
    from parsers import parse_file

    tables = parse_file(sample)
    return {name: table_rows(getattr(tables, name)) for name in TABLES}


def expected_violations(stem: str) -> list[dict[str, Any]]:
    return [
        {"hand_id": hand_id, "seq": seq, "code": code}
        for hand_id, seq, code in EXPECTED.get(stem, [])
    ]


def dumps(document: dict[str, Any]) -> str:
    """JSON with one table row per line: readable in a diff."""
    parts = ["{"]
    items = list(document.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(value, list):
            rows = [f"    {json.dumps(row, ensure_ascii=False)}" for row in value]
            body = ",\n".join(rows)
            parts.append(f'  "{key}": [\n{body}\n  ]{comma}' if rows else f'  "{key}": []{comma}')
        else:
            parts.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}{comma}')
    parts.append("}")
    return "\n".join(parts) + "\n"


def regenerate(sample: Path) -> Path:
    document: dict[str, Any] = {"file": sample.name}
    document.update(parsed_rows(sample))
    document["expected_quarantine"] = EXPECTED_QUARANTINE.get(sample.stem, [])
    document["expected_violations"] = expected_violations(sample.stem)
    target = golden_path(sample)
    target.write_text(dumps(document), encoding="utf-8")
    return target


def main(argv: list[str]) -> int:
    samples = [Path(arg) for arg in argv] or sample_files()
    for sample in samples:
        print(regenerate(sample).relative_to(REPO))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
