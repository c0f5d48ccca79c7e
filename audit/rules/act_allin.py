"""ACT-ALLIN: a betting action by a player who is already all-in (the action is ignored).

Violating:
    NL 50/100; stacks P1=5000 P2=5000 P3=500; button P3
    preflop: P3 raise 500, P1 fold, P2 call
    flop: P3 bet 100 !

Legal:
    NL 50/100; stacks P1=5000 P2=5000 P3=500; button P3
    preflop: P3 raise 500, P1 fold, P2 call
"""

from __future__ import annotations

from audit.rules._base import KIND, Rule, col, sentence

RULE = Rule(
    code="ACT-ALLIN",
    name="turn.after-all-in",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-3; table stakes",
    summary="Betting action by a player who is already all-in (action ignored)",
    options=("checks_logged_without_betting",),
    reads=("kind", "void_reason"),
    violates=col("void_reason") == "ACT-ALLIN",
    message=sentence(
        "{} by a player with no chips left (all-in); the action is ignored",
        KIND,
    ),
)
