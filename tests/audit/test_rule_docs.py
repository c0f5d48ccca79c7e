"""docs/rules.md's rules table and the README's code list are current with the registry
(`make docs`, tools/rule_table.py), and the check notices a stale copy."""

from __future__ import annotations

import shutil
from pathlib import Path

from audit.rules import RULES
from tools.rule_table import ROOT, TARGETS, code_list, rules_table, stale


def test_generated_docs_are_current() -> None:
    assert stale() == [], "run `make docs` (python -m tools.rule_table)"


def test_a_stale_table_is_noticed(tmp_path: Path) -> None:
    for name in TARGETS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    rules = tmp_path / "docs" / "rules.md"
    rules.write_text(rules.read_text().replace("| `ORDER` | betting |", "| `ORDER` | log |"))
    assert stale(tmp_path) == ["docs/rules.md"]


def test_every_rule_is_in_both() -> None:
    table, codes = rules_table(), code_list()
    for code in RULES:
        assert f"| `{code}` |" in table
        assert code in codes
