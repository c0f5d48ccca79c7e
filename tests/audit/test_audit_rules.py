"""Each rule's docstring examples, actually audited: the violating one is flagged on the marked
row (or on the hand), the legal one is not flagged at all. Plus registry conventions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import audit.rules
from audit import RULES, check
from audit.options import option_names
from audit.rules import ACROSS_HANDS, EXTENSIONS, GAME_CODES, MODULE_OF, SHOWDOWN_CODES
from audit.rules._base import Rule
from audit.sessions.columns import FRAME_COLUMNS
from audit.state import SETTLEMENT, STATE, declared
from audit.testing import cards_from_vector, example_sections, parse_example, tables_from_vector
from parsers.schema import POLARS_SCHEMAS

#: The rules of one hand (the across-hands ones have their own notation and tests:
#: tests/audit/test_session_rules.py).
HAND_RULES = sorted(code for code, rule in RULES.items() if rule.session_frame is None)


def _codes_at(text: str) -> tuple[list[tuple[int | None, str]], int | None]:
    vector, flagged = parse_example(text)
    result = check(*tables_from_vector(vector), cards=cards_from_vector(vector))
    found = list(zip(result.violations["seq"], result.violations["code"], strict=True))
    return found, flagged


@pytest.mark.parametrize("code", HAND_RULES)
def test_violating_example_is_flagged(code: str) -> None:
    found, flagged = _codes_at(example_sections(RULES[code].doc)["Violating"])
    if flagged is None:  # a hand-level example
        assert (None, code) in found, found
    else:
        assert (flagged, code) in found, found


@pytest.mark.parametrize("code", HAND_RULES)
def test_legal_example_is_clean(code: str) -> None:
    found, _ = _codes_at(example_sections(RULES[code].doc)["Legal"])
    assert code not in {c for _, c in found}, found


def test_registry_holds_every_rules_md_code(vectors_path: Path) -> None:
    codes = json.loads(vectors_path.read_text())["codes"]  # RULES.md §4-5, with severities
    listed = set(RULES) - set(EXTENSIONS) - set(SHOWDOWN_CODES) - set(ACROSS_HANDS)
    assert sorted(listed - set(GAME_CODES)) == sorted(codes)
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


def _read_by(rule: Rule) -> set[str]:
    """The columns a rule's expressions read, less the ones it computes itself."""
    on = [] if rule.computes_on is None else [rule.computes_on]
    severity = [] if rule.severity_expr is None else [rule.severity_expr]
    exprs = [rule.violates, rule.message, *rule.computes.values(), *on, *severity]
    return {name for expr in exprs for name in expr.meta.root_names()} - set(rule.computes)


@pytest.mark.parametrize("code", sorted(RULES))
def test_reads_lists_exactly_the_columns_the_rule_reads(code: str) -> None:
    assert sorted(RULES[code].reads) == sorted(_read_by(RULES[code]))


@pytest.mark.parametrize("code", sorted(RULES))
def test_every_column_a_rule_reads_is_in_state_or_the_canonical_tables(code: str) -> None:
    rule = RULES[code]
    if rule.session_frame is not None:  # a frame of audit/sessions, declared column by column
        known = set(FRAME_COLUMNS[rule.session_frame])
    elif rule.hand_level:
        known = set(POLARS_SCHEMAS["hands"]) | set(SETTLEMENT)
    else:
        known = set(POLARS_SCHEMAS["actions"]) | set(POLARS_SCHEMAS["hands"])
    unknown = [name for name in rule.reads if name not in known and declared(name) is None]
    assert not rule.hand_level or not rule.computes
    assert unknown == []


@pytest.mark.parametrize("code", sorted(RULES))
def test_options_are_options_fields_and_cover_those_read(code: str) -> None:
    rule = RULES[code]
    assert set(rule.options) <= set(option_names())
    read = {name.removeprefix("opt_") for name in rule.reads if name.startswith("opt_")}
    read = {"fl_reopen_fraction" if name.startswith("reopen_") else name for name in read}
    assert read <= set(rule.options)


def test_names_are_unique_family_dot_what() -> None:
    names = [rule.name for rule in RULES.values()]
    assert len(set(names)) == len(names)
    assert all(re.fullmatch(r"[a-z]+\.[a-z-]+", name) for name in names), names


def test_computed_columns_are_not_state_columns_and_belong_to_one_rule() -> None:
    computed = [name for rule in RULES.values() for name in rule.computes]
    assert len(set(computed)) == len(computed)
    assert not set(computed) & (set(STATE) | set(POLARS_SCHEMAS["actions"]))
