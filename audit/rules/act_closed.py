"""ACT-CLOSED: an action when nobody owes action (the action is ignored).

What it checks: the round is closed (everyone matched and acted), one player is left, or all
but one are all-in and he has matched the bet: any further betting action is ignored.

Violating:
    NL 50/100; stacks P1=5000 P2=5000 P3=500; button P3
    preflop: P3 raise 500, P1 fold, P2 call
    flop: P2 check !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 call, P1 call, P2 check
    flop: P1 check, P2 check, P3 check
"""

from __future__ import annotations

from audit.rules._base import KIND, Rule, col, sentence

RULE = Rule(
    code="ACT-CLOSED",
    name="turn.after-close",
    category="betting",
    severity="warning",
    structures=None,
    citation="RULES.md I-4, D-9",
    summary="Action when no action is owed on the street / hand over (action ignored)",
    options=("checks_logged_without_betting",),
    reads=("kind", "street_name", "void_reason"),
    violates=col("void_reason") == "ACT-CLOSED",
    message=sentence(
        "{} when nobody owed action on the {}; the action is ignored",
        KIND,
        col("street_name"),
    ),
)
