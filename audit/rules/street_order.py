"""STREET-ORDER: an action recorded on an earlier street than the current one.

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 check, P2 check, P3 check
    preflop: P1 check !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 check, P2 check, P3 check
"""

from __future__ import annotations

from audit.rules._base import KIND, Rule, col, sentence

RULE = Rule(
    code="STREET-ORDER",
    name="turn.earlier-street",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-6",
    summary="Action recorded on an earlier street than the current one",
    reads=("is_sentinel", "kind", "street_name", "went_back"),
    violates=col("went_back") & ~col("is_sentinel"),
    message=sentence(
        "{} recorded on the {} after a later street had started",
        KIND,
        col("street_name"),
    ),
)
