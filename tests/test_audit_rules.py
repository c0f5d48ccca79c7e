"""Each rule's docstring examples, actually audited: the violating one is flagged on the marked
row (or on the hand), the legal one is not flagged at all. Plus registry conventions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import audit.rules
from audit import RULES, check
from audit.examples import example_sections, parse_example
from audit.rules import EXTENSIONS, MODULE_OF
from audit.testing import tables_from_vector


def _codes_at(text: str) -> tuple[list[tuple[int | None, str]], int | None]:
    vector, flagged = parse_example(text)
    result = check(*tables_from_vector(vector))
    found = list(zip(result.violations["seq"], result.violations["code"], strict=True))
    return found, flagged


@pytest.mark.parametrize("code", sorted(RULES))
def test_violating_example_is_flagged(code: str) -> None:
    found, flagged = _codes_at(example_sections(RULES[code].doc)["Violating"])
    if flagged is None:  # a hand-level example
        assert (None, code) in found, found
    else:
        assert (flagged, code) in found, found


@pytest.mark.parametrize("code", sorted(RULES))
def test_legal_example_is_clean(code: str) -> None:
    found, _ = _codes_at(example_sections(RULES[code].doc)["Legal"])
    assert code not in {c for _, c in found}, found


def test_registry_holds_every_rules_md_code(vectors_path: Path) -> None:
    codes = json.loads(vectors_path.read_text())["codes"]  # RULES.md §4-5, with severities
    assert sorted(set(RULES) - set(EXTENSIONS)) == sorted(codes)
    assert {code: RULES[code].severity for code in codes} == {
        code: spec["severity"] for code, spec in codes.items()
    }
    assert not set(EXTENSIONS) & set(codes)  # an extension that RULES.md now has: drop it


@pytest.mark.parametrize("code", sorted(RULES))
def test_module_named_after_code(code: str) -> None:
    module = MODULE_OF[code].rsplit(".", 1)[1]
    assert module == code.lower().replace("-", "_")
    assert RULES[code].severity in ("violation", "warning", "info")
    assert RULES[code].citation.startswith("RULES.md")


def test_rules_package_lists_every_module() -> None:
    package = Path(audit.rules.__file__).parent
    modules = {p.stem for p in package.glob("*.py") if not p.stem.startswith("_")}
    assert modules == {m.rsplit(".", 1)[1] for m in MODULE_OF.values()}


def test_audit_has_no_row_loops() -> None:
    banned = re.compile(r"map_elements|iter_rows|map_rows|\.apply\(|rows\(named=True\)")
    package = Path(audit.rules.__file__).parents[1]
    offenders = [p.name for p in package.rglob("*.py") if banned.search(p.read_text())]
    assert offenders == []


def test_docs_rules_table_names_each_rule_with_its_category() -> None:
    docs = Path(audit.rules.__file__).parents[2] / "docs" / "rules.md"
    table = docs.read_text().split("| Code | Category |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| `")]
    listed = {row[0].strip("| `"): row[1] for row in rows}
    assert listed == {code: rule.category for code, rule in RULES.items()}
