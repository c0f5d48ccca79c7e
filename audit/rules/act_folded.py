"""ACT-FOLDED: an action by a player who has already folded (the action is ignored).

Violating:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call, P1 call !

Legal:
    NL 50/100; stacks 5000 x3; button P3
    preflop: P3 raise 300, P1 fold, P2 call
"""

from __future__ import annotations

from audit.rules._base import KIND, Rule, col, sentence

RULE = Rule(
    code="ACT-FOLDED",
    name="turn.after-fold",
    category="betting",
    severity="violation",
    structures=None,
    citation="RULES.md I-2; TDA 50",
    summary="Action by a player who has folded (action ignored)",
    reads=("kind", "void_reason"),
    violates=col("void_reason") == "ACT-FOLDED",
    message=sentence("{} after folding; the action is ignored", KIND),
)
