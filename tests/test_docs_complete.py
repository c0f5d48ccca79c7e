"""The reference docs name what the code has, as the rules table does for the rule registry
(tools/rule_table.py, tests/audit/test_rule_docs.py): docs/parsing.md's code map names every
module of parsers/, and docs/tables.md documents every column of every canonical table
(parsers/schema.py), of the violations table (audit/violations.py) and of the run
(hhaudit/run/derived.py's run columns), names no column that does not exist, and names every
rule category and quarantine reason code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from audit.rules._base import CATEGORIES
from audit.violations import VIOLATIONS_SCHEMA
from parsers.core.quarantine_reasons import REASON_CODES
from parsers.schema import TABLES

REPO = Path(__file__).resolve().parents[1]
PARSERS = REPO / "parsers"
DOCS = REPO / "docs"
#: Folders whose modules docs/parsing.md describes by the folder (a site, a document format).
BY_FOLDER = ("sites", "documents")


def section(text: str, heading: str) -> str:
    """The text under the first `## <heading>...` line, up to the next `## ` heading."""
    match = re.search(rf"^## {re.escape(heading)}.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no section {heading!r}"
    return match.group(1)


def code_map() -> str:
    text = (DOCS / "parsing.md").read_text(encoding="utf-8")
    block = re.search(r"```\n(parsers/.*?)```", section(text, "Code map"), re.S)
    assert block, "docs/parsing.md: no code block under Code map"
    return block.group(1)


def _named(name: str, text: str) -> bool:
    """`name` in `text` as a word of its own (not the end of a longer name or path)."""
    return re.search(rf"(?<![\w/]){re.escape(name)}(?!\w)", text) is not None


def _mapped(relative: Path, mapped: str) -> bool:
    """Whether the code map names the module: parsers/ and core/ modules by their file name
    (core/'s are listed under it), a site or a document format by its folder, any other module
    by folder/file."""
    parts = relative.parts
    if len(parts) == 1 or parts[0] == "core":
        return _named(relative.name, mapped)
    if parts[0] in BY_FOLDER and len(parts) > 2:  # sites/<site>/..., documents/<fmt>/...
        return re.search(rf"\b{re.escape(parts[1])}\b", mapped) is not None
    return f"{parts[0]}/{relative.name}" in mapped


def test_the_code_map_names_every_parsers_module() -> None:
    mapped = code_map()
    missing = []
    for path in sorted(PARSERS.rglob("*.py")):
        relative = path.relative_to(PARSERS)
        if path.name == "__init__.py" and len(relative.parts) > 1:
            continue  # a package's __init__ is the package, named by its folder
        if not _mapped(relative, mapped):
            missing.append(str(relative))
    assert missing == [], f"docs/parsing.md's code map does not name {missing}"


def test_the_code_map_sees_a_missing_module() -> None:
    text = "    cards.py lines.py   text\n  documents/settlement.py  rows"
    assert not _mapped(Path("core/card_lines.py"), text)
    assert not _mapped(Path("core/settlement.py"), text)
    assert _mapped(Path("core/cards.py"), text)
    assert _mapped(Path("documents/settlement.py"), text)
    assert not _mapped(Path("writers/phh.py"), text)


TABLE_SECTIONS = {
    "hands": "hands —",
    "seats": "seats —",
    "actions": "actions —",
    "quarantine": "quarantine —",
    "cards": "cards —",
    "violations": "violations —",
}


def tables_doc() -> str:
    return (DOCS / "tables.md").read_text(encoding="utf-8")


def columns_of(table: str) -> set[str]:
    if table == "violations":
        return set(VIOLATIONS_SCHEMA.names())
    return set(TABLES[table].names())


def first_cells(text: str, header: str = "column") -> list[str]:
    """The names in the first cell of each row of the markdown tables in `text` whose first
    header cell is `header` (the column tables; other tables, of log lines say, are left out)."""
    names, heading, in_table = [], None, False
    for line in text.splitlines():
        if not line.startswith("|"):
            in_table = False
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not in_table:  # a table's first line is its header
            heading, in_table = cells[0], True
        elif heading == header and not set(cells[0]) <= set("-: "):
            names += [name.strip().strip("`") for name in cells[0].split(",")]
    return names


def run_columns() -> dict[str, set[str]]:
    """{table: the run columns docs/tables.md says `hhaudit run` adds to it}."""
    found: dict[str, set[str]] = {}
    for line in section(tables_doc(), "Run columns").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 2 or cells[0] in ("column", "---"):
            continue
        tables = list(TABLE_SECTIONS) if cells[1] == "all six" else cells[1].split(", ")
        for table in tables:
            found.setdefault(table.strip(), set()).update(n.strip() for n in cells[0].split(","))
    return found


@pytest.mark.parametrize("table", TABLE_SECTIONS)
def test_every_column_is_documented(table: str) -> None:
    text = section(tables_doc(), TABLE_SECTIONS[table])
    missing = sorted(name for name in columns_of(table) if not _named(name, text))
    assert missing == [], f"docs/tables.md, {table}: {missing} not documented"


@pytest.mark.parametrize("table", TABLE_SECTIONS)
def test_every_documented_column_exists(table: str) -> None:
    text = section(tables_doc(), TABLE_SECTIONS[table])
    documented = first_cells(text)
    known = columns_of(table) | run_columns().get(table, set())
    if table == "quarantine":  # documented in prose; its table is of the reason codes
        documented = first_cells(text, "reason_code")
        known = set(REASON_CODES)
    assert documented, f"docs/tables.md, {table}: no column table"
    assert sorted(set(documented) - known) == []


def test_every_category_and_reason_code_is_named() -> None:
    violations = section(tables_doc(), TABLE_SECTIONS["violations"])
    assert [c for c in CATEGORIES if not _named(f"`{c}`", violations)] == []
    quarantine = section(tables_doc(), TABLE_SECTIONS["quarantine"])
    assert [c for c in REASON_CODES if not _named(f"`{c}`", quarantine)] == []


#: Where a reference to a file must stay true (the dated diaries of docs/history/ name the
#: files of their time).
REFERENCE_TEXTS = (
    "README.md",
    "Makefile",
    "docs/*.md",
    *(
        f"{folder}/**/*.py"
        for folder in ("parsers", "audit", "reports", "hhaudit", "tools", "bench")
    ),
)


def _named_paths(pattern: str) -> set[tuple[str, str]]:
    """(the text that names it, path) of every `tests/...py` and `docs/...md` path named in
    the reference docs and the code."""
    found = set()
    for glob in REFERENCE_TEXTS:
        for text_path in REPO.glob(glob):
            text = text_path.read_text(encoding="utf-8", errors="replace")
            for path in re.findall(pattern, text):
                found.add((str(text_path.relative_to(REPO)), path))
    return found


def test_every_test_file_and_doc_the_docs_name_exists() -> None:
    named = _named_paths(r"\b(tests/[\w/]+\.py|docs/[\w/-]+\.md)\b")
    assert len(named) > 20
    missing = sorted((text, path) for text, path in named if not (REPO / path).exists())
    assert missing == []
