"""What each code on the page means, read from the rule registry (audit.rules.RULES): the same
fields `hhaudit rule CODE` prints (summary, category, severity and its option, structures,
citation, the module's documentation). Nothing is copied: the page reads the registry.

A rule cites the clauses of its contract ("RULES.md B-2; TDA 43-A"); `spec_citation` says it in
the project's own terms ("spec B-2; TDA 43-A") and `spec_links` gives the clauses' anchors in
docs/spec.md ("docs/spec.md#b-2"), so a citation resolves inside the project.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

SPEC_PAGE = "docs/spec.md"
_CONTRACT = "RULES.md "
#: A clause id (B-2, I-15, D-9, C-4, T-1, R-3) or, alone, a section (§5, §11, §12).
CLAUSE = re.compile(r"\b([BIHDCTR]-\d+)\b")
SECTION = re.compile(r"§(\d+)")


def clause_part(citation: str) -> str:
    """The part of a citation that names the contract's clauses, up to the first ";" outside
    parentheses ("§12 T-1" of "RULES.md §12 T-1; TDA 32"), "" when it cites none."""
    if not citation.startswith(_CONTRACT):
        return ""
    depth = 0
    for index, character in enumerate(citation[len(_CONTRACT) :]):  # one short line
        depth += {"(": 1, ")": -1}.get(character, 0)
        if character == ";" and depth == 0:
            return citation[len(_CONTRACT) : len(_CONTRACT) + index]
    return citation[len(_CONTRACT) :]


def spec_links(citation: str) -> list[str]:
    """The links to docs/spec.md of each clause a citation names ("docs/spec.md#b-2"); a
    section alone ("§5") links to its heading ("#s5")."""
    head = clause_part(citation)
    clauses = CLAUSE.findall(head)
    if clauses:
        return [f"{SPEC_PAGE}#{clause.lower()}" for clause in clauses]
    return [f"{SPEC_PAGE}#s{n}" for n in SECTION.findall(head)[:1]]


def spec_citation(citation: str) -> str:
    """The citation with the contract's clauses named as the project's specification's:
    "RULES.md B-2; TDA 43-A" -> "spec B-2; TDA 43-A" (spec_links gives their anchors)."""
    if not citation.startswith(_CONTRACT):
        return citation
    return "spec " + citation[len(_CONTRACT) :]


def rule_notes(codes: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Per code, what the page shows of its rule; a code the registry lacks (tables written by
    another version) gets `known` False and the page says so."""
    from audit.rules import RULES

    notes: dict[str, dict[str, Any]] = {}
    for code in codes:  # the codes on the page: a few dozen at most
        rule = RULES.get(code)
        if rule is None:
            notes[code] = {"code": code, "known": False, "summary": "not in this version's rules"}
            continue
        notes[code] = {
            "code": code,
            "known": True,
            "summary": rule.summary,
            "category": rule.category,
            "severity": rule.severity,
            "severity_option": rule.severity_option,
            "structures": ", ".join(rule.structures) if rule.structures else "all (UNKNOWN too)",
            "citation": spec_citation(rule.citation),
            "spec": spec_links(rule.citation),
            "doc": rule.doc.strip(),
        }
    return notes
