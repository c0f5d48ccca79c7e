"""What each code on the page means, read from the rule registry (audit.rules.RULES): the same
fields `hhaudit rule CODE` prints (summary, category, severity and its option, structures,
citation, the module's documentation). Nothing is copied: the page reads the registry.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


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
            "citation": rule.citation,
            "doc": rule.doc.strip(),
        }
    return notes
