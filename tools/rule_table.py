"""Write the rules table of docs/rules.md and the README's code list from the registry
(`make docs`).

Both are generated from audit.rules.RULES (code, category, severity, structures, citation,
options, summary) and stand between markers in their files: `<!-- rule-table:begin -->` /
`<!-- rule-table:end -->` in docs/rules.md, `<!-- rule-codes:begin -->` / `<!-- rule-codes:end -->`
in README.md. `--check` writes nothing and exits 1 when a file is not current
(tests/audit/test_rule_docs.py runs the same comparison).
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

from audit.rules import EXTENSIONS, RULES
from audit.rules._base import Rule
from reports.rule_notes import CLAUSE, SECTION, clause_part, spec_citation

ROOT = Path(__file__).resolve().parent.parent
TABLE_MARKERS = ("<!-- rule-table:begin -->", "<!-- rule-table:end -->")
CODES_MARKERS = ("<!-- rule-codes:begin -->", "<!-- rule-codes:end -->")
WIDTH = 100


def _severity(rule: Rule) -> str:
    if rule.severity_option:
        return f"{rule.severity} (option `{rule.severity_option}`)"
    return rule.severity


def _cites(citation: str) -> str:
    """The citation with its clauses linked to the specification (the table sits beside it in
    docs/): "[B-1](spec.md#b-1); TDA 43-A"; a section alone links to its heading."""
    head = clause_part(citation)
    if not head:
        return citation
    linked = CLAUSE.sub(lambda m: f"[{m[1]}](spec.md#{m[1].lower()})", head)
    if linked == head:
        linked = SECTION.sub(lambda m: f"[§{m[1]}](spec.md#s{m[1]})", head, count=1)
    return linked + spec_citation(citation).removeprefix("spec ")[len(head) :]


def _row(rule: Rule) -> str:
    structures = ", ".join(rule.structures) if rule.structures else "all"
    options = ", ".join(f"`{name}`" for name in rule.options) or "-"
    cells = [
        f"`{rule.code}`",
        rule.category,
        _severity(rule),
        structures,
        _cites(rule.citation),
        options,
        rule.summary,
    ]
    return "| " + " | ".join(cells) + " |"


def rules_table() -> str:
    """The docs/rules.md table: one row per rule, in registry order."""
    header = "| Code | Category | Severity | Structures | Spec / cites | Options | What it flags |"
    lines = [header, "|---|---|---|---|---|---|---|", *(_row(r) for r in RULES.values())]
    return "\n".join(lines)


def code_list() -> str:
    """The README's paragraph naming every code (the contract's, then the extensions)."""
    contract = [code for code in RULES if code not in EXTENSIONS]
    extensions = [
        f"{code} ({RULES[code].severity}: {RULES[code].summary[0].lower()}"
        f"{RULES[code].summary[1:]})"
        for code in EXTENSIONS
    ]
    text = (
        "The rules, one clause each in docs/spec.md (stable codes; options in docs/options.md): "
        + ", ".join(contract)
        + f", and {len(extensions)} hhaudit extensions: "
        + "; ".join(extensions)
        + "."
    )
    return textwrap.fill(text, WIDTH, break_on_hyphens=False, break_long_words=False)


def replaced(text: str, markers: tuple[str, str], body: str) -> str:
    """`text` with what stands between the markers replaced by `body`."""
    begin, end = markers
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{body}\n{end}{tail}"


#: File (relative to the repository) -> its markers and what goes between them.
TARGETS = {
    "docs/rules.md": (TABLE_MARKERS, rules_table),
    "README.md": (CODES_MARKERS, code_list),
}


def stale(root: Path = ROOT) -> list[str]:
    """The target files whose generated part is not current."""
    out = []
    for name, (markers, render) in TARGETS.items():
        text = (root / name).read_text()
        if replaced(text, markers, render()) != text:
            out.append(name)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a file is not current")
    args = parser.parse_args(argv)
    if args.check:
        late = stale()
        for name in late:
            print(f"{name} is not current: run make docs", file=sys.stderr)
        return 1 if late else 0
    for name, (markers, render) in TARGETS.items():
        path = ROOT / name
        path.write_text(replaced(path.read_text(), markers, render()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
