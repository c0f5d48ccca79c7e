"""`AuditedTables`: the canonical tables of a set of hands with the audit's own tables.

What the audit gives (audit.entry audit_hands: `HandsAudit`, eager) and the reports read (a
run's output folder, lazy scans: reports.write_reports): parsers/tables.py HandTables, the
hands, seats and actions as the audit leaves them (hand facts, end stacks, the betting state),
with the flags (audit/violations.py VIOLATIONS_SCHEMA) and the pots and payouts judged on the
hands a showdown rule flags (audit/judged.py). A light module: importing it imports no rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from parsers.tables import Frame, HandTables


@dataclass(frozen=True, kw_only=True)
class AuditedTables(HandTables[Frame]):
    """HandTables plus `violations`; `pots` and `payouts` None where they are not known
    (tables written before they were kept: the report then shows no pot breakdown)."""

    violations: Frame
    pots: Frame | None = None
    payouts: Frame | None = None


__all__ = ["AuditedTables"]
